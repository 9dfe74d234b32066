import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { REPO_ROOT, type ServerProcess, startServer, TEST_ADMIN } from '../scripts/server-process.ts';
import { runAdminPagesBench } from './admin-pages.ts';
import { runBackupBench } from './backup.ts';
import { runDiscoveryBench } from './discovery.ts';
import { runDraftsBench } from './drafts.ts';
import { runEditorBench } from './editor.ts';
import { runFormsBench } from './forms.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runListsBench } from './lists.ts';
import { runLoadBench } from './load.ts';
import { runMediaBench } from './media.ts';
import { runMediaBurstBench } from './media-burst.ts';
import { runMediaLibraryBench } from './media-library.ts';
import { scratchPostgres } from './postgres.ts';
import { runStartBench } from './start.ts';
import { runStatisticsBench } from './statistics.ts';
import { runWireBench } from './wire.ts';

/**
 * `npm run bench`: throughput and latency of the production server on loopback, next to a bare
 * Fastify server that returns a static page of the same size. Reports figures; asserts nothing.
 *
 *   BENCH_DURATION=10     seconds measured per target (after BENCH_WARMUP seconds of warm-up, 3)
 *   BENCH_CONNECTIONS=10  concurrent connections
 *   DATABASE_URL=postgres://user@host:5432/postgres
 *                         the PostgreSQL server for the second round (default
 *                         postgres://root@127.0.0.1:5432/postgres; skipped when none answers): a
 *                         fresh database is created for the run and dropped afterwards. The first
 *                         round always runs on a fresh PGlite directory.
 *   BENCH_ONLY=site,start the parts to run (site, start, wire, lighthouse, media, media-burst,
 *                         statistics, lists, admin-pages, drafts, editor, forms, backup, load, discovery,
 *                         media-library);
 *                         all by default
 */
const DURATION = positive(process.env.BENCH_DURATION, 10);
const WARMUP = positive(process.env.BENCH_WARMUP, 3);
const CONNECTIONS = positive(process.env.BENCH_CONNECTIONS, 10);

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
}

type Row = { name: string; result: Result; target?: number };

/** The targets of issue 12, as ratios of the bare baseline. */
const TARGET_CACHED = 0.5;
const TARGET_SIGNED_IN = 0.05;

async function main() {
  const only = process.env.BENCH_ONLY?.split(',');
  const wanted = (name: string) => !only || only.includes(name);
  if (wanted('site')) {
    await runSiteBench(null);
    const postgres = await scratchPostgres('site');
    if (postgres) {
      try {
        await runSiteBench(postgres.url);
      } finally {
        await postgres.drop();
      }
    }
  }
  // Start (issue 12): first start and restart on existing data, PGlite and PostgreSQL.
  if (wanted('start')) await runStartBench();
  // Bytes on the wire of a first visit (issue 12), in Chromium.
  if (wanted('wire')) await runWireBench();
  // Lighthouse, mobile preset, on the home page and an item page (issue 12).
  if (wanted('lighthouse')) await runLighthouseBench();
  // Media (issue 4): its own app process (PGlite, no site) and @fastify/static baseline.
  if (wanted('media')) await runMediaBench({ duration: DURATION, warmup: WARMUP, connections: CONNECTIONS });
  // Image transforms under a burst from 40 addresses (issue 34): a visitor's page, refusals, memory.
  if (wanted('media-burst')) await runMediaBurstBench();
  // Statistics (issue 10): a cached public page with statistics on and off, as a ratio.
  if (wanted('statistics'))
    await runStatisticsBench({ duration: DURATION, warmup: WARMUP, connections: CONNECTIONS });
  // Lists and search (issue 5): 100,000 items, in-process API on PGlite and (when reachable) PostgreSQL.
  if (wanted('lists')) await runListsBench();
  // Sitemaps (issue 30): 100,000 items, cold and cached, against a bare server, PGlite and PostgreSQL.
  if (wanted('discovery')) await runDiscoveryBench();
  // Media library (issue 27): listing and search at 100,000 assets, a focal-point crop against sharp.
  if (wanted('media-library')) await runMediaLibraryBench();
  // Admin pages table (issue 10): 10,000 pages, in-process API on PGlite.
  if (wanted('admin-pages')) await runAdminPagesBench();
  if (wanted('drafts')) await runDraftsBench();
  // Edit mode (issue 13): 60 blocks in Chromium, interactive time and a drag's main-thread work.
  if (wanted('editor')) await runEditorBench();
  // Forms (issue 11): 100,000 submissions over 3 versions, in-process use-cases on PGlite and PostgreSQL.
  if (wanted('forms')) await runFormsBench();
  // Backups (issue 28): backup and restore MB/s next to pg_dump + tar of the same data.
  if (wanted('backup')) await runBackupBench();
  // Load (issue 12): 500 connections, mixed reads and 1 % writes (BENCH_LOAD_DURATION, 60 s).
  if (wanted('load')) await runLoadBench();
}

