import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client.ts';
import { FsMediaStorage, type MediaStorage } from '../media/storage.ts';
import { ANONYMOUS } from '../policies/index.ts';
import { createPage, createUser } from '../seed/builders.ts';
import {
  ArchiveError,
  importArchive,
  restoreArchive,
  type Site,
  verifyArchive,
  writeArchive,
} from './archive.ts';

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-backup-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

function storages(name: string): { media: MediaStorage; formFiles: FsMediaStorage } {
  return {
    media: new FsMediaStorage(path.join(workDir, name, 'media')),
    formFiles: new FsMediaStorage(path.join(workDir, name, 'form-files')),
  };
}

let migratedPglite: Blob | undefined;
/**
 * A migrated PGlite database: the suite's snapshot, or in a PostgreSQL run (where that snapshot is
 * not made) one migrated here once and copied for each further use.
 */
async function pgliteDatabase(): Promise<DatabaseHandle> {
  if (!inject('postgresUrl')) return createTestDatabase();
  if (migratedPglite) return openDatabase({ memory: true, loadDataDir: migratedPglite });
  const database = await openDatabase({ memory: true });
  await database.migrate();
  migratedPglite = await database.pglite!.dumpDataDir('none');
  return database;
}

/** An empty database of the kind the suite runs on (PGlite, or PostgreSQL in `npm run test:pg`). */
const suiteDatabase = () => createTestDatabase();

async function storeFile(storage: MediaStorage, bytes: Buffer): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const scratch = await storage.tempPath();
  await writeFile(scratch, bytes);
  await storage.put(hash, scratch);
  return hash;
}

/** A stored image with its media row, as an upload makes them. */
async function addMedia(site: Site, label: string): Promise<string> {
  const bytes = randomBytes(3000);
  const hash = await storeFile(site.media, bytes);
  await site.database.db.execute(sql`INSERT INTO media (content_hash, purpose, file_name, format, width, height, size, title)
    VALUES (${hash}, 'library', ${`${label}.png`}, 'png', 10, 10, ${bytes.length}, ${label})`);
  return hash;
}

