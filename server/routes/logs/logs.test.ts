import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/accounts.ts';
import {
  bearerFor,
  createTestApp,
  createTestDatabase,
  expectApiError,
  type TestApp,
} from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { MAX_LOG_ENTRIES } from './index.ts';

const entry = (overrides: Record<string, unknown> = {}) => ({
  level: 'error',
  message: 'Kon pagina niet laden',
  timestamp: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

/** One database for the file; each describe builds its own apps on it. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('POST /api/logs', () => {
  let test: TestApp;
  let clientNumber = 0;
  const logLines: string[] = [];
  beforeAll(async () => {
    test = await createTestApp({
      database,
      config: { logLevel: 'debug' },
      logStream: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(async () => {
    await test.close();
  });

  /** Every request comes from its own address, so these tests stay clear of the rate limit. */
  const post = (payload: unknown, headers: Record<string, string> = {}) => {
    clientNumber += 1;
    return test.app.inject({
      method: 'POST',
      url: '/api/logs',
      remoteAddress: `10.0.0.${clientNumber}`,
      headers,
      ...(typeof payload === 'string'
        ? { payload, headers: { 'content-type': 'application/json', ...headers } }
        : { payload: payload as Record<string, unknown> }),
    });
  };

  it('accepts a batch of entries with 202 and the number accepted', async () => {
    const response = await post({
      entries: [
        entry(),
        entry({ level: 'debug', message: 'start' }),
        entry({ level: 'info', url: '/over-ons', code: 'T-1700000000', info: { status: 500, retry: true } }),
        entry({ level: 'warn', message: '' }),
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 4 });
  });

  const linesWith = (marker: string) =>
    logLines
      .map((raw) => JSON.parse(raw) as Record<string, unknown>)
      .filter((log) => log.clientMessage === marker);

  it('writes each entry to the server log as client-supplied, its text in clientMessage', async () => {
    const marker = `marker-${Date.now()}`;
    const response = await post(
      { entries: [entry({ level: 'warn', message: marker, url: '/nieuws', info: { step: 2 } })] },
      { 'user-agent': 'TestBrowser/1.0' },
    );
    expect(response.statusCode).toBe(202);
    const [line] = linesWith(marker);
    expect(line).toMatchObject({
      level: 40,
      msg: 'browser log entry (client-supplied)',
      source: 'browser',
      isSignedIn: false,
      userAgent: 'TestBrowser/1.0',
      clientLevel: 'warn',
      clientMessage: marker,
      clientUrl: '/nieuws',
      clientTimestamp: '2026-11-22T10:00:00.000Z',
      clientInfo: { step: 2 },
    });
  });

  it("never writes an error line: a visitor's error entry is logged at warn, as is a signed-in user's", async () => {
    const marker = `error-${Date.now()}`;
    const before = logLines.length;
    const anonymous = await post({
      entries: [
        entry({ level: 'error', message: marker }),
        entry({ level: 'info', message: marker }),
        entry({ level: 'debug', message: marker }),
      ],
    });
    expect(anonymous.statusCode).toBe(202);
    expect(linesWith(marker).map((line) => [line.clientLevel, line.level])).toEqual([
      ['error', 40],
      ['info', 30],
      ['debug', 20],
    ]);

    const user = await buildUser(database.db, {
      email: `logs-${Date.now()}@example.nl`,
      emailVerifiedAt: new Date(),
    });
    const signedIn = await test.app.inject({
      method: 'POST',
      url: '/api/logs',
      remoteAddress: '10.9.9.9',
      headers: await bearerFor(database.db, user.id),
      payload: { entries: [entry({ level: 'error', message: `${marker}-user` })] },
    });
    expect(signedIn.statusCode).toBe(202);
    expect(linesWith(`${marker}-user`)).toEqual([
      expect.objectContaining({ level: 40, isSignedIn: true, clientLevel: 'error' }),
    ]);
    // Nothing the calls made reached error level (50) or above.
    const levels = logLines.slice(before).map((raw) => (JSON.parse(raw) as { level: number }).level);
    expect(Math.max(...levels)).toBeLessThan(50);
  });

  it(`accepts exactly ${MAX_LOG_ENTRIES} entries`, async () => {
    const response = await post({ entries: Array.from({ length: MAX_LOG_ENTRIES }, () => entry()) });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: MAX_LOG_ENTRIES });
  });

  it.each([
    ['an empty batch', { entries: [] }],
    ['more than 50 entries', { entries: Array.from({ length: MAX_LOG_ENTRIES + 1 }, () => entry()) }],
    ['a batch without entries', {}],
    ['entries that are not a list', { entries: 'fout' }],
    ['an unknown level', { entries: [entry({ level: 'fatal' })] }],
    ['a level in capitals', { entries: [entry({ level: 'ERROR' })] }],
    ['a message that is not a string', { entries: [entry({ message: 42 })] }],
    ['a message over 2000 characters', { entries: [entry({ message: 'x'.repeat(2001) })] }],
    ['a missing timestamp', { entries: [entry({ timestamp: undefined })] }],
    ['a timestamp over 40 characters', { entries: [entry({ timestamp: '2'.repeat(41) })] }],
    ['a url over 2000 characters', { entries: [entry({ url: `/${'u'.repeat(2000)}` })] }],
    ['info that is not an object', { entries: [entry({ info: ['a'] })] }],
    ['an entry that is not an object', { entries: ['fout'] }],
  ])('answers 400 to %s', async (_case, payload) => {
    const body = expectApiError(await post(payload), 400, 'validation_failed');
    expect(body.error.details?.[0]?.path).toMatch(/^body/);
  });

  it('names the invalid field in the details', async () => {
    const body = expectApiError(
      await post({ entries: [entry(), entry({ level: 'fatal' })] }),
      400,
      'validation_failed',
    );
    expect(body.error.details).toEqual([expect.objectContaining({ path: 'body/entries/1/level' })]);
  });

  it('answers 400 in English when the browser asks for English', async () => {
    expectApiError(
      await post({ entries: [] }, { 'accept-language': 'en-US,en;q=0.9' }),
      400,
      'validation_failed',
      'en',
    );
  });

  it('answers 400 to malformed JSON', async () => {
    expectApiError(await post('{"entries":[{"level":'), 400, 'bad_request');
  });

  it('answers 413 payload_too_large to a body over 64 KiB', async () => {
    const entries = Array.from({ length: 40 }, () => entry({ message: 'x'.repeat(2000) }));
    expectApiError(await post({ entries }), 413, 'payload_too_large');
    expectApiError(await post({ entries }, { 'accept-language': 'en' }), 413, 'payload_too_large', 'en');
  });

  it('answers 413 to a large body even when the entries would be invalid anyway', async () => {
    const response = await post(JSON.stringify({ entries: [], padding: 'p'.repeat(70 * 1024) }));
    expectApiError(response, 413, 'payload_too_large');
  });
});

