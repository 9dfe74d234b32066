import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import sharp from 'sharp';

/**
 * Media benchmark (issue 4), part of `npm run bench`; also runs on its own: `npx tsx bench/media.ts`
 * (no site build needed: the app runs without the React Router site).
 *
 * 1. The first transform of a 4000×3000 JPEG to an 800-wide WebP through GET /a/{guid}, as a ratio
 *    to calling sharp directly on the same file in the same run (target at most 1.2).
 * 2. The throughput of a cached variant, as a ratio to a bare Fastify + @fastify/static serving a
 *    file of the same size (target at least 0.5).
 * 3. The admission gate at work (issue 9): a burst of new 3000-wide variants from several addresses
 *    at once (127.0.0.x, all loopback on Linux), with the cached variant fetched one request after
 *    another meanwhile; how many were served, refused at once, or refused after waiting, how long
 *    the cached variant took, and the app's peak memory. Then the issue's own case, cut down: a few
 *    3000-wide `format=auto` requests at once from a browser that accepts AVIF.
 *
 * The app and the static server run in their own processes (this file, started with --serve-app or
 * --serve-static), so neither shares an event loop with the load generator. Figures only; nothing
 * is asserted.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'admin@bench.example', password: 'bench-admin-password-0000' } as const;
/** Distinct qualities defeat the variant cache: each first request is a new variant. */
const FIRST_TRANSFORM_RUNS = 11;
/** The cached-variant comparison runs in this many interleaved rounds per side. */
const CACHED_ROUNDS = 3;
/** The burst: this many addresses, each asking this many new variants at once. */
const BURST_CLIENTS = 8;
const BURST_PER_CLIENT = 5;
/** The AVIF case: this many 3000-wide format=auto requests at once (one AVIF of that size took 18–28 s here). */
const AVIF_REQUESTS = 4;
/** A 503 answered sooner than this was refused on arrival (queue or client limit), not after waiting. */
const REFUSED_AT_ONCE_MS = 1000;

export type MediaBenchOptions = { duration: number; warmup: number; connections: number };

export type CachedRound = { app: Result; static: Result };

export type BurstResult = {
  requests: number;
  clients: number;
  served: number;
  refusedAtOnce: number;
  refusedAfterWaiting: number;
  other: number;
  retryAfter: string | null;
  seconds: number;
  /** The cached variant, fetched one after another during the burst. */
  cachedMs: { samples: number; p50: number; p99: number; max: number };
  /** The app process's resident memory (Linux: /proc), in MB: before the burst, and its peak before and after. */
  rssBeforeMb: number | null;
  peakBeforeMb: number | null;
  peakRssMb: number | null;
};

export type AvifBurstResult = { requests: number; seconds: number; types: Record<string, number> };

export type MediaBenchResult = {
  firstTransform: {
    serverMs: number;
    directMs: number;
    ratio: number;
    samples: number;
    /** The fastest of each side: less sensitive to other work on the machine than the median. */
    bestServerMs: number;
    bestDirectMs: number;
  };
  cached: {
    variantBytes: number;
    appRps: number;
    staticRps: number;
    ratio: number;
    roundSeconds: number;
    rounds: CachedRound[];
  };
  burst: BurstResult;
  avif: AvifBurstResult;
};

