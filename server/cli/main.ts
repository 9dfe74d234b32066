import { ConfigError, loadConfig } from '../config.ts';
import type { CommandContext } from './commands.ts';
import { sendToServer } from './control.ts';
import { type CliIo, EXIT } from './io.ts';
import { describeError, resolveCommand, runResolved } from './run.ts';

/** Commands that open a database which may still need its migrations (as the server's start does). */
const MIGRATES_FIRST = new Set([
  'admin create',
  'admin reset-password',
  'admin list',
  'user disable',
  'user enable',
  'import',
  'reindex',
]);

/**
 * `npx bouwsteen <command>`: resolves the command, then runs it in the running server (embedded
 * database, control socket) or here, on a database and storage it opens itself. Returns the exit
 * code; nothing is thrown.
 */
export async function runCli(
  argv: readonly string[],
  options: { env?: Record<string, string | undefined>; io: CliIo; cwd: string },
): Promise<number> {
  const { io } = options;
  let resolved: ReturnType<typeof resolveCommand>;
  try {
    resolved = resolveCommand(argv);
  } catch (error) {
    const { message, exitCode } = describeError(error);
    io.err(`error: ${message}\n`);
    return exitCode;
  }
  if (resolved.kind === 'help') {
    (resolved.exitCode === EXIT.ok ? io.out : io.err)(resolved.text);
    return resolved.exitCode;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`error: ${error.message}\n`);
      return EXIT.failed;
    }
    throw error;
  }

  // The embedded database is the running server's while it runs: hand it the command.
  if (!config.databaseUrl) {
    const answered = await sendToServer(
      config.dataDir,
      { argv: [...argv], cwd: options.cwd, isTty: io.isTty },
      io,
    );
    if (answered !== null) return answered;
  }

  let opened: Awaited<ReturnType<typeof openSite>> | null = null;
  const context: CommandContext = {
    config,
    io,
    cwd: options.cwd,
    where: 'local',
    async site() {
      opened ??= await openSite(config, MIGRATES_FIRST.has(resolved.spec.name));
      return opened;
    },
  };
  try {
    return await runResolved(resolved, context);
  } finally {
    const site = opened as Awaited<ReturnType<typeof openSite>> | null;
    await site?.database.close().catch(() => undefined);
  }
}

async function openSite(config: ReturnType<typeof loadConfig>, migrate: boolean) {
  const [{ openDatabase }, { createFormFileStorage, createMediaStorage }] = await Promise.all([
    import('../db/client.ts'),
    import('../media/storage.ts'),
  ]);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, maxConnections: 2 } : { dataDir: config.dataDir },
  );
  if (migrate) await database.withStartupLock(() => database.migrate());
  return { database, media: createMediaStorage(config), formFiles: createFormFileStorage(config) };
}
