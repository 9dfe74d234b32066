import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { TOP_LEVEL_MENU } from '../common/site.ts';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/client.ts';
import { createListItemType, createMenu, createMenuItem, createPage } from '../server/seed/builders.ts';
import { onEachDatabase } from './postgres.ts';

/**
 * Sitemaps and feeds benchmark (issue 30), part of `npm run bench` (`BENCH=discovery`); also on its
 * own: `npx tsx bench/discovery.ts` (no site build needed). Seeds 100,000 items in one list
 * (BENCH_DISCOVERY_ITEMS) with one `INSERT … SELECT … FROM generate_series` (what the sitemaps and
 * feeds read: titles in nl and en, a description, dates; no item blocks or parents, which they do
 * not read), serves the app over HTTP on loopback and measures:
 *   - `/sitemap.xml`, the first sitemap of the big list (5,000 items, 10,000 URLs), the pages'
 *     sitemap, the list's RSS feed and the site-wide Atom feed, cold (the first request after a
 *     content change: made from the database) and cached, p50/p95;
 *   - cached throughput (autocannon, 10 connections, 5 s) of each, and of a bare Fastify server
 *     answering the same bytes in the same process: the ratio is the target (≥ 0.5).
 * On PGlite, then on PostgreSQL when one answers (bench/postgres.ts); BENCH_DISCOVERY_PGLITE_ONLY=1
 * skips PostgreSQL.
 */

const ITEMS = Number(process.env.BENCH_DISCOVERY_ITEMS) || 100_000;

const COLD_RUNS = 10;
const CACHED_RUNS = 100;
const LOAD_SECONDS = Number(process.env.BENCH_DISCOVERY_SECONDS) || 5;

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? 0;
}

async function timed(url: string): Promise<{ ms: number; bytes: number; cache: string | null }> {
  const start = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms, bytes: body.byteLength, cache: response.headers.get('x-cache') };
}

