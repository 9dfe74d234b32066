import autocannon, { type Result } from 'autocannon';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';

/**
 * Statistics (issue 10): throughput of a cached public page with statistics collection on and
 * off, in one run. Two production servers (PGlite, demo site) differ only in STATISTICS_ENABLED;
 * the load is a desktop browser's request (a user agent isbot lets through, Accept: text/html), so
 * every request of the "on" server is counted and flushed. The servers are measured in turns
 * (off, on, off, on) so drift on a shared machine falls on both. Reports the ratio; asserts nothing.
 */
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PATH = '/over-ons';
const ROUNDS = 2;

export async function runStatisticsBench(options: {
  duration: number;
  warmup: number;
  connections: number;
}): Promise<void> {
  const servers: Record<'off' | 'on', ServerProcess | null> = { off: null, on: null };
  try {
    console.log('\nStatistics: starting two servers (STATISTICS_ENABLED=false and true)…');
    servers.off = await startServer({ logLevel: 'warn', extraEnv: { STATISTICS_ENABLED: 'false' } });
    servers.on = await startServer({ logLevel: 'warn', extraEnv: { STATISTICS_ENABLED: 'true' } });
    const load = (server: ServerProcess, duration: number) =>
      autocannon({
        url: `${server.url}${PATH}`,
        connections: options.connections,
        pipelining: 1,
        duration,
        timeout: 10,
        headers: { accept: 'text/html', 'user-agent': DESKTOP_CHROME },
      });
    // Warm both (the first request fills the visitors' cache; the rest are cache hits).
    await load(servers.off, options.warmup);
    await load(servers.on, options.warmup);
    const results: Record<'off' | 'on', Result[]> = { off: [], on: [] };
    const slice = Math.max(1, Math.round(options.duration / ROUNDS));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of ['off', 'on'] as const) {
        const server = servers[name];
        if (!server) continue;
        process.stdout.write(`  ${PATH} statistics ${name}, round ${round + 1}: ${slice} s… `);
        const result = await load(server, slice);
        results[name].push(result);
        console.log(`${Math.round(result.requests.average)} req/s`);
      }
    }
    const average = (list: Result[], pick: (result: Result) => number) =>
      list.reduce((sum, result) => sum + pick(result), 0) / Math.max(list.length, 1);
    const summary = (['off', 'on'] as const).map((name) => ({
      name,
      rps: average(results[name], (result) => result.requests.average),
      p50: average(results[name], (result) => result.latency.p50),
      p99: average(results[name], (result) => result.latency.p99),
      failed: results[name].reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
    }));
    const [off, on] = summary;
    console.log('');
    console.log(
      `Statistics bench ${new Date().toISOString().slice(0, 10)}: cached ${PATH}, ${options.connections} connections, ` +
        `${ROUNDS} × ${slice} s per setting after ${options.warmup} s warm-up`,
    );
    console.log('');
    console.log('| statistics | req/s | p50 ms | p99 ms | errors/non-2xx |');
    console.log('| ---------- | ----: | -----: | -----: | -------------: |');
    for (const row of summary) {
      console.log(
        `| ${row.name.padEnd(10)} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.failed} |`,
      );
    }
    if (off && on && off.rps > 0) {
      console.log('');
      console.log(`ratio on/off: ${(on.rps / off.rps).toFixed(3)} (target ≥ 0.95)`);
    }
  } finally {
    for (const server of [servers.off, servers.on]) {
      const stopped = await server?.stop(10_000);
      if (stopped && stopped.code !== 0)
        console.warn(`A server exited with code ${stopped.code} on SIGTERM.`);
    }
  }
}

// `npx tsx bench/statistics.ts`: this part alone (BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS as in run.ts).
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const setting = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  runStatisticsBench({
    duration: setting('BENCH_DURATION', 10),
    warmup: setting('BENCH_WARMUP', 3),
    connections: setting('BENCH_CONNECTIONS', 10),
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
