import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, buildUser, signInAs } from '../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../test/helpers.ts';
import type { S3Settings } from '../config.ts';
import { media } from '../db/schema.ts';
import { createMediaStorage, type MediaStorage } from '../media/storage.ts';
import { runMediaSweep } from './media-sweep.ts';

/*
 * The media orphan sweep (issue 27), on the disk and in an S3 bucket (s3rver): originals no asset
 * names go, an asset's file and a PDF's first-page thumbnail stay, nothing younger than the grace
 * period is touched (an upload between its file and its row), the node's cached variants of a hash
 * no asset names and unfinished uploads go too; it runs once per day across nodes, and admins (only)
 * read what it removed.
 */

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BOUNDARY = '----bouwsteen-sweep-boundary';
const HOUR = 3_600_000;

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe.each(['fs', 's3'] as const)('the media orphan sweep (%s)', (kind) => {
  let test: TestApp;
  let dataDir: string;
  let storeDir: string;
  let server: S3rverServer | undefined;
  let storage: MediaStorage;
  let admin: Browser;
  let editor: Browser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-sweep-'));
    storeDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-sweep-s3-'));
    let mediaS3: S3Settings | undefined;
    if (kind === 's3') {
      server = new S3rver({ address: '127.0.0.1', port: 0, directory: storeDir, silent: true });
      const { port } = await server.run();
      mediaS3 = {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'bouwsteen-sweep',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'site/',
      };
      const client = new AwsClient({ ...mediaS3, service: 's3', retries: 0 });
      expect((await client.fetch(`${mediaS3.endpoint}/bouwsteen-sweep`, { method: 'PUT' })).status).toBe(200);
    }
    test = await createTestApp({ config: { dataDir, mediaStorage: kind, mediaS3 } });
    storage = createMediaStorage({ dataDir, mediaStorage: kind, mediaS3 });
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    await buildUser(test.database.db, { email: 'redacteur@example.nl', isContentManager: true });
    admin = await signInAs(test.app, 'beheer@example.nl');
    editor = await signInAs(test.app, 'redacteur@example.nl');
  });

  afterAll(async () => {
    await test.close();
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(storeDir, { recursive: true, force: true });
  });

  /** Stores random bytes as an original, as an upload does before its row is written. */
  async function storeOriginal(): Promise<string> {
    const bytes = randomBytes(2048);
    const file = await storage.tempPath();
    await writeFile(file, bytes);
    const hash = createHash('sha256').update(bytes).digest('hex');
    await storage.put(hash, file);
    return hash;
  }

  async function stored(): Promise<Set<string>> {
    const hashes = new Set<string>();
    for await (const entry of storage.list()) hashes.add(entry.hash);
    return hashes;
  }

  const local = (...parts: string[]) => path.join(dataDir, 'media', ...parts);

  it('removes what no asset names, past the grace period only, once per day across nodes', async () => {
    // A live asset, uploaded into the library, with a cached variant on this node's disk.
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/a/upload?library',
      headers: {
        cookie: admin.cookie,
        'x-xsrf-token': admin.xsrf,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="Image"; filename="blijft.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const guid = (uploaded.json() as { guid: string }).guid;
    expect(
      (await test.app.inject({ url: `/a/${guid}?width=100`, headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    const [row] = await test.database.db.select().from(media).where(eq(media.id, guid));
    const live = row?.contentHash ?? '';
    // A PDF's first page is named by its asset's thumbnail_hash: it stays too.
    const thumbnail = await storeOriginal();
    await test.database.db.update(media).set({ thumbnailHash: thumbnail }).where(eq(media.id, guid));
    // An original no asset names, a variant folder of nothing, and an unfinished upload.
    const orphan = await storeOriginal();
    // Variants cached for a hash whose original is gone already (removed on another node, say).
    const gone = createHash('sha256').update(randomBytes(16)).digest('hex');
    const orphanVariants = local('variants', gone.slice(0, 2), gone);
    await mkdir(orphanVariants, { recursive: true });
    await writeFile(path.join(orphanVariants, 'w100.webp'), 'x');
    const scratch = local('tmp', 'onaf.upload');
    await mkdir(local('tmp'), { recursive: true });
    await writeFile(scratch, 'half');
    const old = new Date(Date.now() - 7 * HOUR);
    await utimes(scratch, old, old);

    // Within the grace period nothing goes (an upload may be writing its row right now).
    const now = new Date();
    const first = await runMediaSweep(test.database.db, storage, { dataDir }, now);
    expect(first).toEqual({ originals: 0, variants: 0, scratch: 1, keys: [] });
    expect(await exists(scratch)).toBe(false);
    expect(await stored()).toEqual(new Set([live, thumbnail, orphan]));
    // The same day on another node (or this one again): skipped.
    expect(await runMediaSweep(test.database.db, storage, { dataDir }, now)).toBeNull();

    // A day later, on two nodes at once: exactly one sweeps.
    const later = new Date(now.getTime() + 25 * HOUR);
    const runs = await Promise.all([
      runMediaSweep(test.database.db, storage, { dataDir }, later),
      runMediaSweep(test.database.db, storage, { dataDir }, later),
    ]);
    expect(runs.filter((run) => run === null)).toHaveLength(1);
    const swept = runs.find((run) => run !== null);
    expect(swept).toEqual({ originals: 1, variants: 1, scratch: 0, keys: [orphan] });
    expect(await stored()).toEqual(new Set([live, thumbnail]));
    expect(await exists(orphanVariants)).toBe(false);
    expect(await exists(local('variants', live.slice(0, 2), live))).toBe(true);
    // The asset is still served, from its original.
    const shown = await test.app.inject({ url: `/a/${guid}?width=120`, headers: { cookie: admin.cookie } });
    expect(shown.statusCode).toBe(200);

    // Admins read what the last sweep removed; content managers may not.
    const report = await test.app.inject({ url: '/api/media:sweep', headers: { cookie: admin.cookie } });
    expect(report.statusCode, report.body).toBe(200);
    expect((report.json() as { lastRun: unknown }).lastRun).toMatchObject({
      originals: 1,
      variants: 1,
      scratch: 0,
    });
    expectApiError(
      await test.app.inject({ url: '/api/media:sweep', headers: { cookie: editor.cookie } }),
      403,
      'forbidden',
    );
  });
});
