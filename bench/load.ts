import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import autocannon, { type Options, type Result } from 'autocannon';
import { XSRF_COOKIE, XSRF_HEADER } from '../common/auth.ts';
import { type ServerProcess, startServer, TEST_ADMIN } from '../scripts/server-process.ts';
import { createBenchDatabase } from './postgres.ts';

/**
 * Load test (issue 12): one production server (the build in BUILD_DIR, demo site) under many
 * connections at once with a visitor's mix of requests and a trickle of editor writes, for a minute.
 * Part of `npm run bench`; alone: `npx tsx bench/load.ts`.
 *
 *   BENCH_LOAD_DURATION=60      seconds measured (after BENCH_LOAD_WARMUP seconds of warm-up, 10)
 *   BENCH_LOAD_CONNECTIONS=500  concurrent connections
 *   BENCH_LOAD_TIMEOUT=10       seconds before a request counts as a timeout
 *   BENCH_LOAD_ONLY=page        one kind of the mix alone (page, list, search, image, write)
 *   BENCH_LOAD_WRITE_PERCENT=1  the editor writes' share of the requests (0: reads only); with
 *                               writes the same mix runs first without them, and the report gives
 *                               the ratio (issue 29: at least 0.7); BENCH_LOAD_COMPARE=0 skips it
 *   BENCH_LOAD_WRITES_PER_SECOND=2  the writes at a fixed rate instead of a share (a share grows
 *                               with the throughput: 1 % of 7,000 req/s is 70 edits a second)
 *   BENCH_LOAD_RUNS=1           measured runs one after another on the same server; with 3 the
 *                               report adds the RSS at rest after each (the memory plateau, issue 28)
 *                               and after a full garbage collection (through the server's inspector,
 *                               which this bench starts on a free loopback port)
 *   BENCH_LOAD_PROFILE=f.cpuprofile  the server's CPU profile of the measured run (first run) only
 *   DATABASE_URL=postgres://…   on PostgreSQL: a fresh database on that server, dropped afterwards;
 *                               without it a fresh PGlite directory.
 *   LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2
 *   MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0
 *                               the server on jemalloc, as in the Docker image (Debian package
 *                               libjemalloc2); the report names the allocator it found. Without,
 *                               glibc's with MALLOC_ARENA_MAX=2, as `npm start` runs it.
 *
 * The mix (chosen per request at random): 40 % public pages (SSR, as a browser asks: text/html,
 * gzip/br), 20 % list pages (POST /api/listitem/list/{blockGuid}, the demo's two lists), 15 % search
 * (the search page and the search API, several terms), 24 % images (the /a/{guid}?width=… URLs the
 * demo pages use), 1 % writes: the signed-in admin (the demo's editor) changes a text block's content
 * through the API (session cookie + XSRF header), which also invalidates the visitors' cache.
 * Reports requests, req/s, p50/p99, errors/timeouts/non-2xx (per kind too) and the server's RSS
 * at rest after the warm-up and after the run (growth), and its peak during the run; asserts nothing.
 */

type Kind = 'page' | 'list' | 'search' | 'image' | 'write';
const KINDS: Kind[] = ['page', 'list', 'search', 'image', 'write'];

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PAGE_PATHS = [
  '/',
  '/over-ons',
  '/nieuws',
  '/over-ons/bestuur',
  '/over-ons/geschiedenis',
  '/activiteiten',
  '/activiteiten/kalender',
  '/contact',
];
const SEARCH_TERMS = [
  'linde',
  'dorpsraad',
  'vereniging',
  'markt',
  'bestuur',
  'vrijwilligers',
  'speeltoestel',
];
const WRITE_PAGE = 'geschiedenis';
/** Where each kind falls in the 0-100 roll of the mix (1 % writes, 40 pages, 20 lists, 15 search, 24 images). */
const ONLY_ROLL: Record<Kind, number> = { write: 0.5, page: 20, list: 50, search: 70, image: 90 };
const ONLY = KINDS.find((kind) => kind === process.env.BENCH_LOAD_ONLY);
const WRITE_PERCENT = Math.min(100, Math.max(0, Number(process.env.BENCH_LOAD_WRITE_PERCENT ?? 1) || 0));
/**
 * BENCH_LOAD_WRITES_PER_SECOND: the editors write at this rate however fast the reads are answered
 * (instead of a share of the requests, which grows with the throughput); 0 or unset: the share.
 */
