import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../server/db/client.ts';

type BenchDatabase = { url: string; drop(): Promise<void> };

/** A scratch database on the PostgreSQL server, or null when none answers. */
export async function scratchPostgres(tag: string): Promise<BenchDatabase | null> {
  const serverUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
  try {
    return await createDatabase(serverUrl, tag, 3000);
  } catch (error) {
    console.log(
      `  PostgreSQL: not reachable at ${new URL(serverUrl).host} (${(error as Error).message}); skipped.`,
    );
    return null;
  }
}

/**
 * A fresh, empty database on the PostgreSQL server of `serverUrl` (the URL's own database is only
 * used to connect), for a benchmark that starts a server on it; dropped again by `drop()`. Unlike
 * `scratchPostgres` it fails when the server does not answer: the caller asked for PostgreSQL.
 */
export async function createBenchDatabase(serverUrl: string, tag = 'run'): Promise<BenchDatabase> {
  return createDatabase(serverUrl, tag);
}

async function createDatabase(
  serverUrl: string,
  tag: string,
  connectTimeoutMs?: number,
): Promise<BenchDatabase> {
  const name = `bouwsteen_bench_${tag}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const query = async (text: string) => {
    const client = new pg.Client({
      connectionString: admin.toString(),
      ...(connectTimeoutMs === undefined ? {} : { connectionTimeoutMillis: connectTimeoutMs }),
    });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * Runs an in-process bench on a fresh in-memory PGlite, then (when a server answers) on a scratch
 * PostgreSQL database, closing and dropping each afterwards; answers the results in that order.
 */
export async function onEachDatabase<T>(
  tag: string,
  bench: (database: DatabaseHandle, label: 'PGlite' | 'PostgreSQL') => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  const pglite = await openDatabase({ memory: true });
  try {
    results.push(await bench(pglite, 'PGlite'));
  } finally {
    await pglite.close();
  }
  const postgres = await scratchPostgres(tag);
  if (!postgres) return results;
  const database = await openDatabase({ databaseUrl: postgres.url, maxConnections: 10 });
  try {
    results.push(await bench(database, 'PostgreSQL'));
  } finally {
    await database.close();
    await postgres.drop();
  }
  return results;
}
