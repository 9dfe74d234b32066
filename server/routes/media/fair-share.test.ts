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
import { imageBlockData } from '../../domains/blocks/types/image.ts';
import { transformStats } from '../../media/transform.ts';

/**
 * Issue 34: forty addresses asking for new variants took every transform slot, so every visitor
 * got 503 for any image not cached yet, and each refusal was an error line. Renders are held with
 * `transformStats.hold` once they have their slot, so the gate is exactly as full as the test makes
 * it; nothing here waits on a timer.
 */

let dataDir: string;
let database: DatabaseHandle;
/** Two transforms at a time (plus the site's reserved one), eight may wait, two per client. */
let busy: TestApp;
/** The same limits behind a trusted proxy (TRUST_PROXY=127.0.0.1). */
let proxied: TestApp;
const busyLog: string[] = [];
let busyClosed = false;
let admin: { authorization: string };
/** 1600×1200, so an image block offers it at 400, 800, 1200 and 1600 (its own width). */
let photo: string;

const LIMITS = {
  mediaTransformConcurrency: 2,
  mediaTransformQueue: 8,
  mediaTransformPerClient: 2,
  mediaTransformQueueTimeoutMs: 60_000,
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-media-fair-'));
  database = await createTestDatabase();
  busy = await createTestApp({
    database,
    config: { dataDir, logLevel: 'info', ...LIMITS },
    logStream: { write: (line) => void busyLog.push(line) },
  });
  proxied = await createTestApp({ database, config: { dataDir, trustProxy: ['127.0.0.1'], ...LIMITS } });
  const user = await buildUser(database.db, { email: 'beheer@example.nl', isAdmin: true });
  admin = await bearerFor(database.db, user.id);
  photo = await upload(await jpeg(1600, 1200, '#3a7bd5'));
});

afterEach(() => {
  // A failed test must not leave renders held: they would fill the gate for the next one.
  releaseRenders?.();
});