const WRITES_PER_SECOND = Math.max(0, Number(process.env.BENCH_LOAD_WRITES_PER_SECOND ?? 0) || 0);
/** When the next write of a fixed rate is due (performance.now()). */
let nextWriteAt = 0;

export type LoadBenchOptions = {
  duration?: number;
  warmup?: number;
  connections?: number;
  /** Seconds a request may take before autocannon counts a timeout (and opens a new connection). */
  timeout?: number;
  /** PostgreSQL server to create the fresh database on; default DATABASE_URL, else PGlite. */
  databaseUrl?: string | undefined;
  /** Measured runs one after another (BENCH_LOAD_RUNS, 1); the RSS at rest is read after each. */
  runs?: number;
};

export type LoadBenchSummary = {
  database: 'PGlite' | 'PostgreSQL';
  connections: number;
  duration: number;
  timeout: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  perKind: Tally;
  /** The same mix without writes, in the same run (issue 29); null when not measured. */
  readOnlyRequestsPerSecond: number | null;
  rssBeforeMb: number;
  rssAfterMb: number;
  rssPeakMb: number;
  rssGrowthPercent: number;
  /** RSS at rest after each measured run (the first is rssAfterMb): a plateau stops growing. */
  rssAtRestAfterRunsMb: number[];
  /** Memory at rest before the first run and after each, and after a full garbage collection. */
  restings: Resting[];
  /** The server's memory allocator: jemalloc when preloaded (as in the Docker image), else glibc's. */
  allocator: 'jemalloc' | 'glibc';
};

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Whether the process runs on jemalloc (LD_PRELOAD, as the Docker image does) or glibc's malloc. */
async function allocatorOf(pid: number): Promise<'jemalloc' | 'glibc'> {
  const maps = await readFile(`/proc/${pid}/maps`, 'utf8').catch(() => '');
  return maps.includes('libjemalloc') ? 'jemalloc' : 'glibc';
}

/** The resident set size of a process in MB, from /proc/<pid>/status (VmRSS). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? Number.NaN);
  return kb / 1024;
}

type HeapAtRest = { heapUsed: number; heapTotal: number; external: number };

type Resting = {
  /** RSS at rest (AT_REST_MS idle), MB. */
  rss: number;
  /** RSS after a full garbage collection and two more seconds (jemalloc's decay), MB. */
  rssAfterGc: number;
  /** The JavaScript heap and external memory after that collection. */
  heap: HeapAtRest;
};

/** Memory at rest, then after a full garbage collection. */
async function resting(server: ServerProcess, token: string): Promise<Resting> {
  await atRest(server);
  const rss = await rssMb(server.pid);
  await collectGarbage(server);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return { rss, rssAfterGc: await rssMb(server.pid), heap: await heapAtRest(server, token) };
}

/**
 * A session with the server's inspector (started with `--inspect=127.0.0.1:0` by this bench): `call`
 * sends one method and resolves with its result.
 */
async function inspector(server: ServerProcess) {
  const url = server.output().match(/Debugger listening on (ws:\/\/\S+)/)?.[1];
  if (!url) throw new Error('the server has no inspector');
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  };
  let next = 0;
  return {
    call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
      next += 1;
      const id = next;
      const answered = new Promise<unknown>((resolve) => waiting.set(id, resolve));
      socket.send(JSON.stringify({ id, method, params }));
      return answered;
    },
    close: () => socket.close(),
  };
}

/** A full garbage collection in the server: what stays is what it keeps, not garbage V8 had not collected yet. */
async function collectGarbage(server: ServerProcess): Promise<void> {
  const session = await inspector(server);
  await session.call('HeapProfiler.collectGarbage');
  session.close();
}

/**
 * BENCH_LOAD_PROFILE=<file.cpuprofile>: the server's CPU profile of the measured run only (not its
 * start, warm-up or rests), for Chromium's DevTools or a script; `stop` writes it.
 */
async function startProfile(server: ServerProcess): Promise<{ stop: () => Promise<void> } | null> {
  const file = process.env.BENCH_LOAD_PROFILE;
  if (!file) return null;
  const session = await inspector(server);
  await session.call('Profiler.enable');
  await session.call('Profiler.setSamplingInterval', { interval: 1000 });
  await session.call('Profiler.start');
  return {
    async stop() {
      const { profile } = (await session.call('Profiler.stop')) as { profile: unknown };
      session.close();
      await writeFile(file, JSON.stringify(profile));
      console.log(`  the server's CPU profile of the measured run: ${file}`);
    },
  };
}

