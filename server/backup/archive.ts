import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, type Executor, queryRows, type Transaction } from '../db/client.ts';
import { runCommand } from '../domains/write.ts';
import { FsMediaStorage, type MediaStorage } from '../media/storage.ts';
import type { Actor } from '../policies/index.ts';
import {
  codeMigrationLevel,
  databaseMigrationLevel,
  hasSiteData,
  insertRows,
  listTables,
  type MigrationLevel,
  migrateTo,
  ownsEveryTable,
  prepareLoad,
  resetSequences,
  tableRows,
  wipeDatabase,
  withSnapshot,
} from './database.ts';
import { ArchiveFormatError, readTar, TarWriter } from './tar.ts';

/**
 * Backup archives (issue 28): one gzip'd tar with
 * - `db/<table>.jsonl`: every row of every table, from one consistent snapshot;
 * - `media/<sha256>` and `form-files/<key>`: every stored original and form file;
 * - `manifest.json` (last): the app version, the migration level, counts, and the SHA-256 of every
 *   other entry. Restoring checks all of them before it changes anything.
 * An export (`kind: 'export'`) is the same format with the content tables and media only.
 */

export const MANIFEST = 'manifest.json';
const FORMAT = 'bouwsteen-archive';

/** The tables an export carries: the site's content, no accounts, sessions, secrets or submissions. */
export const CONTENT_TABLES = [
  'platform_settings',
  'pages',
  'building_block_instances',
  'page_drafts',
  'page_revisions',
  'menus',
  'menu_items',
  'redirects',
  'header_images',
  'media',
  'list_item_types',
  'list_items',
  'list_item_parents',
  'forms',
  'form_versions',
] as const;

export type Manifest = {
  format: typeof FORMAT;
  formatVersion: 1;
  kind: 'backup' | 'export';
  createdAt: string;
  app: { name: string; version: string };
  database: { kind: 'pglite' | 'postgres'; migration: MigrationLevel };
  tables: Record<string, { rows: number }>;
  counts: { tables: number; rows: number; media: number; formFiles: number; bytes: number };
  /** Every entry but the manifest: its size and SHA-256. */
  entries: Record<string, { size: number; sha256: string }>;
};

/** What a long step reports: lines for logs, and bytes for a progress bar. */
export type Reporter = {
  step(line: string): void;
  /** `total` 0 means not known yet. */
  progress?(done: number, total: number): void;
};

export const silentReporter: Reporter = { step: () => undefined };

export type Site = { database: DatabaseHandle; media: MediaStorage; formFiles: MediaStorage };

/** A problem with the archive or the target the user can act on; the CLI prints its message. */
export class ArchiveError extends Error {
  readonly code: 'corrupt' | 'not_empty' | 'too_new' | 'wrong_kind' | 'unreadable' | 'unwritable';

  constructor(code: ArchiveError['code'], message: string) {
    super(message);
    this.name = 'ArchiveError';
    this.code = code;
  }
}

async function appVersion(): Promise<{ name: string; version: string }> {
  const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: manifest.name, version: manifest.version };
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;

/** Stored files with their sizes when the storage can tell cheaply (the local disk). */
async function storedFiles(storage: MediaStorage): Promise<{ hash: string; size: number | null }[]> {
  const files: { hash: string; size: number | null }[] = [];
  for await (const { hash } of storage.list()) {
    const size =
      storage instanceof FsMediaStorage
        ? ((await stat(storage.originalPath(hash)).catch(() => null))?.size ?? null)
        : null;
    files.push({ hash, size });
  }
  return files;
}

export type BackupResult = { manifest: Manifest; file: string; bytes: number; seconds: number };

/**
 * Writes a backup (or an export) of the site to `file` (written beside it and renamed when
 * complete, so a file with the name is always a whole archive).
 */
