import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';
import { createBenchDatabase } from './postgres.ts';

/**
 * Start (issue 12): how long the production server takes from spawn until GET /readyz answers 200,
 * on a fresh database (first start: migrations, admin account, demo seed) and then restarted
 * `restarts` times on the same data (target: at most 3 s). Also the first GET / after each restart,
 * since modules that load on first use move some work from the start to the first page.
 * PGlite always; PostgreSQL when a server answers at DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432), on a fresh database dropped afterwards. Figures only.
 */
export type StartBenchResult = {
  backend: 'PGlite' | 'PostgreSQL';
  firstStartMs: number;
  restartsMs: number[];
  firstPageMs: number[];
};

const POLL_MS = 10;

export async function runStartBench(options: { restarts?: number } = {}): Promise<StartBenchResult[]> {
  const restarts = options.restarts ?? Number(process.env.BENCH_RESTARTS ?? 3);
  console.log(`\nStart: first start on a fresh database, then ${restarts} restarts on the same data…`);
  const results: StartBenchResult[] = [await measure('PGlite', restarts)];

  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  let database: { url: string; drop(): Promise<void> } | null = null;
  try {
    database = await createBenchDatabase(serverUrl, 'start');
  } catch (error) {
    console.log(
      `  PostgreSQL: not reachable at ${new URL(serverUrl).host} (${(error as Error).message}); skipped.`,
    );
  }
  if (database) {
    try {
      results.push(await measure('PostgreSQL', restarts, database.url));
    } finally {
      await database.drop();
    }
  }
  printTable(results);
  return results;
}

async function measure(
  backend: StartBenchResult['backend'],
  restarts: number,
  databaseUrl?: string,
): Promise<StartBenchResult> {
  // One DATA_DIR for every start (PGlite's database lives there; on PostgreSQL the media and outbox).
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-start-bench-'));
  const start = () => startServer({ dataDir, databaseUrl, logLevel: 'warn', pollIntervalMs: POLL_MS });
  let server: ServerProcess | null = null;
  try {
    server = await start();
    const firstStartMs = server.readyMs;
    console.log(`  ${backend} first start: ${firstStartMs} ms`);
    await server.stop();
    server = null;
    const restartsMs: number[] = [];
    const firstPageMs: number[] = [];
    for (let round = 1; round <= restarts; round += 1) {
      server = await start();
      restartsMs.push(server.readyMs);
      const pageMs = await timeFirstPage(server.url);
      firstPageMs.push(pageMs);
      console.log(`  ${backend} restart ${round}: ready in ${server.readyMs} ms, then GET / in ${pageMs} ms`);
      await server.stop();
      server = null;
    }
    return { backend, firstStartMs, restartsMs, firstPageMs };
  } finally {
    if (server) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function timeFirstPage(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET / answered ${response.status}`);
  return Math.round(performance.now() - started);
}

function stats(values: number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length === 0
      ? Number.NaN
      : sorted.length % 2 === 1
        ? sorted[middle]!
        : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
  return { median, min: sorted[0] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN };
}

function printTable(results: StartBenchResult[]): void {
  console.log('');
  console.log(
    '| database   | first start ms | restart ms median (min–max) | first GET / after restart ms median |',
  );
  console.log(
    '| ---------- | -------------: | --------------------------: | ----------------------------------: |',
  );
  for (const result of results) {
    const restart = stats(result.restartsMs);
    const page = stats(result.firstPageMs);
    console.log(
      `| ${result.backend.padEnd(10)} | ${String(result.firstStartMs).padStart(14)} | ${`${restart.median} (${restart.min}–${restart.max})`.padStart(27)} | ${String(page.median).padStart(35)} |`,
    );
  }
}

if (import.meta.main) {
  await runStartBench();
}