/**
 * The server's JavaScript heap in use and its external memory (buffers) in MB, from its Prometheus
 * metrics (prom-client's default ones): what RSS holds that the server's own objects account for.
 */
async function heapAtRest(server: ServerProcess, token: string): Promise<HeapAtRest> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const gauge = (name: string) =>
    Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? Number.NaN) / 1024 / 1024;
  return {
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    heapTotal: gauge('nodejs_heap_size_total_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}

/** The server's cache counters: hits and misses of the page and public API caches, and renders. */
type CacheCounts = { pageHit: number; pageMiss: number; publicHit: number; publicMiss: number };

async function cacheCounts(server: ServerProcess, token: string): Promise<CacheCounts> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const count = (cache: string, result: string) =>
    Number(
      text.match(
        new RegExp(`^bouwsteen_cache_requests_total\\{cache="${cache}",result="${result}"\\} (\\S+)$`, 'm'),
      )?.[1] ?? 0,
    );
  return {
    pageHit: count('page', 'hit'),
    pageMiss: count('page', 'miss'),
    publicHit: count('public', 'hit'),
    publicMiss: count('public', 'miss'),
  };
}

/** The targets of the mix, read from the running demo site. */
async function discover(server: ServerProcess) {
  const getJson = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, init);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  type Block = { guid: string; buildingBlockName: string; content: unknown };

  const pages: string[] = [];
  const images = new Set<string>();
  for (const path of PAGE_PATHS) {
    const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
    if (!response.ok) continue;
    pages.push(path);
    const html = await response.text();
    for (const match of html.matchAll(/\/a\/[0-9a-f-]{36}\?[^"'\s,<>]*/g)) {
      images.add(match[0].replaceAll('&amp;', '&'));
    }
  }
  if (pages.length === 0) throw new Error('none of the demo pages answered 200');

  const lists: string[] = [];
  for (const name of ['nieuws', 'kalender']) {
    const page = await getJson<{ buildingBlockInstances?: Block[] }>(`/api/pages:withName?name=${name}`);
    for (const block of page.buildingBlockInstances ?? []) {
      if (block.buildingBlockName === 'list') lists.push(block.guid);
    }
  }
  if (lists.length === 0) throw new Error('the demo site has no list block on "nieuws" or "kalender"');

  // Warm every image variant once (a cold transform may answer 503 under load by design).
  const imagePaths: string[] = [];
  for (const path of [...images].slice(0, 24)) {
    const response = await fetch(`${server.url}${path}`, { headers: { accept: 'image/webp,image/*' } });
    await response.arrayBuffer();
    if (response.ok) imagePaths.push(path);
  }
  if (imagePaths.length === 0) throw new Error('no /a/{guid} image on the demo pages answered 200');

  // The editor: the admin signs in; the session and XSRF cookies go with every write.
  const signIn = await fetch(`${server.url}/api/auth:signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookies = new Map(
    signIn.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
  const xsrf = cookies.get(XSRF_COOKIE);
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie after sign-in');
  const session = {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    [XSRF_HEADER]: xsrf,
  };
  const editorPage = await getJson<{ buildingBlockInstances?: Block[] }>(
    `/api/pages:withName?name=${WRITE_PAGE}`,
    { headers: session },
  );
  const text = editorPage.buildingBlockInstances?.find((block) => block.buildingBlockName === 'text');
  if (!text) throw new Error(`the demo page "${WRITE_PAGE}" has no text block to edit`);
  const stored = text.content as { nl?: { doc?: { type: string; content?: unknown[] } }; en?: unknown };
  const doc = stored.nl?.doc ?? { type: 'doc', content: [] };
  /** The text block with one paragraph that says which write this is (same size every time). */
  const writeBody = (count: number) =>
    JSON.stringify({
      content: {
        nl: {
          doc: {
            ...doc,
            content: [
              ...(doc.content ?? []),
              { type: 'paragraph', content: [{ type: 'text', text: `Bijgewerkt (${count}).` }] },
            ],
          },
        },
        ...(stored.en ? { en: stored.en } : {}),
      },
    });
  // One write before the run proves the body is accepted.
  const probe = await fetch(`${server.url}/api/buildingblockinstance/${text.guid}`, {
    method: 'PUT',
    headers: { ...session, 'content-type': 'application/json' },
    body: writeBody(0),
  });
  if (!probe.ok) throw new Error(`the editor's write answered ${probe.status}: ${await probe.text()}`);

  return {
    pages,
    lists,
    imagePaths,
    session,
    writePath: `/api/buildingblockinstance/${text.guid}`,
    writeBody,
  };
}

type Targets = Awaited<ReturnType<typeof discover>>;
type RequestData = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
};
/** The request's kind, and when it was sent (for its latency). */
type Context = { kind?: Kind; sentAt?: number };
/** Per kind: requests sent, answers, answers outside 2xx and their statuses, each answer's latency (ms). */
type Tally = Record<
  Kind,
  {
    sent: number;
    requests: number;
    hits: number;
    non2xx: number;
    statuses: Record<string, number>;
    latencies: number[];
  }
>;

function emptyTally(): Tally {
  return Object.fromEntries(
    KINDS.map((kind) => [kind, { sent: 0, requests: 0, hits: 0, non2xx: 0, statuses: {}, latencies: [] }]),
  ) as unknown as Tally;
}

/** Whether this request is an editor's write: at the fixed rate if one is set, else by the share. */
function isWriteDue(writePercent: number): boolean {
  if (writePercent === 0) return false;
  if (WRITES_PER_SECOND === 0) return Math.random() * 100 < writePercent;
  const now = performance.now();
  if (now < nextWriteAt) return false;
  nextWriteAt = Math.max(nextWriteAt + 1000 / WRITES_PER_SECOND, now - 1000);
  return true;
}

/** One request of the mix, picked at random. */
function nextRequest(
  targets: Targets,
  writes: { count: number },
  writePercent: number,
): RequestData & { kind: Kind } {
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  const browser = { 'user-agent': DESKTOP_CHROME, 'accept-encoding': 'gzip, br' };
  // BENCH_LOAD_ONLY=<kind>: that kind alone (to see what each costs); otherwise the mix.
  // BENCH_LOAD_WRITE_PERCENT: the writes' share (default 1); the reads keep their proportions.
  const isWrite = ONLY ? ONLY === 'write' : isWriteDue(writePercent);
  const roll = ONLY ? ONLY_ROLL[ONLY] : 1 + Math.random() * 99;
  if (isWrite) {
    writes.count += 1;
    return {
      kind: 'write',
      method: 'PUT',
      path: targets.writePath,
      headers: { ...targets.session, 'content-type': 'application/json', accept: 'application/json' },
      body: targets.writeBody(writes.count),
    };
  }
  if (roll < 41) {
    return {
      kind: 'page',
      method: 'GET',
      path: pick(targets.pages),
      headers: { ...browser, accept: 'text/html' },
    };
  }
  if (roll < 61) {
    const sort = pick(['publishedOn_desc', 'publishedOn_asc', 'title_asc']);
    return {
      kind: 'list',
      method: 'POST',
      path: `/api/listitem/list/${pick(targets.lists)}`,
      headers: { ...browser, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ pageNumber: 1 + Math.floor(Math.random() * 2), itemCount: 5, sort_by: sort }),
    };
  }
  if (roll < 76) {
    const term = encodeURIComponent(pick(SEARCH_TERMS));
    return Math.random() < 0.5
      ? {
          kind: 'search',
          method: 'GET',
          path: `/search?q=${term}`,
          headers: { ...browser, accept: 'text/html' },
        }
      : {
          kind: 'search',
          method: 'GET',
          path: `/api/search?q=${term}`,
          headers: { ...browser, accept: 'application/json' },
        };
  }
  return {
    kind: 'image',
    method: 'GET',
    path: pick(targets.imagePaths),
    headers: { ...browser, accept: 'image/avif,image/webp,image/*' },
  };
}

/**
 * At rest: idle (untilIdle), then this long without requests before memory is read, as a host's
 * graph shows a quiet minute: jemalloc's background thread returns freed pages after its decay time
 * (1 s as the Docker image sets it), and V8 shrinks its heap when allocation stops.
 */
const AT_REST_MS = 10_000;

async function atRest(server: ServerProcess): Promise<void> {
  await untilIdle(server);
  await new Promise((resolve) => setTimeout(resolve, AT_REST_MS));
}

/** Waits until the server answers GET /readyz within 100 ms again (at most a minute). */
async function untilIdle(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${server.url}/readyz`).catch(() => null);
    await response?.arrayBuffer();
    if (response?.ok && performance.now() - started < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function load(
  server: ServerProcess,
  targets: Targets,
  duration: number,
  connections: number,
  tally: Tally,
  writes: { count: number },
  timeout: number,
  writePercent = WRITE_PERCENT,
): Promise<Result> {
  const options: Options & {
    requests: {
      setupRequest(request: RequestData, context: Context): RequestData;
      onResponse(status: number, body: unknown, context: Context, headers?: Record<string, string>): void;
    }[];
  } = {
    url: server.url,
    connections,
    pipelining: 1,
    duration,
    timeout,
    requests: [
      {
        setupRequest(request, context) {
          const { kind, ...next } = nextRequest(targets, writes, writePercent);
          context.kind = kind;
          context.sentAt = performance.now();
          tally[kind].sent += 1;
          return { ...request, ...next };
        },
        onResponse(status, _body, context, headers) {
          const entry = tally[context.kind ?? 'page'];
          entry.requests += 1;
          if (context.sentAt !== undefined) entry.latencies.push(performance.now() - context.sentAt);
          if (headers?.['x-cache'] === 'hit') entry.hits += 1;
          if (status < 200 || status > 299) entry.non2xx += 1;
          entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
        },
      },
    ],
  };
  return autocannon(options);
}

export async function runLoadBench(options: LoadBenchOptions = {}): Promise<LoadBenchSummary> {
  const duration = options.duration ?? setting('BENCH_LOAD_DURATION', 60);
  const warmup = options.warmup ?? setting('BENCH_LOAD_WARMUP', 10);
  const connections = options.connections ?? setting('BENCH_LOAD_CONNECTIONS', 500);
  const timeout = options.timeout ?? setting('BENCH_LOAD_TIMEOUT', 10);
  const serverUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const postgres = serverUrl ? await createBenchDatabase(serverUrl, 'load') : null;
  const database = postgres ? 'PostgreSQL' : 'PGlite';
  let server: ServerProcess | null = null;
  try {
    console.log(`\nLoad test (issue 12): starting the server (production build, ${database}, demo site)…`);
    const metricsToken = randomBytes(24).toString('hex');
    server = await startServer({
      databaseUrl: postgres?.url,
      logLevel: 'warn',
      extraEnv: { METRICS_TOKEN: metricsToken },
      nodeArgs: ['--inspect=127.0.0.1:0'],
    });
    const targets = await discover(server);
    console.log(
      `  ${targets.pages.length} pages, ${targets.lists.length} lists, ${SEARCH_TERMS.length} search terms, ` +
        `${targets.imagePaths.length} image variants, writes to ${targets.writePath}`,
    );
    const writes = { count: 0 };
    process.stdout.write(`  warm-up: ${connections} connections, ${warmup} s… `);
    const warm = await load(server, targets, warmup, connections, emptyTally(), writes, timeout);
    console.log(`${Math.round(warm.requests.average)} req/s`);
    // Issue 29: the same mix without writes first, on the same server, so that what the editors'
    // writes cost is a ratio measured in this run (BENCH_LOAD_COMPARE=0 leaves it out).
    let readOnly: Result | null = null;
    if (WRITE_PERCENT > 0 && !ONLY && process.env.BENCH_LOAD_COMPARE !== '0') {
      process.stdout.write(`  the same mix without writes: ${connections} connections, ${duration} s… `);
      const counted = await cacheCounts(server, metricsToken);
      readOnly = await load(server, targets, duration, connections, emptyTally(), writes, timeout, 0);
      console.log(
        `${Math.round(readOnly.requests.average)} req/s, ${readOnly.errors} errors; ` +
          hitRates(counted, await cacheCounts(server, metricsToken)),
      );
    }
    // The server still works off what the warm-up's connections left in flight: measure from idle.
    const before = await resting(server, metricsToken);
    const rssBeforeMb = before.rss;
    const restings = [before];

    let rssPeakMb = rssBeforeMb;
    const pid = server.pid;
    const sampler = setInterval(() => {
      void rssMb(pid)
        .then((value) => {
          rssPeakMb = Math.max(rssPeakMb, value);
        })
        .catch(() => undefined);
    }, 1_000);
    const tally = emptyTally();
    process.stdout.write(`  measure: ${connections} connections, ${duration} s… `);
    const counted = await cacheCounts(server, metricsToken);
    const profile = await startProfile(server);
    let result: Result;
    try {
      result = await load(server, targets, duration, connections, tally, writes, timeout);
    } finally {
      clearInterval(sampler);
    }
    await profile?.stop();
    console.log(
      `${Math.round(result.requests.average)} req/s; ${hitRates(counted, await cacheCounts(server, metricsToken))}`,
    );
    // Growth is compared at rest, as the "before" was: right after the run the server still holds
    // the last 500 requests in flight, which is load, not growth (the peak shows that).
    rssPeakMb = Math.max(rssPeakMb, await rssMb(server.pid));
    const afterFirst = await resting(server, metricsToken);
    const rssAfterMb = afterFirst.rss;
    restings.push(afterFirst);
    // The plateau (issue 28): more runs like the first on the same server, RSS at rest after each.
    const rssAtRestAfterRunsMb = [rssAfterMb];
    const runs = options.runs ?? setting('BENCH_LOAD_RUNS', 1);
    for (let run = 2; run <= runs; run += 1) {
      process.stdout.write(`  run ${run} of ${runs}: ${connections} connections, ${duration} s… `);
      const again = await load(server, targets, duration, connections, emptyTally(), writes, timeout);
      const rest = await resting(server, metricsToken);
      rssAtRestAfterRunsMb.push(rest.rss);
      restings.push(rest);
      console.log(
        `${Math.round(again.requests.average)} req/s, ${again.errors} errors, RSS at rest ${rssAtRestAfterRunsMb.at(-1)?.toFixed(0)} MB`,
      );
    }

    const summary: LoadBenchSummary = {
      database,
      connections,
      duration,
      timeout,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      perKind: tally,
      readOnlyRequestsPerSecond: readOnly?.requests.average ?? null,
      rssBeforeMb,
      rssAfterMb,
      rssPeakMb,
      rssGrowthPercent: ((rssAfterMb - rssBeforeMb) / rssBeforeMb) * 100,
      rssAtRestAfterRunsMb,
      restings,
      allocator: await allocatorOf(server.pid),
    };
    printSummary(summary, warmup);
    const serverErrors = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    if (serverErrors.length > 0) {
      console.log(`  The server logged ${serverErrors.length} error(s); the first:\n  ${serverErrors[0]}`);
    }
    return summary;
  } finally {
    const stopped = await server?.stop(10_000);
    if (stopped && stopped.code !== 0)
      console.warn(`The server exited with code ${stopped.code} on SIGTERM.`);
    await postgres?.drop();
  }
}

/** The caches' hit rates between two readings of the counters. */
function hitRates(before: CacheCounts, after: CacheCounts): string {
  const rate = (hits: number, misses: number) =>
    `${hits + misses === 0 ? '-' : ((hits / (hits + misses)) * 100).toFixed(1)} % of ${hits + misses}`;
  return (
    `pages from the cache ${rate(after.pageHit - before.pageHit, after.pageMiss - before.pageMiss)}, ` +
    `API reads ${rate(after.publicHit - before.publicHit, after.publicMiss - before.publicMiss)}`
  );
}

function printSummary(summary: LoadBenchSummary, warmup: number) {
  console.log('');
  console.log(
    `Load test ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node ${process.version}, ` +
      `${summary.database}, ${summary.connections} connections, ${summary.duration} s after ${warmup} s warm-up, ` +
      `timeout ${summary.timeout} s, ${summary.allocator} malloc`,
  );
  console.log('');
  console.log(
    '| requests | req/s | p50 ms | p99 ms | errors (all) | of which timeouts | non-2xx | RSS before → after (peak) | growth |',
  );
  console.log(
    '| -------: | ----: | -----: | -----: | -----------: | ----------------: | ------: | ------------------------- | -----: |',
  );
  console.log(
    `| ${summary.requests} | ${summary.requestsPerSecond.toFixed(0)} | ${summary.p50.toFixed(0)} | ` +
      `${summary.p99.toFixed(0)} | ${summary.errors} | ${summary.timeouts} | ${summary.non2xx} | ` +
      `${summary.rssBeforeMb.toFixed(0)} → ${summary.rssAfterMb.toFixed(0)} MB (${summary.rssPeakMb.toFixed(0)}) | ` +
      `${summary.rssGrowthPercent >= 0 ? '+' : ''}${summary.rssGrowthPercent.toFixed(1)} % |`,
  );
  console.log('');
  if (summary.readOnlyRequestsPerSecond !== null) {
    const ratio = summary.requestsPerSecond / summary.readOnlyRequestsPerSecond;
    const refused = Object.values(summary.perKind).reduce(
      (sum, entry) => sum + (entry.statuses[503] ?? 0),
      0,
    );
    console.log(
      `With ${WRITES_PER_SECOND > 0 ? `${WRITES_PER_SECOND} writes a second` : `${WRITE_PERCENT} % writes`}: ${summary.requestsPerSecond.toFixed(0)} req/s against ${summary.readOnlyRequestsPerSecond.toFixed(0)} ` +
        `without (ratio ${ratio.toFixed(2)}); 503 (overloaded) ${refused} of ${summary.requests} ` +
        `(${((refused / Math.max(1, summary.requests)) * 100).toFixed(2)} %), timeouts ${summary.timeouts}`,
    );
    console.log('');
  }
  const [first, ...later] = summary.rssAtRestAfterRunsMb;
  if (first !== undefined && later.length > 0) {
    const growth = later.map((value) => `${(((value - first) / first) * 100).toFixed(1)} %`);
    console.log(
      `RSS at rest after each ${summary.duration} s run: ${summary.rssAtRestAfterRunsMb.map((value) => value.toFixed(0)).join(' → ')} MB ` +
        `(runs 2…${summary.rssAtRestAfterRunsMb.length} over the 1st: ${growth.join(', ')})`,
    );
    console.log('');
  }
  const mb = (value: number) => value.toFixed(1);
  const [, afterFirst, ...afterLater] = summary.restings;
  const overFirst = afterLater.map(
    (rest) =>
      `${(((rest.rssAfterGc - (afterFirst?.rssAfterGc ?? 0)) / (afterFirst?.rssAfterGc ?? 1)) * 100).toFixed(1)} %`,
  );
  console.log(
    `After a full garbage collection, before the 1st run and after each: RSS ${summary.restings.map((rest) => rest.rssAfterGc.toFixed(0)).join(' → ')} MB` +
      `${overFirst.length > 0 ? ` (runs 2…${summary.restings.length - 1} over the 1st: ${overFirst.join(', ')})` : ''}; ` +
      `JavaScript heap in use ${summary.restings.map((rest) => mb(rest.heap.heapUsed)).join(' → ')} MB, ` +
      `held ${summary.restings.map((rest) => mb(rest.heap.heapTotal)).join(' → ')} MB; ` +
      `external (buffers, PGlite's memory): ${summary.restings.map((rest) => mb(rest.heap.external)).join(' → ')} MB`,
  );
  console.log('');
  // Unanswered: timed out, failed, or still in flight when the run ended (at most one per connection).
  // Latency per kind: which requests hold the connections (throughput is connections / latency).
  console.log(
    '| kind | sent | answers | from a cache | unanswered | non-2xx | p50 ms | p99 ms | mean ms | statuses |',
  );
  console.log(
    '| ---- | ---: | ------: | -----------: | ---------: | ------: | -----: | -----: | ------: | -------- |',
  );
  for (const kind of KINDS) {
    const entry = summary.perKind[kind];
    const statuses = Object.entries(entry.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `| ${kind} | ${entry.sent} | ${entry.requests} | ${entry.hits} | ${entry.sent - entry.requests} | ${entry.non2xx} | ` +
        `${latencyFigures(entry.latencies)} | ${statuses} |`,
    );
  }
}

/** p50, p99 and mean of the latencies (ms), as table cells. */
function latencyFigures(latencies: number[]): string {
  if (latencies.length === 0) return '– | – | –';
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return `${at(0.5).toFixed(0)} | ${at(0.99).toFixed(0)} | ${mean.toFixed(0)}`;
}

// `npx tsx bench/load.ts`: the load test alone (needs a build: BUILD_DIR or ./build).
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  runLoadBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
