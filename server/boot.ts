import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import {
  type DatabaseHandle,
  isMigrationUpToDate,
  LAST_APPLIED_MIGRATION,
  openDatabase,
  queryRows,
} from './db/client.ts';

/**
 * Opens and migrates the database, creates the first admin account and, on an empty database,
 * seeds the demo site. Shared by `npm start` and `npm run dev`.
 *
 * A restart finds all of that done: one query says so, and then no lock is taken and neither the
 * migrator nor the seed code (with sharp) is loaded (issue 12, start in at most 3 s).
 */
export async function prepareData(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  if (await isStartupWorkDone(database, config)) return database;
  await database.withStartupLock(async () => {
    await database.migrate();

    const { ensureAdminAccount } = await import('./seed/admin.ts');
    const admin = await ensureAdminAccount({
      db: database.db,
      email: config.adminEmail,
      password: config.adminPassword,
    });
    if (admin.created && admin.generatedPassword) {
      // Printed once, on the first start only: the password is stored only as an argon2id hash.
      console.log(
        `\n  Admin account created\n    e-mail:   ${admin.email}\n    password: ${admin.generatedPassword}\n  Keep it safe: it will not be shown again.\n`,
      );
    } else if (admin.created) {
      console.log(`\n  Admin account created for ${admin.email} (password from ADMIN_PASSWORD)\n`);
    }
    if (config.seedDemo && !(await hasPages(database))) {
      const [{ seedDemoSite }, { createMediaStorage }] = await Promise.all([
        import('./seed/demo.ts'),
        import('./media/storage.ts'),
      ]);
      if (await seedDemoSite({ db: database.db, storage: createMediaStorage(config) })) {
        console.log('  Demo site seeded.\n');
      }
    }
  });
  return database;
}

/**
 * True when the database is migrated up to the newest migration, has an admin and, if the demo is
 * to be seeded, has pages: what every start after the first finds. Any error (a fresh database
 * has no tables) means "not done", and the full start-up work runs under the lock.
 */
async function isStartupWorkDone(database: DatabaseHandle, config: Config): Promise<boolean> {
  try {
    const [state] = await queryRows<{ lastMigration: unknown; hasAdmin: boolean; hasPages: boolean }>(
      database.db,
      sql`SELECT ${LAST_APPLIED_MIGRATION} AS "lastMigration",
        EXISTS (SELECT 1 FROM users WHERE is_admin) AS "hasAdmin",
        EXISTS (SELECT 1 FROM pages) AS "hasPages"`,
    );
    return (
      state !== undefined &&
      (await isMigrationUpToDate(state.lastMigration)) &&
      state.hasAdmin &&
      (state.hasPages || !config.seedDemo)
    );
  } catch {
    return false;
  }
}

async function hasPages(database: DatabaseHandle): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    database.db,
    sql`SELECT EXISTS (SELECT 1 FROM pages) AS present`,
  );
  return row?.present === true;
}
