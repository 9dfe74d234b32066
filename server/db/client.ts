import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: services accept both. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, first admin, demo seed) while holding a database-wide lock, so
   * that several app nodes starting at once on one PostgreSQL server do it one after the other.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** True when the database answers and every migration in the journal has been applied. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded database, for tests that snapshot it. */
  pglite?: PGlite;
};

const STARTUP_LOCK = 'bouwsteen:startup';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenDatabaseOptions =
  | { databaseUrl: string; maxConnections?: number }
  | { dataDir: string }
  /** An in-memory embedded database, optionally started from a snapshot (tests). */
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.maxConnections ?? 10);
  if ('dataDir' in options) {
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(options.dataDir, { recursive: true });
    return wrapPglite(await PGlite.create(dir, { extensions: { pg_trgm, unaccent } }));
  }
  return wrapPglite(
    await PGlite.create({
      extensions: { pg_trgm, unaccent },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    }),
  );
}

async function openPostgres(databaseUrl: string, maxConnections: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
  // An idle connection the server drops (restart, failover, pg_terminate_backend) is emitted on the
  // pool; without a listener that 'error' event would crash the process. The pool replaces it.
  pool.on('error', (error) => {
    console.error(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const db: Database = drizzleNodePostgres(pool, { schema });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      await db.execute(sql`CREATE EXTENSION IF NOT EXISTS unaccent`);
      await migrateNodePostgres(drizzleNodePostgres(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async withStartupLock(work) {
      // A session-level advisory lock lives on one connection: hold a dedicated one for the duration.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK]).catch(() => undefined);
        await client.end();
      }
    },
    isReady: () => migrationsApplied(db),
    // pool.end() resolves once the pool has let go of its clients, not when their connections have
    // closed: wait for those too, so whoever drops the database next finds no session left in it.
    async close() {
      let open = pool.totalCount;
      const disconnected = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          open -= 1;
          if (open <= 0) resolve();
        });
      });
      await pool.end();
      await disconnected;
    },
  };
}

function wrapPglite(client: PGlite): DatabaseHandle {
  const db: Database = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    // The embedded database belongs to one process: there is nobody to wait for.
    withStartupLock: (work) => work(),
    async migrate() {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS unaccent;');
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    isReady: () => migrationsApplied(db),
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query; node-postgres and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

let journalSize: number | undefined;

async function migrationsApplied(db: Database): Promise<boolean> {
  try {
    journalSize ??= (
      JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      }
    ).entries.length;
    const rows = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    );
    return Number(rows[0]?.count ?? 0) >= journalSize;
  } catch {
    return false;
  }
}
