import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, buildUser, signInAs } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createListItem, createPage } from '../seed/builders.ts';

/** The public API cache in the app (issue 12): anonymous reads from memory, never a write or a user's read. */
describe('public API reads from the visitors’ cache', () => {
  let test: TestApp;
  let admin: Browser;
  let blockId: string;
  let pageId: string;

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
    admin = await signInAs(test.app, 'beheer@example.nl');
    const page = await createPage(db, {
      name: 'berichten',
      title: 'Berichten',
      blocks: [{ name: 'list', content: { nl: { title: 'Berichten' } } }],
    });
    pageId = page.id;
    blockId = page.blocks[0]?.id ?? '';
    await createListItem(db, { blockId, title: 'Eerste bericht' });
  });
  afterAll(async () => {
    await test.close();
  });

  const readList = () =>
    test.app.inject({
      method: 'POST',
      url: `/api/listitem/list/${blockId}`,
      payload: { pageNumber: 1, itemCount: 5 },
    });
  const untilHit = async (read: () => ReturnType<typeof readList>) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await read();
      if (response.headers['x-cache'] === 'hit') return response;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('never from the cache');
  };

  it('answers a repeated anonymous list read (a POST with a query object) from memory', async () => {
    const first = await readList();
    expect(first.statusCode).toBe(200);
    const hit = await untilHit(readList);
    expect(hit.json()).toEqual(first.json());
    // Another query is another entry.
    const other = await test.app.inject({
      method: 'POST',
      url: `/api/listitem/list/${blockId}`,
      payload: { pageNumber: 2, itemCount: 5 },
    });
    expect(other.headers['x-cache']).toBeUndefined();
  });

  it('sends a miss and a hit in brotli to a browser, in gzip to a gzip-only client, plain to others', async () => {
    // Worth compressing: a page whose answer is well over a kilobyte.
    const long = await createPage(test.database.db, {
      name: 'lang-verhaal',
      title: 'Lang verhaal',
      description: { nl: 'Een lange beschrijving van de gemeente en haar wijken. '.repeat(60) },
    });
    const read = (encoding: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/pages/${long.id}`,
        headers: { 'accept-encoding': encoding },
      });
    const decode = (response: Awaited<ReturnType<typeof read>>) => {
      const encoding = response.headers['content-encoding'];
      const bytes = response.rawPayload;
      const text = (
        encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes
      ).toString('utf8');
      return JSON.parse(text) as unknown;
    };
    const miss = await read('gzip, deflate, br');
    expect(miss.statusCode).toBe(200);
    console.log('LEN', miss.rawPayload.length, miss.headers);
    expect(miss.headers['content-encoding']).toBe('br');
    const expected = decode(miss);
    const hit = await untilHit(() => read('gzip, deflate, br'));
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.vary).toContain('accept-encoding');
    expect(decode(hit)).toEqual(expected);
    const gzipped = await read('gzip');
    expect(gzipped.headers['x-cache']).toBe('hit');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decode(gzipped)).toEqual(expected);
    const plain = await read('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode(plain)).toEqual(expected);
  });

  it('shows an item added through the same path (an array body) at once, and never caches a user', async () => {
    await untilHit(readList);
    const added = await admin.request({
      method: 'POST',
      url: `/api/listitem/list/${blockId}`,
      payload: [{ title: { nl: 'Tweede bericht' }, listItemTypeName: 'nieuws' }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await readList();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(JSON.stringify(after.json())).toContain('Tweede bericht');
    for (let round = 0; round < 3; round += 1) {
      const own = await admin.request({
        method: 'POST',
        url: `/api/listitem/list/${blockId}`,
        payload: { pageNumber: 1 },
      });
      expect(own.statusCode).toBe(200);
      expect(own.headers['x-cache']).toBeUndefined();
    }
  });

  it('answers the page read 304 to its cache-token, kept or not', async () => {
    const read = () => test.app.inject({ method: 'GET', url: `/api/pages/${pageId}` });
    const first = await read();
    const token = String(first.headers['cache-token']);
    expect(first.headers.etag).toBe(`"${token}"`);
    const hit = await untilHit(read);
    expect(hit.headers['cache-token']).toBe(token);
    const held = await test.app.inject({
      method: 'GET',
      url: `/api/pages/${pageId}`,
      headers: { 'if-none-match': `"${token}"` },
    });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    const own = await admin.request({ method: 'GET', url: `/api/pages/${pageId}` });
    expect(own.headers['x-cache']).toBeUndefined();
    const ownHeld = await test.app.inject({
      method: 'GET',
      url: `/api/pages/${pageId}`,
      headers: { cookie: admin.cookie, 'if-none-match': String(own.headers['cache-token']) },
    });
    expect(ownHeld.statusCode).toBe(304);
    expect(ownHeld.headers['x-cache']).toBeUndefined();
  });

  it('keeps languages apart', async () => {
    const read = (lang: string) => () =>
      test.app.inject({ method: 'GET', url: `/api/pages/${pageId}`, headers: { 'accept-language': lang } });
    await untilHit(read('en'));
    const dutch = await read('nl')();
    const english = await untilHit(read('en'));
    expect(english.headers['content-language'] ?? '').not.toBe('nl');
    expect(dutch.statusCode).toBe(200);
  });
});