/**
 * Our production server on PGlite (`databaseUrl` null) or on a fresh PostgreSQL database, next to
 * the bare Fastify baseline, in one run: visitors' cached pages and API reads, a signed-in user's
 * home page (never cached), and one request at a time for the latency of an uncached page read.
 */
async function runSiteBench(databaseUrl: string | null) {
  let server: ServerProcess | null = null;
  let bare: { url: string; stop(): Promise<void> } | null = null;
  const scratch = await mkdtemp(path.join(tmpdir(), 'bouwsteen-bench-'));
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    console.log(`Starting the server (production build, ${database}, demo site)…`);
    server = await startServer({ databaseUrl: databaseUrl ?? undefined, logLevel: 'warn' });

    const home = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    if (!home.ok) throw new Error(`GET / answered ${home.status}`);
    const homeBody = Buffer.from(await home.arrayBuffer());
    const bodyFile = path.join(scratch, 'home.html');
    await writeFile(bodyFile, homeBody);

    const named = await fetch(`${server.url}/api/pages:withName?name=home`);
    if (!named.ok) throw new Error(`GET /api/pages:withName?name=home answered ${named.status}`);
    const { guid } = (await named.json()) as { guid: string };
    const session = await signIn(server.url);

    bare = await startBareServer(bodyFile);

    const html = { accept: 'text/html' };
    const targets: { name: string; url: string; headers: Record<string, string>; target?: number }[] = [
      { name: `bare Fastify, static ${homeBody.length} B page`, url: `${bare.url}/`, headers: html },
      { name: 'cached home page /', url: `${server.url}/`, headers: html, target: TARGET_CACHED },
      {
        name: 'cached content page /over-ons',
        url: `${server.url}/over-ons`,
        headers: html,
        target: TARGET_CACHED,
      },
      {
        name: 'anonymous API GET /api/pages/{home}',
        url: `${server.url}/api/pages/${guid}`,
        headers: { accept: 'application/json' },
        target: TARGET_CACHED,
      },
      {
        name: 'signed-in home page / (members’ cache)',
        url: `${server.url}/`,
        headers: { ...html, cookie: session },
        target: TARGET_SIGNED_IN,
      },
    ];
    const rows: Row[] = [];
    for (const { name, url, headers, target } of targets) {
      process.stdout.write(`  ${name}: warm-up ${WARMUP} s, measure ${DURATION} s… `);
      await run(url, WARMUP, headers);
      const result = await run(url, DURATION, headers);
      rows.push({ name, result, ...(target === undefined ? {} : { target }) });
      console.log(`${Math.round(result.requests.average)} req/s`);
    }
    // One request at a time: the latency of a page read that no cache answers (signed in).
    const single = await run(
      `${server.url}/api/pages/${guid}`,
      DURATION,
      { accept: 'application/json', cookie: session },
      1,
    );
    printTable(rows, homeBody.length, database);
    const latencyTarget = databaseUrl ? 3 : 5;
    console.log(
      `\nUncached GET /api/pages/{home} (signed in), one request at a time: p50 ${single.latency.p50} ms, ` +
        `p99 ${single.latency.p99} ms, ${Math.round(single.requests.average)} req/s (target p50 ≤ ${latencyTarget} ms on ${database})\n`,
    );
  } finally {
    await bare?.stop();
    const stopped = await server?.stop(10_000);
    if (stopped && stopped.code !== 0)
      console.warn(`The server exited with code ${stopped.code} on SIGTERM.`);
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The demo admin's session cookie (startServer creates the admin with TEST_ADMIN's password). */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth:signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');
}

async function run(
  url: string,
  duration: number,
  headers: Record<string, string>,
  connections = CONNECTIONS,
): Promise<Result> {
  return autocannon({ url, connections, pipelining: 1, duration, timeout: 10, headers });
}

function printTable(rows: Row[], bodySize: number, database: string) {
  const baseline = rows[0]?.result.requests.average ?? 0;
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare', 'goal', 'errors/non-2xx'];
  const lines = rows.map(({ name, result, target }) => [
    name,
    result.requests.average.toFixed(0),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    baseline > 0 ? (result.requests.average / baseline).toFixed(3) : '-',
    target === undefined ? '' : `≥ ${target}`,
    `${result.errors + result.timeouts}/${result.non2xx}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log('');
  console.log(
    `Bouwsteen benchmark ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node ${process.version}, ` +
      `${database}, ${CONNECTIONS} connections, ${DURATION} s per target after ${WARMUP} s warm-up, ` +
      `home page ${bodySize} B`,
  );
  console.log('');
  console.log(format(header));
  console.log(
    `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
}

/** The bare Fastify baseline in its own process, so it does not share an event loop with the load generator. */
async function startBareServer(bodyFile: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', bodyFile], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (code ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
