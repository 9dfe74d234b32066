import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TOP_LEVEL_MENU } from '../common/site.ts';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createApiToken } from '../server/domains/accounts/access.ts';
import { ANONYMOUS } from '../server/policies/index.ts';
import { createMenu, createMenuItem, createUser } from '../server/seed/builders.ts';
import { onEachDatabase } from './postgres.ts';

/**
 * Admin pages table benchmark (issue 10), part of `npm run bench`; also runs on its own:
 * `npx tsx bench/admin-pages.ts`. Seeds BENCH_ADMIN_PAGES pages (10,000; bulk SQL), 200 of them in
 * the "Top level menu", and measures p50/p95 of GET /api/pages/admin in-process (app.inject, as an
 * admin's API token): the first page, a deep page and a search. Target p95 ≤ 50 ms. Figures only.
 *
 *   BENCH_ADMIN_PAGES=10000   pages
 *   BENCH_ADMIN_RUNS=100      measured requests per target (after 10 warm-up requests)
 */
const PAGES = positive(process.env.BENCH_ADMIN_PAGES, 10_000);
const RUNS = positive(process.env.BENCH_ADMIN_RUNS, 100);

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

async function seed(database: DatabaseHandle): Promise<{ authorization: string }> {
  const db = database.db;
  await db.execute(sql`
    INSERT INTO pages (name, title, is_published, layout, updated_at)
    SELECT 'bench-' || n, jsonb_build_object('nl', 'Pagina ' || n, 'en', 'Page ' || n), n % 3 <> 0,
      (ARRAY['100','25-75','75-25','25-50-25'])[1 + n % 4], now() - (n || ' minutes')::interval
    FROM generate_series(1, ${PAGES}) AS n`);
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  const rows = (await db.execute(
    sql`SELECT id FROM pages WHERE name LIKE 'bench-%' ORDER BY name LIMIT 200`,
  )) as unknown as { rows: { id: string }[] } | { id: string }[];
  const ids = Array.isArray(rows) ? rows : rows.rows;
  for (const [index, row] of ids.entries()) {
    await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: `p${index}`,
      name: `P${index}`,
      pageId: row.id,
      sortId: index,
    });
  }
  const admin = await createUser(db, { email: 'bench-admin@example.nl', isAdmin: true });
  const { token } = await createApiToken({ db, actor: ANONYMOUS }, { userId: admin.id, name: 'bench' });
  return { authorization: `Bearer ${token}` };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function measure(app: FastifyInstance, headers: Record<string, string>, url: string) {
  for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url, headers });
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    total = (response.json() as { total: number }).total;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), total };
}

async function benchOn(database: DatabaseHandle, label: string): Promise<void> {
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, web: false });
  await app.ready();
  try {
    const started = performance.now();
    const headers = await seed(database);
    await database.db.execute(sql`VACUUM ANALYZE`);
    const seedSeconds = (performance.now() - started) / 1000;
    const deep = Math.floor(PAGES / 25 / 2);
    const targets: [string, string][] = [
      ['first page (title)', '/api/pages/admin?pageSize=25'],
      [`deep page ${deep} (title)`, `/api/pages/admin?pageSize=25&page=${deep}`],
      ['first page (path)', '/api/pages/admin?pageSize=25&sortBy=path'],
      ['first page (last change, desc)', '/api/pages/admin?pageSize=25&sortBy=updatedAt&sortDirection=desc'],
      ['search "Page 99"', `/api/pages/admin?pageSize=25&search=${encodeURIComponent('Page 99')}`],
    ];
    console.log('');
    console.log(
      `Admin pages table ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node ${process.version}, ${label}, ` +
        `${PAGES} pages (seeded in ${seedSeconds.toFixed(1)} s), ${RUNS} runs per target (target p95 ≤ 50 ms)`,
    );
    console.log('');
    console.log('| target | p50 ms | p95 ms | total |');
    console.log('|---|---:|---:|---:|');
    for (const [name, url] of targets) {
      const row = await measure(app, headers, url);
      console.log(`| ${name} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.total} |`);
    }
  } finally {
    await app.close();
  }
}

/** On PGlite (the embedded database) and, when one answers, on a scratch PostgreSQL database. */
export async function runAdminPagesBench(): Promise<void> {
  await onEachDatabase('admin_pages', benchOn);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runAdminPagesBench();
}