export async function writeArchive(
  site: Site,
  file: string,
  options: { kind: 'backup' | 'export'; reporter?: Reporter } = { kind: 'backup' },
): Promise<BackupResult> {
  const reporter = options.reporter ?? silentReporter;
  const started = performance.now();
  const directory = path.dirname(file);
  const place = await stat(directory).catch(() => null);
  if (!place?.isDirectory()) {
    throw new ArchiveError(
      'unwritable',
      `cannot write ${file}: ${directory} ${place ? 'is not a directory' : 'does not exist'}`,
    );
  }
  const work = `${file}.${randomUUID().slice(0, 8)}.partial`;
  const staging = `${work}.d`;
  await mkdir(staging, { recursive: true });
  try {
    // 1. The database: every table into a JSON-lines file, inside one snapshot.
    const snapshotStart = performance.now();
    const dumped: { table: string; rows: number; size: number; file: string }[] = [];
    let mediaHashes: Set<string> | null = null;
    const level = await withSnapshot(site.database.db, async (tx) => {
      const migration = await databaseMigrationLevel(tx);
      const all = await listTables(tx);
      const tables =
        options.kind === 'export'
          ? all.filter((table) => (CONTENT_TABLES as readonly string[]).includes(table))
          : all;
      for (const table of tables) {
        const target = path.join(staging, `${table}.jsonl`);
        const out = createWriteStream(target);
        let rows = 0;
        let size = 0;
        for await (const batch of tableRows(tx, table)) {
          const text = `${batch.join('\n')}\n`;
          rows += batch.length;
          size += Buffer.byteLength(text);
          if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        dumped.push({ table, rows, size, file: target });
      }
      if (options.kind === 'export') {
        const rows = await queryRows<{ hash: string }>(
          tx,
          sql`SELECT DISTINCT content_hash AS hash FROM media`,
        );
        mediaHashes = new Set(rows.map((row) => row.hash));
      }
      return migration;
    });
    const dbBytes = dumped.reduce((sum, table) => sum + table.size, 0);
    const rowCount = dumped.reduce((sum, table) => sum + table.rows, 0);
    reporter.step(
      `database: ${dumped.length} tables, ${rowCount} rows, ${formatBytes(dbBytes)} (snapshot in ${Math.round(performance.now() - snapshotStart)} ms)`,
    );

    // 2. The stored files, listed after the snapshot: every file a snapshot row names was stored before it.
    const wanted = mediaHashes as Set<string> | null;
    const media = (await storedFiles(site.media)).filter((entry) => !wanted || wanted.has(entry.hash));
    const formFiles = options.kind === 'export' ? [] : await storedFiles(site.formFiles);
    const knownBytes = [...media, ...formFiles].reduce((sum, entry) => sum + (entry.size ?? 0), 0);
    const total = dbBytes + knownBytes;
    reporter.step(
      `files: ${media.length} media originals, ${formFiles.length} form files${knownBytes ? `, ${formatBytes(knownBytes)}` : ''}`,
    );

    // 3. The archive.
    const gzip = createGzip({ level: 3 });
    const output = createWriteStream(work, { mode: 0o600 });
    const written = pipeline(gzip, output);
    written.catch(() => undefined);
    const tar = new TarWriter(gzip);
    const entries: Manifest['entries'] = {};
    let done = 0;
    const onBytes = (bytes: number) => {
      done += bytes;
      reporter.progress?.(done, Math.max(total, done));
    };
    for (const table of dumped) {
      const name = `db/${table.table}.jsonl`;
      entries[name] = {
        size: table.size,
        sha256: await tar.add(name, table.size, createReadStream(table.file), onBytes),
      };
      await rm(table.file);
    }
    const addStored = async (
      storage: MediaStorage,
      prefix: string,
      files: { hash: string; size: number | null }[],
    ) => {
      for (const entry of files) {
        const name = `${prefix}/${entry.hash}`;
        if (storage instanceof FsMediaStorage && entry.size !== null) {
          entries[name] = {
            size: entry.size,
            sha256: await tar.add(
              name,
              entry.size,
              createReadStream(storage.originalPath(entry.hash)),
              onBytes,
            ),
          };
        } else {
          // An object store: fetched into a scratch file first (the tar header needs the size).
          const scratch = path.join(staging, entry.hash);
          await pipeline(storage.get(entry.hash), createWriteStream(scratch, { mode: 0o600 }));
          const size = (await stat(scratch)).size;
          entries[name] = { size, sha256: await tar.add(name, size, createReadStream(scratch), onBytes) };
          await rm(scratch);
        }
      }
    };
    await addStored(site.media, 'media', media);
    await addStored(site.formFiles, 'form-files', formFiles);
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: 1,
      kind: options.kind,
      createdAt: new Date().toISOString(),
      app: await appVersion(),
      database: { kind: site.database.kind, migration: level },
      tables: Object.fromEntries(dumped.map((table) => [table.table, { rows: table.rows }])),
      counts: {
        tables: dumped.length,
        rows: rowCount,
        media: media.length,
        formFiles: formFiles.length,
        bytes: done,
      },
      entries,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add(MANIFEST, manifestBytes.length, manifestBytes);
    await tar.finish();
    await written;
    await rename(work, file);
    const bytes = (await stat(file)).size;
    const seconds = (performance.now() - started) / 1000;
    reporter.step(`written ${file}: ${formatBytes(bytes)} in ${seconds.toFixed(1)} s`);
    return { manifest, file, bytes, seconds };
  } catch (error) {
    await rm(work, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The archive's tar stream; `onRead` hears how many compressed bytes were read (for progress). */
function openArchive(file: string, onRead?: (bytes: number) => void) {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  if (onRead) input.on('data', (chunk) => onRead(chunk.length));
  input.pipe(gunzip);
  return gunzip;
}

/** Turns low-level read errors into a message that names the archive. */
function unreadable(file: string, error: unknown): ArchiveError {
  if (error instanceof ArchiveError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new ArchiveError('unreadable', `no such file: ${file}`);
  if (code === 'EISDIR') return new ArchiveError('unreadable', `${file} is a directory, not an archive`);
  if (error instanceof ArchiveFormatError) return new ArchiveError('corrupt', `${file}: ${error.message}`);
  if (
    code?.startsWith('Z_') ||
    /incorrect header check|unexpected end of file|invalid/i.test(String(error))
  ) {
    return new ArchiveError(
      'corrupt',
      `${file} is not a backup archive, or is damaged (${(error as Error).message})`,
    );
  }
  return new ArchiveError('unreadable', `${file}: ${(error as Error).message}`);
}

/**
 * Reads the whole archive and checks every entry against the manifest's SHA-256 and size. Returns
 * the manifest; throws ArchiveError naming the first entry that does not match.
 */
export async function verifyArchive(
  file: string,
  reporter: Reporter = silentReporter,
  /** How the archive is named in messages (its s3:// address when it was fetched from there). */
  shown: string = file,
): Promise<Manifest> {
  const total = (await stat(file).catch((error: unknown) => Promise.reject(unreadable(shown, error)))).size;
  if (total === 0) throw new ArchiveError('corrupt', `${shown} is empty: not a backup archive`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | null = null;
  try {
    let read = 0;
    const input = openArchive(file, (bytes) => {
      read += bytes;
      reporter.progress?.(Math.min(read, total), total);
    });
    for await (const entry of readTar(input)) {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) {
        hash.update(chunk);
        if (entry.name === MANIFEST) chunks.push(chunk);
      }
      if (entry.name === MANIFEST) {
        manifest = parseManifest(Buffer.concat(chunks).toString('utf8'), shown);
      } else {
        seen.set(entry.name, { size: entry.size, sha256: hash.digest('hex') });
      }
    }
  } catch (error) {
    throw unreadable(shown, error);
  }
  if (!manifest)
    throw new ArchiveError('corrupt', `${shown} has no manifest: not a Bouwsteen archive, or cut short`);
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const actual = seen.get(name);
    if (!actual) throw new ArchiveError('corrupt', `${shown}: ${name} is missing from the archive`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new ArchiveError(
        'corrupt',
        `${shown}: ${name} is damaged (its checksum does not match the manifest)`,
      );
    }
  }
  for (const name of seen.keys()) {
    if (!(name in manifest.entries)) {
      throw new ArchiveError('corrupt', `${shown}: ${name} is not listed in the manifest`);
    }
  }
  reporter.step(`checked ${seen.size} entries of ${shown}: every checksum matches`);
  return manifest;
}

function parseManifest(text: string, file: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArchiveError('corrupt', `${file}: ${MANIFEST} is damaged (not JSON)`);
  }
  const manifest = value as Partial<Manifest>;
  if (manifest.format !== FORMAT || manifest.formatVersion !== 1 || typeof manifest.entries !== 'object') {
    throw new ArchiveError('corrupt', `${file} is not a Bouwsteen archive this version can read`);
  }
  return manifest as Manifest;
}

/** Splits the chunks of a JSON-lines entry into lines. */
async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + chunk.toString('utf8');
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) yield line;
  }
  if (rest) yield rest;
}

