import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { TOP_LEVEL_MENU } from '../common/site.ts';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { type DatabaseHandle, queryRows } from '../server/db/client.ts';
import { refreshSearchIndex } from '../server/domains/search/queries.ts';
import {
  createListItem,
  createListItemType,
  createMenu,
  createMenuItem,
  createPage,
} from '../server/seed/builders.ts';
import { onEachDatabase } from './postgres.ts';

/**
 * Lists and search benchmark (issue 5), part of `npm run bench`; also runs on its own:
 * `npx tsx bench/lists.ts` (no site build needed: the API runs in-process, measured with
 * app.inject, so the figures are the server's own time without HTTP and load-generator noise).
 *
 * Seeds 100,000 items under 50 parents in one list (bulk SQL with generate_series), four small lists
 * beside it (the five-list batch), and measures p50/p95/p99 of list pages, the `lists` batch and
 * search, on PGlite and, when reachable, on PostgreSQL (DATABASE_URL, else
 * postgres://root@127.0.0.1:5432/postgres; a scratch database is created and dropped).
 *
 *   BENCH_LIST_ITEMS=100000   items in the big list
 *   BENCH_LIST_RUNS=200       measured requests per target (after 20 warm-up requests)
 *
 * Targets (issue 5): list page p99 ≤ 15 ms and search p95 ≤ 30 ms on PostgreSQL. Figures only.
 */

const ITEMS = positive(process.env.BENCH_LIST_ITEMS, 100_000);
const RUNS = positive(process.env.BENCH_LIST_RUNS, 200);
const WARMUP_RUNS = 20;
const PARENTS = 50;
const RARE_WORD = 'zeldzaamheid';
const COMMON_WORD = 'dorp';

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

type Fixture = { bigList: string; smallLists: string[]; parents: string[] };
type Target = { name: string; request: InjectOptions };
type Row = { name: string; p50: number; p95: number; p99: number; mean: number; sample: string };
export type ListsBenchResult = {
  database: 'PGlite' | 'PostgreSQL';
  seedSeconds: number;
  indexSeconds: number;
  rows: Row[];
};

export async function seedListsBench(database: DatabaseHandle): Promise<Fixture> {
  const db = database.db;
  await createListItemType(db, { name: 'nieuws', label: { nl: 'Nieuws', en: 'News' } });
  await createListItemType(db, { name: 'evenement', label: { nl: 'Evenement', en: 'Event' } });
  await createListItemType(db, { name: 'rubriek', label: { nl: 'Rubriek', en: 'Category' } });
  const page = await createPage(db, {
    name: 'nieuws',
    title: { nl: 'Nieuws', en: 'News' },
    blocks: [
      { name: 'list', content: { nl: { title: 'Rubrieken' } }, options: {} },
      { name: 'list', content: { nl: { title: 'Alle berichten' } }, options: { defaultItemsPerPage: 20 } },
      ...[1, 2, 3, 4].map((index) => ({
        name: 'list',
        content: { nl: { title: `Lijst ${index}` } },
        options: { defaultItemsPerPage: 20 },
      })),
    ],
  });
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  await createMenuItem(db, { menuId: menu.id, urlSegment: 'nieuws', name: 'Nieuws', pageId: page.id });
  const [categories, bigList, ...smallLists] = page.blocks.map((block) => block.id) as [
    string,
    string,
    ...string[],
  ];
  const parents: string[] = [];
  for (let index = 0; index < PARENTS; index += 1) {
    parents.push(
      (await createListItem(db, { blockId: categories, title: `Rubriek ${index + 1}`, type: 'rubriek' })).id,
    );
  }
  const words = `{fietsen,markt,school,kerk,voetbal,bibliotheek,dorpshuis,vrijwilligers,jeugd,muziek}`;
  const insert = (blockId: string, count: number, prefix: string) => sql`
    INSERT INTO list_items (short_id, block_id, list_item_type_name, title, description, content, published_on, highlight)
    SELECT ${prefix} || lpad(to_hex(g), 7, '0'), ${blockId}::uuid,
      CASE WHEN g % 3 = 0 THEN 'evenement' ELSE 'nieuws' END,
      jsonb_build_object('nl', 'Bericht ' || g || ' uit het ' || ${COMMON_WORD}::text
        || CASE WHEN g % 10000 = 0 THEN ' ' || ${RARE_WORD}::text ELSE '' END,
        'en', 'Message ' || g || ' from the village'),
      jsonb_build_object('nl', 'Over ' || (${words}::text[])[1 + g % 10] || ' en ' || (${words}::text[])[1 + (g / 10) % 10]),
      jsonb_build_array(jsonb_build_object('guid', gen_random_uuid(), 'buildingBlockName', 'text', 'sortId', 10,
        'options', '{}'::jsonb, 'content', jsonb_build_object('nl', jsonb_build_object('doc', jsonb_build_object(
          'type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content',
            jsonb_build_array(jsonb_build_object('type', 'text', 'text',
              'Meer over ' || (${words}::text[])[1 + (g / 100) % 10] || ' in het ' || ${COMMON_WORD}::text))))))))),
      now() - make_interval(mins => g), g % 50 = 0
    FROM generate_series(1, ${count}) AS g`;
  await db.execute(insert(bigList, ITEMS, 'b'));
  for (const [index, blockId] of smallLists.entries()) await db.execute(insert(blockId, 1000, `s${index}`));
  await db.execute(sql`
    INSERT INTO list_item_parents (item_id, parent_guid, published_on)
    SELECT i.id, (${`{${parents.join(',')}}`}::uuid[])[1 + (('x' || substr(i.short_id, 2))::bit(28)::int % ${PARENTS})],
      i.published_on
    FROM list_items i WHERE i.block_id = ${bigList}::uuid`);
  return { bigList, smallLists, parents };
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function measure(app: FastifyInstance, target: Target): Promise<Row> {
  let sample = '';
  const once = async () => {
    const response = await app.inject(target.request);
    if (response.statusCode !== 200)
      throw new Error(`${target.name}: ${response.statusCode} ${response.body}`);
    return response;
  };
  for (let run = 0; run < WARMUP_RUNS; run += 1) await once();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const response = await once();
    times.push(performance.now() - start);
    if (run === 0) sample = describe(response.json());
  }
  times.sort((a, b) => a - b);
  return {
    name: target.name,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    mean: times.reduce((sum, time) => sum + time, 0) / times.length,
    sample,
  };
}

