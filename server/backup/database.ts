import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Executor, MIGRATIONS_FOLDER, queryRows, type Transaction } from '../db/client.ts';

/**
 * The database side of backups: a logical snapshot of every table (one row per line, PostgreSQL's
 * own `to_jsonb(row)`), read in one REPEATABLE READ transaction so the tables agree with each other,
 * and loading such a snapshot back with `jsonb_populate_recordset`. The same text on PGlite and on
 * PostgreSQL: an archive made from one restores into the other.
 */

export type MigrationLevel = {
  /** How many migrations were applied. */
  count: number;
  /** drizzle's `created_at` of the newest one (the journal's `when`). */
  lastMillis: number;
  /** Its journal tag (e.g. 0019_trash), when this code knows it. */
  tag: string | null;
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the public schema, by name. */
export async function listTables(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

/** The columns a row can be written to (generated columns are left out). */
async function writableColumns(db: Executor, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT attname AS name FROM pg_attribute
        WHERE attrelid = ${`public.${quote(table)}`}::regclass AND attnum > 0 AND NOT attisdropped
          AND attgenerated = ''
        ORDER BY attnum`,
  );
  return rows.map((row) => row.name);
}

type JournalEntry = { when: number; tag: string };
let journal: JournalEntry[] | undefined;
function journalEntries(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] }
  ).entries;
  return journal;
}

function journalTag(lastMillis: number): string | null {
  return journalEntries().find((entry) => entry.when === lastMillis)?.tag ?? null;
}

/** The migrations this code has, oldest first. */
export function codeMigrationLevel(): MigrationLevel {
  const entries = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const last = entries.at(-1)?.folderMillis ?? 0;
  return { count: entries.length, lastMillis: last, tag: journalTag(last) };
}

/** The migrations applied to a database (count 0 when none ever ran). */
export async function databaseMigrationLevel(db: Executor): Promise<MigrationLevel> {
  try {
    const [row] = await queryRows<{ count: number; last: string | null }>(
      db,
      sql`SELECT count(*)::int AS count, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
    );
    const lastMillis = Number(row?.last ?? 0);
    return { count: Number(row?.count ?? 0), lastMillis, tag: lastMillis ? journalTag(lastMillis) : null };
  } catch {
    return { count: 0, lastMillis: 0, tag: null };
  }
}

/**
 * Runs `work` inside one read-only REPEATABLE READ transaction: every read sees the same moment.
 * On PGlite the transaction holds the database until it ends (one session), so `work` should only
 * read the tables (into files) and leave slow work for after.
 */
export async function withSnapshot<T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** Every row of a table as JSON text, a batch at a time through a cursor (inside withSnapshot). */
export async function* tableRows(tx: Transaction, table: string, batch = 2000): AsyncGenerator<string[]> {
  const cursor = `bs_dump_${table.replace(/\W/g, '_')}`;
  await tx.execute(
    sql.raw(
      `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM public.${quote(table)} t`,
    ),
  );
  try {
    for (;;) {
      const rows = await queryRows<{ row: string }>(tx, sql.raw(`FETCH ${batch} FROM ${cursor}`));
      if (rows.length === 0) return;
      yield rows.map((row) => row.row);
    }
  } finally {
    await tx.execute(sql.raw(`CLOSE ${cursor}`));
  }
}