async function loadTable(tx: Transaction, table: string, body: AsyncIterable<Buffer>): Promise<number> {
  let batch: string[] = [];
  let batchBytes = 0;
  let rows = 0;
  for await (const line of linesOf(body)) {
    batch.push(line);
    batchBytes += line.length;
    if (batch.length >= 1000 || batchBytes > 8 * 1024 * 1024) {
      await insertRows(tx, table, batch);
      rows += batch.length;
      batch = [];
      batchBytes = 0;
    }
  }
  await insertRows(tx, table, batch);
  return rows + batch.length;
}

async function storeFile(storage: MediaStorage, key: string, body: AsyncIterable<Buffer>): Promise<void> {
  const scratch = await storage.tempPath();
  await pipeline(body, createWriteStream(scratch, { mode: 0o600 }));
  await storage.put(key, scratch);
}

async function hasStoredFiles(storage: MediaStorage): Promise<boolean> {
  for await (const _entry of storage.list()) return true;
  return false;
}

export type RestoreResult = {
  manifest: Manifest;
  tables: number;
  rows: number;
  media: number;
  formFiles: number;
  migratedFrom: MigrationLevel;
  migratedTo: MigrationLevel;
  seconds: number;
};

/**
 * Restores a backup into the site's database and storage: checks every checksum first, refuses a
 * database or storage that holds a site unless `force`, loads the tables at the archive's migration
 * level and then migrates forward to this code's.
 */
