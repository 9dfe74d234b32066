import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../common/media.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { auditEvents, media, pages } from '../../db/schema.ts';
import { transformStats } from '../../media/transform.ts';
import { createPage } from '../../seed/builders.ts';

type Uploaded = { guid: string; width: number; height: number; type: string; size: number; fileName: string };

let test: TestApp;
let dataDir: string;
const logLines: string[] = [];
let admin: Browser;
let member: Browser;
let editor: Browser;
let adminToken: { authorization: string };
let memberId: string;
let publishedBlock: string;
let unpublishedBlock: string;
let rolesBlock: string;
let membersBlock: string;
let insider: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-media-test-'));
  test = await createTestApp({
    config: { dataDir, logLevel: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  const { db } = test.database;
  const adminUser = await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
  const memberUser = await buildUser(db, { email: 'lid@example.nl' });
  memberId = memberUser.id;
  await buildUser(db, { email: 'redacteur@example.nl', isContentManager: true, roleIds: ['redactie'] });
  admin = await signInAs(test.app, 'beheer@example.nl');
  member = await signInAs(test.app, 'lid@example.nl');
  editor = await signInAs(test.app, 'redacteur@example.nl');
  adminToken = await bearerFor(db, adminUser.id);

  const published = await createPage(db, { name: 'fotos', title: 'Foto’s', blocks: [{ name: 'image' }] });
  const unpublished = await createPage(db, {
    name: 'concept',
    title: 'Concept',
    isPublished: false,
    blocks: [{ name: 'image' }],
  });
  const rolesPage = await createPage(db, {
    name: 'redactie',
    title: 'Redactie',
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [{ name: 'image' }],
  });
  publishedBlock = blockId(published.blocks);
  unpublishedBlock = blockId(unpublished.blocks);
  rolesBlock = blockId(rolesPage.blocks);
  // A members-only page (issue 10): seen only by users holding the role 'leden-a'.
  const membersPage = await createPage(db, {
    name: 'ledenpagina',
    title: 'Leden',
    blocks: [{ name: 'image' }],
  });
  await db
    .update(pages)
    .set({ roleIds: ['leden-a'] })
    .where(eq(pages.id, membersPage.id));
  membersBlock = blockId(membersPage.blocks);
  await buildUser(db, { email: 'insider@example.nl', roleIds: ['leden-a'] });
  insider = await signInAs(test.app, 'insider@example.nl');
});

afterAll(async () => {
  await test.close();
  await rm(dataDir, { recursive: true, force: true });
});

function blockId(blocks: { id: string }[]): string {
  const [block] = blocks;
  if (!block) throw new Error('no block');
  return block.id;
}

/**
 * A list item in `blockGuid`, by raw SQL like the media rule that reads it: in the list-item table
 * when it exists, else in a stand-in table with the one column the rule reads.
 */
async function createListItem(blockGuid: string): Promise<string> {
  const { db } = test.database;
  const id = randomUUID();
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`SELECT to_regclass('public.list_items') IS NOT NULL AS "exists"`,
  );
  if (!table?.exists) {
    await db.execute(sql`CREATE TABLE list_items (id uuid PRIMARY KEY, block_id uuid)`);
  }
  const [columns] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM information_schema.columns WHERE table_name = 'list_items'`,
  );
  if ((columns?.count ?? 0) <= 2) {
    await db.execute(sql`INSERT INTO list_items (id, block_id) VALUES (${id}, ${blockGuid})`);
    return id;
  }
  await db.execute(
    sql`INSERT INTO list_item_types (name, label) VALUES ('media-test', '{"nl":"Test"}') ON CONFLICT DO NOTHING`,
  );
  await db.execute(
    sql`INSERT INTO list_items (id, short_id, block_id, list_item_type_name, title)
        VALUES (${id}, ${id.slice(0, 8)}, ${blockGuid}, 'media-test', '{"nl":"Item"}')`,
  );
  return id;
}

// --- fixtures, made with sharp (nothing binary is committed) ---

let colour = 0;
/** A solid image in a colour no other fixture uses, so each upload is new content. */
async function image(format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif', width = 640, height = 480) {
  colour += 1;
  const background = { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (colour * 53) % 256 };
  const base = sharp({ create: { width, height, channels: 3, background } });
  return base.toFormat(format).toBuffer();
}

/** A real 1×1 PNG whose header then claims 30000×30000 pixels (a decompression bomb's signature). */
async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR: length (8..11), type (12..15), width (16..19), height (20..23), …, CRC over type+data (29..32).
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const BOUNDARY = '----bouwsteen-test-boundary';

function partHeader(fileName: string, contentType: string, field = 'Image'): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
}
const TRAILER = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

async function upload(
  query: string,
  file: { data: Buffer | Readable; name?: string; type?: string; field?: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const head = partHeader(file.name ?? 'foto.png', file.type ?? 'image/png', file.field);
  const payload =
    file.data instanceof Readable
      ? Readable.from(
          (async function* () {
            yield head;
            for await (const chunk of file.data as Readable) yield chunk as Buffer;
            yield TRAILER;
          })(),
        )
      : Buffer.concat([head, file.data, TRAILER]);
  return test.app.inject({
    method: 'POST',
    url: `/a/upload?${query}`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    payload,
  });
}

const asAdmin = () => ({ cookie: admin.cookie, 'x-xsrf-token': admin.xsrf });
const asMember = () => ({ cookie: member.cookie, 'x-xsrf-token': member.xsrf });

async function uploadOk(
  query: string,
  data: Buffer,
  headers = asAdmin(),
  name = 'foto.png',
): Promise<Uploaded> {
  const response = await upload(query, { data, name }, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Uploaded;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

async function dimensions(response: LightMyRequestResponse) {
  const metadata = await sharp(response.rawPayload).metadata();
  return { width: metadata.width, height: metadata.height, format: metadata.format };
}

async function countFiles(directory: string): Promise<number> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

describe('POST /a/upload', () => {
  it.each(['png', 'jpeg', 'webp', 'avif', 'gif'] as const)(
    'accepts a %s image and reports its size and type',
    async (format) => {
      const data = await image(format, 320, 200);
      const body = await uploadOk('public', data, asAdmin(), `foto.${format}`);
      expect(body).toMatchObject({
        width: 320,
        height: 200,
        type: format,
        size: data.length,
        fileName: `foto.${format}`,
      });
      const [row] = await test.database.db.select().from(media).where(eq(media.id, body.guid));
      expect(row).toMatchObject({
        purpose: 'public',
        format,
        contentHash: createHash('sha256').update(data).digest('hex'),
      });
    },
  );

  it('decides the type from the content: a PNG named .jpg is a png', async () => {
    const response = await upload(
      'public',
      { data: await image('png'), name: 'foto.jpg', type: 'image/jpeg' },
      asAdmin(),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: 'png', fileName: 'foto.jpg' });
  });

  it('refuses a text file named .png with 415', async () => {
    const response = await upload(
      'public',
      { data: Buffer.from('dit is geen afbeelding\n'.repeat(50)), name: 'foto.png' },
      asAdmin(),
    );
    expectApiError(response, 415, 'unsupported_media_type');
  });

  it('refuses an SVG (an image, but not an accepted format) with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const response = await upload(
      'public',
      { data: svg, name: 'logo.svg', type: 'image/svg+xml' },
      asAdmin(),
    );
    expectApiError(response, 415, 'unsupported_media_type');
  });

  it('refuses a truncated image that cannot be decoded with 415', async () => {
    const whole = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    const response = await upload(
      'public',
      { data: whole.subarray(0, Math.floor(whole.length / 2)) },
      asAdmin(),
    );
    expectApiError(response, 415, 'unsupported_media_type');
  });

  it('refuses 30 MB + 1 byte with 413 while streaming, and keeps nothing', async () => {
    const before = await countFiles(path.join(dataDir, 'media'));
    const chunk = randomBytes(1024 * 1024);
    const stream = Readable.from(
      (function* () {
        for (let sent = 0; sent < MAX_UPLOAD_BYTES + 1; sent += chunk.length) {
          yield chunk.subarray(0, Math.min(chunk.length, MAX_UPLOAD_BYTES + 1 - sent));
        }
      })(),
    );
    const response = await upload('public', { data: stream, name: 'groot.png' }, asAdmin());
    expectApiError(response, 413, 'payload_too_large');
    expect(await countFiles(path.join(dataDir, 'media'))).toBe(before);
  });

  it('refuses a pixel bomb (a header claiming 30000×30000) with image_too_large', async () => {
    const response = await upload('public', { data: await pixelBomb(), name: 'bom.png' }, asAdmin());
    expectApiError(response, 422, 'image_too_large');
  });

  it('cleans the file name: no directories, none of \\ / : * ? " < > | and the apostrophe', async () => {
    const response = await upload(
      'public',
      { data: await image('png'), name: `..\\..\\C:/tmp/zee:strand*?<>|'s.png` },
      asAdmin(),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fileName: 'zeestrands.png' });
  });

  it('stores identical content once (a new guid, the same file)', async () => {
    const data = await image('jpeg');
    const originals = path.join(dataDir, 'media', 'originals');
    const before = await countFiles(originals);
    const first = await uploadOk('public', data);
    expect(await countFiles(originals)).toBe(before + 1);
    const second = await uploadOk('public', data);
    expect(second.guid).not.toBe(first.guid);
    expect(await countFiles(originals)).toBe(before + 1);
    const hash = createHash('sha256').update(data).digest('hex');
    const rows = await test.database.db.select().from(media).where(eq(media.contentHash, hash));
    expect(rows).toHaveLength(2);
  });

  it('records the upload in the audit log and logs it with the correlation id', async () => {
    const correlationId = `upload-${randomUUID()}`;
    const response = await upload(
      'public',
      { data: await image('png') },
      { ...asAdmin(), 'x-correlation-id': correlationId },
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-correlation-id']).toBe(correlationId);
    const { guid } = response.json() as Uploaded;
    const logged = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === 'media uploaded' && entry.media === guid);
    expect(logged).toMatchObject({ reqId: correlationId, purpose: 'public' });
    const events = await test.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, guid));
    expect(events).toMatchObject([{ action: 'media.upload', entityType: 'media' }]);
  });

  describe('who may upload', () => {
    it('answers 401 to an anonymous upload', async () => {
      expectApiError(await upload('public', { data: await image('png') }), 401, 'unauthorized');
    });

    it('answers 403 to a member uploading a public or api image', async () => {
      expectApiError(await upload('public', { data: await image('png') }, asMember()), 403, 'forbidden');
      expectApiError(await upload('api', { data: await image('png') }, asMember()), 403, 'forbidden');
    });

    it('answers 403 to a member uploading into a block of a page they cannot edit', async () => {
      expectApiError(
        await upload(`block=${publishedBlock}`, { data: await image('png') }, asMember()),
        403,
        'forbidden',
      );
    });

    it('answers 403 to a session cookie without the XSRF header', async () => {
      const response = await upload('profile', { data: await image('png') }, { cookie: member.cookie });
      expectApiError(response, 403, 'xsrf_failed');
    });

    it('accepts an admin’s bearer token without XSRF', async () => {
      const response = await upload('api', { data: await image('png') }, adminToken);
      expect(response.statusCode).toBe(201);
    });

    it('lets a member upload their own profile photo', async () => {
      const body = await uploadOk('profile=ignored', await image('jpeg'), asMember());
      const [row] = await test.database.db.select().from(media).where(eq(media.id, body.guid));
      expect(row).toMatchObject({ purpose: 'profile', ownerGuid: memberId });
    });

    it('lets a content manager upload into a block of a page their role edits', async () => {
      const body = await uploadOk(`block=${rolesBlock}`, await image('png'), {
        cookie: editor.cookie,
        'x-xsrf-token': editor.xsrf,
      });
      const [row] = await test.database.db.select().from(media).where(eq(media.id, body.guid));
      expect(row).toMatchObject({ purpose: 'block', ownerGuid: rolesBlock });
    });

    it('answers 404 for an unknown block or item', async () => {
      expectApiError(
        await upload(`block=${randomUUID()}`, { data: await image('png') }, asAdmin()),
        404,
        'not_found',
      );
      const hasItems = await queryRows<{ exists: boolean }>(
        test.database.db,
        sql`SELECT to_regclass('public.list_items') IS NOT NULL AS "exists"`,
      );
      if (!hasItems[0]?.exists) {
        expectApiError(
          await upload(`item=${randomUUID()}`, { data: await image('png') }, asAdmin()),
          404,
          'not_found',
        );
      }
    });

    it('lets whoever may edit an item’s page upload for the item, and shows it like the page', async () => {
      const onRolesPage = await createListItem(rolesBlock);
      const onDraftPage = await createListItem(unpublishedBlock);
      expectApiError(
        await upload(`item=${onRolesPage}`, { data: await image('png') }, asMember()),
        403,
        'forbidden',
      );
      const editors = { cookie: editor.cookie, 'x-xsrf-token': editor.xsrf };
      const published = await uploadOk(`item=${onRolesPage}`, await image('png'), editors);
      expect((await get(`/a/${published.guid}`)).statusCode).toBe(200);
      const draft = await uploadOk(`item=${onDraftPage}`, await image('png'));
      expectApiError(await get(`/a/${draft.guid}`), 404, 'not_found');
      expectApiError(
        await upload(`item=${randomUUID()}`, { data: await image('png') }, asAdmin()),
        404,
        'not_found',
      );
    });

    it('answers 400 without exactly one purpose flag, or without the Image field', async () => {
      expectApiError(await upload('', { data: await image('png') }, asAdmin()), 400, 'validation_failed');
      expectApiError(
        await upload('public&profile', { data: await image('png') }, asAdmin()),
        400,
        'validation_failed',
      );
      expectApiError(
        await upload('block=geen-guid', { data: await image('png') }, asAdmin()),
        400,
        'validation_failed',
      );
      expectApiError(
        await upload('public', { data: await image('png'), field: 'Bestand' }, asAdmin()),
        400,
        'bad_request',
      );
      const json = await test.app.inject({
        method: 'POST',
        url: '/a/upload?public',
        headers: asAdmin(),
        payload: { image: 'x' },
      });
      expectApiError(json, 400, 'bad_request');
    });

    it('answers 400 to a broken multipart body (no boundary, cut off, garbage), never 500', async () => {
      const boundary = '----bouwsteen';
      const head = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="Image"; filename="foto.png"',
        'Content-Type: image/png',
        '',
        '',
      ].join('\r\n');
      const cases: Array<{ contentType: string; payload: Buffer }> = [
        { contentType: 'multipart/form-data', payload: Buffer.from('{}') },
        { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from('') },
        { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from('niet multipart') },
        {
          contentType: `multipart/form-data; boundary=${boundary}`,
          payload: Buffer.concat([Buffer.from(head), (await image('png')).subarray(0, 40)]),
        },
      ];
      for (const { contentType, payload } of cases) {
        const response = await test.app.inject({
          method: 'POST',
          url: '/a/upload?public',
          headers: { ...asAdmin(), 'content-type': contentType },
          payload,
        });
        expectApiError(response, 400, 'bad_request');
      }
    });
  });
});

