import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, serializeConsent } from '../../../common/cookie-consent.ts';
import { addDays, isoDayOf } from '../../../common/dates.ts';
import { ANALYTICS_COOKIE, ANALYTICS_MAX_AGE_SECONDS } from '../../../common/statistics.ts';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestDatabase, expectApiError } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { statisticsPageViews, statisticsReferrers, statisticsSearches } from '../../db/schema.ts';
import { VersionedCache } from '../../domains/cache.ts';
import { flushStatistics, noteSearch, statisticsOf } from '../../domains/statistics/collect.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TODAY = isoDayOf(new Date());
const consent = (categories: string[]) =>
  `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent({ categories: categories as never, date: TODAY }))}`;

type Report = {
  from: string;
  to: string;
  totals: { views: number; visitors: number; signUps: number; itemsAdded: number };
  previous: { from: string; to: string; totals: { views: number } } | null;
  days: { day: string; views: number; visitors: number }[];
  topPages: { path: string; title: string | null; views: number }[];
  entryPages: { path: string; entries: number }[];
  referrers: { host: string; views: number }[];
  searchTerms: { term: string; searches: number; noResults: number }[];
  noResultTerms: { term: string; searches: number }[];
};

/**
 * The API with a few stand-in pages: the collection hook looks only at method, status, content
 * type and path, so it counts these exactly like the site's rendered pages. `/nieuws` answers from
 * a VersionedCache after its first request, like the site's cached pages.
 */
async function appWithPages(
  database: DatabaseHandle,
): Promise<{ app: FastifyInstance; renders: () => number }> {
  const app = await buildApp({ config: testConfig(), database, web: false });
  const cache = new VersionedCache();
  let renders = 0;
  const html = '<!doctype html><title>x</title>';
  app.get('/nieuws', async (_request, reply) => {
    const body = await cache.get('1', 'nieuws', async () => {
      renders += 1;
      return html;
    });
    return reply.type('text/html; charset=utf-8').send(body);
  });
  app.get('/', async (_request, reply) => reply.type('text/html').send(html));
  app.get('/admin/pages', async (_request, reply) => reply.type('text/html').send(html));
  app.get('/weg', async (_request, reply) => reply.redirect('/nieuws', 301));
  app.get('/kapot', async (_request, reply) => reply.status(404).type('text/html').send(html));
  app.get('/search', async (request, reply) => {
    const q = String((request.query as { q?: string }).q ?? '');
    noteSearch(request, { q, total: q.includes('niets') ? 0 : 3 });
    return reply.type('text/html').send(html);
  });
  await app.ready();
  return { app, renders: () => renders };
}

