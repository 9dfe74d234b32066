import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/client.ts';
import { media, pages } from '../server/db/schema.ts';
import { focalRegion } from '../server/media/transform.ts';
import { buildUser, signInAs } from '../test/accounts.ts';
import { scratchPostgres } from './postgres.ts';

/**
 * Media library benchmark (issue 27), part of `npm run bench` (`BENCH_ONLY=media-library`); also on
 * its own: `npx tsx bench/media-library.ts` (no site build needed). Figures only; nothing asserted.
 *
 * 1. The library's listing and search (`GET /api/media`, in-process through the whole route, as an
 *    admin) at 100,000 assets (BENCH_MEDIA_ASSETS), seeded with one INSERT … SELECT
 *    generate_series, the newest 4,000 used (a gallery, a draft's image blocks): the first page, a deep page, sorted by title and size, searches for a rare
 *    word (its first and last page), a common word and a file name, a format filter and the `unused`
 *    filter (counted up to 1,000, as the library counts: "over 1,000"); p50 and p95 of
 *    BENCH_MEDIA_RUNS (40) requests each. Target: p95 ≤ 30 ms on PostgreSQL.
 * 2. A focal-point crop's first transform (`GET /a/{guid}?width=800&height=400&fit=cover`, the asset's
 *    focal point at 0.2 × 0.3) of a 4000×3000 JPEG, as a ratio to sharp doing the same crop (extract
 *    around the focal point, resize, WebP) on the same file in the same run. Target: at most 1.2.
 *    Distinct qualities make each request a new variant.
 *
 * On PostgreSQL (DATABASE_URL, or postgres://root@127.0.0.1:5432/postgres: a scratch database made
 * and dropped); on in-memory PGlite when no server answers.
 */

