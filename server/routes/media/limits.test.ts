import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/accounts.ts';
import {
  bearerFor,
  createTestApp,
  createTestDatabase,
  expectApiError,
  type TestApp,
} from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { transformStats } from '../../media/transform.ts';

/**
 * Issue 9: the bounds on image transforms, through the route. Renders are held with
 * `transformStats.hold` once they have their slot, so the gate is exactly as full as each test
 * makes it; the only timer is the 50 ms queue timeout of the impatient app.
 */

let dataDir: string;
let database: DatabaseHandle;
/** One transform at a time, two may wait, two per client; waits long enough never to time out here. */
let busy: TestApp;
/** The same, but a queued transform gives up after 50 ms. */
let impatient: TestApp;
let admin: { authorization: string };
let photo: string;
let huge: string;

const LIMITS = {
  mediaTransformConcurrency: 1,
  mediaTransformQueue: 2,
  mediaTransformPerClient: 2,
  mediaAvifMaxPixels: 1_000_000,
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-media-limits-'));
  database = await createTestDatabase();
  busy = await createTestApp({
    database,
    config: { dataDir, ...LIMITS, mediaTransformQueueTimeoutMs: 60_000 },
  });
  impatient = await createTestApp({
    database,
    config: { dataDir, ...LIMITS, mediaTransformQueueTimeoutMs: 50 },
  });
  const user = await buildUser(database.db, { email: 'beheer@example.nl', isAdmin: true });
  admin = await bearerFor(database.db, user.id);
  photo = await upload(await jpeg(1600, 1200, '#3a7bd5'));
  // 98.9 megapixels, just under the upload limit; one colour, so it is small and quick to make.
  huge = await upload(await jpeg(11_500, 8_600, '#d5793a'));
});

afterEach(() => {
  // A failed test must not leave renders held: they would fill the gate for the next one.
  releaseRenders?.();
});

afterAll(async () => {
  await busy.close();
  await impatient.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

function jpeg(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background }, limitInputPixels: false })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const BOUNDARY = '----bouwsteen-limits-boundary';

function uploadRequest(data: Buffer) {
  return busy.app.inject({
    method: 'POST',
    url: '/a/upload?public',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...admin },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="Image"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
}

async function upload(data: Buffer): Promise<string> {
  const response = await uploadRequest(data);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { guid: string }).guid;
}

/** A visitor's GET from its own address. */
function get(test: TestApp, url: string, ip: string, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'GET', url, remoteAddress: ip, headers });
}

let releaseRenders: (() => void) | null = null;

/** Holds every render that gets a slot until the returned function (or the end of the test) releases them. */
function holdRenders(): () => void {
  let resolve: () => void = () => {};
  transformStats.hold = new Promise<void>((done) => {
    resolve = done;
  });
  releaseRenders = () => {
    transformStats.hold = null;
    releaseRenders = null;
    resolve();
  };
  return releaseRenders;
}

/** Waits (polling, no fixed sleep) until the gate shows this many transforms running and waiting. */
async function gateIs(running: number, waiting: number): Promise<void> {
  await vi.waitFor(
    () =>
      expect({ running: transformStats.running, waiting: transformStats.waiting }).toEqual({
        running,
        waiting,
      }),
    {
      timeout: 5000,
      interval: 5,
    },
  );
}

async function size(response: LightMyRequestResponse) {
  const metadata = await sharp(response.rawPayload).metadata();
  return { width: metadata.width, height: metadata.height, format: metadata.format };
}

function expectBusy(response: LightMyRequestResponse, retryAfter: string, locale: 'nl' | 'en' = 'nl') {
  expectApiError(response, 503, 'service_unavailable', locale);
  expect(response.headers['retry-after']).toBe(retryAfter);
  // A refusal must not be cached as if it were the image.
  expect(response.headers.etag).toBeUndefined();
  expect(String(response.headers['cache-control'] ?? '')).not.toContain('immutable');
}

