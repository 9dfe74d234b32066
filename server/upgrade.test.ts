import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { prepareData } from './boot.ts';
import { testConfig } from './config.ts';
import { LAST_APPLIED_MIGRATION, queryRows } from './db/client.ts';

/**
 * Upgrades (issue 28): a PGlite data directory and a PostgreSQL dump made by a previous release
 * (test/upgrade/, made by scripts/make-upgrade-fixtures.sh, which names the release in the
 * manifest) start on the current code, which migrates them forward and serves the same pages and
 * accounts. The PGlite case runs in `npm test`, the PostgreSQL one in `npm run test:pg`.
 */

const execFileAsync = promisify(execFile);
const FIXTURES = fileURLToPath(new URL('../test/upgrade/', import.meta.url));
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Facts = {
  pages: { guid: string; name: string; title: { nl: string } }[];
  users: string[];
  migrations: number;
};
type Manifest = {
  commit: string;
  accounts: { email: string; password: string; isAdmin: boolean }[];
  pglite: Facts;
  postgres: Facts;
};

const manifest = JSON.parse(await readFile(path.join(FIXTURES, 'manifest.json'), 'utf8')) as Manifest;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Starts the current code on the data, and checks what the previous release left is served. */
async function expectServed(config: ReturnType<typeof testConfig>, facts: Facts) {
  const database = await prepareData(config);
  const app = await buildApp({ config, database, web: false });
  try {
    await app.ready();
    // Migrated forward: every migration of this release applied, none of the old ones lost.
    const [state] = await queryRows<{ applied: number }>(
      database.db,
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    expect(state?.applied).toBeGreaterThanOrEqual(facts.migrations);
    const [last] = await queryRows<{ last: unknown }>(
      database.db,
      sql`SELECT ${LAST_APPLIED_MIGRATION} AS last`,
    );
    expect(last?.last).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    expect(facts.pages.length).toBeGreaterThan(3);
    for (const page of facts.pages) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/pages:withName?name=${encodeURIComponent(page.name)}`,
      });
      expect(response.statusCode, `page ${page.name}`).toBe(200);
      const body = response.json() as { guid: string; titleTranslations: { nl: string } };
      expect(body.guid).toBe(page.guid);
      expect(body.titleTranslations.nl).toBe(page.title.nl);
    }
    for (const account of manifest.accounts) {
      expect(facts.users).toContain(account.email);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth:signIn',
        payload: { email: account.email, password: account.password },
      });
      expect(signIn.statusCode, `sign-in of ${account.email}`).toBe(200);
    }
    // A second start finds the start-up work done (no new admin, no second demo site).
    const [counts] = await queryRows<{ users: number; pages: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM pages WHERE kind = 'page' AND is_published) AS pages`,
    );
    expect(counts).toEqual({ users: facts.users.length, pages: facts.pages.length });
  } finally {
    await app.close();
    await database.close();
  }
}

describe(`an upgrade from the release the fixtures were made with (issue 28)`, () => {
  it('PGlite: the previous data directory starts, migrates and serves the same pages and accounts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-upgrade-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await execFileAsync('tar', ['-xJf', path.join(FIXTURES, 'pglite-data.tar.xz'), '-C', dataDir]);
    await expectServed(testConfig({ dataDir, databaseUrl: undefined }), manifest.pglite);
  }, 120_000);

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: the previous dump restores, migrates and serves the same pages and accounts',
    async () => {
      const name = `bouwsteen_upgrade_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${name}`;
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      });
      await execFileAsync('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--dbname',
        url.toString(),
        path.join(FIXTURES, 'postgres.dump'),
      ]);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-upgrade-pg-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      await expectServed(testConfig({ dataDir, databaseUrl: url.toString() }), manifest.postgres);
    },
    120_000,
  );
});
