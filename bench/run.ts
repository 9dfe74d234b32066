import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { REPO_ROOT, type ServerProcess, startServer } from '../scripts/server-process.ts';
import { runAdminPagesBench } from './admin-pages.ts';
import { runFormsBench } from './forms.ts';
import { runListsBench } from './lists.ts';
import { runMediaBench } from './media.ts';
import { runStatisticsBench } from './statistics.ts';

/**
 * `npm run bench`: throughput and latency of the production server on loopback, next to a bare
 * Fastify server that returns a static page of the same size. Reports figures; asserts nothing.
 *
 *   BENCH_DURATION=10     seconds measured per target (after BENCH_WARMUP seconds of warm-up, 3)
 *   BENCH_CONNECTIONS=10  concurrent connections
 *   DATABASE_URL=postgres://user@host:5432/postgres
 *                         run our server on PostgreSQL: a fresh database is created on that server
 *                         for the run and dropped afterwards (the URL's database is only used to
 *                         connect); without it the server uses a fresh PGlite directory.
 */
const DURATION = positive(process.env.BENCH_DURATION, 10);
const WARMUP = positive(process.env.BENCH_WARMUP, 3);
const CONNECTIONS = positive(process.env.BENCH_CONNECTIONS, 10);

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
}

type Row = { name: string; result: Result };

async function main() {
  const postgres = process.env.DATABASE_URL ? await createBenchDatabase(process.env.DATABASE_URL) : null;
  let server: ServerProcess | null = null;
  let bare: { url: string; stop(): Promise<void> } | null = null;
  const scratch = await mkdtemp(path.join(tmpdir(), 'bouwsteen-bench-'));
  try {
    console.log(`Starting the server (production build, ${postgres ? 'PostgreSQL' : 'PGlite'}, demo site)…`);
    server = await startServer({ databaseUrl: postgres?.url, logLevel: 'warn' });

    const home = await fetch(`${server.url}/`);
    if (!home.ok) throw new Error(`GET / answered ${home.status}`);
    const homeBody = Buffer.from(await home.arrayBuffer());
    const bodyFile = path.join(scratch, 'home.html');
    await writeFile(bodyFile, homeBody);

    const named = await fetch(`${server.url}/api/pages:withName?name=home`);
    if (!named.ok) throw new Error(`GET /api/pages:withName?name=home answered ${named.status}`);
    const { guid } = (await named.json()) as { guid: string };

    bare = await startBareServer(bodyFile);

    const targets: [name: string, url: string][] = [
      [`bare Fastify, static ${homeBody.length} B page`, `${bare.url}/`],
      ['SSR /', `${server.url}/`],
      ['SSR /over-ons', `${server.url}/over-ons`],
      ['API GET /api/pages/{home}', `${server.url}/api/pages/${guid}`],
    ];
    const rows: Row[] = [];
    for (const [name, url] of targets) {
      process.stdout.write(`  ${name}: warm-up ${WARMUP} s, measure ${DURATION} s… `);
      await run(url, WARMUP);
      const result = await run(url, DURATION);
      rows.push({ name, result });
      console.log(`${Math.round(result.requests.average)} req/s`);
    }
    printTable(rows, homeBody.length, postgres !== null);
  } finally {
    await bare?.stop();
    const stopped = await server?.stop(10_000);
    if (stopped && stopped.code !== 0)
      console.warn(`The server exited with code ${stopped.code} on SIGTERM.`);
    await postgres?.drop();
    await rm(scratch, { recursive: true, force: true });
  }
  // Media (issue 4): its own app process (PGlite, no site) and @fastify/static baseline.
  await runMediaBench({ duration: DURATION, warmup: WARMUP, connections: CONNECTIONS });
  // Statistics (issue 10): a cached public page with statistics on and off, as a ratio.
  await runStatisticsBench({ duration: DURATION, warmup: WARMUP, connections: CONNECTIONS });
  // Lists and search (issue 5): 100,000 items, in-process API on PGlite and (when reachable) PostgreSQL.
  await runListsBench();
  // Admin pages table (issue 10): 10,000 pages, in-process API on PGlite.
  await runAdminPagesBench();
  // Forms (issue 11): 100,000 submissions over 3 versions, in-process use-cases on PGlite and PostgreSQL.
  await runFormsBench();
}

async function run(url: string, duration: number): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration,
    timeout: 10,
    headers: { accept: url.includes('/api/') ? 'application/json' : 'text/html' },
  });
}

function printTable(rows: Row[], bodySize: number, onPostgres: boolean) {
  const baseline = rows[0]?.result.requests.average ?? 0;
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'errors/non-2xx'];
  const lines = rows.map(({ name, result }) => [
    name,
    result.requests.average.toFixed(0),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    baseline > 0 ? `${((result.requests.average / baseline) * 100).toFixed(1)} %` : '-',
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
      `${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connections, ${DURATION} s per target after ${WARMUP} s warm-up, ` +
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

/** A fresh, empty database on the PostgreSQL server of `serverUrl`, dropped again after the run. */
async function createBenchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bouwsteen_bench_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
