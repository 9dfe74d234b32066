import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Site } from '../backup/archive.ts';
import type { Config } from '../config.ts';
import type { CommandContext } from './commands.ts';
import { type CliIo, EXIT } from './io.ts';
import { resolveCommand, runResolved } from './run.ts';

/**
 * The control channel (issue 28). PGlite belongs to one process: while the server runs, no other
 * process may open its directory. So the server listens on a unix socket in the data directory
 * (DATA_DIR/control/cli.sock, in a folder only the owner may enter, the socket itself 0600), and
 * `npx bouwsteen` hands it the command line: the server runs the command on its own database and
 * sends the output back line by line. Without a running server the CLI opens the database itself.
 *
 * Protocol: the client sends one JSON line `{ argv, cwd, isTty }`; the server answers JSON lines
 * `{ out }`, `{ err }`, and finally `{ exit }`.
 */

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control', 'cli.sock');

type Request = { argv: string[]; cwd: string; isTty: boolean };

export async function startControlServer(options: {
  config: Config;
  site: Site;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(options.config.dataDir);
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socketPath), 0o700);
  // A socket file left by a server that did not stop cleanly: nobody answers on it.
  if (await isAnswering(socketPath)) {
    throw new Error(`another server is running on ${options.config.dataDir} (its control socket answers)`);
  }
  await rm(socketPath, { force: true });
  let running = 0;
  const server = net.createServer((socket) => {
    let buffered = '';
    let started = false;
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      if (started) return;
      buffered += chunk;
      if (buffered.length > 100_000) {
        socket.destroy();
        return;
      }
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      started = true;
      let request: Request;
      try {
        request = JSON.parse(buffered.slice(0, end)) as Request;
        if (!Array.isArray(request.argv) || !request.argv.every((item) => typeof item === 'string'))
          throw new Error();
        if (typeof request.cwd !== 'string' || !path.isAbsolute(request.cwd)) throw new Error();
      } catch {
        socket.end(
          `${JSON.stringify({ err: 'error: not a command line\n' })}\n${JSON.stringify({ exit: EXIT.usage })}\n`,
        );
        return;
      }
      running += 1;
      void serve(request, socket).finally(() => {
        running -= 1;
      });
    });
  });

  const serve = async (request: Request, socket: net.Socket) => {
    const send = (message: object) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    const io: CliIo = {
      out: (text) => send({ out: text }),
      err: (text) => send({ err: text }),
      isTty: request.isTty === true,
    };
    let exitCode: number;
    try {
      const resolved = resolveCommand(request.argv);
      if (resolved.kind === 'run' && resolved.spec.needsStoppedServer) {
        io.err(
          `error: the server is running on ${options.config.dataDir}: stop it first, then run ${resolved.spec.name} again\n`,
        );
        exitCode = EXIT.failed;
      } else {
        if (resolved.kind === 'run')
          options.log.info({ command: resolved.spec.name }, 'command from the command line');
        const context: CommandContext = {
          config: options.config,
          io,
          cwd: request.cwd,
          site: async () => options.site,
          where: 'server',
        };
        exitCode = await runResolved(resolved, context);
      }
    } catch (error) {
      io.err(`error: ${(error as Error).message}\n`);
      exitCode = EXIT.usage;
    }
    send({ exit: exitCode });
    socket.end();
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (running === 0) await rm(socketPath, { force: true });
    },
  };
}

function isAnswering(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Hands a command line to the running server. Resolves with the exit code, or with null when no
 * server answers on the data directory's socket (then the CLI opens the database itself).
 */
export function sendToServer(dataDir: string, request: Request, io: CliIo): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect(controlSocketPath(dataDir));
    let connected = false;
    let exitCode: number | null = null;
    let buffered = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\n');
      while (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        end = buffered.indexOf('\n');
        try {
          const message = JSON.parse(line) as { out?: string; err?: string; exit?: number };
          if (typeof message.out === 'string') io.out(message.out);
          if (typeof message.err === 'string') io.err(message.err);
          if (typeof message.exit === 'number') exitCode = message.exit;
        } catch {
          // not ours: ignored
        }
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected) {
        resolve(null);
        return;
      }
      io.err(`error: the connection to the server broke: ${error.message}\n`);
      resolve(EXIT.failed);
    });
    socket.once('close', () => {
      if (!connected) return;
      if (exitCode === null) io.err('error: the server ended the command without a result (did it stop?)\n');
      resolve(exitCode ?? EXIT.failed);
    });
  });
}
