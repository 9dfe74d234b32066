import { defineConfig } from 'vitest/config';

// `npm test`: unit and server integration tests. The database is PGlite, or PostgreSQL when
// DATABASE_URL is set (each test file then gets its own database cloned from a migrated template).
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Test files that run in the same worker share its modules, so the app, PGlite and Tiptap are
    // imported once per worker instead of once per file (about a third of the run's time). Every
    // test file builds its own app on its own database, so no state is shared through them.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
