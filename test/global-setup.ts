import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data directory snapshot to start each test file from. */
    pgliteSnapshot: string;
    /** PostgreSQL: the server URL and the migrated template database to clone per test file. */
    postgresUrl: string;
    postgresTemplate: string;
  }
}

/** Migrates one database before all test files; each file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `${new URL(databaseUrl).pathname.slice(1) || 'bouwsteen'}_template`;
    // CREATE/DROP DATABASE run from the server's maintenance database.
    const adminUrl = new URL(databaseUrl);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${template}"`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
    await database.migrate();
    await database.close();
    project.provide('postgresUrl', adminUrl.toString());
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await cleanup.end();
    };
  }

  const directory = await mkdtemp(path.join(tmpdir(), 'bouwsteen-test-'));
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const snapshot = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(directory, 'migrated.tar');
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresUrl', '');
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
