import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { AwsClient } from 'aws4fetch';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { CommandContext } from '../cli/commands.ts';
import type { CliIo } from '../cli/io.ts';
import { runCommandLine } from '../cli/run.ts';
import { type Config, type S3Settings, testConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { createFormFileStorage, createMediaStorage, type MediaStorage } from '../media/storage.ts';
import { createPage, createUser } from '../seed/builders.ts';
import type { Site } from './archive.ts';
import { runScheduledBackup } from './schedule.ts';
import { listBackups } from './targets.ts';

/**
 * Backups with an S3-compatible store (issue 28), against a local s3rver: media and form files kept
 * in the bucket go into the archive and come back into the bucket; `backup --to s3://…`,
 * `restore s3://…` and `verify s3://…`; a damaged archive in the bucket is refused naming its
 * address and the entry; scheduled backups go to the bucket's backups/ and keep N. On PGlite in
 * `npm test`, on PostgreSQL in `npm run test:pg`.
 */

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'bouwsteen-backups';
let server: S3rverServer;
let workDir: string;
let s3: Omit<S3Settings, 'prefix'>;
let client: AwsClient;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-backup-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory: path.join(workDir, 's3'), silent: true });
  const { port } = await server.run();
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    // s3rver's fixed credentials; it checks the signature made with them.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  client = new AwsClient({ ...s3, service: 's3', retries: 0 });
  expect((await client.fetch(`${s3.endpoint}/${BUCKET}`, { method: 'PUT' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

/** A site whose media and form files live in the bucket under `<name>/`. */
async function s3Site(name: string): Promise<{ site: Site; config: Config }> {
  const config = testConfig({
    dataDir: path.join(workDir, name),
    mediaStorage: 's3',
    mediaS3: { ...s3, prefix: `${name}/` },
  });
  const site: Site = {
    database: await createTestDatabase(),
    media: createMediaStorage(config),
    formFiles: createFormFileStorage(config),
  };
  return { site, config };
}

async function storeFile(storage: MediaStorage, bytes: Buffer, key?: string): Promise<string> {
  const name = key ?? createHash('sha256').update(bytes).digest('hex');
  const scratch = await storage.tempPath();
  await writeFile(scratch, bytes);
  await storage.put(name, scratch);
  return name;
}

async function addMedia(site: Site, label: string): Promise<string> {
  const bytes = randomBytes(3000);
  const hash = await storeFile(site.media, bytes);
  await site.database.db.execute(sql`INSERT INTO media (content_hash, purpose, file_name, format, width, height, size, title)
    VALUES (${hash}, 'library', ${`${label}.png`}, 'png', 10, 10, ${bytes.length}, ${label})`);
  return hash;
}

async function stored(storage: MediaStorage): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of storage.list()) found.push(entry.hash);
  return found.sort();
}

async function pageNames(site: Site): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(site.database.db, sql`SELECT name FROM pages ORDER BY name`);
  return rows.map((row) => row.name);
}

/** Runs a command line against a site, as the CLI does after opening it. */
async function cli(site: Site, config: Config, ...argv: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    isTty: false,
  };
  const context: CommandContext = { config, io, cwd: workDir, site: async () => site, where: 'local' };
  const code = await runCommandLine(argv, context);
  return { code, out, err };
}

