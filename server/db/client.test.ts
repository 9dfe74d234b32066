import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import {
  type Database,
  type DatabaseHandle,
  openDatabase,
  preparedPer,
  queryRows,
  requestStart,
  withDrizzlesParsers,
} from './client.ts';
import * as schema from './schema.ts';
import { auditEvents, statisticsPageViews } from './schema.ts';

/** Runs one statement on the PostgreSQL server's maintenance database. */
async function onServer<T>(statement: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('the database handle', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('is ready on a migrated database and answers queries', async () => {
    expect(await database.isReady()).toBe(true);
    const rows = await queryRows<{ answer: number }>(database.db, sql`SELECT 41 + 1 AS answer`);
    expect(rows).toEqual([{ answer: 42 }]);
  });

  it('has the text search configurations and extensions the design relies on', async () => {
    const configurations = await queryRows<{ cfgname: string }>(
      database.db,
      sql`SELECT cfgname FROM pg_ts_config WHERE cfgname IN ('dutch', 'english') ORDER BY cfgname`,
    );
    expect(configurations.map((row) => row.cfgname)).toEqual(['dutch', 'english']);
    const extensions = await queryRows<{ extname: string }>(
      database.db,
      sql`SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'unaccent') ORDER BY extname`,
    );
    expect(extensions.map((row) => row.extname)).toEqual(['pg_trgm', 'unaccent']);
  });

  it('lets the event loop turn while statements queue, so a busy server still reads sockets', async () => {
    // Many requests' statements at once, 5 ms each. On PGlite a turn of the loop starts them for at
    // most 5 ms, then the loop reads sockets again; node-postgres answers from the socket, so the
    // loop turns anyway.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const turns: number[] = [];
    let isCounting = true;
    const count = () => {
      turns.push(performance.now());
      if (isCounting) setImmediate(count);
    };
    setImmediate(count);
    const started = performance.now();
    await Promise.all(Array.from({ length: 30 }, () => queryRows(database.db, sql`SELECT pg_sleep(0.005)`)));
    isCounting = false;
    const gaps = turns.map((at, index) => at - (turns[index - 1] ?? started));
    expect(turns.length).toBeGreaterThanOrEqual(4);
    // 5 ms of statements and the one that ends past it; generous for a busy machine.
    expect(Math.max(...gaps)).toBeLessThan(150);
  });

  // node-postgres runs statements on several connections at once: there is no one queue to order.
  it.skipIf(process.env.DATABASE_URL)(
    'runs the statements of the request that began first first (PGlite)',
    async () => {
      const order: string[] = [];
      const statement = (name: string, began: number) =>
        requestStart.run(began, () =>
          queryRows(database.db, sql`SELECT 1 AS one`).then(() => {
            order.push(name);
          }),
        );
      // After the turn of earlier tests' statements is over: these three wait for the next one.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all([statement('later', 200), statement('earliest', 50), statement('earlier', 100)]);
      expect(order).toEqual(['earliest', 'earlier', 'later']);
    },
  );

  it('survives the server dropping idle connections', async () => {
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`SELECT pg_sleep(0.01)`)));
    if (database.kind === 'postgres') {
      await onServer('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        await databaseName(database.db),
      ]);
    }
    // On PostgreSQL the pool replaces the dropped connections instead of crashing the process.
    await expect.poll(() => database.isReady(), { timeout: 5000 }).toBe(true);
    expect(await queryRows(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('reads dates and times as drizzle maps them, in and outside a transaction', async () => {
    const at = new Date('2026-11-30T12:34:56.789Z');
    const [event] = await database.db
      .insert(auditEvents)
      .values({ at, action: 'test.dates', entityType: 'test' })
      .returning();
    expect(event?.at).toEqual(at);
    await database.db.insert(statisticsPageViews).values({ day: '2026-11-30', path: '/dates', views: 1 });
    const inTransaction = await database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(statisticsPageViews).where(eq(statisticsPageViews.path, '/dates'));
      const [raw] = await queryRows<{ at: unknown; day: unknown }>(
        tx,
        sql`SELECT ${at}::timestamptz AS at, '2026-11-30'::date AS day`,
      );
      return { row, raw };
    });
    expect(inTransaction.row?.day).toBe('2026-11-30');
    // Raw SQL through drizzle: text, as drizzle-orm's own drivers give it.
    expect(typeof inTransaction.raw?.at).toBe('string');
    expect(inTransaction.raw?.day).toBe('2026-11-30');
  });

  it('runs a prepared statement with its placeholders, built once per database or transaction', async () => {
    let built = 0;
    const eventsOf = preparedPer((db) => {
      built += 1;
      return db
        .select({ at: auditEvents.at, action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.action, sql.placeholder('action')))
        .prepare('test_events_of');
    });
    const at = new Date('2026-12-01T08:00:00.000Z');
    await database.db.insert(auditEvents).values({ at, action: 'test.prepared', entityType: 'test' });
    // Many times on the pool's connections (PostgreSQL parses a named statement once on each).
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        eventsOf(database.db).execute({ action: index % 2 === 0 ? 'test.prepared' : 'test.none' }),
      ),
    );
    expect(answers.filter((rows) => rows.length === 1)).toHaveLength(6);
    expect(answers[0]).toEqual([{ at, action: 'test.prepared' }]);
    expect(built).toBe(1);
    // In a transaction: its own statement, which sees the transaction's writes.
    const inTransaction = await database.db.transaction(async (tx) => {
      await tx.insert(auditEvents).values({ at, action: 'test.prepared.tx', entityType: 'test' });
      return eventsOf(tx).execute({ action: 'test.prepared.tx' });
    });
    expect(inTransaction).toEqual([{ at, action: 'test.prepared.tx' }]);
    expect(built).toBe(2);
  });

  it('has closed every connection when close() resolves', async () => {
    if (database.kind === 'postgres') {
      // A second handle on the same database, its sessions tagged so that they can be counted.
      const url = new URL(inject('postgresUrl'));
      url.pathname = `/${await databaseName(database.db)}`;
      url.searchParams.set('application_name', 'bouwsteen_close_test');
      const second = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
      await Promise.all(Array.from({ length: 5 }, () => second.db.execute(sql`SELECT pg_sleep(0.01)`)));
      await second.close();
      const sessions = await onServer<{ count: number }>(
        "SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = 'bouwsteen_close_test'",
        [],
      );
      expect(sessions).toEqual([{ count: 0 }]);
      expect(await second.isReady()).toBe(false);
    } else {
      const second = await createTestDatabase();
      await second.close();
      expect(await second.isReady()).toBe(false);
    }
  });
});