describe('statistics', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let renders: () => number;
  let adminId: string;

  const visit = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers: { 'user-agent': BROWSER, ...headers } });
  const report = async (query = '') => {
    const admin = await signInAs(app, 'beheer@example.org');
    const response = await admin.request({
      method: 'GET',
      url: `/api/statistics?from=${TODAY}&to=${TODAY}${query}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Report;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, renders } = await appWithPages(database));
    adminId = (await buildUser(database.db, { email: 'beheer@example.org', isAdmin: true })).id;
    await buildUser(database.db, { email: 'lid@example.org' });
    await buildUser(database.db, { email: 'redactie@example.org', isContentManager: true });
    await buildUser(database.db, { email: 'weg@example.org', isAdmin: true, isActive: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('counts public pages, cached ones too, and nothing else', async () => {
    expect((await visit('/nieuws')).statusCode).toBe(200);
    expect((await visit('/nieuws?x=1', { referer: 'http://localhost:80/' })).statusCode).toBe(200);
    // The site sends itself no Referer: the browser's Sec-Fetch-Site says the view is within the site.
    expect((await visit('/nieuws', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(renders()).toBe(1);
    // Typed in or from a bookmark (Sec-Fetch-Site: none): a new visit, though the Referer says otherwise.
    await visit('/', { 'sec-fetch-site': 'none', referer: 'http://localhost:80/nieuws' });
    await visit('/nieuws', {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    await visit('/nieuws', { 'sec-purpose': 'prefetch' });
    await visit('/nieuws', {}, 'HEAD');
    await visit('/admin/pages');
    await visit('/weg');
    await visit('/kapot');
    await visit('/api/health');
    await flushStatistics(app);

    const body = await report();
    expect(body.topPages).toEqual([
      { path: '/nieuws', title: null, views: 3 },
      { path: '/', title: null, views: 1 },
    ]);
    expect(body.totals.views).toBe(4);
    // The first request had no referrer: it began a visit; the next two came from this site.
    expect(body.entryPages).toEqual([
      { path: '/', title: null, entries: 1 },
      { path: '/nieuws', title: null, entries: 1 },
    ]);
  });

  it('keeps the host of other sites that refer, never the URL', async () => {
    await visit('/', { referer: 'https://www.google.com/search?q=geheim+adres' });
    await flushStatistics(app);
    const body = await report();
    expect(body.referrers).toEqual([{ host: 'google.com', views: 1 }]);
    expect(JSON.stringify(body)).not.toContain('geheim');
  });

  it('sets the analytics cookie and counts unique visitors only with analytical consent', async () => {
    const without = await visit('/', { cookie: consent(['required']) });
    expect(without.cookies.find((cookie) => cookie.name === ANALYTICS_COOKIE)).toBeUndefined();
    const nothingStored = await visit('/');
    expect(nothingStored.cookies.find((cookie) => cookie.name === ANALYTICS_COOKIE)).toBeUndefined();

    const first = await visit('/', { cookie: consent(['required', 'analytical']) });
    const cookie = first.cookies.find((entry) => entry.name === ANALYTICS_COOKIE);
    expect(cookie?.maxAge).toBe(ANALYTICS_MAX_AGE_SECONDS);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).toMatch(/^[\w-]{24}$/);
    const again = await visit('/nieuws', {
      cookie: `${consent(['required', 'analytical'])}; ${ANALYTICS_COOKIE}=${cookie?.value}`,
    });
    expect(again.cookies.find((entry) => entry.name === ANALYTICS_COOKIE)).toBeUndefined();
    await visit('/', { cookie: consent(['required', 'analytical']) });

    // Consent withdrawn: the leftover cookie is removed and the visit has no visitor.
    const withdrawn = await visit('/', {
      cookie: `${consent(['required'])}; ${ANALYTICS_COOKIE}=${cookie?.value}`,
    });
    expect(withdrawn.cookies.find((entry) => entry.name === ANALYTICS_COOKIE)?.maxAge).toBe(0);
    await flushStatistics(app);
    const body = await report();
    expect(body.totals.visitors).toBe(2);
    expect(body.days.at(-1)?.visitors).toBe(2);
  });

  it('counts search terms normalised, and the ones that found nothing', async () => {
    await visit(`/search?q=${encodeURIComponent('  Fiets  ')}`);
    await visit('/search?q=fiets');
    await visit('/search?q=niets+gevonden');
    await visit(`/search?q=${encodeURIComponent('=HYPERLINK("http://x")')}`);
    await visit('/search?q=fiets', { 'user-agent': 'bingbot/2.0' });
    await flushStatistics(app);
    const body = await report();
    expect(body.searchTerms).toContainEqual({ term: 'fiets', searches: 2, noResults: 0 });
    expect(body.noResultTerms).toEqual([{ term: 'niets gevonden', searches: 1, noResults: 1 }]);
  });

  it('answers every day of the period, the previous period and the data-based totals', async () => {
    const from = addDays(TODAY, -6);
    const admin = await signInAs(app, 'beheer@example.org');
    const response = await admin.request({ method: 'GET', url: `/api/statistics?from=${from}&to=${TODAY}` });
    const body = response.json() as Report;
    expect(body.days).toHaveLength(7);
    expect(body.days[0]).toEqual({ day: from, views: 0, visitors: 0 });
    expect(body.days.at(-1)?.views).toBe(body.totals.views);
    expect(body.totals.signUps).toBe(4);
    expect(body.totals.itemsAdded).toBe(0);
    expect(body.previous).toEqual({
      from: addDays(from, -7),
      to: addDays(from, -1),
      totals: { views: 0, visitors: 0, signUps: 0, itemsAdded: 0 },
    });
    const noCompare = await admin.request({ method: 'GET', url: `/api/statistics?compare=false` });
    expect((noCompare.json() as Report).previous).toBeNull();
    expect((noCompare.json() as Report).days).toHaveLength(30);
  });

  it('is for admins: visitors 401, members and content managers 403, admins and their tokens 200', async () => {
    expectApiError(await app.inject({ method: 'GET', url: '/api/statistics' }), 401, 'unauthorized');
    expectApiError(
      await app.inject({ method: 'GET', url: '/api/statistics/export?kind=pages' }),
      401,
      'unauthorized',
    );
    for (const email of ['lid@example.org', 'redactie@example.org']) {
      const user = await signInAs(app, email);
      expectApiError(await user.request({ method: 'GET', url: '/api/statistics' }), 403, 'forbidden');
      expectApiError(
        await user.request({ method: 'GET', url: '/api/statistics/export?kind=views' }),
        403,
        'forbidden',
      );
    }
    const token = await bearerFor(database.db, adminId);
    const withToken = await app.inject({ method: 'GET', url: '/api/statistics', headers: token });
    expect(withToken.statusCode).toBe(200);
  });

  it('refuses bad periods with 400 and a message per field, in the asker’s language', async () => {
    const admin = await signInAs(app, 'beheer@example.org');
    const ask = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/api/statistics?${query}`,
        headers: { cookie: admin.cookie, 'accept-language': 'en' },
      });
    const cases: [string, string, string][] = [
      ['from=2026-02-30&to=2026-03-01', 'from', 'Enter a date as yyyy-mm-dd.'],
      ['from=01-02-2026', 'from', 'Enter a date as yyyy-mm-dd.'],
      ['to=tomorrow', 'to', 'Enter a date as yyyy-mm-dd.'],
      [`from=2026-03-02&to=2026-03-01`, 'to', 'The end date must not be before the start date.'],
      ['from=2020-01-01&to=2026-01-01', 'from', 'Choose a period of at most 731 days.'],
      [`from=${'9'.repeat(5000)}`, 'from', ''],
    ];
    for (const [query, path, message] of cases) {
      const response = await ask(query);
      const body = expectApiError(response, 400, 'validation_failed', 'en');
      expect(body.error.details?.[0]?.path).toBe(`querystring/${path}`);
      if (message) expect(body.error.details?.[0]?.message).toBe(message);
    }
    expectApiError(await ask('compare=misschien'), 400, 'validation_failed', 'en');
    expectApiError(
      await app.inject({
        method: 'GET',
        url: '/api/statistics/export?kind=everything',
        headers: { cookie: admin.cookie, 'accept-language': 'en' },
      }),
      400,
      'validation_failed',
      'en',
    );
  });

  it('exports CSV as an attachment, escaped and without formulas', async () => {
    const admin = await signInAs(app, 'beheer@example.org');
    const response = await admin.request({
      method: 'GET',
      url: `/api/statistics/export?kind=searches&from=${TODAY}&to=${TODAY}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statistics-searches-${TODAY}-${TODAY}.csv"`,
    );
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('term,searches,no_results');
    expect(lines).toContain('fiets,2,0');
    expect(lines).toContain(`"'=hyperlink(""http://x"")",1,0`);

    const views = await admin.request({
      method: 'GET',
      url: `/api/statistics/export?kind=views&from=${addDays(TODAY, -1)}&to=${TODAY}`,
    });
    const rows = views.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBe(`${addDays(TODAY, -1)},0,0`);
  });
});