/** A short note of what came back, so the table shows the requests did real work. */
function describe(body: unknown): string {
  const value = body as { items?: unknown[]; totalNumberOfItems?: number; hits?: unknown[] };
  if (Array.isArray(value.hits)) return `${value.hits.length} hits of ${value.totalNumberOfItems}`;
  if (Array.isArray(value.items)) return `${value.items.length} items of ${value.totalNumberOfItems}`;
  return `${Object.keys(body as object).length} lists`;
}

async function benchOn(
  database: DatabaseHandle,
  label: ListsBenchResult['database'],
): Promise<ListsBenchResult> {
  await database.migrate();
  process.stdout.write(`  ${label}: seeding ${ITEMS.toLocaleString('en')} items under ${PARENTS} parents… `);
  let start = performance.now();
  const fixture = await seedListsBench(database);
  const seedSeconds = (performance.now() - start) / 1000;
  process.stdout.write(`${seedSeconds.toFixed(1)} s; search index… `);
  start = performance.now();
  await refreshSearchIndex(database.db);
  const indexSeconds = (performance.now() - start) / 1000;
  // Fresh statistics and visibility map (index-only scans), as autovacuum leaves them on PostgreSQL.
  // PGlite runs no autovacuum: an embedded site gets the same from the VACUUM an operator schedules.
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`${indexSeconds.toFixed(1)} s`);
  const [count] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM list_items`);

  const app = await buildApp({ config: testConfig(), database, web: false });
  await app.ready();
  try {
    const parent = fixture.parents[7] ?? '';
    const list = (payload: object): Target['request'] => ({
      method: 'POST',
      url: `/api/listitem/list/${fixture.bigList}`,
      payload,
    });
    const batch = Object.fromEntries(
      [fixture.bigList, ...fixture.smallLists].map((guid, index) => [
        guid,
        JSON.stringify(index === 0 ? { itemCount: 20, filter: `parent:${parent}` } : { itemCount: 20 }),
      ]),
    );
    const targets: Target[] = [
      { name: 'list, parent filter, page 1', request: list({ itemCount: 20, filter: `parent:${parent}` }) },
      {
        name: 'list, parent filter, page 100',
        request: list({ itemCount: 20, pageNumber: 100, filter: `parent:${parent}` }),
      },
      {
        name: 'list, parent filter, page 2,000 (past end)',
        request: list({ itemCount: 20, pageNumber: 2000, filter: `parent:${parent}` }),
      },
      { name: 'list, no filter, page 1', request: list({ itemCount: 20 }) },
      { name: 'list, no filter, page 2,000', request: list({ itemCount: 20, pageNumber: 2000 }) },
      {
        name: 'lists batch (five lists)',
        request: { method: 'POST', url: '/api/listitem/lists', payload: batch },
      },
      {
        name: `search, common word ("${COMMON_WORD}")`,
        request: { method: 'GET', url: `/api/search?q=${COMMON_WORD}` },
      },
      {
        name: `search, rare word ("${RARE_WORD}")`,
        request: { method: 'GET', url: `/api/search?q=${RARE_WORD}` },
      },
    ];
    const rows: Row[] = [];
    for (const target of targets) rows.push(await measure(app, target));
    printTable(label, rows, count?.n ?? 0, seedSeconds, indexSeconds);
    return { database: label, seedSeconds, indexSeconds, rows };
  } finally {
    await app.close();
  }
}

function printTable(
  label: string,
  rows: Row[],
  itemCount: number,
  seedSeconds: number,
  indexSeconds: number,
) {
  const header = ['target', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms', 'answer'];
  const lines = rows.map((row) => [
    row.name,
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    row.p99.toFixed(1),
    row.mean.toFixed(1),
    row.sample,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 || column === 5 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log('');
  console.log(
    `Lists and search, ${label}: ${itemCount.toLocaleString('en')} items, ${cpus().length} cores, Node ${process.version}, ` +
      `app.inject, ${RUNS} requests per target after ${WARMUP_RUNS} warm-up; seed ${seedSeconds.toFixed(1)} s, ` +
      `search index ${indexSeconds.toFixed(1)} s`,
  );
  console.log('');
  console.log(format(header));
  console.log(
    `|${widths.map((width, column) => (column === 0 || column === 5 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
  console.log('');
}

export async function runListsBench(): Promise<ListsBenchResult[]> {
  console.log('\nLists and search (issue 5): in-process API, app.inject');
  return onEachDatabase('lists', benchOn);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runListsBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