async function databaseName(db: Database): Promise<string> {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT current_database() AS name`);
  return row!.name;
}

describe('PGlite with drizzle', () => {
  it('is not handed parsers with every statement (PGlite would copy its table of them each time)', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create();
    const seen: unknown[] = [];
    const ownQuery = client.query;
    const noting = <T extends { query: typeof ownQuery }>(on: T, query: typeof ownQuery) => {
      on.query = ((...args: Parameters<typeof ownQuery>) => {
        seen.push(args[2]?.parsers);
        return query.apply(on, args);
      }) as typeof ownQuery;
    };
    noting(client, ownQuery);
    const ownTransaction = client.transaction;
    client.transaction = ((work) =>
      ownTransaction.call(client, (tx) => {
        noting(tx, tx.query);
        return work(tx);
      })) as typeof ownTransaction;
    const { drizzle } = await import('drizzle-orm/pglite');
    const db = drizzle(withDrizzlesParsers(client), { schema });
    try {
      const [outside] = await queryRows<{ at: unknown }>(
        db,
        sql`SELECT '2026-11-30 12:00:00+00'::timestamptz AS at`,
      );
      const inside = await db.transaction((tx) =>
        queryRows<{ day: unknown }>(tx, sql`SELECT '2026-11-30'::date AS day`),
      );
      expect(outside?.at).toBe('2026-11-30 12:00:00+00');
      expect(inside).toEqual([{ day: '2026-11-30' }]);
      expect(seen).toEqual([undefined, undefined]);
    } finally {
      await client.close();
    }
  });
});
