import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../server/app.ts';
import { type Config, testConfig } from '../server/config.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/client.ts';

/**
 * A fresh, migrated database for one test file: a PGlite copy of the migrated snapshot, or a new
 * PostgreSQL database cloned from the migrated template when DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) {
    const name = `bouwsteen_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  return openDatabase({ memory: true, loadDataDir: new Blob([snapshot]) });
}

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

/** The API (no web rendering unless asked) on a fresh database. */
export async function createTestApp(
  options: { config?: Partial<Config>; web?: boolean; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({ config: testConfig(options.config), database, web: options.web ? {} : false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