export async function runMediaBench(options: MediaBenchOptions): Promise<MediaBenchResult> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bouwsteen-media-bench-'));
  let app: Child | null = null;
  let staticServer: Child | null = null;
  try {
    console.log('\nMedia: preparing a 4000×3000 JPEG and starting the app (no site build)…');
    const original = path.join(scratch, 'original.jpg');
    // Noise, not a flat colour: a photo-like image the encoders have to work for.
    await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .blur(2)
      .jpeg({ quality: 85 })
      .toFile(original);

    const appData = path.join(scratch, 'data');
    app = await startChild(['--serve-app', appData]);
    const base = `http://127.0.0.1:${app.port}`;
    const guid = await uploadOriginal(base, app.token ?? '', original);

    // 1. First transforms, interleaved with direct sharp calls on the same file and the same work.
    const direct = (quality: number) =>
      sharp(original, { autoOrient: true })
        .resize({ width: 800, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    const first = async (quality: number) => {
      const response = await fetch(`${base}/a/${guid}?width=800&quality=${quality}`);
      if (!response.ok) throw new Error(`GET /a/{guid} answered ${response.status}`);
      await response.arrayBuffer();
    };
    // Warm both sides once (module loading, libvips start-up) outside the measurement.
    await direct(60);
    await first(60);
    const serverTimes: number[] = [];
    const directTimes: number[] = [];
    for (let run = 0; run < FIRST_TRANSFORM_RUNS; run += 1) {
      // Alternate who goes first, so neither side always runs right after the other's work.
      const quality = 70 + run;
      if (run % 2 === 0) {
        directTimes.push(await timed(() => direct(quality)));
        serverTimes.push(await timed(() => first(quality)));
      } else {
        serverTimes.push(await timed(() => first(quality)));
        directTimes.push(await timed(() => direct(quality)));
      }
    }
    const serverMs = median(serverTimes);
    const directMs = median(directTimes);

    // 2. A cached variant against a static file of exactly the same bytes.
    const variantUrl = `${base}/a/${guid}?width=800`;
    const variant = Buffer.from(await (await fetch(variantUrl)).arrayBuffer());
    const staticRoot = path.join(scratch, 'static');
    await mkdir(staticRoot, { recursive: true });
    await writeFile(path.join(staticRoot, 'variant.webp'), variant);
    staticServer = await startChild(['--serve-static', staticRoot]);
    const staticUrl = `http://127.0.0.1:${staticServer.port}/variant.webp`;
    const check = await fetch(staticUrl);
    if (!check.ok || (await check.arrayBuffer()).byteLength !== variant.length) {
      throw new Error('the static server does not serve the variant');
    }

    // Interleaved rounds (static, app, static, app, …): other work on the machine then weighs on
    // both sides alike instead of on whichever happened to run during it.
    const seconds = Math.max(1, Math.round(options.duration / CACHED_ROUNDS));
    console.log(
      `  cached variant vs @fastify/static (${variant.length} B): warm-up ${options.warmup} s each, then ${CACHED_ROUNDS} × ${seconds} s each, interleaved`,
    );
    await load(staticUrl, options.warmup, options.connections);
    await load(variantUrl, options.warmup, options.connections);
    const rounds: CachedRound[] = [];
    for (let round = 0; round < CACHED_ROUNDS; round += 1) {
      const staticRound = await load(staticUrl, seconds, options.connections);
      const appRound = await load(variantUrl, seconds, options.connections);
      rounds.push({ app: appRound, static: staticRound });
      console.log(
        `    round ${round + 1}: app ${appRound.requests.average.toFixed(0)} req/s, static ${staticRound.requests.average.toFixed(0)} req/s`,
      );
    }
    const appRps = mean(rounds.map((round) => round.app.requests.average));
    const staticRps = mean(rounds.map((round) => round.static.requests.average));

    // 3. The admission gate under a burst of new variants.
    console.log(
      `  burst: ${BURST_CLIENTS * BURST_PER_CLIENT} new 3000-wide variants from ${BURST_CLIENTS} addresses at once…`,
    );
    const burst = await measureBurst(base, guid, variantUrl, app.pid);
    console.log(`  ${AVIF_REQUESTS} × 3000-wide format=auto with Accept: image/avif at once…`);
    const avif = await measureAvifBurst(base, guid);

    const result: MediaBenchResult = {
      firstTransform: {
        serverMs,
        directMs,
        ratio: serverMs / directMs,
        samples: FIRST_TRANSFORM_RUNS,
        bestServerMs: Math.min(...serverTimes),
        bestDirectMs: Math.min(...directTimes),
      },
      cached: {
        variantBytes: variant.length,
        appRps,
        staticRps,
        ratio: appRps / staticRps,
        roundSeconds: seconds,
        rounds,
      },
      burst,
      avif,
    };
    printMediaTable(result, options);
    return result;
  } finally {
    await staticServer?.stop();
    await app?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function measureBurst(
  base: string,
  guid: string,
  cachedUrl: string,
  appPid: number | undefined,
): Promise<BurstResult> {
  const rssBeforeMb = memoryMb(appPid, 'VmRSS');
  const peakBeforeMb = memoryMb(appPid, 'VmHWM');
  const start = performance.now();
  const answers: Promise<{ status: number; ms: number; retryAfter: string | null }>[] = [];
  for (let client = 0; client < BURST_CLIENTS; client += 1) {
    for (let index = 0; index < BURST_PER_CLIENT; index += 1) {
      // Distinct qualities: every request is a new variant (none of them existed before).
      const quality = 1 + client * BURST_PER_CLIENT + index;
      answers.push(get(`${base}/a/${guid}?width=3000&quality=${quality}`, `127.0.0.${10 + client}`));
    }
  }
  let done = false;
  const all = Promise.all(answers).finally(() => {
    done = true;
  });
  const cachedTimes: number[] = [];
  while (!done) {
    const answer = await get(cachedUrl, '127.0.0.1');
    if (answer.status !== 200)
      throw new Error(`the cached variant answered ${answer.status} during the burst`);
    cachedTimes.push(answer.ms);
  }
  const results = await all;
  const seconds = (performance.now() - start) / 1000;
  const refused = results.filter((result) => result.status === 503);
  const sorted = [...cachedTimes].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
  return {
    requests: results.length,
    clients: BURST_CLIENTS,
    served: results.filter((result) => result.status === 200).length,
    refusedAtOnce: refused.filter((result) => result.ms < REFUSED_AT_ONCE_MS).length,
    refusedAfterWaiting: refused.filter((result) => result.ms >= REFUSED_AT_ONCE_MS).length,
    other: results.filter((result) => result.status !== 200 && result.status !== 503).length,
    retryAfter: refused[0]?.retryAfter ?? null,
    seconds,
    cachedMs: { samples: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 },
    rssBeforeMb,
    peakBeforeMb,
    peakRssMb: memoryMb(appPid, 'VmHWM'),
  };
}

async function measureAvifBurst(base: string, guid: string): Promise<AvifBurstResult> {
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: AVIF_REQUESTS }, (_, index) =>
      get(`${base}/a/${guid}?width=3000&quality=${60 + index}&format=auto`, `127.0.0.${30 + index}`, {
        accept: 'image/avif,image/webp,*/*',
      }),
    ),
  );
  const types: Record<string, number> = {};
  for (const answer of answers) {
    const type = `${answer.status} ${answer.type ?? ''}`.trim();
    types[type] = (types[type] ?? 0) + 1;
  }
  return { requests: answers.length, seconds: (performance.now() - start) / 1000, types };
}

