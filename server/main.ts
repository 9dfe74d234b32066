import { existsSync, readFileSync } from 'node:fs';
import { enableCompileCache, type ResolveFnOutput, registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';

// `npm run serve` runs this file with Node's own type stripping (no tsx). Two things make the
// start fast (issue 12); both apply only to modules loaded after them, hence the dynamic imports
// below. V8 keeps the compiled code of every module in a cache on disk (os.tmpdir()/
// node-compile-cache unless NODE_COMPILE_CACHE names one; NODE_DISABLE_COMPILE_CACHE=1 turns it
// off), so a restart parses far less.
enableCompileCache();
speedUpModuleResolution();

/**
 * Node 24 finds the module format of every file it resolves by reading the nearest package.json,
 * and in doing so parses that package's whole "exports" map again, once per import (an object
 * spread calls the lazy getter in getPackageScopeConfig). drizzle-orm's map is 179 KB and its
 * modules import each other some thousand times: about a second of CPU at every start. This
 * resolve hook answers what it can answer cheaply and leaves the rest to Node:
 * - a relative `.js`/`.mjs`/`.cjs` import inside node_modules: the file next to its importer, in
 *   the format its package.json declares ("type"; each package.json read once);
 * - a bare specifier (`drizzle-orm/pg-core`): Node's answer, remembered per importing folder.
 */
function speedUpModuleResolution(): void {
  const packageTypes = new Map<string, 'module' | 'commonjs' | null>();
  const typeOfFolder = (folder: string): 'module' | 'commonjs' | null => {
    let type = packageTypes.get(folder);
    if (type !== undefined) return type;
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      // Only a declared type is taken; without one Node looks at the file's syntax, so it decides.
      try {
        const declared = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type;
        type = declared === 'module' || declared === 'commonjs' ? declared : null;
      } catch {
        type = null; // unreadable: let Node decide (and report)
      }
    } else {
      const parent = path.dirname(folder);
      type = parent === folder ? null : typeOfFolder(parent);
    }
    packageTypes.set(folder, type);
    return type;
  };
  const bareResolutions = new Map<string, ResolveFnOutput>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      // Only ESM imports from files, without import attributes (JSON modules go to Node).
      if (
        !parent?.startsWith('file:') ||
        !context.conditions.includes('import') ||
        Object.keys(context.importAttributes ?? {}).length > 0
      ) {
        return nextResolve(specifier, context);
      }
      if (specifier.startsWith('./') || specifier.startsWith('../')) {
        const extension = /\.(m?js|cjs)$/.exec(specifier)?.[1];
        if (!extension || !parent.includes('/node_modules/')) return nextResolve(specifier, context);
        const url = new URL(specifier, parent);
        const file = fileURLToPath(url);
        const format =
          extension === 'mjs'
            ? 'module'
            : extension === 'cjs'
              ? 'commonjs'
              : typeOfFolder(path.dirname(file));
        if (format === null || !existsSync(file)) return nextResolve(specifier, context);
        return { url: url.href, format, shortCircuit: true };
      }
      if (specifier.startsWith('/') || specifier.includes(':')) return nextResolve(specifier, context);
      // A bare or `#` specifier resolves the same for every importer in one folder.
      const key = `${specifier}\0${parent.slice(0, parent.lastIndexOf('/'))}\0${context.conditions.join()}`;
      const known = bareResolutions.get(key);
      if (known) return { ...known, shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      bareResolutions.set(key, resolved);
      return resolved;
    },
  });
}

async function main() {
  const { ConfigError, loadConfig } = await import('./config.ts');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The application's modules load while the database opens (PGlite reads its files, PostgreSQL
  // answers over the network): neither waits for the other.
  const appModule = import('./app.ts');
  appModule.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  const { prepareData } = await import('./boot.ts');
  const database = await prepareData(config);
  const { buildApp } = await appModule;
  const app = await buildApp({ config, database });

  /** The command line's way in while the embedded database is this process's (server/cli/control.ts). */
  let control: { close(): Promise<void> } | null = null;
  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    // Rolling restarts (issue 28): first not ready (/readyz 503, `Connection: close` on every
    // answer) for SHUTDOWN_DRAIN_SECONDS while still serving, so the proxy moves new requests to
    // the other nodes; then no new connections, and the requests in flight finish.
    const drainMs = config.shutdownDrainMs;
    app.lifecycle.startDraining();
    app.log.info({ signal, drainMs }, 'shutting down: not ready, then finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s after draining; exiting');
      process.exit(1);
    }, drainMs + 10_000);
    forceExit.unref();
    try {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await control?.close();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const { listenWithAcceptors } = await import('./http/acceptors.ts');
  await listenWithAcceptors(app, { host: config.host, port: config.port });
  if (database.kind === 'pglite') {
    const [{ startControlServer }, { createFormFileStorage, createMediaStorage }] = await Promise.all([
      import('./cli/control.ts'),
      import('./media/storage.ts'),
    ]);
    const site = { database, media: createMediaStorage(config), formFiles: createFormFileStorage(config) };
    control = await startControlServer({ config, site, log: app.log });
  }
  console.log(`\n  Bouwsteen is running on http://localhost:${config.port}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