describe('the admission gate for image transforms', () => {
  it('answers 503 with Retry-After when the queue is full, while a cached variant still answers 200', async () => {
    const cached = await get(busy, `/a/${photo}?width=400`, '192.0.2.10');
    expect(cached.statusCode).toBe(200);

    const release = holdRenders();
    const running = get(busy, `/a/${photo}?width=450`, '192.0.2.1');
    await gateIs(1, 0);
    const waiting = [
      get(busy, `/a/${photo}?width=500`, '192.0.2.2'),
      get(busy, `/a/${photo}?width=550`, '192.0.2.3'),
    ];
    await gateIs(1, 2);

    expectBusy(await get(busy, `/a/${photo}?width=300`, '192.0.2.4'), '60');
    expectBusy(
      await get(busy, `/a/${photo}?width=300`, '192.0.2.4', { 'accept-language': 'en' }),
      '60',
      'en',
    );
    // An upload decodes its image through the same gate, and says so rather than blaming the file.
    expectBusy(await uploadRequest(await jpeg(320, 240, '#123456')), '60');

    // The gate is still full, and the cached variant does not wait for it.
    const again = await get(busy, `/a/${photo}?width=400`, '192.0.2.4');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(cached.rawPayload)).toBe(true);
    expect(again.headers['cache-control']).toBe('public, max-age=3600');
    await gateIs(1, 2);

    release();
    for (const response of await Promise.all([running, ...waiting])) expect(response.statusCode).toBe(200);
    await gateIs(0, 0);
  });

  it('bounds one client’s transforms while another client still gets through', async () => {
    const release = holdRenders();
    const first = get(busy, `/a/${photo}?width=650`, '198.51.100.1');
    await gateIs(1, 0);
    const second = get(busy, `/a/${photo}?width=700`, '198.51.100.1');
    await gateIs(1, 1);
    // The third from the same address is refused although the queue has room…
    expectBusy(await get(busy, `/a/${photo}?width=750`, '198.51.100.1'), '60');
    // …which another client then gets.
    const other = get(busy, `/a/${photo}?width=750`, '198.51.100.2');
    await gateIs(1, 2);

    release();
    for (const response of await Promise.all([first, second, other])) expect(response.statusCode).toBe(200);
    await gateIs(0, 0);
  });

  it('answers 503 to a queued request that waits past the timeout', async () => {
    const release = holdRenders();
    const running = get(impatient, `/a/${photo}?width=1050`, '203.0.113.1');
    await gateIs(1, 0);
    // The render above is held until after this answer: only the 50 ms timeout can end the wait.
    const waited = await get(impatient, `/a/${photo}?width=1100`, '203.0.113.2');
    expectBusy(waited, '1');
    expect(transformStats.waiting).toBe(0);

    release();
    expect((await running).statusCode).toBe(200);
    // Once there is room, the same request is served.
    expect((await get(impatient, `/a/${photo}?width=1100`, '203.0.113.2')).statusCode).toBe(200);
  });

  it('computes a new variant once for concurrent requests, the later ones taking no place in the queue', async () => {
    const computed = transformStats.computed;
    const joined = transformStats.joined;
    const release = holdRenders();
    const first = get(busy, `/a/${photo}?width=900`, '192.0.2.21');
    await gateIs(1, 0);
    // Two other variants fill the queue: anything more that needed a place would be refused.
    const others = [
      get(busy, `/a/${photo}?width=950`, '192.0.2.24'),
      get(busy, `/a/${photo}?width=1000`, '192.0.2.25'),
    ];
    await gateIs(1, 2);
    const later = [
      get(busy, `/a/${photo}?width=900`, '192.0.2.22'),
      get(busy, `/a/${photo}?width=900`, '192.0.2.23'),
      get(busy, `/a/${photo}?width=900`, '192.0.2.21'),
    ];
    await vi.waitFor(() => expect(transformStats.joined - joined).toBe(3), { timeout: 5000, interval: 5 });
    await gateIs(1, 2);

    release();
    const responses = await Promise.all([first, ...later]);
    const [bytes] = responses.map((response) => response.rawPayload);
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(bytes && response.rawPayload.equals(bytes)).toBe(true);
    }
    for (const response of await Promise.all(others)) expect(response.statusCode).toBe(200);
    // The variant once, the two others once each.
    expect(transformStats.computed - computed).toBe(3);
  });
});

describe('the work of one transform of a 99-megapixel original', () => {
  const avif = { accept: 'image/avif,image/webp,*/*' };

  it('refuses an explicit AVIF above the pixel budget with 400, before any work', async () => {
    const before = transformStats.computed;
    const response = await get(busy, `/a/${huge}?width=3000&format=avif`, '192.0.2.30');
    const body = expectApiError(response, 400, 'validation_failed');
    expect(body.error.details?.[0]?.path).toBe('querystring/format');
    expect(transformStats.computed).toBe(before);
  });

  it('answers format=auto above the budget with WebP, and with AVIF for a variant within it', async () => {
    const large = await get(busy, `/a/${huge}?width=3000&format=auto`, '192.0.2.30', avif);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers.vary).toMatch(/accept/i);
    expect(await size(large)).toEqual({ width: 3000, height: 2243, format: 'webp' });

    const small = await get(busy, `/a/${huge}?width=800&format=auto`, '192.0.2.30', avif);
    expect(small.headers['content-type']).toBe('image/avif');
    expect(await size(small)).toMatchObject({ width: 800, format: 'heif' });
  });

  it('never encodes the whole original: without a size the variant fits inside 3000×3000', async () => {
    const response = await get(busy, `/a/${huge}`, '192.0.2.30');
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toContain('-w3000-h3000-q80-inside.webp');
    expect(await size(response)).toEqual({ width: 3000, height: 2243, format: 'webp' });
  });

  it('refuses fit=outside that would come out over 3000 on a side', async () => {
    const response = await get(busy, `/a/${huge}?width=3000&height=3000&fit=outside`, '192.0.2.30');
    const body = expectApiError(response, 400, 'validation_failed');
    expect(body.error.details?.[0]?.path).toBe('querystring/fit');
  });
});