describe('GET /a/{guid}', () => {
  let large: Uploaded;
  beforeAll(async () => {
    large = await uploadOk('public', await image('jpeg', 4000, 3000), asAdmin(), 'groot.jpg');
  });

  it('serves WebP by default, with a strong ETag and immutable public caching for the file version asked', async () => {
    const response = await get(`/a/${large.guid}?width=800&v=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}-w800-h0-q80-inside\.webp"$/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Without the version (or with another one) the URL shows whatever file the asset has now: an hour.
    expect((await get(`/a/${large.guid}?width=800`)).headers['cache-control']).toBe('public, max-age=3600');
    expect((await get(`/a/${large.guid}?width=800&v=2`)).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    expect(await dimensions(response)).toEqual({ width: 800, height: 600, format: 'webp' });
  });

  it('rounds sizes to steps of 50 (333 gives 350)', async () => {
    const response = await get(`/a/${large.guid}?width=333`);
    expect(await dimensions(response)).toMatchObject({ width: 350 });
    expect(response.headers.etag).toContain('-w350-');
  });

  it('caps sizes at 3000, and never enlarges beyond the original', async () => {
    expect(await dimensions(await get(`/a/${large.guid}?width=5000`))).toMatchObject({
      width: 3000,
      height: 2250,
    });
    const small = await uploadOk('public', await image('png', 400, 300));
    expect(await dimensions(await get(`/a/${small.guid}?width=1200&format=png`))).toEqual({
      width: 400,
      height: 300,
      format: 'png',
    });
  });

  it('honours fit, quality and format (jpeg, png)', async () => {
    const cover = await get(`/a/${large.guid}?width=200&height=200&fit=cover&format=jpeg&quality=50`);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(await dimensions(cover)).toEqual({ width: 200, height: 200, format: 'jpeg' });
  });

  it('answers 304 to a repeat with If-None-Match', async () => {
    const first = await get(`/a/${large.guid}?width=400`);
    const etag = String(first.headers.etag);
    const again = await get(`/a/${large.guid}?width=400`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Another size is another ETag.
    expect((await get(`/a/${large.guid}?width=450`, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('computes a new variant once for two concurrent first requests', async () => {
    const before = transformStats.computed;
    const [a, b] = await Promise.all([
      get(`/a/${large.guid}?width=1000`),
      get(`/a/${large.guid}?width=1000`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(transformStats.computed - before).toBe(1);
    // And a later request is served from the cache.
    await get(`/a/${large.guid}?width=1000`);
    expect(transformStats.computed - before).toBe(1);
  });

  it('serves the placeholder (made at upload) without computing it again', async () => {
    const before = transformStats.computed;
    const response = await get(`/a/${large.guid}?width=100&height=100&quality=1`);
    expect(await dimensions(response)).toEqual({ width: 100, height: 75, format: 'webp' });
    expect(transformStats.computed).toBe(before);
  });

  it('picks AVIF for format=auto when the browser accepts it, and varies on Accept', async () => {
    const avif = await get(`/a/${large.guid}?width=300&format=auto`, { accept: 'image/avif,image/webp,*/*' });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toMatch(/accept/i);
    const webp = await get(`/a/${large.guid}?width=300&format=auto`, { accept: 'image/webp,*/*' });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.etag).not.toBe(avif.headers.etag);
  });

  it('uses the first frame of a GIF', async () => {
    const gif = await uploadOk('public', await image('gif', 120, 80));
    expect(await dimensions(await get(`/a/${gif.guid}?format=png`))).toEqual({
      width: 120,
      height: 80,
      format: 'png',
    });
  });

  it('names the download with Content-Disposition only', async () => {
    const response = await get(`/a/${large.guid}?width=400&name=zomer/strand.jpg`);
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="zomerstrand.webp"; filename*=UTF-8''zomerstrand.webp`,
    );
    expect(response.headers.etag).toBe((await get(`/a/${large.guid}?width=400`)).headers.etag);
  });

  it('answers 400 with a stable code to bad parameters, and 404 to an unknown guid', async () => {
    for (const query of [
      'quality=0',
      'quality=101',
      'width=0',
      'width=abc',
      'width=1e3',
      'fit=stretch',
      'format=tiff',
    ]) {
      expectApiError(await get(`/a/${large.guid}?${query}`), 400, 'validation_failed');
    }
    expectApiError(await get(`/a/${randomUUID()}`), 404, 'not_found');
  });

  describe('visibility', () => {
    it('hides a block image on an unpublished page from visitors (404), not from admins', async () => {
      const body = await uploadOk(`block=${unpublishedBlock}`, await image('png'));
      expectApiError(await get(`/a/${body.guid}`), 404, 'not_found');
      expectApiError(await get(`/a/${body.guid}`, { cookie: member.cookie }), 404, 'not_found');
      const seen = await get(`/a/${body.guid}`, { cookie: admin.cookie });
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, max-age=3600');
    });

    it('shows a block image on a published page to everyone, cached publicly', async () => {
      const body = await uploadOk(`block=${publishedBlock}`, await image('png'));
      const response = await get(`/a/${body.guid}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('shows a block image on a members-only page only to holders of its role and admins, never cached publicly', async () => {
      const body = await uploadOk(`block=${membersBlock}`, await image('png'));
      const visitor = await get(`/a/${body.guid}`);
      expect([403, 404]).toContain(visitor.statusCode);
      const outsider = await get(`/a/${body.guid}`, { cookie: member.cookie });
      expect([403, 404]).toContain(outsider.statusCode);
      for (const cookie of [insider.cookie, admin.cookie]) {
        const seen = await get(`/a/${body.guid}`, { cookie });
        expect(seen.statusCode).toBe(200);
        expect(seen.headers['cache-control']).toBe('private, max-age=3600');
      }
      const placeholder = await get(`/a/${body.guid}?width=50`, { cookie: member.cookie });
      expect([403, 404]).toContain(placeholder.statusCode);
    });

    it('hides the image of a list item dated in the future, and of its blocks, from visitors until the date, not from its editors', async () => {
      const item = await createListItem(rolesBlock);
      const itemBlock = randomUUID();
      const date = new Date(Date.now() + 24 * 60 * 60 * 1000);
      await test.database.db.execute(
        sql`UPDATE list_items SET published_on = ${date.toISOString()},
              content = ${JSON.stringify([{ guid: itemBlock, name: 'image' }])}::jsonb
            WHERE id = ${item}`,
      );
      const editors = { cookie: editor.cookie, 'x-xsrf-token': editor.xsrf };
      const images = [
        (await uploadOk(`item=${item}`, await image('png'), editors)).guid,
        (await uploadOk(`block=${itemBlock}`, await image('png'), editors)).guid,
      ];
      for (const guid of images) {
        expectApiError(await get(`/a/${guid}?width=400`), 404, 'not_found');
        expectApiError(await get(`/a/${guid}?width=400`, { cookie: member.cookie }), 404, 'not_found');
        for (const cookie of [editor.cookie, admin.cookie]) {
          const seen = await get(`/a/${guid}?width=400`, { cookie });
          expect(seen.statusCode).toBe(200);
          expect(seen.headers['cache-control']).toBe('private, max-age=3600');
        }
      }
      // Once the date has passed (the owner lookup is cached per content version: the date alone decides).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(date.getTime() + 1000);
      try {
        for (const guid of images) {
          const response = await get(`/a/${guid}?width=400`);
          expect(response.statusCode).toBe(200);
          expect(response.headers['cache-control']).toBe('public, max-age=3600');
        }
      } finally {
        vi.useRealTimers();
      }
    });

    it('shows profile photos to signed-in members only, privately cached', async () => {
      const body = await uploadOk('profile', await image('png'), {
        cookie: editor.cookie,
        'x-xsrf-token': editor.xsrf,
      });
      expectApiError(await get(`/a/${body.guid}`), 404, 'not_found');
      const response = await get(`/a/${body.guid}`, { cookie: member.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
    });
  });
});