const ASSETS = Number(process.env.BENCH_MEDIA_ASSETS) || 100_000;
const RUNS = Number(process.env.BENCH_MEDIA_RUNS) || 40;
const TRANSFORM_RUNS = 9;

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? 0;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** 100,000 library assets in one statement: titles, alt texts and tags from a small vocabulary. */
export async function seedAssets(database: DatabaseHandle, uploaderId: string): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO media (content_hash, purpose, file_name, format, width, height, size, title, alt, tags,
                       search_text, uploaded_by, created_at, updated_at)
    SELECT encode(sha256(i::text::bytea), 'hex'), 'library', s.file_name,
           (ARRAY['jpeg', 'png', 'webp', 'avif'])[1 + i % 4], 1600, 1200, 20000 + (i * 7919) % 5000000,
           s.title, jsonb_build_object('nl', s.alt), ARRAY[s.tag],
           lower(concat_ws(' ', s.title, s.file_name, s.alt, s.tag)),
           ${uploaderId}::uuid, now() - make_interval(mins => i), now()
    FROM generate_series(1, ${ASSETS}) AS i,
    LATERAL (SELECT
      (ARRAY['Molen', 'Haven', 'Kerk', 'Markt', 'School', 'Strand', 'Bos', 'Brug', 'Plein', 'Toren'])[1 + i % 10]
        || ' ' || (ARRAY['in de zomer', 'bij nacht', 'in de mist', 'met publiek', 'van boven'])[1 + i % 5]
        || CASE WHEN i % 1000 = 0 THEN ' vuurtoren' ELSE '' END || ' ' || i AS title,
      'IMG_' || lpad(i::text, 6, '0') || '.jpg' AS file_name,
      'Foto van ' || (ARRAY['de molen', 'de haven', 'de kerk', 'de markt'])[1 + i % 4] || ' nummer ' || i AS alt,
      'tag' || (i % 50) AS tag) AS s`);
  // Uses, so the unused filter has something to leave out: the newest 2,000 assets in one gallery,
  // and the next 2,000 as images in the blocks of one page's draft (a walk from the newest first
  // meets the used ones before any unused one).
  const [host] = await database.db
    .insert(pages)
    .values({ name: 'bench-uses', title: { nl: 'Gebruik' }, layout: '100' })
    .returning({ id: pages.id });
  await database.db.execute(sql`
    INSERT INTO building_block_instances (page_id, building_block_name, options, layout_position, sort_id)
    SELECT ${host?.id}::uuid, 'gallery', jsonb_build_object('imageGuids', jsonb_agg(id)), 'main', 10
    FROM (SELECT id FROM media ORDER BY created_at DESC LIMIT 2000) AS newest`);
  await database.db.execute(sql`
    INSERT INTO page_drafts (page_id, version, document)
    SELECT ${host?.id}::uuid, 1, jsonb_build_object('title', jsonb_build_object('nl', 'Gebruik'),
           'description', null, 'layout', '100', 'options', '[]'::jsonb,
           'blocks', jsonb_agg(jsonb_build_object('options', jsonb_build_object('imageGuid', id))))
    FROM (SELECT id FROM media ORDER BY created_at DESC OFFSET 2000 LIMIT 2000) AS next`);
  await database.db.execute(sql`VACUUM ANALYZE media`);
  await database.db.execute(sql`ANALYZE`);
}

async function libraryBench(database: DatabaseHandle, label: string) {
  await database.migrate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-bench-library-'));
  const uploader = await buildUser(database.db, { email: 'beheer@bench.example', isAdmin: true });
  process.stdout.write(`  ${label}: seeding ${ASSETS.toLocaleString('en')} assets… `);
  const seedStart = performance.now();
  await seedAssets(database, uploader.id);
  console.log(`${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const app = await buildApp({ config: testConfig({ env: 'production', dataDir }), database, web: false });
  await app.ready();
  try {
    const admin = await signInAs(app, 'beheer@bench.example');
    const get = async (url: string) => {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      const ms = performance.now() - start;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return { ms, body: response.json() as { total: number; isTotalExact: boolean } };
    };
    const cases: [string, string][] = [
      ['first page (newest, 24)', '/api/media'],
      ['page 2,000 (newest)', '/api/media?page=2000'],
      ['sorted by title', '/api/media?sort=title'],
      ['sorted by size', '/api/media?sort=size'],
      ['search, rare word (vuurtoren)', '/api/media?search=vuurtoren'],
      ['search, rare word, last page (vuurtoren, page 5)', '/api/media?search=vuurtoren&page=5'],
      ['search, common word (molen)', '/api/media?search=molen'],
      ['search, two words (haven mist)', '/api/media?search=haven%20mist'],
      ['search, file name (IMG_04711)', '/api/media?search=IMG_04711'],
      ['format filter (png)', '/api/media?format=png'],
      ['unused filter', '/api/media?unused=true'],
    ];
    const rows: { name: string; matches: string; p50: number; p95: number }[] = [];
    const measure = async () => {
      for (const [name, url] of cases) {
        let matches = '';
        for (let run = 0; run < 3; run += 1) {
          const { body } = await get(url);
          matches = `${body.isTotalExact ? '' : 'over '}${body.total.toLocaleString('en')}`;
        }
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) times.push((await get(url)).ms);
        times.sort((a, b) => a - b);
        rows.push({ name, matches, p50: percentile(times, 0.5), p95: percentile(times, 0.95) });
      }
    };
    await measure();
    // The unused filter again with nearly every asset used (all but the oldest 500): every asset is
    // then read to find the few unused ones.
    await database.db.execute(sql`
      INSERT INTO building_block_instances (page_id, building_block_name, options, layout_position, sort_id)
      SELECT page_id, 'gallery', jsonb_build_object('imageGuids', jsonb_agg(id)), 'main', 20
      FROM (SELECT id FROM media ORDER BY created_at DESC OFFSET 4000 LIMIT ${Math.max(0, ASSETS - 4500)}) AS rest,
           (SELECT page_id FROM page_drafts LIMIT 1) AS host
      GROUP BY page_id`);
    await database.db.execute(sql`ANALYZE building_block_instances`);
    cases.splice(0, cases.length, ['unused filter, all but 500 used', '/api/media?unused=true']);
    await measure();
    const load = loadavg().map((value) => value.toFixed(1));
    console.log(
      `\nMedia library listing and search, ${label}: ${ASSETS.toLocaleString('en')} assets, GET /api/media in-process as an admin, ${RUNS} runs each after 3 warm-up, ${cpus().length} cores, load average ${load.join(' ')}\n`,
    );
    console.log('| request | matches | p50 ms | p95 ms | p95 ≤ 30 ms |');
    console.log('|---|--:|--:|--:|:-:|');
    for (const row of rows) {
      console.log(
        `| ${row.name} | ${row.matches} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p95 <= 30 ? 'yes' : 'no'} |`,
      );
    }
    await transformBench(app, admin, dataDir, database);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function transformBench(
  app: Awaited<ReturnType<typeof buildApp>>,
  admin: Awaited<ReturnType<typeof signInAs>>,
  dataDir: string,
  database: DatabaseHandle,
) {
  const width = 4000;
  const height = 3000;
  // A photo-like original: noise compresses and decodes as a camera JPEG does, unlike a flat colour.
  const raw = Buffer.alloc(width * height * 3);
  for (let index = 0; index < raw.length; index += 1) raw[index] = (index * 2654435761) >>> 24;
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
  const boundary = '----bouwsteen-bench-boundary';
  const uploaded = await app.inject({
    method: 'POST',
    url: '/a/upload?library',
    headers: {
      cookie: admin.cookie,
      'x-xsrf-token': admin.xsrf,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Image"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const guid = (uploaded.json() as { guid: string }).guid;
  const focal = { x: 0.2, y: 0.3 };
  const patched = await app.inject({
    method: 'PATCH',
    url: `/api/media/${guid}`,
    headers: { cookie: admin.cookie, 'x-xsrf-token': admin.xsrf },
    payload: { focalX: focal.x, focalY: focal.y },
  });
  if (patched.statusCode !== 200) throw new Error(`focal point: ${patched.statusCode} ${patched.body}`);
  const [row] = await database.db.select().from(media).where(eq(media.id, guid));
  const hash = row?.contentHash ?? '';
  const original = path.join(dataDir, 'media', 'originals', hash.slice(0, 2), hash);
  const box = { width: 800, height: 400 };
  const region = focalRegion({ width, height }, box, focal);
  if (!region) throw new Error('the crop cuts nothing');
  const direct = async (quality: number) => {
    const start = performance.now();
    await sharp(original, { failOn: 'error', autoOrient: true })
      .extract(region)
      .resize({ ...box, fit: 'cover', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
    return performance.now() - start;
  };
  const route = async (quality: number) => {
    const start = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: `/a/${guid}?width=${box.width}&height=${box.height}&fit=cover&quality=${quality}&v=${row?.version ?? 1}`,
      headers: { cookie: admin.cookie },
    });
    const ms = performance.now() - start;
    if (response.statusCode !== 200) throw new Error(`transform: ${response.statusCode} ${response.body}`);
    return ms;
  };
  // Warm both (libvips, the route's first reads), then alternate, each request a new quality.
  await direct(50);
  await route(50);
  const routeMs: number[] = [];
  const sharpMs: number[] = [];
  for (let run = 0; run < TRANSFORM_RUNS; run += 1) {
    sharpMs.push(await direct(60 + run));
    routeMs.push(await route(60 + run));
  }
  const ratio = median(routeMs) / median(sharpMs);
  const load = loadavg().map((value) => value.toFixed(1));
  console.log(
    `\nFocal-point crop, first transform: ${width}×${height} JPEG (${(jpeg.length / 1e6).toFixed(1)} MB) → ${box.width}×${box.height} cover WebP around ${focal.x} × ${focal.y}, median of ${TRANSFORM_RUNS}, load average ${load.join(' ')}\n`,
  );
  console.log('| | median ms | ratio (target ≤ 1.2) |');
  console.log('|---|--:|--:|');
  console.log(`| sharp directly (extract + resize + webp) | ${median(sharpMs).toFixed(0)} | 1 |`);
  console.log(
    `| GET /a/{guid}?…&fit=cover (first request) | ${median(routeMs).toFixed(0)} | ${ratio.toFixed(2)} |`,
  );
}

export async function runMediaLibraryBench() {
  console.log('\nMedia library (issue 27): listing and search at 100,000 assets; a focal-point crop');
  const postgres = await scratchPostgres('media_library');
  if (!postgres) {
    const pglite = await openDatabase({ memory: true });
    try {
      await libraryBench(pglite, 'PGlite');
    } finally {
      await pglite.close();
    }
    return;
  }
  const database = await openDatabase({ databaseUrl: postgres.url, maxConnections: 10 });
  try {
    await libraryBench(database, 'PostgreSQL');
  } finally {
    await database.close();
    await postgres.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMediaLibraryBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
