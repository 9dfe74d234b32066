import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { createMediaStorage } from './media/storage.ts';
import { ensureAdminAccount } from './seed/admin.ts';
import { seedDemoSite } from './seed/demo.ts';

/**
 * Opens and migrates the database, creates the first admin account and, on an empty database,
 * seeds the demo site. Shared by `npm start` and `npm run dev`.
 */
export async function prepareData(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await database.withStartupLock(async () => {
    await database.migrate();

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
    if (config.seedDemo && (await seedDemoSite({ db: database.db, storage: createMediaStorage(config) }))) {
      console.log('  Demo site seeded.\n');
    }
  });
  return database;
}
