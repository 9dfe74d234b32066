import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ReadsUntilWrite } from './reads-until-write.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: services accept both. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not applied yet; when there are none, that costs one small query. */
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
  /** PostgreSQL's connection pool: connections open, idle, and queries waiting for one (metrics). */
  poolState?: () => { total: number; idle: number; waiting: number };
  /** Hot reads kept until the next write: PGlite only (server/db/reads-until-write.ts). */
  readsUntilWrite: ReadsUntilWrite;
};

const STARTUP_LOCK = 'bouwsteen:startup';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenDatabaseOptions =
  | { databaseUrl: string; maxConnections?: number }
  | { dataDir: string }
  /** An in-memory embedded database, optionally started from a snapshot (tests). */
  | { memory: true; loadDataDir?: Blob };

/**
 * Opens the database. Only the driver in use is loaded (PGlite or node-postgres), and the migrators
 * only when migrate() runs: a restart on a migrated database never loads them (issue 12).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.maxConnections ?? 10);
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
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
  const [{ default: pg }, { drizzle: drizzleNodePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
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
    // Other nodes write to the same database: nothing is kept.
    readsUntilWrite: new ReadsUntilWrite({ isOn: false }),
    async migrate() {
      if (await migrationsUpToDate(db)) return;
      await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      await db.execute(sql`CREATE EXTENSION IF NOT EXISTS unaccent`);
      const { migrate: migrateNodePostgres } = await import('drizzle-orm/node-postgres/migrator');
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
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

async function wrapPglite(client: PGlite): Promise<DatabaseHandle> {
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const readsUntilWrite = new ReadsUntilWrite({ isOn: true });
  const db: Database = drizzlePglite(
    takingTurns(withDrizzlesParsers(client), () => readsUntilWrite.written()),
    { schema },
  );
  return {
    db,
    kind: 'pglite',
    pglite: client,
    readsUntilWrite,
    // The embedded database belongs to one process: there is nobody to wait for.
    withStartupLock: (work) => work(),
    async migrate() {
      if (await migrationsUpToDate(db)) return;
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS unaccent;');
      const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    isReady: () => migrationsApplied(db),
    close: () => client.close(),
  };
}

/**
 * The types drizzle has PGlite leave as text (dates, times, intervals and their arrays: drizzle maps
 * them itself), as drizzle-orm/pglite's session passes them with every statement.
 */
const DRIZZLE_TEXT_TYPES = ['1114', '1184', '1186', '1082', '1231', '1115', '1185', '1187', '1182'];

/** Whether a statement's `parsers` are drizzle's: exactly its text types. */
function isDrizzlesParsers(parsers: unknown): boolean {
  if (typeof parsers !== 'object' || parsers === null) return false;
  const types = Object.keys(parsers);
  return (
    types.length === DRIZZLE_TEXT_TYPES.length && types.every((type) => DRIZZLE_TEXT_TYPES.includes(type))
  );
}

/**
 * PGlite with drizzle's parsers as its own. drizzle passes its parsers with every statement, and
 * PGlite then copies its whole table of 318 parsers to add them, for every result: 0.15 ms of the
 * main thread per statement, more than a primary-key read itself (issue 29). Here the client's own
 * table leaves those types as text too, and a statement that brings exactly drizzle's parsers goes
 * without them (also inside a transaction). Every read of the app goes through drizzle, so nothing
 * else saw the dates PGlite would have made.
 */
export function withDrizzlesParsers(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
  const withoutParsers = (args: unknown[]) => {
    const options = args[2] as { parsers?: unknown } | undefined;
    if (!options || !isDrizzlesParsers(options.parsers)) return args;
    const { parsers: _, ...rest } = options;
    return [args[0], args[1], rest, ...args.slice(3)];
  };
  type Method = (...args: unknown[]) => unknown;
  const query = (on: PGlite | PgliteTransaction): Method => {
    const own = on.query.bind(on) as Method;
    return (...args) => own(...withoutParsers(args));
  };
  const transaction = client.transaction.bind(client);
  return withMethods(
    client,
    new Map<PropertyKey, unknown>([
      ['query', query(client)],
      [
        'transaction',
        (work: (tx: PgliteTransaction) => Promise<unknown>) =>
          transaction((tx) => work(withMethods(tx, new Map([['query', query(tx)]])))),
      ],
    ]),
  );
}

/**
 * `target` with `methods` in place of its own; its other methods run on the target itself (PGlite
 * keeps its state in private fields, which a proxy as `this` cannot reach).
 */
function withMethods<T extends object>(target: T, methods: Map<PropertyKey, unknown>): T {
  return new Proxy(target, {
    get(on, property) {
      if (methods.has(property)) return methods.get(property);
      const value: unknown = Reflect.get(on, property, on);
      return typeof value === 'function' ? value.bind(on) : value;
    },
  });
}

/**
 * When the request being served began (`performance.now()`): on PGlite, the statements of earlier
 * requests run first. The app sets it for every request (server/app.ts).
 */
export const requestStart = new AsyncLocalStorage<number>();

/**
 * How long a turn of the loop goes on starting statements from the queue, one after another as
 * each finishes (PGlite answers within the turn). Under 500 connections a turn reads hundreds of
 * requests (about 100 ms): at one statement per turn the queue drained at ten a second, and a
 * write or a render waited seconds for its few statements (issue 29). The budget keeps turns short
 * enough for the loop to go on reading sockets and accepting connections: at 20 ms the load test's
 * ratio with writes was a little higher, but requests timed out (62–170 of about 32,000).
 */
