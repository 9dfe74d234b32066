import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in scripts/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const TEST_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password-0000' } as const;

/** A free TCP port on loopback, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the port of a loopback listener'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * The project's Node 24 (the `node` package), which runs the server's TypeScript with its own type
 * stripping, as `npm run serve` does; the running Node when that package is missing.
 */
export function nodeBinary(): string {
  const local = path.join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node');
  return existsSync(local) ? local : process.execPath;
}

/** Where the server reads the React Router build: BUILD_DIR (relative to the repository) or ./build. */
export function buildDirectory(): string {
  return path.resolve(REPO_ROOT, process.env.BUILD_DIR || 'build');
}

export type ExitResult = { code: number | null; signal: NodeJS.Signals | null; milliseconds: number };

export type ServerProcess = {
  url: string;
  port: number;
  pid: number;
  /** The DATA_DIR it was started with (database, media, mail outbox): fresh unless `dataDir` was given. */
  dataDir: string;
  /** Milliseconds from spawning the process until GET /readyz answered 200. */
  readyMs: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends SIGTERM and waits for the exit; after `timeoutMs` it sends SIGKILL and reports that. */
  stop(timeoutMs?: number): Promise<ExitResult & { timedOut: boolean }>;
};

export type StartServerOptions = {
  /** PostgreSQL database URL; without it the server gets a fresh PGlite directory. */
  databaseUrl?: string | undefined;
  /** Copy the server's output to this stream as it arrives (prefixed). */
  echo?: NodeJS.WritableStream | undefined;
  readyTimeoutMs?: number;
  logLevel?: string;
  /** Seed the demo site (default true); false starts from an empty site, as an organisation would. */
  seedDemo?: boolean;
  /** More environment for the server (settings a test needs, like a short statistics flush). */
  extraEnv?: Record<string, string> | undefined;
  /**
   * Use this DATA_DIR instead of a fresh temporary one (several nodes sharing one media store, or a
   * restart on the same data). The caller owns it: `stop()` leaves it in place.
   */
  dataDir?: string | undefined;
  /** How often /readyz is polled while the server starts (default 200 ms; benchmarks poll faster). */
  pollIntervalMs?: number;
  /** Listen on this port (a node restarted where its proxy expects it); a free one by default. */
  port?: number | undefined;
  /** Flags for the server's Node besides SERVER_NODE_ARGS (a benchmark's `--inspect=127.0.0.1:0`). */
  nodeArgs?: string[] | undefined;
};

/**
 * Starts `server/main.ts` as a production child process on a free loopback port, with a fresh
 * temporary DATA_DIR and (unless told otherwise) the demo site seeded, and waits until GET /readyz answers 200.
 */
export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  const buildDir = buildDirectory();
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) {
    throw new Error(
      `No production build in ${buildDir}: run \`npm run build\` first (BUILD_DIR must match).`,
    );
  }
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'bouwsteen-server-')));
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    SEED_DEMO: String(options.seedDemo ?? true),
    LOG_LEVEL: options.logLevel ?? 'warn',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    PUBLIC_URL: '',
    // As `npm start` and `npm run serve` run it (glibc's allocator with two arenas; see README).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    ...options.extraEnv,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  // As `npm run serve`: Node 24's own type stripping, no tsx. One process (no npm or CLI wrapper in
  // between), so SIGTERM reaches the server's own handler.
  const spawnedAt = performance.now();
  // SERVER_NODE_ARGS: extra flags for the server's Node, e.g. "--cpu-prof --cpu-prof-dir=tmp/prof"
  // to profile it under a benchmark.
  const nodeArgs = [
    ...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(options.nodeArgs ?? []),
  ];
  const child = spawn(nodeBinary(), [...nodeArgs, 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    if (options.echo) {
      for (const line of text.split('\n')) if (line.trim()) options.echo.write(`[server] ${line}\n`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
    },
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const url = `http://127.0.0.1:${port}`;
  const cleanup = async () => {
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(
      url,
      child,
      () => hasExited,
      options.readyTimeoutMs ?? 120_000,
      options.pollIntervalMs ?? 200,
    );
  } catch (error) {
    if (!hasExited) child.kill('SIGKILL');
    await exited;
    await cleanup();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  const readyMs = Math.round(performance.now() - spawnedAt);

  return {
    url,
    port,
    pid: child.pid ?? -1,
    dataDir,
    readyMs,
    output: () => output,
    async stop(timeoutMs = 5_000) {
      const started = Date.now();
      if (!hasExited) child.kill('SIGTERM');
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      await cleanup();
      return { code: result.code, signal: result.signal, milliseconds: result.at - started, timedOut };
    },
  };
}

async function waitForReady(
  url: string,
  child: ChildProcess,
  hasExited: () => boolean,
  timeoutMs: number,
  pollIntervalMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`The server exited early (code ${child.exitCode}).`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
  throw new Error(`The server did not become ready within ${timeoutMs / 1000} s.`);
}
