import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORM_FILE_MAX_BYTES } from '../../common/forms/files.ts';
import { TOP_LEVEL_MENU } from '../../common/site.ts';
import { buildUser } from '../../test/accounts.ts';
import {
  bearerFor,
  createTestApp,
  createTestDatabase,
  expectApiError,
  type TestApp,
} from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { formPostLimit } from '../domains/forms/uploads.ts';
import { scratchSpaceFor } from '../media/scratch.ts';
import { createMenu, createMenuItem, createPage } from '../seed/builders.ts';

/**
 * Issue 34, item 4: a multipart body is refused before it is read unless its route takes uploads
 * from this caller (a page whose form has a file question and takes this visitor, or `/a/upload`
 * for those who may upload), within that route's size; the scratch space of uploads has a cap.
 * Over real HTTP, with bodies made as they are sent (never held in memory): the site's catch-all
 * route runs on a stand-in build (test/site-build) whose action is the content page's.
 */

const MB = 1024 * 1024;
const BOUNDARY = '----bouwsteen-upload-gate';
const BUILD_DIR = path.resolve('test/site-build');
const PDF_HEAD = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';

let dataDir: string;
let database: DatabaseHandle;
let site: TestApp;
let origin: string;
let admin: { authorization: string };
let fileFormGuid = '';
let textFormGuid = '';

/** A form through the API: created with these questions and published. */
async function publishedForm(
  title: string,
  fields: unknown[],
  settings: Record<string, unknown> = {},
): Promise<string> {
  const created = await site.app.inject({
    method: 'POST',
    url: '/api/forms',
    headers: admin,
    payload: { title, settings: { acceptsSubmissionsOffPage: true, ...settings }, draft: { fields } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const guid = (created.json() as { guid: string }).guid;
  const published = await site.app.inject({
    method: 'POST',
    url: `/api/forms/${guid}/publish`,
    headers: admin,
  });
  expect(published.statusCode, published.body).toBe(200);
  return guid;
}

/** A published page at /{segment}, with a form block naming `formGuid` (or no block). */
async function pageAt(segment: string, formGuid: string | null) {
  const { db } = site.app.database;
  const page = await createPage(db, {
    name: segment,
    title: segment,
    blocks: formGuid
      ? [{ name: 'form', content: { nl: { title: 'Formulier', intro: '' } }, options: { formGuid } }]
      : [],
  });
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  await createMenuItem(db, { menuId: menu.id, urlSegment: segment, name: segment, pageId: page.id });
}

const FILE_FIELDS = [
  { key: 'naam', kind: 'shortText', label: { nl: 'Naam' }, required: true },
  { key: 'bijlage', kind: 'file', label: { nl: 'Bijlage' }, required: true },
];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-upload-gate-'));
  database = await createTestDatabase();
  site = await createTestApp({
    database,
    web: true,
    config: { dataDir, buildDir: BUILD_DIR, trustProxy: 1 },
  });
  await site.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
  const user = await buildUser(database.db, { email: 'beheer@example.nl', isAdmin: true });
  admin = await bearerFor(database.db, user.id);

  fileFormGuid = await publishedForm('Bestanden', FILE_FIELDS);
  textFormGuid = await publishedForm('Vragen', [FILE_FIELDS[0]]);
  const membersFormGuid = await publishedForm('Leden', FILE_FIELDS, { audience: 'Users' });
  const closedFormGuid = await publishedForm('Gesloten', FILE_FIELDS, { state: 'Closed' });
  await pageAt('zonder-formulier', null);
  await pageAt('vragen', textFormGuid);
  await pageAt('bestanden', fileFormGuid);
  await pageAt('leden', membersFormGuid);
  await pageAt('gesloten', closedFormGuid);
}, 120_000);

afterAll(async () => {
  await site.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Bytes in the upload scratch directories (and everything else under DATA_DIR) right now. */
async function diskUse(directory = dataDir): Promise<number> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) total += await diskUse(full);
    else total += (await stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Samples the disk use every 10 ms while `work` runs: the most it reached. */
async function peakDiskUseDuring<T>(work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = await diskUse();
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await diskUse());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await work, peak };
  } finally {
    running = false;
    await sampler;
  }
}

