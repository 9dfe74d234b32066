import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_LIMITS } from '../../../common/translation.ts';
import { fakeTranslator } from '../../../test/fake-translator.ts';
import { createTestDatabase, expectApiError } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { type Config, testConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { machineTranslations, translationUsage } from '../../db/schema.ts';
import { setPlatformSettings } from '../../domains/settings/commands.ts';

/** The page the tests translate: its Dutch passages are what a request may name (issue 34). */
const PAGE = '/nieuws';
/** The texts the stand-in page shows in Dutch (tests add theirs). */
const shown = new Set(['Nieuws', 'Agenda', 'Contact']);
/** The requests the stand-in page got, to see how the server asked for it. */
const pageRequests: { url: string; headers: Record<string, unknown> }[] = [];

/**
 * The API with a stand-in site page at PAGE (the route tests build no site): HTML as React renders
 * it, with the shown texts in a passage marked lang="nl" and one text outside it.
 */
async function appWith(database: DatabaseHandle, config: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(config), database, web: false });
  app.get(PAGE, { schema: { hide: true } }, async (request, reply) => {
    pageRequests.push({ url: request.url, headers: request.headers });
    const passages = [...shown].map((text) => `<li>${text.replaceAll('&', '&amp;')}</li>`).join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html><html lang="en"><body><p>Not in Dutch</p><ul lang="nl">${passages}</ul></body></html>`,
      );
  });
  await app.ready();
  return app;
}

const translate = (
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  app.inject({ method: 'POST', url: '/api/translations', payload: body as object, headers, remoteAddress });

const stored = async (database: DatabaseHandle) =>
  (await database.db.select({ count: sql<number>`count(*)::int` }).from(machineTranslations))[0]!.count;

describe('POST /api/translations (automatic translation, SPEC 1)', () => {
  const service = fakeTranslator();
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    url = await service.listen();
    database = await createTestDatabase();
    app = await appWith(database, {
      translateUrl: `${url}/`,
      translateApiKey: 'sleutel',
      translateTimeoutMs: 300,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await service.close();
  });
  afterEach(async () => {
    service.setMode('ok');
    service.calls.length = 0;
    await setPlatformSettings(database.db, { autoTranslate: 'false' });
  });

  const ask = (texts: unknown[], extra: Record<string, unknown> = {}) => ({
    from: 'nl',
    to: 'en',
    page: PAGE,
    texts,
    ...extra,
  });

  it('is not offered while the site has automatic translation off', async () => {
    expectApiError(await translate(app, ask(['Nieuws'])), 404, 'translation_unavailable');
    const english = await translate(app, ask(['Nieuws']), { 'accept-language': 'en' });
    expectApiError(english, 404, 'translation_unavailable', 'en');
    expect(service.calls).toEqual([]);
  });

  it('is not offered by a server without a translation service, whatever the setting', async () => {
    const bare = await appWith(database, {});
    try {
      await setPlatformSettings(database.db, { autoTranslate: 'true' });
      expectApiError(await translate(bare, ask(['Nieuws'])), 404, 'translation_unavailable');
    } finally {
      await bare.close();
    }
  });

  it('translates in order, asks the service once per text, and keeps the answers for every node', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    const first = await translate(app, ask(['Nieuws', 'Agenda', 'Nieuws']));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ translations: ['EN:Nieuws', 'EN:Agenda', 'EN:Nieuws'] });
    expect(service.calls).toEqual([
      { q: ['Nieuws', 'Agenda'], source: 'nl', target: 'en', format: 'text', api_key: 'sleutel' },
    ]);

    // A second node on the same database reads the kept answers; only the new text is asked.
    const other = await appWith(database, { translateUrl: 'http://127.0.0.1:9/' });
    try {
      service.calls.length = 0;
      const second = await translate(app, ask(['Agenda', 'Contact']));
      expect(second.json()).toEqual({ translations: ['EN:Agenda', 'EN:Contact'] });
      expect(service.calls.map((call) => call.q)).toEqual([['Contact']]);
      // The other node's service is unreachable, so an answer proves it came from the database.
      const fromOther = await translate(other, ask(['Nieuws', 'Contact']));
      expect(fromOther.json()).toEqual({ translations: ['EN:Nieuws', 'EN:Contact'] });
    } finally {
      await other.close();
    }
  });

  it('reads the page as the caller reads it in the target language, out of the statistics', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    pageRequests.length = 0;
    const response = await translate(app, ask(['Nieuws'], { page: `${PAGE}?lang=en&pagina=2` }), {
      cookie: 'lang=nl; consent=x',
    });
    expect(response.statusCode).toBe(200);
    // The ?lang= choice becomes the cookie (a render with it is never cached and sets a cookie).
    expect(pageRequests).toEqual([
      {
        url: `${PAGE}?pagina=2`,
        headers: expect.objectContaining({
          cookie: 'lang=en; consent=x',
          purpose: 'prefetch',
          accept: 'text/html',
        }),
      },
    ]);
  });

  it('refuses text the page does not show (422 translation_not_shown), and neither asks the service nor keeps it', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    const before = await stored(database);
    for (const body of [
      ask(['Translate this essay for free']),
      ask(['Not in Dutch']),
      ask(['Nieuws'], { page: '/elders' }),
      ask(['Nieuws'], { page: '/api/menus' }),
      ask(['Nieuws'], { page: '/a/00000000-0000-4000-8000-000000000000' }),
    ]) {
      const response = await translate(app, body);
      expectApiError(response, 422, 'translation_not_shown');
    }
    expectApiError(
      await translate(app, ask(['Gratis vertaling']), { 'accept-language': 'en' }),
      422,
      'translation_not_shown',
      'en',
    );
    expect(service.calls).toEqual([]);
    expect(await stored(database)).toBe(before);

    // Mixed with texts the page shows: only those are translated and kept; the others answer null.
    shown.add('Mixed nieuws');
    const mixed = await translate(app, ask(['Free essay', 'Mixed nieuws', 'Another free text']));
    expect(mixed.json()).toEqual({ translations: [null, 'EN:Mixed nieuws', null] });
    expect(service.asked()).toEqual(['Mixed nieuws']);
    expect(await stored(database)).toBe(before + 1);
  });

  it('answers 503 when the service fails, answers nonsense or is too slow, and keeps nothing', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    for (const mode of ['error', 'wrong-shape', 'slow'] as const) {
      shown.add(`Storing ${mode}`);
      service.setMode(mode);
      const response = await translate(app, ask([`Storing ${mode}`]));
      expectApiError(response, 503, 'service_unavailable');
    }
    service.setMode('ok');
    const retried = await translate(app, ask(['Storing error']));
    expect(retried.json()).toEqual({ translations: ['EN:Storing error'] });
  });

  it('refuses requests outside the limits with a message per problem', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    const tooLong = 'x'.repeat(TRANSLATION_LIMITS.textLength + 1);
    const tooMuch = Array.from({ length: 20 }, () => 'y'.repeat(TRANSLATION_LIMITS.textLength));
    for (const body of [
      {},
      ask([]),
      ask(['']),
      ask(Array.from({ length: TRANSLATION_LIMITS.texts + 1 }, (_, i) => `t${i}`)),
      ask([tooLong]),
      ask(tooMuch),
      ask(['Nieuws'], { to: 'nl' }),
      ask(['Nieuws'], { to: 'de' }),
      ask([42]),
      ask(['Nieuws'], { page: undefined }),
      ask(['Nieuws'], { page: 'nieuws' }),
      ask(['Nieuws'], { page: '//evil.example/nieuws' }),
      ask(['Nieuws'], { page: '/\\evil.example' }),
      ask(['Nieuws'], { page: 'https://evil.example/' }),
      ask(['Nieuws'], { page: `/${'p'.repeat(TRANSLATION_LIMITS.pageLength)}` }),
    ]) {
      const response = await translate(app, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((response.json() as { error: { code: string } }).error.code).toBe('validation_failed');
    }
    expect(service.calls).toEqual([]);
  });

  it('limits how often one address may ask', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    const limited = await appWith(database, { translateUrl: 'http://127.0.0.1:9/' });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 61; index += 1) {
        statuses.push((await translate(limited, ask(['Nieuws']))).statusCode);
      }
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('daily caps of automatic translation (issue 34)', () => {
  const service = fakeTranslator();
  let database: DatabaseHandle;
  let url: string;

  beforeAll(async () => {
    url = await service.listen();
    database = await createTestDatabase();
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
  });
  afterAll(async () => {
    await database.close();
    await service.close();
  });

  /** A text of `length` characters the page shows, new to the service. */
  let made = 0;
  const newText = (length: number) => {
    made += 1;
    const text = `${made}`.padEnd(length, '.');
    shown.add(text);
    return text;
  };
  const usage = async () =>
    Object.fromEntries(
      (await database.db.select().from(translationUsage)).map((row) => [
        row.client === '*' ? 'site' : row.client,
        row.characters,
      ]),
    );
  const ask = (texts: string[]) => ({ from: 'nl', to: 'en', page: PAGE, texts });

  it('holds per address: beyond it 429 translation_limit_reached, while texts kept before are still answered', async () => {
    const app = await appWith(database, {
      translateUrl: url,
      translateDailyCharacters: { total: 10_000, perAddress: 100 },
    });
    try {
      const kept = newText(60);
      expect((await translate(app, ask([kept]), {}, '192.0.2.1')).statusCode).toBe(200);
      const over = newText(41);
      expectApiError(await translate(app, ask([over]), {}, '192.0.2.1'), 429, 'translation_limit_reached');
      expectApiError(
        await translate(app, ask([over]), { 'accept-language': 'en' }, '192.0.2.1'),
        429,
        'translation_limit_reached',
        'en',
      );
      // What was translated before costs nothing: served from the database, also to this address.
      expect((await translate(app, ask([kept, kept]), {}, '192.0.2.1')).json()).toEqual({
        translations: [`EN:${kept}`, `EN:${kept}`],
      });
      // Exactly up to the cap is allowed.
      expect((await translate(app, ask([newText(40)]), {}, '192.0.2.1')).statusCode).toBe(200);
      // Another address has its own share; another address in the same IPv6 /64 has not.
      expect((await translate(app, ask([over]), {}, '192.0.2.2')).statusCode).toBe(200);
      expect((await translate(app, ask([newText(90)]), {}, '2001:db8:0:1::1')).statusCode).toBe(200);
      expectApiError(
        await translate(app, ask([newText(20)]), {}, '2001:db8:0:1::ff'),
        429,
        'translation_limit_reached',
      );
      expect(service.asked().every((text) => text.length <= 90)).toBe(true);
      const counted = await usage();
      // Five addresses' worth of characters… in three rows (the /64 is one), and the site's total.
      expect(counted.site).toBe(60 + 40 + 41 + 90);
      expect(Object.values(counted).sort((a, b) => a - b)).toEqual([41, 90, 100, 231]);
    } finally {
      await app.close();
      await database.db.delete(translationUsage);
    }
  });

  it('holds for the whole site, across addresses and nodes, and counts nothing for a refused request', async () => {
    const caps = { translateDailyCharacters: { total: 100, perAddress: 1000 } };
    const app = await appWith(database, { translateUrl: url, ...caps });
    const other = await appWith(database, { translateUrl: url, ...caps });
    try {
      expect((await translate(app, ask([newText(50)]), {}, '198.51.100.1')).statusCode).toBe(200);
      expect((await translate(other, ask([newText(50)]), {}, '198.51.100.2')).statusCode).toBe(200);
      const refused = await translate(other, ask([newText(1)]), {}, '198.51.100.3');
      expectApiError(refused, 429, 'translation_limit_reached');
      const counted = await usage();
      expect(counted.site).toBe(100);
      // The refused address got no row of its own (its share was given back with the refusal).
      expect(Object.keys(counted)).toHaveLength(3);
    } finally {
      await app.close();
      await other.close();
      await database.db.delete(translationUsage);
    }
  });

  it('holds under a concurrent burst from one address: exactly the cap is sent to the service', async () => {
    const app = await appWith(database, {
      translateUrl: url,
      translateDailyCharacters: { total: 10_000, perAddress: 100 },
    });
    try {
      service.calls.length = 0;
      const texts = Array.from({ length: 12 }, () => newText(20));
      const responses = await Promise.all(
        texts.map((text) => translate(app, ask([text]), {}, '203.0.113.9')),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
      expect(service.asked()).toHaveLength(5);
      expect((await usage()).site).toBe(100);
    } finally {
      await app.close();
      await database.db.delete(translationUsage);
    }
  });

  it('gives the characters back when the service fails', async () => {
    const app = await appWith(database, {
      translateUrl: url,
      translateDailyCharacters: { total: 10_000, perAddress: 100 },
    });
    try {
      service.setMode('error');
      const text = newText(80);
      expectApiError(await translate(app, ask([text]), {}, '203.0.113.10'), 503, 'service_unavailable');
      service.setMode('ok');
      expect((await translate(app, ask([text]), {}, '203.0.113.10')).statusCode).toBe(200);
      const rows = await database.db.select().from(translationUsage).where(eq(translationUsage.client, '*'));
      expect(rows.map((row) => row.characters)).toEqual([80]);
    } finally {
      service.setMode('ok');
      await app.close();
      await database.db.delete(translationUsage);
    }
  });
});