export async function restoreArchive(
  site: Site,
  file: string,
  options: { force?: boolean; reporter?: Reporter; shown?: string } = {},
): Promise<RestoreResult> {
  const reporter = options.reporter ?? silentReporter;
  const started = performance.now();
  const shown = options.shown ?? file;
  const manifest = await verifyArchive(file, reporter, shown);
  if (manifest.kind !== 'backup') {
    throw new ArchiveError(
      'wrong_kind',
      `${shown} is an export (content only): use \`bouwsteen import\` for it`,
    );
  }
  const code = codeMigrationLevel();
  const level = manifest.database.migration;
  if (level.lastMillis > code.lastMillis) {
    throw new ArchiveError(
      'too_new',
      `${shown} was made by a newer version (${manifest.app.version}, migration ${level.tag ?? level.count}); this is ${(await appVersion()).version} (migration ${code.tag ?? code.count}): upgrade first`,
    );
  }
  const db = site.database.db;
  if (!options.force) {
    if (await hasSiteData(db)) {
      throw new ArchiveError(
        'not_empty',
        'the database already holds a site; restoring replaces it: run again with --force to do that',
      );
    }
    if ((await hasStoredFiles(site.media)) || (await hasStoredFiles(site.formFiles))) {
      throw new ArchiveError(
        'not_empty',
        'the media storage already holds files; restoring adds to them: run again with --force to do that',
      );
    }
  }
  // A database already at the archive's migration keeps its tables (they are emptied below) when
  // this connection may alter them; any other is dropped and built again up to that migration.
  const current = await databaseMigrationLevel(db);
  if (
    current.lastMillis !== level.lastMillis ||
    current.count !== level.count ||
    !(await ownsEveryTable(db))
  ) {
    await wipeDatabase(db);
    await migrateTo(db, level.lastMillis);
  }
  reporter.step(`database prepared at the archive's migration ${level.tag ?? level.count}`);

  let rows = 0;
  let tables = 0;
  let media = 0;
  let formFiles = 0;
  const total = manifest.counts.bytes;
  let done = 0;
  await db.transaction(async (tx) => {
    const load = await prepareLoad(tx);
    // Rows the migrations wrote (defaults, the content version) make way for the archive's.
    const present = await listTables(tx);
    const filled = await queryRows<{ table: string }>(
      tx,
      sql.raw(
        present
          .map((table) => `SELECT '${table}' AS table WHERE EXISTS (SELECT 1 FROM public."${table}")`)
          .join(' UNION ALL '),
      ),
    );
    if (filled.length > 0) {
      await tx.execute(
        sql.raw(`TRUNCATE ${filled.map((row) => `public."${row.table}"`).join(', ')} CASCADE`),
      );
    }
    try {
      for await (const entry of readTar(openArchive(file))) {
        const counted = (async function* () {
          for await (const chunk of entry.body) {
            done += chunk.length;
            reporter.progress?.(done, total);
            yield chunk;
          }
        })();
        const [folder, name = ''] = entry.name.split('/', 2);
        if (folder === 'db' && name.endsWith('.jsonl')) {
          rows += await loadTable(tx, name.slice(0, -'.jsonl'.length), counted);
          tables += 1;
        } else if (folder === 'media') {
          await storeFile(site.media, name, counted);
          media += 1;
        } else if (folder === 'form-files') {
          await storeFile(site.formFiles, name, counted);
          formFiles += 1;
        }
      }
    } catch (error) {
      throw error instanceof ArchiveError || !(error instanceof ArchiveFormatError)
        ? error
        : unreadable(shown, error);
    }
    await resetSequences(tx);
    await load.finish();
  });
  reporter.step(`loaded ${tables} tables (${rows} rows), ${media} media originals, ${formFiles} form files`);
  const before = await databaseMigrationLevel(db);
  await site.database.migrate();
  const after = await databaseMigrationLevel(db);
  if (after.count > before.count) {
    reporter.step(`migrated forward from ${before.tag ?? before.count} to ${after.tag ?? after.count}`);
  }
  return {
    manifest,
    tables,
    rows,
    media,
    formFiles,
    migratedFrom: before,
    migratedTo: after,
    seconds: (performance.now() - started) / 1000,
  };
}