describe('rate limit of POST /api/logs', () => {
  // Each test gets a fresh app: fresh rate-limit counters.
  const freshApp = () => createTestApp({ database });

  const send = (test: TestApp, remoteAddress: string, lang?: string) =>
    test.app.inject({
      method: 'POST',
      url: `/api/logs${lang ? `?lang=${lang}` : ''}`,
      remoteAddress,
      payload: { entries: [entry()] },
    });

  it('answers 429 rate_limited after 30 batches a minute from one client, with Retry-After', async () => {
    const test = await freshApp();
    try {
      for (let index = 0; index < 30; index += 1) {
        expect((await send(test, '192.0.2.1')).statusCode).toBe(202);
      }
      const limited = await send(test, '192.0.2.1');
      expectApiError(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expectApiError(await send(test, '192.0.2.1', 'en'), 429, 'rate_limited', 'en');
    } finally {
      await test.close();
    }
  });

  it('limits each client on its own', async () => {
    const test = await freshApp();
    try {
      for (let index = 0; index < 31; index += 1) await send(test, '192.0.2.2');
      expect((await send(test, '192.0.2.2')).statusCode).toBe(429);
      expect((await send(test, '192.0.2.3')).statusCode).toBe(202);
    } finally {
      await test.close();
    }
  });

  it('cannot be dodged by a client on the internet that forges X-Forwarded-For', async () => {
    const test = await freshApp();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 31; index += 1) {
        const response = await test.app.inject({
          method: 'POST',
          url: '/api/logs',
          remoteAddress: '203.0.113.7',
          headers: { 'x-forwarded-for': `198.51.100.${index}` },
          payload: { entries: [entry()] },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await test.close();
    }
  });

  const fromProxy = (test: TestApp, client: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/logs',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': client },
      payload: { entries: [entry()] },
    });

  it('believes no proxy unless TRUST_PROXY names it, not even one on the private network', async () => {
    const test = await freshApp();
    try {
      for (let index = 0; index < 30; index += 1) await fromProxy(test, `198.51.100.${index}`);
      expect((await fromProxy(test, '198.51.100.99')).statusCode).toBe(429);
    } finally {
      await test.close();
    }
  });

  it('limits by the client address a configured proxy forwards', async () => {
    const test = await createTestApp({ database, config: { trustProxy: ['10.0.0.0/8'] } });
    try {
      for (let index = 0; index < 30; index += 1) await fromProxy(test, '198.51.100.1');
      expect((await fromProxy(test, '198.51.100.1')).statusCode).toBe(429);
      expect((await fromProxy(test, '198.51.100.2')).statusCode).toBe(202);
    } finally {
      await test.close();
    }
  });
});