afterAll(async () => {
  if (!busyClosed) await busy.close();
  await proxied.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

function jpeg(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const BOUNDARY = '----bouwsteen-fair-boundary';

async function upload(data: Buffer): Promise<string> {
  const response = await busy.app.inject({
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
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { guid: string }).guid;
}

function get(test: TestApp, url: string, ip: string, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'GET', url, remoteAddress: ip, headers });
}

let releaseRenders: (() => void) | null = null;

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

async function gateIs(running: number, waiting: number): Promise<void> {
  await vi.waitFor(
    () =>
      expect({ running: transformStats.running, waiting: transformStats.waiting }).toEqual({
        running,
        waiting,
      }),
    { timeout: 15_000, interval: 5 },
  );
}

/** The image URLs a visitor's page with this photo in an image block (full width) asks for. */
function pageImageUrls(guid: string): string[] {
  const data = imageBlockData(
    { alt: '', caption: '' },
    { imageGuid: guid, width: 1600, height: 1200, size: 'full' },
  );
  if (!data) throw new Error('no image block data');
  const srcset = data.srcSet.split(', ').map((entry) => entry.split(' ')[0] ?? '');
  return [...new Set([data.placeholder, data.src, ...srcset])];
}

/** The status of each answer once it is in (0 until then), without waiting for the others. */
function answered(answers: Promise<LightMyRequestResponse>[]): number[] {
  const statuses = answers.map(() => 0);
  answers.forEach((answer, index) => {
    void answer.then((response) => {
      statuses[index] = response.statusCode;
    });
  });
  return statuses;
}

function lines(log: string[]): { level: number; msg: string; [key: string]: unknown }[] {
  return log.map((line) => JSON.parse(line) as { level: number; msg: string });
}

describe('forty addresses asking for new variants (issue 34)', () => {
  it('leave a visitor’s page images served, and are logged as one count', async () => {
    const urls = pageImageUrls(photo);
    // The placeholder (made at upload), 400, 800, 1200 and 1600 (the original's own width).
    expect(urls).toHaveLength(5);
    expect(urls.some((url) => url.endsWith('width=1600'))).toBe(true);

    const release = holdRenders();
    const burst: Promise<LightMyRequestResponse>[] = [];
    for (let client = 1; client <= 40; client += 1) {
      for (let index = 0; index < 2; index += 1) {
        // Distinct widths and qualities the site never links to: each request is a new variant.
        const url = `/a/${photo}?width=${250 + 50 * index}&quality=${client + 40 * index}`;
        burst.push(get(busy, url, `10.0.0.${client}`));
      }
    }
    // Two run, eight wait; the other seventy were refused, at once or when a fairer claim came.
    await gateIs(2, 8);
    const statuses = answered(burst);
    await vi.waitFor(() => expect(statuses.filter((status) => status === 503)).toHaveLength(70), {
      timeout: 15_000,
      interval: 10,
    });
    expect(statuses.filter((status) => status === 0)).toHaveLength(10);

    // A visitor's page now: every image it links to is made, none refused.
    const visitor = urls.map((url) => get(busy, url, '203.0.113.50'));
    // The placeholder is cached; the four srcset widths take the reserved slot and wait first.
    await gateIs(3, 11);
    // A size the site does not use still meets the full queue: no fair share left to take.
    expectApiError(await get(busy, `/a/${photo}?width=350`, '203.0.113.50'), 503, 'service_unavailable');

    release();
    for (const response of await Promise.all(visitor)) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
    const answers = await Promise.all(burst);
    const served = answers.filter((response) => response.statusCode === 200);
    const refused = answers.filter((response) => response.statusCode === 503);
    expect(served).toHaveLength(10);
    expect(refused).toHaveLength(70);
    for (const response of refused) expect(response.headers['retry-after']).toBe('60');
    await gateIs(0, 0);

    // Not one error line for the refusals: they are counted, and written once per interval.
    const logged = lines(busyLog);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.filter((line) => String(line.msg).startsWith('image transforms refused'))).toEqual([]);
  });

  it('takes a place in a full queue from the client holding the most, not from one holding one', async () => {
    const release = holdRenders();
    const running = [
      get(busy, `/a/${photo}?width=250&quality=90`, '10.1.0.1'),
      get(busy, `/a/${photo}?width=250&quality=91`, '10.1.0.2'),
    ];
    await gateIs(2, 0);
    // Four clients fill the queue of eight with two each, one request after the other (an injected
    // request reaches the gate after some asynchronous work, so sent together they may arrive in any order).
    const waiting: Promise<LightMyRequestResponse>[] = [];
    for (let client = 3; client <= 6; client += 1) {
      for (let index = 0; index < 2; index += 1) {
        waiting.push(get(busy, `/a/${photo}?width=450&quality=${client * 10 + index}`, `10.1.0.${client}`));
        await gateIs(2, waiting.length);
      }
    }
    const statuses = answered(waiting);
    // A newcomer gets the newest place of a client with two waiting; that request is refused.
    const newcomer = get(busy, `/a/${photo}?width=450&quality=99`, '10.1.0.7');
    await vi.waitFor(() => expect(statuses.filter((status) => status === 503)).toHaveLength(1), {
      timeout: 15_000,
      interval: 10,
    });
    // The first client to fill the queue lost its newest place, none of its first.
    expect(statuses.indexOf(503)).toBe(1);
    await gateIs(2, 8);

    release();
    expect((await newcomer).statusCode).toBe(200);
    for (const response of await Promise.all(running)) expect(response.statusCode).toBe(200);
    await Promise.all(waiting);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    await gateIs(0, 0);
  });

  it('counts each forwarded address as its own client behind a trusted proxy, and one address without', async () => {
    const release = holdRenders();
    const forwarded = (ip: string, width: number) =>
      get(proxied, `/a/${photo}?width=${width}&quality=77`, '127.0.0.1', { 'x-forwarded-for': ip });
    const first = [forwarded('192.0.2.1', 500), forwarded('192.0.2.1', 550)];
    await gateIs(2, 0);
    // The same forwarded address a third time: over its share of two.
    expectApiError(await forwarded('192.0.2.1', 650), 503, 'service_unavailable');
    // Another visitor behind the same proxy is not.
    const other = forwarded('192.0.2.2', 650);
    await gateIs(2, 1);
    // Without TRUST_PROXY the header is not believed: the proxy's address is one client, already at two.
    const untrusted = [
      get(busy, `/a/${photo}?width=500&quality=78`, '127.0.0.1', { 'x-forwarded-for': '192.0.2.3' }),
      get(busy, `/a/${photo}?width=550&quality=78`, '127.0.0.1', { 'x-forwarded-for': '192.0.2.4' }),
    ];
    // Each app has its own gate (the figures add up): two more run.
    await gateIs(4, 1);
    expectApiError(
      await get(busy, `/a/${photo}?width=650&quality=78`, '127.0.0.1', { 'x-forwarded-for': '192.0.2.5' }),
      503,
      'service_unavailable',
    );

    release();
    for (const response of await Promise.all([...first, other, ...untrusted])) {
      expect(response.statusCode).toBe(200);
    }
    await gateIs(0, 0);
  });

  it('writes the counted refusals as one warn line when the interval ends (here: at shutdown)', async () => {
    const before = lines(busyLog).length;
    await busy.close();
    busyClosed = true;
    const written = lines(busyLog)
      .slice(before)
      .filter((line) => String(line.msg).startsWith('image transforms refused'));
    expect(written).toHaveLength(1);
    // 70 + 1 (the visitor's other size) in the burst, 1 fair share, 1 over a client's share.
    expect(written[0]).toMatchObject({
      level: 40,
      refused: 73,
      reasons: {
        queue_full: expect.any(Number),
        fair_share: expect.any(Number),
        client_limit: expect.any(Number),
      },
      intervalSeconds: 60,
    });
    expect(lines(busyLog).filter((line) => line.level >= 50)).toEqual([]);
  });
});