type Body = { stream: Readable; length: number; pulled: () => number };

/**
 * A multipart body of `size` bytes in total: a text field, then one file part of zeros made chunk by
 * chunk as the connection takes them (nothing held in memory); `pulled` says how much was made.
 */
function multipartBody(
  size: number,
  input: { fields?: Record<string, string>; fileField?: string } = {},
): Body {
  const fields = Object.entries(input.fields ?? { naam: 'Anna' })
    .map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${fields}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${input.fileField ?? 'bijlage'}"; filename="groot.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF_HEAD}`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const filler = size - head.length - tail.length;
  const chunk = Buffer.alloc(64 * 1024);
  let pulled = 0;
  const stream = Readable.from(
    (async function* () {
      pulled += head.length;
      yield head;
      for (let left = filler; left > 0; left -= chunk.length) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        pulled += part.length;
        yield part;
      }
      pulled += tail.length;
      yield tail;
    })(),
  );
  return { stream, length: size, pulled: () => pulled };
}

type Answer = {
  status: number;
  code: string | undefined;
  headers: http.IncomingHttpHeaders;
  ms: number;
  pulled: number;
};

/**
 * Posts `body` over HTTP (with its Content-Length, or chunked without one) and resolves with the
 * answer as soon as it has come, whatever is still being sent.
 */
function post(
  url: string,
  body: Body,
  input: { withLength: boolean; headers?: Record<string, string>; origin?: string },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${input.origin ?? origin}${url}`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(input.withLength ? { 'content-length': String(body.length) } : {}),
        ...input.headers,
      },
    });
    let answered = false;
    request.on('response', (response) => {
      const ms = performance.now() - started;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answered = true;
        const text = Buffer.concat(chunks).toString('utf8');
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
        } catch {
          code = undefined;
        }
        // Stop sending: the answer is in.
        body.stream.destroy();
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          code,
          headers: response.headers,
          ms,
          pulled: body.pulled(),
        });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    body.stream.on('error', () => {});
    body.stream.pipe(request);
  });
}

