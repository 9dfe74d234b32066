import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A scratch database on the PostgreSQL server, or null when none answers. */
export async function scratchPostgres(tag: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres');
  serverUrl.pathname = '/postgres';
  const name = `bouwsteen_bench_${tag}_${randomBytes(4).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl.toString(), connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  try {
    await query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    console.log(`  PostgreSQL: not reachable at ${serverUrl.host} (${(error as Error).message}); skipped.`);
    return null;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
