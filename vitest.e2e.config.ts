import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: browser tests against the production build, served by the real server
// (started once in e2e/global-setup.ts). One worker: the files share one server and 2 cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    // One more try for a test that failed on a loaded 2-core machine (a click that landed while a
    // lazily loaded part was attaching). The report shows such retries; a test that fails twice
    // fails the run (as does one whose first try left data its retry does not expect).
    retry: 1,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