let address = 0;
const anonymous = () => ({
  'x-forwarded-for': `10.34.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
});

describe('a multipart body where no upload is taken', () => {
  const TEN_POSTS = 10;
  const SIZE = 150 * MB;
  const cases = [
    {
      name: 'a site path without a form',
      url: '/zonder-formulier',
      status: 415,
      code: 'upload_not_accepted',
    },
    { name: 'a path no page is at', url: '/nergens/iets', status: 415, code: 'upload_not_accepted' },
    {
      name: 'a page whose form has no file question',
      url: '/vragen',
      status: 415,
      code: 'upload_not_accepted',
    },
    { name: '/a/upload, anonymously', url: '/a/upload?public', status: 401, code: 'unauthorized' },
    {
      name: 'a page with a file form, past its limit',
      url: '/bestanden',
      status: 413,
      code: 'payload_too_large',
    },
  ];
  for (const target of cases) {
    it(`is refused unread at ${target.name}: ten 150 MB posts with their length leave the disk as it was`, async () => {
      const before = await diskUse();
      const { result, peak } = await peakDiskUseDuring(
        Promise.all(
          Array.from({ length: TEN_POSTS }, () =>
            post(target.url, multipartBody(SIZE), { withLength: true, headers: anonymous() }),
          ),
        ),
      );
      for (const answer of result) {
        expect({ status: answer.status, code: answer.code }).toEqual({
          status: target.status,
          code: target.code,
        });
        // At once: the answer does not wait for the body.
        expect(answer.ms).toBeLessThan(3000);
        // Of the 150 MB, the client got to send little more than what the sockets buffer.
        expect(answer.pulled).toBeLessThan(24 * MB);
      }
      expect(peak).toBe(before);
      expect(await diskUse()).toBe(before);
      console.info(
        `${target.url} with Content-Length: ${result.map((answer) => Math.round(answer.ms)).join(', ')} ms; ` +
          `sent at most ${(Math.max(...result.map((answer) => answer.pulled)) / MB).toFixed(1)} MB of 150; disk ${before} → ${peak} bytes`,
      );
    }, 60_000);
  }

  for (const target of cases.slice(0, 4)) {
    it(`is refused unread at ${target.name}: ten 150 MB posts streamed without a length leave the disk as it was`, async () => {
      const before = await diskUse();
      const { result, peak } = await peakDiskUseDuring(
        Promise.all(
          Array.from({ length: TEN_POSTS }, () =>
            post(target.url, multipartBody(SIZE), { withLength: false, headers: anonymous() }),
          ),
        ),
      );
      for (const answer of result) {
        expect({ status: answer.status, code: answer.code }).toEqual({
          status: target.status,
          code: target.code,
        });
        expect(answer.ms).toBeLessThan(3000);
        expect(answer.pulled).toBeLessThan(24 * MB);
      }
      expect(peak).toBe(before);
      expect(await diskUse()).toBe(before);
    }, 60_000);
  }

  it('cuts a streamed post to a file form off at its limit, and leaves no scratch file behind', async () => {
    const limit = formPostLimit(1);
    const before = await diskUse();
    const { result, peak } = await peakDiskUseDuring(
      post(
        '/bestanden',
        multipartBody(150 * MB, { fields: { naam: 'Anna', _form: fileFormGuid, _version: '1' } }),
        {
          withLength: false,
          headers: anonymous(),
        },
      ),
    );
    // The page's form says the post was too large (the content page's 400 with its message).
    expect(result.status).toBe(400);
    // Read no further than the form's limit (and what the sockets buffer).
    expect(result.pulled).toBeLessThan(limit + 24 * MB);
    // A file is never kept past the media limit while it streams in.
    expect(peak - before).toBeLessThanOrEqual(FORM_FILE_MAX_BYTES + 1);
    expect(await diskUse()).toBe(before);
    expect(scratchSpaceFor(site.app.config).usedBytes).toBe(0);
  }, 60_000);

  it("answers by the form's rules before reading: members only, closed, another method, the JSON API", async () => {
    const small = () => multipartBody(64 * 1024);
    const refused = async (url: string, status: number, code: string) => {
      const answer = await post(url, small(), { withLength: true, headers: anonymous() });
      expect({ url, status: answer.status, code: answer.code }).toEqual({ url, status, code });
    };
    await refused('/leden', 401, 'unauthorized');
    await refused('/gesloten', 409, 'form_closed');
    // A JSON route takes no multipart body at all.
    await refused('/api/pages', 415, 'upload_not_accepted');
    // The JSON API's submission: only for a form with a file question, one that exists.
    await refused('/api/forms/00000000-0000-4000-8000-000000000000/submissions', 404, 'not_found');
    await refused(`/api/forms/${textFormGuid}/submissions`, 415, 'upload_not_accepted');

    const put = await site.app.inject({
      method: 'PUT',
      url: '/bestanden',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: 'x'.repeat(1000),
    });
    expectApiError(put, 415, 'upload_not_accepted');
    const english = await site.app.inject({
      method: 'POST',
      url: '/zonder-formulier',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'accept-language': 'en' },
      payload: 'x'.repeat(1000),
    });
    expectApiError(english, 415, 'upload_not_accepted', 'en');
  });
});

describe('a form post without files to a page', () => {
  /** A URL-encoded body of `size` bytes (one long answer), made as it is sent. */
  function encodedBody(size: number): Body {
    const head = Buffer.from(`_form=${fileFormGuid}&_version=1&naam=`);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let pulled = 0;
    const stream = Readable.from(
      (async function* () {
        pulled += head.length;
        yield head;
        for (let left = size - head.length; left > 0; left -= chunk.length) {
          const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
          pulled += part.length;
          yield part;
        }
      })(),
    );
    return { stream, length: size, pulled: () => pulled };
  }
  const encoded = { 'content-type': 'application/x-www-form-urlencoded' };

  it('is refused on a declared length past what answers may hold, and cut off there without one', async () => {
    const declared = await post('/bestanden', encodedBody(150 * MB), {
      withLength: true,
      headers: { ...anonymous(), ...encoded },
    });
    expect({ status: declared.status, code: declared.code }).toEqual({
      status: 413,
      code: 'payload_too_large',
    });
    expect(declared.pulled).toBeLessThan(24 * MB);

    const streamed = await post('/bestanden', encodedBody(150 * MB), {
      withLength: false,
      headers: { ...anonymous(), ...encoded },
    });
    // The page's action could not read the post: a 400, after no more than the limit was read.
    expect(streamed.status).toBe(400);
    expect(streamed.pulled).toBeLessThan(16 * MB + 24 * MB);
  }, 60_000);
});

describe('a form with a file question', () => {
  it('takes a file within its limit through its page, and through the JSON API', async () => {
    const before = await diskUse();
    const size = 2 * MB;
    const page = await post(
      '/bestanden',
      multipartBody(size, { fields: { naam: 'Anna', _form: fileFormGuid, _version: '1' } }),
      { withLength: true, headers: anonymous() },
    );
    expect(page.status).toBe(201);

    const api = await post(
      `/api/forms/${fileFormGuid}/submissions`,
      multipartBody(size, {
        fields: { submission: JSON.stringify({ version: 1, answers: { naam: 'Bert' } }) },
      }),
      { withLength: false, headers: anonymous() },
    );
    expect(api.status).toBe(201);
    // Both files were kept (private storage), and no scratch file is left.
    const kept = await diskUse(path.join(dataDir, 'form-files', 'originals'));
    expect(kept).toBeGreaterThanOrEqual(2 * (size - 1024));
    expect(await diskUse(path.join(dataDir, 'form-files', 'tmp'))).toBe(0);
    expect(await diskUse()).toBeGreaterThan(before);
    expect(scratchSpaceFor(site.app.config).usedBytes).toBe(0);
  });

  it("takes it through the page's data URL too, where the form posts with JavaScript", async () => {
    const originals = path.join(dataDir, 'form-files', 'originals');
    const before = await diskUse(originals);
    const answer = await post(
      '/bestanden.data',
      multipartBody(MB, { fields: { naam: 'Carla', _form: fileFormGuid, _version: '1' } }),
      { withLength: true, headers: anonymous() },
    );
    expect(answer.status).toBe(201);
    expect(await diskUse(originals)).toBeGreaterThan(before);
    // The home page's data URL is the home page's: without a form there, no upload.
    const home = await post('/_.data', multipartBody(MB), { withLength: true, headers: anonymous() });
    expect({ status: home.status, code: home.code }).toEqual({ status: 415, code: 'upload_not_accepted' });
  });

  it('keeps no file sent with a post that names a form not on the page', async () => {
    const other = await publishedForm('Elders', FILE_FIELDS);
    const before = await diskUse(path.join(dataDir, 'form-files', 'originals'));
    const answer = await post(
      '/bestanden',
      multipartBody(MB, { fields: { naam: 'Anna', _form: other, _version: '1' } }),
      { withLength: true, headers: anonymous() },
    );
    // The form is told its file question got no file.
    expect(answer.status).toBe(400);
    expect(await diskUse(path.join(dataDir, 'form-files', 'originals'))).toBe(before);
  });
});

/** Starts a streamed post and breaks the connection once `bytes` were sent, halfway through the upload. */
async function abortAfter(url: string, body: Body, bytes: number, headers: Record<string, string>) {
  const request = http.request(`${origin}${url}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });
  request.on('error', () => {});
  body.stream.pipe(request);
  await vi.waitFor(() => expect(body.pulled()).toBeGreaterThan(bytes), { timeout: 10_000, interval: 5 });
  request.destroy();
  body.stream.destroy();
}