async function pageNames(database: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM pages ORDER BY name`);
  return rows.map((row) => row.name);
}

async function hashes(storage: MediaStorage): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of storage.list()) found.push(entry.hash);
  return found.sort();
}

// Each test opens two or three databases and writes and reads an archive: slow on a loaded machine.
describe('backup and restore', { timeout: 120_000 }, () => {
  it('keeps every write acknowledged before the backup, and every media and form file, through a restore', async () => {
    const source: Site = { database: await suiteDatabase(), ...storages('source') };
    const target: Site = { database: await suiteDatabase(), ...storages('target') };
    try {
      const admin = await createUser(source.database.db, { email: 'admin@example.org', isAdmin: true });
      const mediaHashes = [await addMedia(source, 'one'), await addMedia(source, 'two')];
      const formFile = await storeFile(source.formFiles, randomBytes(5000));
      for (let index = 0; index < 20; index += 1) {
        await createPage(source.database.db, { name: `before-${index}`, title: `Voor ${index}` });
      }
      // Writes keep going while the backup runs; each is acknowledged when its insert returns.
      let writing = true;
      const acknowledged: string[] = [];
      const writer = (async () => {
        for (let index = 0; writing; index += 1) {
          await createPage(source.database.db, { name: `during-${index}`, title: `Tijdens ${index}` });
          acknowledged.push(`during-${index}`);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const acknowledgedBefore = [...acknowledged];
      const file = path.join(workDir, 'site.tar.gz');
      const steps: string[] = [];
      const backup = await writeArchive(source, file, {
        kind: 'backup',
        reporter: { step: (line) => steps.push(line) },
      });
      writing = false;
      await writer;

      expect(backup.manifest.counts.media).toBe(2);
      expect(backup.manifest.counts.formFiles).toBe(1);
      expect(backup.manifest.tables.users?.rows).toBe(1);
      expect(steps.some((line) => line.startsWith('database:'))).toBe(true);

      const restored = await restoreArchive(target, file);
      expect(restored.media).toBe(2);
      expect(restored.formFiles).toBe(1);
      const names = await pageNames(target.database);
      for (let index = 0; index < 20; index += 1) expect(names).toContain(`before-${index}`);
      for (const name of acknowledgedBefore) expect(names).toContain(name);
      // The snapshot is one moment: the pages written during the backup that it has are a prefix.
      const during = names.filter((name) => name.startsWith('during-')).length;
      for (let index = 0; index < during; index += 1) expect(names).toContain(`during-${index}`);
      expect(await hashes(target.media)).toEqual([...mediaHashes].sort());
      expect(await hashes(target.formFiles)).toEqual([formFile]);
      const [user] = await queryRows<{ id: string }>(target.database.db, sql`SELECT id FROM users`);
      expect(user?.id).toBe(admin.id);
      // Sequences continue after the restored rows, and the database is at this code's migration.
      await target.database.db.execute(
        sql`INSERT INTO audit_events (action, entity_type) VALUES ('site.seed', 'site')`,
      );
      expect(await target.database.isReady()).toBe(true);

      // Over a site that now exists, only with --force.
      await expect(restoreArchive(target, file)).rejects.toMatchObject({ code: 'not_empty' });
      await createPage(target.database.db, { name: 'after-restore', title: 'Na' });
      const again = await restoreArchive(target, file, { force: true });
      expect(again.rows).toBe(restored.rows);
      expect(await pageNames(target.database)).not.toContain('after-restore');
    } finally {
      await source.database.close();
      await target.database.close();
    }
  });

  // In a PostgreSQL run the first PGlite is migrated from nothing: minutes on a loaded machine.
  it('moves a site from PGlite to the suite database and back', { timeout: 300_000 }, async () => {
    const first: Site = { database: await pgliteDatabase(), ...storages('move-1') };
    const second: Site = { database: await suiteDatabase(), ...storages('move-2') };
    const third: Site = { database: await pgliteDatabase(), ...storages('move-3') };
    try {
      await createUser(first.database.db, { email: 'beheer@example.org', isAdmin: true });
      await createPage(first.database.db, {
        name: 'home',
        title: { nl: 'Welkom', en: 'Welcome' },
        blocks: [{ name: 'text', content: { nl: '<p>Hallo</p>' } }],
      });
      const media = await addMedia(first, 'logo');
      const one = path.join(workDir, 'move-1.tar.gz');
      await writeArchive(first, one);
      await restoreArchive(second, one);
      const two = path.join(workDir, 'move-2.tar.gz');
      await writeArchive(second, two);
      await restoreArchive(third, two);
      expect(await pageNames(third.database)).toEqual(['home']);
      const [block] = await queryRows<{ content: unknown }>(
        third.database.db,
        sql`SELECT content FROM building_block_instances`,
      );
      expect(block?.content).toEqual({ nl: '<p>Hallo</p>' });
      expect(await hashes(third.media)).toEqual([media]);
      const tables = (path: string) =>
        readFile(path).then(
          (bytes) =>
            gunzipSync(bytes)
              .toString('latin1')
              .match(/db\/[a-z_]+\.jsonl/g)?.length,
        );
      expect(await tables(two)).toBe(await tables(one));
    } finally {
      await first.database.close();
      await second.database.close();
      await third.database.close();
    }
  });

  it('refuses a damaged archive and names the entry that failed', async () => {
    const source: Site = { database: await suiteDatabase(), ...storages('damaged') };
    const target: Site = { database: await suiteDatabase(), ...storages('damaged-target') };
    try {
      const hash = await addMedia(source, 'photo');
      const file = path.join(workDir, 'damaged.tar.gz');
      await writeArchive(source, file);
      // Flip bytes inside the media original (found by its name in the tar), then gzip again.
      const tar = gunzipSync(await readFile(file));
      const at = tar.indexOf(Buffer.from(`media/${hash}`));
      expect(at).toBeGreaterThan(-1);
      const contentAt = at + 512 + 100;
      tar[contentAt] = (tar[contentAt] as number) ^ 0xff;
      const damaged = path.join(workDir, 'damaged-2.tar.gz');
      await writeFile(damaged, gzipSync(tar));
      await expect(verifyArchive(damaged)).rejects.toThrow(`media/${hash} is damaged`);
      await expect(restoreArchive(target, damaged)).rejects.toThrow(ArchiveError);
      expect(await pageNames(target.database)).toEqual([]);

      const truncated = path.join(workDir, 'truncated.tar.gz');
      await writeFile(truncated, (await readFile(file)).subarray(0, 400));
      await expect(restoreArchive(target, truncated)).rejects.toMatchObject({ code: 'corrupt' });
      const notAnArchive = path.join(workDir, 'notes.txt');
      await writeFile(notAnArchive, 'hello');
      await expect(restoreArchive(target, notAnArchive)).rejects.toMatchObject({ code: 'corrupt' });
      await expect(restoreArchive(target, path.join(workDir, 'missing.tar.gz'))).rejects.toMatchObject({
        code: 'unreadable',
      });
    } finally {
      await source.database.close();
      await target.database.close();
    }
  });

  it('exports content only and imports it into another site, which keeps its accounts', async () => {
    const source: Site = { database: await suiteDatabase(), ...storages('export') };
    const target: Site = { database: await suiteDatabase(), ...storages('import') };
    try {
      const author = await createUser(source.database.db, { email: 'auteur@example.org', isAdmin: true });
      await createPage(source.database.db, { name: 'over-ons', title: 'Over ons' });
      const media = await addMedia(source, 'team');
      await source.database.db.execute(sql`UPDATE media SET uploaded_by = ${author.id}`);
      const file = path.join(workDir, 'export.tar.gz');
      const exported = await writeArchive(source, file, { kind: 'export' });
      expect(Object.keys(exported.manifest.tables)).not.toContain('users');
      expect(Object.keys(exported.manifest.tables)).not.toContain('sessions');
      expect(Object.keys(exported.manifest.tables)).not.toContain('server_secrets');

      const keeper = await createUser(target.database.db, { email: 'blijft@example.org', isAdmin: true });
      await createPage(target.database.db, { name: 'oud', title: 'Oud' });
      await expect(importArchive(target, file, { actor: ANONYMOUS })).rejects.toMatchObject({
        code: 'not_empty',
      });
      const imported = await importArchive(target, file, { actor: ANONYMOUS, force: true });
      expect(imported.media).toBe(1);
      expect(await pageNames(target.database)).toEqual(['over-ons']);
      expect(await hashes(target.media)).toEqual([media]);
      const [row] = await queryRows<{ uploadedBy: string | null }>(
        target.database.db,
        sql`SELECT uploaded_by AS "uploadedBy" FROM media`,
      );
      expect(row?.uploadedBy).toBeNull();
      const accounts = await queryRows<{ id: string }>(target.database.db, sql`SELECT id FROM users`);
      expect(accounts.map((account) => account.id)).toEqual([keeper.id]);
      const [event] = await queryRows<{ action: string; actorId: string | null }>(
        target.database.db,
        sql`SELECT action, actor_id AS "actorId" FROM audit_events WHERE action = 'site.import'`,
      );
      expect(event).toEqual({ action: 'site.import', actorId: null });
      // An export is not a backup.
      await expect(restoreArchive(target, file, { force: true })).rejects.toMatchObject({
        code: 'wrong_kind',
      });
    } finally {
      await source.database.close();
      await target.database.close();
    }
  });
});