describe('statistics turned off (STATISTICS_ENABLED=false)', () => {
  it('counts nothing and sets no cookie', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ statisticsEnabled: false }), database, web: false });
    app.get('/nieuws', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    await app.ready();
    try {
      expect(statisticsOf(app)).toBeUndefined();
      const response = await app.inject({
        method: 'GET',
        url: '/nieuws',
        headers: { 'user-agent': BROWSER, cookie: consent(['required', 'analytical']) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((cookie) => cookie.name === ANALYTICS_COOKIE)).toBeUndefined();
      await flushStatistics(app);
      const admin = await buildUser(database.db, { email: 'beheer@example.org', isAdmin: true });
      const report = await app.inject({
        method: 'GET',
        url: '/api/statistics',
        headers: await bearerFor(database.db, admin.id),
      });
      expect((report.json() as Report).totals.views).toBe(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('GET /api/statistics/lists/{kind}: the screen’s server-paged tables', () => {
  const DAY = '2026-01-15';
  let database: DatabaseHandle;
  let app: FastifyInstance;
  type ListPage = {
    items: { name: string; title: string | null; count: number; noResults: number }[];
    total: number;
  };

  const list = async (path: string, who = 'beheer@example.org') => {
    const caller = await signInAs(app, who);
    return caller.request({ method: 'GET', url: path });
  };
  const page = async (kind: string, query = '') => {
    const response = await list(`/api/statistics/lists/${kind}?from=${DAY}&to=${DAY}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListPage;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, web: false });
    await app.ready();
    await buildUser(database.db, { email: 'beheer@example.org', isAdmin: true });
    await buildUser(database.db, { email: 'lid@example.org' });
    await buildUser(database.db, { email: 'redactie@example.org', isContentManager: true });
    await buildUser(database.db, { email: 'weg@example.org', isAdmin: true, isActive: false });
    await database.db.insert(statisticsPageViews).values([
      ...Array.from({ length: 30 }, (_, index) => ({
        day: DAY,
        path: `/p-${String(index).padStart(2, '0')}`,
        views: index + 1,
        entries: index % 3 === 0 ? index + 1 : 0,
      })),
      { day: DAY, path: '/a_b', views: 1, entries: 0 },
      { day: DAY, path: '/axb', views: 1, entries: 0 },
      // Another day, outside the period asked.
      { day: '2026-01-14', path: '/p-00', views: 500, entries: 0 },
    ]);
    await database.db.insert(statisticsReferrers).values([
      { day: DAY, host: 'www.gemeente.nl', views: 7 },
      { day: DAY, host: 'duckduckgo.com', views: 3 },
    ]);
    await database.db.insert(statisticsSearches).values([
      { day: DAY, term: 'fiets', searches: 9, noResults: 0 },
      { day: DAY, term: 'zwembad', searches: 4, noResults: 4 },
      { day: DAY, term: '100%', searches: 2, noResults: 1 },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('pages through a list, most first by default, with the total of the whole list', async () => {
    const first = await page('pages', '&pageSize=10');
    expect(first.total).toBe(32);
    expect(first.items[0]).toEqual({ name: '/p-29', title: null, count: 30, noResults: 0 });
    expect(first.items.map((row) => row.count)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    const last = await page('pages', '&pageSize=10&page=4');
    // Ties (one view each) by name: /a_b, /axb, /p-00.
    expect(last.items.map((row) => row.name)).toEqual(['/axb', '/p-00']);
    const beyond = await page('pages', '&pageSize=10&page=99');
    expect(beyond).toEqual({ items: [], total: 32 });
    const all = await page('pages', '&pageSize=all');
    expect(all.items).toHaveLength(32);
  });

  it('sorts by each key in both directions, ties by name', async () => {
    const byName = await page('pages', '&sortBy=name&sortDirection=asc&pageSize=10');
    expect(byName.items.slice(0, 3).map((row) => row.name)).toEqual(['/a_b', '/axb', '/p-00']);
    const fewest = await page('pages', '&sortBy=count&sortDirection=asc&pageSize=10');
    expect(fewest.items.slice(0, 3).map((row) => row.name)).toEqual(['/a_b', '/axb', '/p-00']);
    const nothingFound = await page('searches', '&sortBy=noResults');
    expect(nothingFound.items.map((row) => row.name)).toEqual(['zwembad', '100%', 'fiets']);
  });

  it('searches for a part of the name, taking % and _ literally', async () => {
    expect((await page('pages', '&search=a_b')).items.map((row) => row.name)).toEqual(['/a_b']);
    expect((await page('pages', '&search=%25')).total).toBe(0);
    expect((await page('searches', '&search=%25')).items.map((row) => row.name)).toEqual(['100%']);
    expect((await page('referrers', '&search=GEMEENTE')).items).toEqual([
      { name: 'www.gemeente.nl', title: null, count: 7, noResults: 0 },
    ]);
  });

  it('holds only entry pages that had entries, and only terms that found nothing', async () => {
    const entries = await page('entries', '&pageSize=all');
    expect(entries.total).toBe(10);
    expect(entries.items[0]).toMatchObject({ name: '/p-27', count: 28 });
    const noResults = await page('no-results');
    expect(noResults.items.map((row) => [row.name, row.noResults])).toEqual([
      ['zwembad', 4],
      ['100%', 1],
    ]);
  });

  it('refuses what it cannot answer with 400, and everyone but admins', async () => {
    for (const path of [
      `/api/statistics/lists/visitors?from=${DAY}&to=${DAY}`,
      `/api/statistics/lists/pages?sortBy=views`,
      `/api/statistics/lists/pages?pageSize=7`,
      `/api/statistics/lists/pages?page=0`,
      `/api/statistics/lists/pages?from=gisteren`,
      `/api/statistics/lists/pages?from=2020-01-01&to=2026-01-01`,
      `/api/statistics/lists/pages?sortDirection=sideways`,
    ]) {
      const response = await list(path);
      expect(response.statusCode, path).toBe(400);
    }
    const path = `/api/statistics/lists/pages?from=${DAY}&to=${DAY}`;
    expectApiError(await app.inject({ method: 'GET', url: path }), 401, 'unauthorized');
    expectApiError(await list(path, 'lid@example.org'), 403, 'forbidden');
    expectApiError(await list(path, 'redactie@example.org'), 403, 'forbidden');
    expectApiError(await list(path, 'weg@example.org'), 403, 'account_inactive');
  });
});