async function throughput(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: LOAD_SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function bareServer(body: Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const bare: FastifyInstance = Fastify({ logger: false });
  bare.get('/*', async (_request, reply) => reply.type('application/xml; charset=utf-8').send(body));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/sitemap.xml`, close: () => bare.close() };
}

export type DiscoveryBenchRow = {
  target: string;
  bytes: number;
  coldP50: number;
  coldP95: number;
  cachedP50: number;
  cachedP95: number;
  rps: number;
  bareRps: number;
};

/** A news page with one list of ITEMS items (and a home page), in the top-level menu. */
async function seedDiscoveryBench(database: DatabaseHandle): Promise<{ bigList: string }> {
  const db = database.db;
  await createListItemType(db, { name: 'nieuws', label: { nl: 'Nieuws', en: 'News' } });
  const home = await createPage(db, { name: 'home', title: { nl: 'Welkom', en: 'Welcome' } });
  const page = await createPage(db, {
    name: 'nieuws',
    title: { nl: 'Nieuws', en: 'News' },
    blocks: [{ name: 'list', content: { nl: { title: 'Alle berichten' }, en: { title: 'All posts' } } }],
  });
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  await createMenuItem(db, { menuId: menu.id, urlSegment: '', name: 'Home', pageId: home.id, sortId: 1 });
  await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'nieuws',
    name: 'Nieuws',
    pageId: page.id,
    sortId: 2,
  });
  const bigList = page.blocks[0]?.id ?? '';
  // One statement, made in the database: a minute apart, newest first; every 7th has an image.
  await db.execute(sql`
    INSERT INTO list_items (short_id, block_id, list_item_type_name, title, description, published_on, image_guid)
    SELECT 'd' || lpad(to_hex(g), 7, '0'), ${bigList}::uuid, 'nieuws',
      jsonb_build_object('nl', 'Bericht ' || g || ' uit het dorp', 'en', 'Message ' || g || ' from the village'),
      jsonb_build_object('nl', 'Over de markt en de school, deel ' || g),
      now() - make_interval(mins => g),
      CASE WHEN g % 7 = 0 THEN gen_random_uuid() END
    FROM generate_series(1, ${ITEMS}) AS g`);
  return { bigList };
}

async function benchOn(database: DatabaseHandle, label: 'PGlite' | 'PostgreSQL') {
  await database.migrate();
  process.stdout.write(`  ${label}: seeding ${ITEMS.toLocaleString('en')} items… `);
  const start = performance.now();
  const fixture = await seedDiscoveryBench(database);
  await database.db.execute(sql`VACUUM ANALYZE`);
  const seedSeconds = (performance.now() - start) / 1000;
  console.log(`${seedSeconds.toFixed(1)} s`);
  const app = await buildApp({ config: testConfig({ env: 'production' }), database, web: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const rows: DiscoveryBenchRow[] = [];
  try {
    for (const [target, path] of [
      ['/sitemap.xml', '/sitemap.xml'],
      ['the big list’s first sitemap', `/sitemaps/list-${fixture.bigList}-1.xml`],
      ['the pages’ sitemap', '/sitemaps/pages-1.xml'],
      ['the big list’s RSS feed', `/feeds/${fixture.bigList}.rss`],
      ['the site-wide Atom feed', '/feed.atom'],
    ] as const) {
      const cold: number[] = [];
      let bytes = 0;
      for (let run = 0; run < COLD_RUNS; run += 1) {
        // A public write moves the content version: the next request makes the document again.
        await database.db.execute(sql`UPDATE pages SET updated_at = updated_at WHERE name = 'nieuws'`);
        await new Promise((resolve) => setTimeout(resolve, 60));
        const answer = await timed(`${origin}${path}`);
        if (answer.cache === 'hit') throw new Error(`${path}: a cold request came from the cache`);
        cold.push(answer.ms);
        bytes = answer.bytes;
      }
      const cached: number[] = [];
      // Entries last until the end of their minute (items appear and expire by the minute): one
      // request that falls just after it makes the entry again and is not counted.
      const cachedFrom = Date.now();
      let remade = 0;
      while (cached.length < CACHED_RUNS) {
        const answer = await timed(`${origin}${path}`);
        if (answer.cache === 'hit') {
          cached.push(answer.ms);
          continue;
        }
        remade += 1;
        if (remade > 2 + (Date.now() - cachedFrom) / 60_000) {
          throw new Error(`${path} (${answer.bytes} bytes): not from the cache`);
        }
      }
      cold.sort((a, b) => a - b);
      cached.sort((a, b) => a - b);
      const rps = await throughput(`${origin}${path}`);
      const bare = await bareServer(Buffer.from(await (await fetch(`${origin}${path}`)).arrayBuffer()));
      const bareRps = await throughput(bare.url).finally(() => bare.close());
      rows.push({
        target,
        bytes,
        coldP50: percentile(cold, 0.5),
        coldP95: percentile(cold, 0.95),
        cachedP50: percentile(cached, 0.5),
        cachedP95: percentile(cached, 0.95),
        rps,
        bareRps,
      });
    }
  } finally {
    await app.close();
  }
  console.log(
    `\nSitemaps and feeds, ${label}: one list of ${ITEMS.toLocaleString('en')} items (seeded in ${seedSeconds.toFixed(1)} s), ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end, Node ${process.version}, HTTP on loopback; cold: ${COLD_RUNS} runs after a content change, cached: ${CACHED_RUNS} runs; throughput: autocannon 10 connections ${LOAD_SECONDS} s\n`,
  );
  console.log(
    '| target | bytes | cold p50 ms | cold p95 ms | cached p50 ms | cached p95 ms | cached req/s | bare req/s | ratio |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const row of rows) {
    console.log(
      `| ${row.target} | ${row.bytes.toLocaleString('en')} | ${row.coldP50.toFixed(1)} | ${row.coldP95.toFixed(1)} | ${row.cachedP50.toFixed(2)} | ${row.cachedP95.toFixed(2)} | ${row.rps.toFixed(0)} | ${row.bareRps.toFixed(0)} | ${(row.rps / row.bareRps).toFixed(2)} |`,
    );
  }
  return { database: label, seedSeconds, rows };
}

export async function runDiscoveryBench() {
  console.log('\nSitemaps and feeds (issue 30): cold and cached, throughput against a bare server');
  if (process.env.BENCH_DISCOVERY_PGLITE_ONLY === '1') {
    const pglite = await openDatabase({ memory: true });
    try {
      return [await benchOn(pglite, 'PGlite')];
    } finally {
      await pglite.close();
    }
  }
  return onEachDatabase('discovery', benchOn);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDiscoveryBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