describe('backups with S3 as the media store and as the backup target', { timeout: 240_000 }, () => {
  it('backs up while writes run to s3://, and restores every acknowledged write and every file into the bucket', async () => {
    const source = await s3Site('source');
    const target = await s3Site('target');
    try {
      await createUser(source.site.database.db, { email: 'beheer@example.org', isAdmin: true });
      const media = [await addMedia(source.site, 'een'), await addMedia(source.site, 'twee')];
      const formFile = await storeFile(
        source.site.formFiles,
        randomBytes(4000),
        randomBytes(32).toString('hex'),
      );
      for (let index = 0; index < 10; index += 1) {
        await createPage(source.site.database.db, { name: `voor-${index}`, title: `Voor ${index}` });
      }
      let writing = true;
      const acknowledged: string[] = [];
      const writer = (async () => {
        for (let index = 0; writing; index += 1) {
          await createPage(source.site.database.db, { name: `tijdens-${index}`, title: `Tijdens ${index}` });
          acknowledged.push(`tijdens-${index}`);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const acknowledgedBefore = [...acknowledged];
      const url = `s3://${BUCKET}/manual/site.tar.gz`;
      const backup = await cli(source.site, source.config, 'backup', '--to', url);
      writing = false;
      await writer;
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.out).toContain(`uploaded to ${url}`);
      expect(backup.out).toContain(`2 media originals, 1 form files → ${url}`);

      const verify = await cli(target.site, target.config, 'verify', url);
      expect(verify.code).toBe(0);
      expect(verify.out).toContain(`${url}: a backup of`);
      expect(verify.out).toContain('every checksum matches');

      const restore = await cli(target.site, target.config, 'restore', url);
      expect(restore.err).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.out).toContain('2 media originals, 1 form files');
      const names = await pageNames(target.site);
      for (let index = 0; index < 10; index += 1) expect(names).toContain(`voor-${index}`);
      for (const name of acknowledgedBefore) expect(names).toContain(name);
      const during = names.filter((name) => name.startsWith('tijdens-')).length;
      for (let index = 0; index < during; index += 1) expect(names).toContain(`tijdens-${index}`);
      // The files are in the bucket, under the restored site's prefix, with their bytes.
      expect(await stored(target.site.media)).toEqual([...media].sort());
      expect(await stored(target.site.formFiles)).toEqual([formFile]);
      const listed = await client.fetch(`${s3.endpoint}/${BUCKET}?list-type=2&prefix=target/media/`);
      expect(await listed.text()).toContain(`target/media/${media[0]}`);
      for (const hash of media) {
        const chunks: Buffer[] = [];
        for await (const chunk of target.site.media.get(hash)) chunks.push(chunk as Buffer);
        expect(createHash('sha256').update(Buffer.concat(chunks)).digest('hex')).toBe(hash);
      }

      // Over the restored site only with --force; the message says so.
      const again = await cli(target.site, target.config, 'restore', url);
      expect(again.code).toBe(1);
      expect(again.err).toContain('already holds a site');
      expect(again.err).toContain('--force');
      expect((await cli(target.site, target.config, 'restore', url, '--force')).code).toBe(0);
    } finally {
      await source.site.database.close();
      await target.site.database.close();
    }
  });

  it('refuses a damaged archive in the bucket, naming its address and the entry; a missing one and bad addresses too', async () => {
    const source = await s3Site('damaged-source');
    const target = await s3Site('damaged-target');
    try {
      const hash = await addMedia(source.site, 'foto');
      const url = `s3://${BUCKET}/damaged/good.tar.gz`;
      expect((await cli(source.site, source.config, 'backup', '--to', url)).code).toBe(0);
      const object = await client.fetch(`${s3.endpoint}/${BUCKET}/damaged/good.tar.gz`);
      const tar = gunzipSync(Buffer.from(await object.arrayBuffer()));
      const at = tar.indexOf(Buffer.from(`media/${hash}`));
      expect(at).toBeGreaterThan(-1);
      tar[at + 512 + 100] = (tar[at + 512 + 100] as number) ^ 0xff;
      const put = await client.fetch(`${s3.endpoint}/${BUCKET}/damaged/bad.tar.gz`, {
        method: 'PUT',
        body: gzipSync(tar),
      });
      expect(put.status).toBe(200);
      const bad = `s3://${BUCKET}/damaged/bad.tar.gz`;
      for (const command of ['verify', 'restore']) {
        const result = await cli(target.site, target.config, command, bad);
        expect(result.code, command).toBe(1);
        expect(result.err, command).toContain(`error: ${bad}: media/${hash} is damaged`);
        expect(result.err).not.toMatch(/\n\s+at /);
      }
      expect(await pageNames(target.site)).toEqual([]);
      expect(await stored(target.site.media)).toEqual([]);

      const missing = await cli(target.site, target.config, 'restore', `s3://${BUCKET}/damaged/none.tar.gz`);
      expect(missing.code).toBe(1);
      expect(missing.err).toContain(`no such backup: s3://${BUCKET}/damaged/none.tar.gz`);
      for (const address of [
        's3://Not_A_Bucket/x.tar.gz',
        `s3://${BUCKET}/`,
        `s3://${BUCKET}/a/../b.tar.gz`,
      ]) {
        const result = await cli(target.site, target.config, 'restore', address);
        expect(result.code, address).toBe(2);
        expect(result.err, address).toContain(`not an S3 address: ${address}`);
      }
      // Without the bucket settings an s3:// address cannot be reached: said in words.
      const local = testConfig({ dataDir: path.join(workDir, 'local') });
      const noSettings = await cli(target.site, local, 'verify', url);
      expect(noSettings.code).toBe(1);
      expect(noSettings.err).toContain('an s3:// target needs the bucket settings');
      // An object store that does not answer.
      const away = testConfig({
        dataDir: path.join(workDir, 'away'),
        mediaStorage: 's3',
        mediaS3: { ...s3, endpoint: 'http://127.0.0.1:9', prefix: 'away/' },
      });
      const unreachable = await cli(target.site, away, 'restore', url);
      expect(unreachable.code).toBe(1);
      expect(unreachable.err).toContain(`${url}: the object store at http://127.0.0.1:9 cannot be reached`);
    } finally {
      await source.site.database.close();
      await target.site.database.close();
    }
  });

  it('makes scheduled backups in the bucket, keeps N, lists them, and one restores', async () => {
    const source = await s3Site('scheduled');
    const target = await s3Site('scheduled-target');
    try {
      await createPage(source.site.database.db, { name: 'nachtelijk', title: 'Nachtelijk' });
      const media = await addMedia(source.site, 'nacht');
      await source.site.database.db.execute(sql`INSERT INTO platform_settings (key, value)
        VALUES ('backupSchedule', 'nightly'), ('backupKeep', '2')
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
      const nights = ['2026-03-10', '2026-03-11', '2026-03-12'];
      for (const night of nights) {
        const result = await runScheduledBackup(
          { db: source.site.database.db, config: source.config, site: source.site },
          new Date(`${night}T03:00:00Z`),
        );
        expect(result, night).toMatchObject({ ok: true, media: 1 });
        expect((result as { where: string }).where).toMatch(
          new RegExp(`^s3://${BUCKET}/scheduled/backups/bouwsteen-scheduled-`),
        );
      }
      const kept = await listBackups(source.config);
      expect(kept.map((backup) => backup.name)).toEqual([
        'bouwsteen-scheduled-20260311-030000.tar.gz',
        'bouwsteen-scheduled-20260312-030000.tar.gz',
      ]);
      const listing = await cli(source.site, source.config, 'backups');
      expect(listing.code).toBe(0);
      expect(listing.out).toContain(
        `s3://${BUCKET}/scheduled/backups/bouwsteen-scheduled-20260312-030000.tar.gz`,
      );
      expect(listing.out).not.toContain('20260310');
      // The backups are not media: the site's storage lists only its one original.
      expect(await stored(source.site.media)).toEqual([media]);

      const newest = kept.at(-1)?.where as string;
      const restore = await cli(target.site, target.config, 'restore', newest);
      expect(restore.code).toBe(0);
      expect(await pageNames(target.site)).toEqual(['nachtelijk']);
      expect(await stored(target.site.media)).toEqual([media]);
    } finally {
      await source.site.database.close();
      await target.site.database.close();
    }
  });
});