/** A GET from a chosen local address (fetch cannot bind one), its body read and dropped. */
function get(
  url: string,
  localAddress: string,
  headers: Record<string, string> = { accept: 'image/webp' },
): Promise<{ status: number; ms: number; retryAfter: string | null; type: string | undefined }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { localAddress, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        const retryAfter = response.headers['retry-after'];
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - start,
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          type: response.headers['content-type'],
        });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A line of /proc/{pid}/status in MB (VmRSS now, VmHWM the peak); null where there is no /proc. */
function memoryMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kilobytes ? Math.round(Number(kilobytes) / 1024) : null;
  } catch {
    return null;
  }
}

async function uploadOriginal(base: string, token: string, file: string): Promise<string> {
  const form = new FormData();
  form.append('Image', new Blob([await readFile(file)], { type: 'image/jpeg' }), 'original.jpg');
  const response = await fetch(`${base}/a/upload?public`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { guid: string }).guid;
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function load(url: string, duration: number, connections: number): Promise<Result> {
  return autocannon({
    url,
    connections,
    pipelining: 1,
    duration,
    timeout: 10,
    headers: { accept: 'image/webp' },
  });
}

function printMediaTable(result: MediaBenchResult, options: MediaBenchOptions) {
  const { firstTransform, cached } = result;
  console.log('');
  console.log(
    `Media benchmark ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node ${process.version}, ` +
      `${options.connections} connections, ${options.warmup} s warm-up, then ${cached.rounds.length} interleaved rounds of ${cached.roundSeconds} s per side`,
  );
  console.log('');
  console.log('| measure | app | baseline | ratio | target |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(
    `| first transform 4000×3000 JPEG → 800 w WebP (median of ${firstTransform.samples}) | ${firstTransform.serverMs.toFixed(0)} ms | ${firstTransform.directMs.toFixed(0)} ms (sharp directly) | ${firstTransform.ratio.toFixed(2)} | ≤ 1.2 |`,
  );
  console.log(
    `| cached variant (${cached.variantBytes} B), mean of ${cached.rounds.length} rounds | ${cached.appRps.toFixed(0)} req/s | ${cached.staticRps.toFixed(0)} req/s (@fastify/static) | ${cached.ratio.toFixed(2)} | ≥ 0.5 |`,
  );
  console.log('');
  console.log(
    `  first transform, fastest of ${firstTransform.samples}: ${firstTransform.bestServerMs.toFixed(0)} ms vs ${firstTransform.bestDirectMs.toFixed(0)} ms (ratio ${(firstTransform.bestServerMs / firstTransform.bestDirectMs).toFixed(2)})`,
  );
  const errors = cached.rounds.reduce(
    (sum, round) =>
      sum +
      round.app.errors +
      round.app.timeouts +
      round.app.non2xx +
      round.static.errors +
      round.static.timeouts +
      round.static.non2xx,
    0,
  );
  const p99 = (pick: (round: CachedRound) => Result) =>
    Math.max(...cached.rounds.map((round) => pick(round).latency.p99)).toFixed(0);
  console.log(
    `  cached: worst p99 app ${p99((round) => round.app)} ms, static ${p99((round) => round.static)} ms; errors/timeouts/non-2xx ${errors}`,
  );
  const { burst } = result;
  const memory =
    burst.rssBeforeMb === null
      ? 'n/a'
      : `${burst.rssBeforeMb} MB before (peak so far ${burst.peakBeforeMb ?? '?'} MB), peak ${burst.peakRssMb ?? '?'} MB`;
  console.log('');
  console.log(
    '| burst of new variants (3000 w WebP) | served | 503 at once | 503 after waiting | other | took | cached variant meanwhile (p50 / p99 / max) | app memory |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  console.log(
    `| ${burst.requests} from ${burst.clients} addresses at once | ${burst.served} | ${burst.refusedAtOnce} | ${burst.refusedAfterWaiting} | ${burst.other} | ${burst.seconds.toFixed(1)} s | ${burst.cachedMs.p50.toFixed(1)} / ${burst.cachedMs.p99.toFixed(1)} / ${burst.cachedMs.max.toFixed(1)} ms (${burst.cachedMs.samples} requests) | ${memory} |`,
  );
  if (burst.retryAfter) console.log(`  refusals carried Retry-After: ${burst.retryAfter}`);
  const { avif } = result;
  const types = Object.entries(avif.types)
    .map(([type, count]) => `${count} × ${type}`)
    .join(', ');
  console.log(
    `  ${avif.requests} × 3000-wide format=auto (Accept: image/avif) at once: ${types} in ${avif.seconds.toFixed(1)} s`,
  );
}

// --- the child processes ---

type Child = { port: number; pid: number | undefined; token?: string; stop(): Promise<void> };

/** Starts this file in a child process in one of its server modes; waits for its {"port": …} line. */
async function startChild(args: string[]): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/media.ts', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ port: number; token?: string }>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((candidate) => candidate.startsWith('{"port"'));
      if (line) resolve(JSON.parse(line) as { port: number; token?: string });
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited (code ${code})`)));
  });
  return {
    ...ready,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function announce(port: number, extra: Record<string, string> = {}) {
  process.stdout.write(`${JSON.stringify({ port, ...extra })}\n`);
}

/** The app as in production, without the React Router site: a fresh PGlite directory, an admin and a token. */
async function serveApp(dataDir: string) {
  const [{ buildApp }, { prepareData }, { loadConfig }, { createApiToken }, { users }, { eq }] =
    await Promise.all([
      import('../server/app.ts'),
      import('../server/boot.ts'),
      import('../server/config.ts'),
      import('../server/domains/accounts/access.ts'),
      import('../server/db/schema.ts'),
      import('drizzle-orm'),
    ]);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const database = await prepareData(config);
  const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN.email)).limit(1);
  if (!admin) throw new Error('no admin');
  const { token } = await createApiToken(
    { db: database.db, actor: { user: null } },
    { userId: admin.id, name: 'bench' },
  );
  const app = await buildApp({ config, database, web: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  announce(address.port, { token });
  const stop = () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** The baseline: a bare Fastify serving one directory with @fastify/static. */
async function serveStatic(root: string) {
  const [{ default: Fastify }, { default: fastifyStatic }] = await Promise.all([
    import('fastify'),
    import('@fastify/static'),
  ]);
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  announce(address.port);
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const [mode, target] = process.argv.slice(2);
  const task =
    mode === '--serve-app' && target
      ? serveApp(target)
      : mode === '--serve-static' && target
        ? serveStatic(target)
        : runMediaBench({
            duration: positive(process.env.BENCH_DURATION, 10),
            warmup: positive(process.env.BENCH_WARMUP, 3),
            connections: positive(process.env.BENCH_CONNECTIONS, 10),
          }).then(() => undefined);
  task.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