const STATEMENTS_PER_TURN_MS = 5;

/**
 * PGlite with statements started per turn of the event loop, the oldest request's first. PGlite runs
 * a statement on the main thread and answers in a promise, so under load requests chained statement
 * after statement (and the renders between them) into turns of half a second and more; Node accepts
 * one new connection per turn, so the server took connections at two or three a second and clients
 * timed out waiting for one (the load test's timeouts, issue 12). Here statements wait in one queue
 * and each turn of the loop starts them, for at most STATEMENTS_PER_TURN_MS: between turns the
 * loop reads sockets and accepts connections. The queue is ordered by when each statement's request
 * began, so a request that is under way finishes before newer ones start (first come, first served
 * per request rather than per statement: a page's fifth statement does not queue behind every newer
 * request's first). An idle server starts a statement at once (the wait is one turn, microseconds). Statements inside
 * a transaction go through the transaction's own handle and run without waiting (the transaction
 * holds the database meanwhile anyway). Every statement that may write empties the reads kept until
 * a write (`onWrite`).
 */
function takingTurns(client: PGlite, onWrite: () => void): PGlite {
  const waiting: { since: number; start: () => void }[] = [];
  let isScheduled = false;
  /** Until when the turn that started the last statement from the queue may start more. */
  let turnEndsAt = 0;
  const startNext = () => {
    isScheduled = false;
    turnEndsAt = performance.now() + STATEMENTS_PER_TURN_MS;
    waiting.shift()?.start();
    if (waiting.length > 0) schedule();
  };
  /** A statement finished: while the turn has time left, the next one waiting starts at once. */
  const startWithinTurn = () => {
    if (waiting.length > 0 && performance.now() < turnEndsAt) waiting.shift()?.start();
  };
  const schedule = () => {
    if (isScheduled) return;
    isScheduled = true;
    setImmediate(startNext);
  };
  /** Resolves when the statement may start; undefined when it may start now. */
  const turn = (): Promise<void> | undefined => {
    const since = requestStart.getStore() ?? performance.now();
    // After every statement of a request that began earlier or at the same time.
    let at = waiting.length;
    while (at > 0 && (waiting[at - 1] as { since: number }).since > since) at -= 1;
    // Nothing older waits and the turn has time left: the request goes on with its next statement.
    if (at === 0 && performance.now() < turnEndsAt) return undefined;
    return new Promise<void>((resolve) => {
      waiting.splice(at, 0, { since, start: resolve });
      schedule();
    });
  };
  const methods = new Map<PropertyKey, unknown>();
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const method = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    methods.set(name, async (...args: unknown[]) => {
      const waited = turn();
      if (waited) await waited;
      // Anything but a plain query that starts with SELECT may write (a transaction, exec, DML):
      // what was kept is dropped before and after it (server/db/reads-until-write.ts).
      const isRead = name === 'query' && typeof args[0] === 'string' && /^\s*select\b/i.test(args[0]);
      if (!isRead) onWrite();
      try {
        return await method(...args);
      } finally {
        if (!isRead) onWrite();
        startWithinTurn();
      }
    });
  }
  return withMethods(client, methods);
}

/**
 * A hot statement built once per database or transaction (drizzle's `prepare`, its inputs as
 * `sql.placeholder`s): drizzle's query building costs about 0.1 ms a statement, and on PostgreSQL a
 * named statement is parsed once per connection. `build` gets the executor and names the statement
 * (a name unique in the application: PostgreSQL keeps it per connection).
 */
export function preparedPer<P>(build: (db: Executor) => P): (db: Executor) => P {
  const made = new WeakMap<Executor, P>();
  return (db) => {
    let prepared = made.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      made.set(db, prepared);
    }
    return prepared;
  };
}

/** Rows of a raw SQL query; node-postgres and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type Journal = { size: number; lastMillis: number };
let journal: Promise<Journal> | undefined;

/** drizzle-kit's journal of the migrations in MIGRATIONS_FOLDER: how many, and the newest one's time. */
function readJournal(): Promise<Journal> {
  journal ??= readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8').then((text) => {
    const entries = (JSON.parse(text) as { entries: { when: number }[] }).entries;
    return { size: entries.length, lastMillis: Math.max(0, ...entries.map((entry) => entry.when)) };
  });
  journal.catch(() => {
    journal = undefined;
  });
  return journal;
}

async function migrationsApplied(db: Database): Promise<boolean> {
  try {
    const { size } = await readJournal();
    const rows = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    );
    return Number(rows[0]?.count ?? 0) >= size;
  } catch {
    return false;
  }
}

/**
 * SQL for the time of the newest migration applied (drizzle's `created_at`), or null; it fails when
 * no migration ever ran (no table). Drizzle's migrator applies exactly the journal entries newer
 * than this, so nothing is left to apply when it is at least the journal's newest.
 */
export const LAST_APPLIED_MIGRATION = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;

/** Whether `lastApplied` (from LAST_APPLIED_MIGRATION) covers every migration in the journal. */
export async function isMigrationUpToDate(lastApplied: unknown): Promise<boolean> {
  if (lastApplied === null || lastApplied === undefined) return false;
  return Number(lastApplied) >= (await readJournal()).lastMillis;
}

/** True when every migration in the journal has been applied: one small query, no migrator loaded. */
async function migrationsUpToDate(db: Database): Promise<boolean> {
  try {
    const rows = await queryRows<{ last: unknown }>(db, sql`SELECT ${LAST_APPLIED_MIGRATION} AS last`);
    return await isMigrationUpToDate(rows[0]?.last);
  } catch {
    return false;
  }
}