describe('an upload broken off halfway', () => {
  it('leaves no scratch file and gives its place under the cap back (a page post, the API, /a/upload)', async () => {
    const scratch = scratchSpaceFor(site.app.config);
    const scratchDirs = [path.join(dataDir, 'form-files', 'tmp'), path.join(dataDir, 'media', 'tmp')];
    const scratchUse = async () =>
      (await Promise.all(scratchDirs.map((dir) => diskUse(dir)))).reduce((a, b) => a + b);
    const submission = JSON.stringify({ version: 1, answers: { naam: 'Anna' } });
    const before = await diskUse();
    const { peak } = await peakDiskUseDuring(
      Promise.all([
        abortAfter(
          '/bestanden',
          multipartBody(20 * MB, { fields: { naam: 'Anna', _form: fileFormGuid, _version: '1' } }),
          8 * MB,
          anonymous(),
        ),
        abortAfter(
          `/api/forms/${fileFormGuid}/submissions`,
          multipartBody(20 * MB, { fields: { submission } }),
          8 * MB,
          anonymous(),
        ),
        abortAfter('/a/upload?public', multipartBody(20 * MB, { fileField: 'Image' }), 8 * MB, admin),
      ]),
    );
    // They were being written to scratch files when the connections broke.
    expect(peak).toBeGreaterThan(before);
    await vi.waitFor(
      async () => {
        expect(await scratchUse()).toBe(0);
        expect(scratch.usedBytes).toBe(0);
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});

describe('the scratch space of uploads', () => {
  let capped: TestApp;
  let cappedOrigin: string;
  const CAP = 8 * MB;

  beforeAll(async () => {
    // A second node on the same data, with a small cap (its own scratch space: another cap).
    capped = await createTestApp({ database, config: { dataDir, uploadScratchMaxBytes: CAP } });
    await capped.app.listen({ host: '127.0.0.1', port: 0 });
    cappedOrigin = `http://127.0.0.1:${(capped.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await capped.close();
  });

  it('holds its cap under concurrent uploads: the rest get 503 scratch_full with Retry-After', async () => {
    const scratchDirs = [path.join(dataDir, 'form-files', 'tmp'), path.join(dataDir, 'media', 'tmp')];
    const scratchUse = async () =>
      (await Promise.all(scratchDirs.map((dir) => diskUse(dir)))).reduce((a, b) => a + b);
    expect(await scratchUse()).toBe(0);
    const url = `/api/forms/${fileFormGuid}/submissions`;
    const submission = JSON.stringify({ version: 1, answers: { naam: 'Anna' } });
    const send = (withLength: boolean) =>
      post(url, multipartBody(3 * MB, { fields: { submission } }), {
        withLength,
        headers: admin,
        origin: cappedOrigin,
      });
    const counted = scratchSpaceFor(capped.app.config);
    let peak = 0;
    let peakCounted = 0;
    let running = true;
    const sampler = (async () => {
      while (running) {
        peak = Math.max(peak, await scratchUse());
        peakCounted = Math.max(peakCounted, counted.usedBytes);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    // Declared lengths are reserved as the uploads are let in: two of 3 MB fit in 8 MB, the others
    // are refused before they are read (unless one has finished by then).
    const declared = await Promise.all(Array.from({ length: 6 }, () => send(true)));
    // Streamed ones are counted as they are written: whoever would pass the cap is refused then.
    const streamed = await Promise.all(Array.from({ length: 6 }, () => send(false)));
    running = false;
    await sampler;

    const count = (answers: Answer[], status: number) =>
      answers.filter((answer) => answer.status === status).length;
    // Two at a time fit; one that finished makes room for a later one.
    expect(count(declared, 201)).toBeGreaterThanOrEqual(2);
    expect(count(declared, 503)).toBeGreaterThanOrEqual(1);
    expect(count(declared, 201) + count(declared, 503)).toBe(6);
    expect(count(streamed, 201) + count(streamed, 503)).toBe(6);
    for (const answer of [...declared, ...streamed].filter((entry) => entry.status === 503)) {
      expect(answer.code).toBe('scratch_full');
      expect(answer.headers['retry-after']).toBe('30');
    }
    expect(peak).toBeLessThanOrEqual(CAP);
    expect(peakCounted).toBeLessThanOrEqual(CAP);
    expect(await scratchUse()).toBe(0);
    expect(counted.usedBytes).toBe(0);
    console.info(
      `scratch cap ${CAP / MB} MB, 6 + 6 concurrent 3 MB posts (declared, streamed): ` +
        `${count(declared, 201)} + ${count(streamed, 201)} taken, ${count(declared, 503)} + ${count(streamed, 503)} refused (503), ` +
        `peak scratch ${(peak / MB).toFixed(1)} MB`,
    );
  }, 60_000);
});
