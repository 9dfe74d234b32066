import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { S3Settings } from '../config.ts';
import { AppError } from '../errors.ts';
import { ObjectStoreError, parseListing } from './s3-storage.ts';
import { createFormFileStorage, createMediaStorage, type MediaStorage } from './storage.ts';

/** The few members of s3rver (a local S3-compatible server, CommonJS without types) the test uses. */
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'bouwsteen-test';
let server: S3rverServer;
let storeDir: string;
let dataDir: string;
let settings: S3Settings;
let storage: MediaStorage;

beforeAll(async () => {
  storeDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-s3rver-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-s3-media-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory: storeDir, silent: true });
  const { port } = await server.run();
  settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    // s3rver's fixed credentials; it checks the signature made with them.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'site-a/',
  };
  const client = new AwsClient({ ...settings, service: 's3', retries: 0 });
  const created = await client.fetch(`${settings.endpoint}/${BUCKET}`, { method: 'PUT' });
  expect(created.status).toBe(200);
  storage = createMediaStorage({ dataDir, mediaStorage: 's3', mediaS3: settings });
});

afterAll(async () => {
  await server?.close();
  await rm(storeDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** A scratch file with random bytes, as an upload leaves it, and the hash it is stored under. */
async function scratchFile(target: MediaStorage = storage, size = 4096) {
  const bytes = randomBytes(size);
  const file = await target.tempPath();
  await writeFile(file, bytes);
  return { file, bytes, hash: createHash('sha256').update(bytes).digest('hex') };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function listed(target: MediaStorage): Promise<Map<string, Date>> {
  const entries = new Map<string, Date>();
  for await (const entry of target.list()) entries.set(entry.hash, entry.storedAt);
  return entries;
}

/** A port nothing listens on (one the system just handed out and took back). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const isGone = (file: string) =>
  stat(file).then(
    () => false,
    () => true,
  );

describe('S3MediaStorage', () => {
  it('uploads an original, then has it, streams it and lists it with when it was stored', async () => {
    const { file, bytes, hash } = await scratchFile(storage, 3 * 1024 * 1024 + 17);
    const before = Date.now();
    expect(await storage.has(hash)).toBe(false);

    expect(await storage.put(hash, file)).toEqual({ stored: true });
    expect(await isGone(file)).toBe(true);
    expect(await storage.has(hash)).toBe(true);
    expect((await readAll(storage.get(hash))).equals(bytes)).toBe(true);

    const storedAt = (await listed(storage)).get(hash);
    expect(storedAt).toBeInstanceOf(Date);
    // S3 keeps whole seconds.
    expect(storedAt!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
  });

  it('keeps the stored copy of a known hash and drops the new scratch file', async () => {
    const first = await scratchFile();
    await storage.put(first.hash, first.file);
    const again = await storage.tempPath();
    await writeFile(again, first.bytes);
    expect(await storage.put(first.hash, again)).toEqual({ stored: false });
    expect(await isGone(again)).toBe(true);
  });

  it('downloads an original to a local file for sharp, once, on a node that never had it', async () => {
    const { file, bytes, hash } = await scratchFile();
    await storage.put(hash, file);
    const otherDisk = await mkdtemp(path.join(tmpdir(), 'bouwsteen-s3-node-b-'));
    try {
      const nodeB = createMediaStorage({ dataDir: otherDisk, mediaStorage: 's3', mediaS3: settings });
      const [local, same] = await Promise.all([nodeB.localPath(hash), nodeB.localPath(hash)]);
      expect(local).toBe(same);
      expect(local.startsWith(otherDisk)).toBe(true);
      expect((await readFile(local)).equals(bytes)).toBe(true);
      // The local copy serves get() too, without asking the bucket again.
      expect((await readAll(nodeB.get(hash))).equals(bytes)).toBe(true);
    } finally {
      await rm(otherDisk, { recursive: true, force: true });
    }
  });

  it('writes variants to the local disk only', async () => {
    const { file, hash } = await scratchFile();
    await storage.put(hash, file);
    const written = await storage.putVariant(hash, 'w100.webp', Buffer.from('variant'));
    expect(written).toBe(storage.variantPath(hash, 'w100.webp'));
    expect(written.startsWith(dataDir)).toBe(true);
    expect(await readFile(written, 'utf8')).toBe('variant');
    expect([...(await listed(storage)).keys()].every((key) => /^[0-9a-f]{64}$/.test(key))).toBe(true);
  });

  it('removes the object and the local variants; removing a missing one is no error', async () => {
    const { file, hash } = await scratchFile();
    await storage.put(hash, file);
    const local = await storage.localPath(hash);
    const variant = await storage.putVariant(hash, 'w200.webp', Buffer.from('variant'));

    await storage.remove(hash);
    expect(await storage.has(hash)).toBe(false);
    expect((await listed(storage)).has(hash)).toBe(false);
    expect(await isGone(local)).toBe(true);
    expect(await isGone(variant)).toBe(true);
    await expect(storage.remove(hash)).resolves.toBeUndefined();
  });

  it('answers not found for a missing original, on get() and on localPath()', async () => {
    const missing = 'f'.repeat(64);
    const error = await readAll(storage.get(missing)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
    await expect(storage.localPath(missing)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('keeps form files under their own prefix, apart from media', async () => {
    const formFiles = createFormFileStorage({ dataDir, mediaStorage: 's3', mediaS3: settings });
    const key = randomBytes(32).toString('hex');
    const { file, bytes } = await scratchFile(formFiles);
    await formFiles.put(key, file);

    expect(await formFiles.has(key)).toBe(true);
    expect(await storage.has(key)).toBe(false);
    expect((await listed(formFiles)).has(key)).toBe(true);
    expect((await listed(storage)).has(key)).toBe(false);
    expect((await readAll(formFiles.get(key))).equals(bytes)).toBe(true);
    // Personal data: no copy is kept on the node's disk.
    expect(await isGone(path.join(dataDir, 'form-files', 'originals', key.slice(0, 2), key))).toBe(true);
    await formFiles.remove(key);
    expect(await formFiles.has(key)).toBe(false);
  });

  it('refuses a key that is not a hex digest', async () => {
    await expect(storage.has('../etc/passwd')).rejects.toThrow('not a SHA-256 hex digest');
  });

  it('turns refused credentials into an error that names the store and its code', async () => {
    const wrong = createMediaStorage({
      dataDir,
      mediaStorage: 's3',
      mediaS3: { ...settings, accessKeyId: 'WRONG' },
    });
    const error = await wrong.has('a'.repeat(64)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ObjectStoreError);
    expect((error as Error).message).toMatch(/^S3 HEAD bouwsteen-test\/site-a\/media\/a{64} answered 403/);
  });

  it('says which store could not be reached', async () => {
    const port = await closedPort();
    const closed = createMediaStorage({
      dataDir,
      mediaStorage: 's3',
      mediaS3: { ...settings, endpoint: `http://127.0.0.1:${port}` },
    });
    const error = await closed.has('a'.repeat(64)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ObjectStoreError);
    expect((error as Error).message).toContain(`S3 HEAD http://127.0.0.1:${port}/bouwsteen-test/`);
    expect((error as Error).message).toContain('failed after 3 attempts');
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});

describe('parseListing', () => {
  it('reads keys, dates and the token of a truncated page', () => {
    const page = parseListing(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>true</IsTruncated>
      <Contents><Key>a&amp;b/${'0'.repeat(64)}</Key><LastModified>2026-11-23T10:00:00.000Z</LastModified></Contents>
      <NextContinuationToken>abc+/=</NextContinuationToken></ListBucketResult>`,
    );
    expect(page).toEqual({
      objects: [{ key: `a&b/${'0'.repeat(64)}`, lastModified: new Date('2026-11-23T10:00:00.000Z') }],
      nextToken: 'abc+/=',
    });
    expect(parseListing('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>')).toEqual({
      objects: [],
      nextToken: undefined,
    });
  });
});

describe('the app with MEDIA_STORAGE=s3', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  let diskA: string;
  let diskB: string;

  beforeAll(async () => {
    diskA = await mkdtemp(path.join(tmpdir(), 'bouwsteen-s3-app-a-'));
    diskB = await mkdtemp(path.join(tmpdir(), 'bouwsteen-s3-app-b-'));
    const s3 = { mediaStorage: 's3' as const, mediaS3: { ...settings, prefix: 'site-app/' } };
    nodeA = await createTestApp({ config: { dataDir: diskA, ...s3 } });
    // A second node on the same database with its own empty disk: it sees the upload only through S3.
    nodeB = await createTestApp({ config: { dataDir: diskB, ...s3 }, database: nodeA.database });
  });

  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    await rm(diskA, { recursive: true, force: true });
    await rm(diskB, { recursive: true, force: true });
  });

  it('stores an upload in the bucket and serves it from every node', async () => {
    await buildUser(nodeA.database.db, { email: 'beheer@example.nl', isAdmin: true });
    const admin = await signInAs(nodeA.app, 'beheer@example.nl');
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const boundary = '----bouwsteen-s3-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Image"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await nodeA.app.inject({
      method: 'POST',
      url: '/a/upload?public',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: admin.cookie,
        'x-xsrf-token': admin.xsrf,
      },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { guid } = uploaded.json() as { guid: string };

    const hash = createHash('sha256').update(png).digest('hex');
    const bucket = createMediaStorage({ dataDir: diskB, mediaStorage: 's3', mediaS3: s3Of(nodeA) });
    expect(await bucket.has(hash)).toBe(true);

    for (const node of [nodeA, nodeB]) {
      const original = await node.app.inject({ method: 'GET', url: `/a/${guid}?format=png` });
      expect(original.statusCode, original.body).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      const metadata = await sharp(original.rawPayload).metadata();
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 320, height: 200 });

      const small = await node.app.inject({ method: 'GET', url: `/a/${guid}?width=100&format=webp` });
      expect(small.statusCode, small.body).toBe(200);
      expect((await sharp(small.rawPayload).metadata()).width).toBe(100);
    }
  });
});

function s3Of(test: TestApp): S3Settings {
  const { mediaS3 } = test.app.config;
  if (!mediaS3) throw new Error('no S3 settings');
  return mediaS3;
}