/** Whether the database holds a site: any account, page or media row. */
export async function hasSiteData(db: Executor): Promise<boolean> {
  try {
    const [row] = await queryRows<{ present: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM pages) OR EXISTS (SELECT 1 FROM media) AS present`,
    );
    return row?.present === true;
  } catch {
    return false; // no tables yet
  }
}

/**
 * Whether the connection's role owns (or is a member of the owner of) every table of the public
 * schema: loading alters them (prepareLoad). A database whose tables another role made (a
 * superuser's migrations) is dropped and built again by its owner instead.
 */
export async function ownsEveryTable(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ owns: boolean | null }>(
    db,
    sql`SELECT bool_and(pg_has_role(current_user, c.relowner, 'USAGE')) AS owns
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  return row?.owns !== false;
}

/** Drops every table, function and type of the site (the public schema and drizzle's bookkeeping). */
export async function wipeDatabase(db: Executor): Promise<void> {
  try {
    // One transaction: a role that may drop only part of it changes nothing.
    await db.transaction(async (tx) => {
      await tx.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
      await tx.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
      await tx.execute(sql`CREATE SCHEMA public`);
    });
  } catch (error) {
    const cause =
      (error as Error).cause instanceof Error ? ((error as Error).cause as Error) : (error as Error);
    throw new LoadError(
      `the database's site cannot be replaced by this role (${cause.message}): restore as the role that made it, or into an empty database this role owns`,
    );
  }
}

/**
 * Applies this code's migrations up to and including the one made at `lastMillis` (the level of an
 * archive), exactly as drizzle's migrator records them, so that the normal migrator later applies
 * only the newer ones.
 */
export async function migrateTo(db: Executor, lastMillis: number): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).filter(
    (migration) => migration.folderMillis <= lastMillis,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await tx.execute(sql`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
  return migrations.length;
}

/**
 * Makes a transaction ready to load a snapshot's rows exactly as they were, in any table order
 * (self-references and cycles included), as the owner of the tables: no superuser needed.
 * - The foreign keys of the public schema are dropped, their definitions kept.
 * - The tables' own triggers (search marks, the content version, derived counts and columns) are
 *   disabled, so loading neither adds derived rows nor recomputes the archive's: the search index,
 *   the answer counts and the list placements come back as they were backed up.
 * `finish` adds the foreign keys back (which checks every loaded row against them) and enables the
 * triggers again, within the same transaction: a failure anywhere rolls all of it back.
 */
export async function prepareLoad(tx: Transaction): Promise<{ finish(): Promise<void> }> {
  const keys = await queryRows<{ table: string; name: string; definition: string }>(
    tx,
    sql`SELECT t.relname AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
        FROM pg_constraint c
        JOIN pg_class t ON t.oid = c.conrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE c.contype = 'f' AND n.nspname = 'public'
        ORDER BY t.relname, c.conname`,
  );
  const triggers = await queryRows<{ table: string; name: string }>(
    tx,
    sql`SELECT t.relname AS table, g.tgname AS name
        FROM pg_trigger g
        JOIN pg_class t ON t.oid = g.tgrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public' AND NOT g.tgisinternal AND g.tgenabled <> 'D'
        ORDER BY t.relname, g.tgname`,
  );
  const byTable = <T extends { table: string }>(rows: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const row of rows) grouped.set(row.table, [...(grouped.get(row.table) ?? []), row]);
    return grouped;
  };
  const alter = async (table: string, actions: string[]) => {
    if (actions.length > 0) {
      await tx.execute(sql.raw(`ALTER TABLE public.${quote(table)} ${actions.join(', ')}`));
    }
  };
  try {
    for (const [table, rows] of byTable(triggers)) {
      await alter(
        table,
        rows.map((row) => `DISABLE TRIGGER ${quote(row.name)}`),
      );
    }
    for (const [table, rows] of byTable(keys)) {
      await alter(
        table,
        rows.map((row) => `DROP CONSTRAINT ${quote(row.name)}`),
      );
    }
  } catch (error) {
    throw new LoadError(
      `restoring needs to own the site's tables (connect as the owner of the database): ${(error as Error).message}`,
    );
  }
  return {
    async finish() {
      for (const [table, rows] of byTable(keys)) {
        try {
          await alter(
            table,
            rows.map((row) => `ADD CONSTRAINT ${quote(row.name)} ${row.definition}`),
          );
        } catch (error) {
          throw new LoadError(
            `the loaded rows of ${table} do not match their references (${rows.map((row) => row.name).join(', ')}): ${(error as Error).message}`,
          );
        }
      }
      for (const [table, rows] of byTable(triggers)) {
        await alter(
          table,
          rows.map((row) => `ENABLE TRIGGER ${quote(row.name)}`),
        );
      }
    },
  };
}

/** Loading the rows could not be done; the message says why (nothing was changed). */
export class LoadError extends Error {}

/** Writes rows (JSON text of `to_jsonb(row)`) into a table, in batches. */
export async function insertRows(tx: Transaction, table: string, rows: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  // The columns the rows have (an archive from an older migration may lack newer ones: they take
  // their defaults, as they would have when the migration ran).
  const keys = new Set(Object.keys(JSON.parse(rows[0] as string) as object));
  const columns = (await columnsCache(tx, table))
    .filter((column) => keys.has(column))
    .map(quote)
    .join(', ');
  const target = `public.${quote(table)}`;
  await tx.execute(
    sql`INSERT INTO ${sql.raw(target)} (${sql.raw(columns)}) OVERRIDING SYSTEM VALUE
        SELECT ${sql.raw(columns)} FROM jsonb_populate_recordset(null::${sql.raw(target)}, ${`[${rows.join(',')}]`}::jsonb)`,
  );
}

const columnCaches = new WeakMap<object, Map<string, Promise<string[]>>>();
function columnsCache(tx: Transaction, table: string): Promise<string[]> {
  let cache = columnCaches.get(tx);
  if (!cache) {
    cache = new Map();
    columnCaches.set(tx, cache);
  }
  let columns = cache.get(table);
  if (!columns) {
    columns = writableColumns(tx, table);
    cache.set(table, columns);
  }
  return columns;
}

/** Sets every sequence of the public schema past the highest value its column holds. */
export async function resetSequences(tx: Executor): Promise<void> {
  const owned = await queryRows<{ sequence: string; table: string; column: string }>(
    tx,
    sql`SELECT s.relname AS sequence, t.relname AS table, a.attname AS column
        FROM pg_depend d
        JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
        JOIN pg_class t ON t.oid = d.refobjid
        JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE d.deptype IN ('a', 'i')`,
  );
  for (const { sequence, table, column } of owned) {
    await tx.execute(
      sql.raw(
        `SELECT setval('public.${quote(sequence)}', coalesce((SELECT max(${quote(column)}) FROM public.${quote(table)}), 0) + 1, false)`,
      ),
    );
  }
}

/** Lines of a JSON-lines file, in batches. */
export async function* jsonLineBatches(lines: AsyncIterable<string>, batch = 1000): AsyncGenerator<string[]> {
  let rows: string[] = [];
  for await (const line of lines) {
    if (line.length === 0) continue;
    rows.push(line);
    if (rows.length >= batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}
