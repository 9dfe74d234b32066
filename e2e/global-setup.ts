import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from '../scripts/chromium.ts';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the production server the browser tests run against. */
    baseUrl: string;
    /** The server's DATA_DIR: without SMTP_URL every mail is written to DATA_DIR/outbox/ as .eml. */
    dataDir: string;
  }
}

/** How long the server may take to stop after SIGTERM (it finishes in-flight requests, then closes the database). */
const SHUTDOWN_LIMIT_MS = 5_000;

/**
 * Starts the real server once for all browser tests (production build, fresh PGlite directory,
 * demo site) and stops it at the end, checking that it shuts down gracefully: exit code 0, quickly.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  const server: ServerProcess = await startServer({
    echo: process.stderr,
    // Every test signs in from 127.0.0.1: on a fast machine the suite passed 30 sign-ins a minute
    // (the default per address) and got 429. The per-account limits stay as they are.
    extraEnv: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);

  return async () => {
    const result = await server.stop(SHUTDOWN_LIMIT_MS);
    if (result.timedOut || result.code !== 0) {
      throw new Error(
        `The server did not shut down gracefully on SIGTERM: code ${result.code}, signal ${result.signal}, ` +
          `${result.timedOut ? `killed after ${SHUTDOWN_LIMIT_MS} ms` : `after ${result.milliseconds} ms`}`,
      );
    }
    console.log(`[e2e] server stopped gracefully on SIGTERM in ${result.milliseconds} ms (exit 0)`);
    const serverErrors = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line) && !line.includes('"source":"browser"'));
    if (serverErrors.length > 0) {
      throw new Error(`The server logged errors during the browser tests:\n${serverErrors.join('\n')}`);
    }
  };
}
