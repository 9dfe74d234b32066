import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOP_LEVEL_MENU } from '../../common/site.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../test/helpers.ts';
import { createMenu, createUser } from '../seed/builders.ts';

/** The site's catch-all route on the stand-in build (test/site-build): every path is a small page. */
const BUILD_DIR = path.resolve('test/site-build');

describe('a node under overload refuses reads that need work, nothing else (issue 29)', () => {
  let test: TestApp;
  let dataDir: string;
  let admin: { authorization: string };
  const menuUrl = `/api/menus:withName?name=${encodeURIComponent(TOP_LEVEL_MENU)}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-overload-'));
    test = await createTestApp({
      web: true,
      config: { dataDir, buildDir: BUILD_DIR, overloadWaitMs: 3_000 },
    });
    const { db } = test.database;
    await createMenu(db, TOP_LEVEL_MENU);
    admin = await bearerFor(db, (await createUser(db, { email: 'beheer@example.nl', isAdmin: true })).id);
  });
  afterAll(async () => {
    await test.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** From here on the node reads its state as overloaded (the shedder's own logic: overload.test.ts). */
  function overloaded() {
    const admit = vi.spyOn(test.app.overload, 'admit').mockImplementation(() => false);
    return { [Symbol.dispose]: () => admit.mockRestore() };
  }

  it('answers an API read that needs work 503 overloaded with Retry-After, in the caller’s language', async () => {
    using _ = overloaded();
    const refused = await test.app.inject({ method: 'GET', url: '/api/menus', headers: admin });
    expectApiError(refused, 503, 'overloaded');
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.headers['cache-control']).toBe('no-store');
    const english = await test.app.inject({
      method: 'GET',
      url: '/api/menus',
      headers: { ...admin, 'accept-language': 'en' },
    });
    expectApiError(english, 503, 'overloaded', 'en');
  });

  it('keeps serving what the visitors’ cache holds', async () => {
    const first = await test.app.inject({ method: 'GET', url: menuUrl });
    expect(first.statusCode).toBe(200);
    using _ = overloaded();
    const again = await test.app.inject({ method: 'GET', url: menuUrl });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    // The same read in a language not cached yet needs work: refused.
    const english = await test.app.inject({ method: 'GET', url: `${menuUrl}&lang=en` });
    expectApiError(english, 503, 'overloaded', 'en');
  });

  it('lets in the one read that makes a kept answer again after a change, and serves it from then on', async () => {
    const first = await test.app.inject({ method: 'GET', url: menuUrl });
    // A change of everything: the kept answers are stale.
    await createMenu(test.database.db, 'Zijbalk');
    const admit = vi
      .spyOn(test.app.overload, 'admit')
      .mockImplementation((_read, _at, isRefill = false) => isRefill);
    try {
      const refilled = await test.app.inject({ method: 'GET', url: menuUrl });
      expect(refilled.statusCode).toBe(200);
      expect(refilled.headers['x-cache']).toBeUndefined();
      expect(refilled.body).toBe(first.body);
      const again = await test.app.inject({ method: 'GET', url: menuUrl });
      expect(again.headers['x-cache']).toBe('hit');
      // A read that was never kept is no refill: refused (an API read and a page).
      expectApiError(
        await test.app.inject({ method: 'GET', url: `${menuUrl}&lang=en` }),
        503,
        'overloaded',
        'en',
      );
      expect((await test.app.inject({ method: 'GET', url: '/nooit-gezien' })).statusCode).toBe(503);
    } finally {
      admit.mockRestore();
    }
  });

  it('never refuses a write, a health check or the metrics', async () => {
    using _ = overloaded();
    const write = await test.app.inject({
      method: 'POST',
      url: '/api/menus',
      headers: admin,
      payload: { name: 'Voettekst' },
    });
    expect(write.statusCode).toBe(201);
    expect((await test.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers a page to render with a small page of its own, nl and en, that offers to try again', async () => {
    using _ = overloaded();
    const dutch = await test.app.inject({ method: 'GET', url: '/over-ons' });
    expect(dutch.statusCode).toBe(503);
    expect(dutch.headers['retry-after']).toBe('3');
    expect(dutch.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(dutch.body).toContain('<html lang="nl">');
    expect(dutch.body).toContain('<h1>Het is even erg druk</h1>');
    expect(dutch.body).toContain('<a href="">Opnieuw proberen</a>');
    const english = await test.app.inject({ method: 'GET', url: '/over-ons?lang=en' });
    expect(english.statusCode).toBe(503);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>It is very busy right now</h1>');
    expect(english.body).toContain('<a href="">Try again</a>');
  });

  it('lets everything through when the node is not overloaded', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/menus', headers: admin })).statusCode).toBe(
      200,
    );
    expect((await test.app.inject({ method: 'GET', url: '/over-ons' })).statusCode).toBe(200);
    expect(test.app.overload.inFlight).toBe(0);
  });
});