export type ImportResult = { tables: number; rows: number; media: number; seconds: number };

/**
 * Loads an export (content only) into this site. The site's own content is replaced, so a site
 * that has pages is refused unless `force`; accounts, sessions and secrets stay. References to
 * accounts this site does not have become empty (as when an account is erased).
 */
export async function importArchive(
  site: Site,
  file: string,
  options: { force?: boolean; reporter?: Reporter; actor: Actor },
): Promise<ImportResult> {
  const reporter = options.reporter ?? silentReporter;
  const started = performance.now();
  const manifest = await verifyArchive(file, reporter);
  const code = codeMigrationLevel();
  if (manifest.database.migration.lastMillis > code.lastMillis) {
    throw new ArchiveError(
      'too_new',
      `${file} was made by a newer version (${manifest.app.version}): upgrade first`,
    );
  }
  const db = site.database.db;
  const [present] = await queryRows<{ pages: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pages) AS pages`,
  );
  if (present?.pages && !options.force) {
    throw new ArchiveError(
      'not_empty',
      "this site already has pages; importing replaces the site's content (pages, menus, lists, forms and their submissions, media, settings): run again with --force to do that",
    );
  }
  const tables = Object.keys(manifest.tables).filter((table) =>
    (CONTENT_TABLES as readonly string[]).includes(table),
  );
  let rows = 0;
  let media = 0;
  await runCommand(
    { db, actor: options.actor },
    {
      action: 'site.import',
      scope: 'public',
      target: null,
      data: () => ({ via: 'cli', tables: tables.length, rows, media, from: manifest.createdAt }),
    },
    async (tx) => {
      await tx.execute(
        sql.raw(`TRUNCATE ${CONTENT_TABLES.map((table) => `public."${table}"`).join(', ')} CASCADE`),
      );
      // Read while the foreign keys are there (prepareLoad drops them until the load is done).
      const clearDanglingReferences = await danglingReferences(tx, tables);
      const load = await prepareLoad(tx);
      for await (const entry of readTar(openArchive(file))) {
        const [folder, name = ''] = entry.name.split('/', 2);
        if (folder === 'db' && name.endsWith('.jsonl')) {
          const table = name.slice(0, -'.jsonl'.length);
          if (!tables.includes(table)) continue;
          rows += await loadTable(tx, table, entry.body);
        } else if (folder === 'media') {
          await storeFile(site.media, name, entry.body);
          media += 1;
        }
      }
      await resetSequences(tx);
      await clearDanglingReferences();
      await load.finish();
      // Derived data: the search index is rebuilt from the marks, visitors' caches move on.
      await tx.execute(sql`DELETE FROM search_documents`);
      await tx.execute(sql`INSERT INTO search_dirty (kind, ref_id) SELECT 'page', id FROM pages
        UNION ALL SELECT 'item', id FROM list_items ON CONFLICT DO NOTHING`);
      await tx.execute(sql`UPDATE content_version SET version = version + 1`);
    },
  );
  reporter.step(`imported ${tables.length} tables (${rows} rows) and ${media} media originals`);
  return { tables: tables.length, rows, media, seconds: (performance.now() - started) / 1000 };
}

/**
 * What empties references from imported rows to records of tables the export did not carry
 * (accounts): read from the foreign keys now, run after the load.
 */
async function danglingReferences(tx: Executor, tables: readonly string[]): Promise<() => Promise<void>> {
  const references = await queryRows<{ table: string; column: string; target: string; targetColumn: string }>(
    tx,
    sql`SELECT c.conrelid::regclass::text AS table, a.attname AS column,
          c.confrelid::regclass::text AS target, af.attname AS "targetColumn"
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1`,
  );
  const strip = (name: string) => name.replace(/^public\./, '').replace(/"/g, '');
  const statements: string[] = [];
  for (const reference of references) {
    const table = strip(reference.table);
    if (!tables.includes(table) || tables.includes(strip(reference.target))) continue;
    statements.push(
      `UPDATE public."${table}" t SET "${reference.column}" = NULL WHERE t."${reference.column}" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ${reference.target} r WHERE r."${reference.targetColumn}" = t."${reference.column}")`,
    );
  }
  return async () => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  };
}

/** Reads only the manifest of an archive (for listings); checks nothing. */
export async function readManifest(file: string): Promise<Manifest> {
  try {
    for await (const entry of readTar(openArchive(file))) {
      if (entry.name !== MANIFEST) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      return parseManifest(Buffer.concat(chunks).toString('utf8'), file);
    }
  } catch (error) {
    throw unreadable(file, error);
  }
  throw new ArchiveError('corrupt', `${file} has no manifest`);
}
