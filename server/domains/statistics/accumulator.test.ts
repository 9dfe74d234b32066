import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { type DatabaseHandle, queryRows } from '../../db/client.ts';
import { StatisticsAccumulator } from './accumulator.ts';
import { countedPath, isHumanNavigation, visitorHash } from './collect.ts';
import { csvCell, fillDays, toCsv } from './view.ts';

const DAY = '2026-03-02';
const view = (path: string, extra: Partial<Parameters<StatisticsAccumulator['recordView']>[0]> = {}) => ({
  day: DAY,
  path,
  entry: false,
  referrerHost: null,
  visitorHash: null,
  ...extra,
});

describe('StatisticsAccumulator', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('adds up what two nodes flush into the same rows', async () => {
    const nodeA = new StatisticsAccumulator();
    const nodeB = new StatisticsAccumulator();
    for (let index = 0; index < 3; index += 1) nodeA.recordView(view('/nieuws', { entry: index === 0 }));
    nodeA.recordView(view('/', { entry: true, referrerHost: 'example.org', visitorHash: 'h1' }));
    nodeA.recordSearch({ day: DAY, term: 'fiets', found: true });
    nodeB.recordView(view('/nieuws', { entry: true, referrerHost: 'example.org', visitorHash: 'h1' }));
    nodeB.recordView(view('/nieuws', { visitorHash: 'h2' }));
    nodeB.recordSearch({ day: DAY, term: 'fiets', found: false });
    await Promise.all([nodeA.flush(database.db), nodeB.flush(database.db)]);
    // A second round on the same rows adds again.
    nodeA.recordView(view('/nieuws'));
    await nodeA.flush(database.db);

    const pages = await queryRows<{ path: string; views: number; entries: number }>(
      database.db,
      sql`SELECT path, views, entries FROM statistics_page_views WHERE day = ${DAY} ORDER BY path`,
    );
    expect(pages).toEqual([
      { path: '/', views: 1, entries: 1 },
      { path: '/nieuws', views: 6, entries: 2 },
    ]);
    const referrers = await queryRows<{ host: string; views: number }>(
      database.db,
      sql`SELECT host, views FROM statistics_referrers WHERE day = ${DAY}`,
    );
    expect(referrers).toEqual([{ host: 'example.org', views: 2 }]);
    const searches = await queryRows<{ term: string; searches: number; no_results: number }>(
      database.db,
      sql`SELECT term, searches, no_results FROM statistics_searches WHERE day = ${DAY}`,
    );
    expect(searches).toEqual([{ term: 'fiets', searches: 2, no_results: 1 }]);
    const visitors = await queryRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM statistics_visitors WHERE day = ${DAY}`,
    );
    expect(visitors[0]?.count).toBe(2);
    expect(nodeA.pending).toBe(0);
  });

  it('keeps the counts for the next flush when a write fails', async () => {
    const node = new StatisticsAccumulator();
    node.recordView(view('/kept'));
    node.recordView(view('/kept'));
    const broken = {
      transaction: async () => {
        throw new Error('database away');
      },
    } as unknown as DatabaseHandle['db'];
    await expect(node.flush(broken)).rejects.toThrow('database away');
    expect(node.pending).toBe(1);
    await node.flush(database.db);
    const rows = await queryRows<{ views: number }>(
      database.db,
      sql`SELECT views FROM statistics_page_views WHERE path = '/kept'`,
    );
    expect(rows).toEqual([{ views: 2 }]);
  });

  it('stops taking new rows beyond its limit, and counts what it dropped', () => {
    const node = new StatisticsAccumulator({ maxKeys: 2 });
    node.recordView(view('/a'));
    node.recordView(view('/b'));
    node.recordView(view('/c'));
    node.recordView(view('/a'));
    expect(node.pending).toBe(2);
    expect(node.dropped).toBe(1);
  });
});

describe('what counts as a page view', () => {
  it('takes HTML documents and navigations of public paths', () => {
    expect(countedPath('/nieuws?page=2', 'text/html; charset=utf-8')).toBe('/nieuws');
    expect(countedPath('/', 'text/html')).toBe('/');
    expect(countedPath('/nieuws/', 'text/html')).toBe('/nieuws');
    expect(countedPath('/nieuws.data', 'text/x-script')).toBe('/nieuws');
    expect(countedPath('/_root.data?x=1', 'text/x-script')).toBe('/');
    expect(countedPath('/search?q=fiets', 'text/html')).toBe('/search');
    expect(countedPath('/legal/privacy', 'text/html')).toBe('/legal/privacy');
    // A client-side navigation to a path with a trailing slash asks `/x/_.data`.
    expect(countedPath('/nieuws/_.data', 'text/x-script')).toBe('/nieuws');
    expect(countedPath('/nieuws?previewed=1', 'text/html')).toBe('/nieuws');
  });

  it.each([
    ['/api/pages', 'application/json'],
    ['/api/docs', 'text/html'],
    ['/a/abc/photo.jpg', 'image/jpeg'],
    ['/a/abc', 'text/html'],
    ['/assets/entry.js', 'text/javascript'],
    ['/admin/users', 'text/html'],
    ['/admin', 'text/html'],
    ['/account/profile', 'text/html'],
    ['/settings', 'text/html'],
    ['/statistics', 'text/html'],
    ['/sign-in', 'text/html'],
    ['/reset-password/abc', 'text/html'],
    ['/favicon.ico', 'image/x-icon'],
    ['/nieuws.data', 'application/json'],
    [`/${'x'.repeat(600)}`, 'text/html'],
    // Editors at work (issue 35): edit mode and a draft's preview link.
    ['/contact/edit', 'text/html'],
    ['/contact/edit.data', 'text/x-script'],
    ['/edit', 'text/html'],
    ['/edit?page=0b9c8a4e-1f7a-4c1e-9f3e-2a6b5c4d3e2f', 'text/html'],
    ['/over-ons?preview=abc', 'text/html'],
    ['/over-ons.data?preview=abc', 'text/x-script'],
  ])('not %s (%s)', (url, contentType) => {
    expect(countedPath(url, contentType)).toBeNull();
  });

  it('leaves out bots, clients without a user agent and prefetches', () => {
    const browser =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(isHumanNavigation({ 'user-agent': browser })).toBe(true);
    expect(isHumanNavigation({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBe(
      false,
    );
    expect(isHumanNavigation({ 'user-agent': 'curl/8.5.0' })).toBe(false);
    expect(isHumanNavigation({})).toBe(false);
    expect(isHumanNavigation({ 'user-agent': browser, 'sec-purpose': 'prefetch' })).toBe(false);
    expect(isHumanNavigation({ 'user-agent': browser, purpose: 'prefetch' })).toBe(false);
  });

  it('hashes visitor ids per day', () => {
    expect(visitorHash('2026-01-01', 'abc')).toBe(visitorHash('2026-01-01', 'abc'));
    expect(visitorHash('2026-01-01', 'abc')).not.toBe(visitorHash('2026-01-02', 'abc'));
    expect(visitorHash('2026-01-01', 'abc')).not.toContain('abc');
  });
});

describe('presenters', () => {
  it('fills every day of the range', () => {
    expect(fillDays('2026-02-27', '2026-03-01', [{ day: '2026-02-28', views: 4, visitors: 1 }])).toEqual([
      { day: '2026-02-27', views: 0, visitors: 0 },
      { day: '2026-02-28', views: 4, visitors: 1 },
      { day: '2026-03-01', views: 0, visitors: 0 },
    ]);
  });

  it('escapes CSV and neutralises formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
  });
});
