import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

/**
 * Issue 34's image burst: many addresses asking for new variants at once while a visitor opens a
 * page, and the app's memory before, during and after. `npx tsx bench/media-burst.ts` (no site
 * build; part of `npm run bench` as `media-burst`).
 *
 * The app runs in a child process (bench/media.ts --serve-app: production settings, fresh PGlite,
 * default transform limits) and gets a 4000×3000 photo-like JPEG. Then, at once:
 * - BURST_CLIENTS loopback addresses (127.0.1.x) each ask BURST_PER_CLIENT new variants the site
 *   never links to (widths 1050–2950, distinct qualities), again and again for BURST_SECONDS, each
 *   client starting its next request as soon as one is answered (200 or 503);
 * - a visitor (127.0.0.2) opens "a page" 1 s in: the image block's URLs (placeholder, 400, 800,
 *   1200, 1600, 2400), all at once, as a browser does; each answer's status and time is kept.
 * The app's resident memory (/proc VmRSS) is read 10 s after start-up (before the burst) and 5 s
 * and 30 s after the burst's last answer, and its peak (VmHWM) before and after the burst.
 *
 * BENCH_APP_ROOT runs the app from another checkout (e.g. the commit before, to compare);
 * BENCH_MALLOC=jemalloc starts it with LD_PRELOAD of libjemalloc as the Docker image does,
 * BENCH_MALLOC=glibc-2-arenas with glibc's MALLOC_ARENA_MAX=2. Figures only; nothing is asserted.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BURST_CLIENTS = Number(process.env.BENCH_BURST_CLIENTS ?? 40);
const BURST_PER_CLIENT = 2;
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 20);
const VISITOR_WIDTHS = [400, 800, 1200, 1600, 2400];
const JEMALLOC = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';

type Answer = { status: number; ms: number };

export type MediaBurstResult = {
  clients: number;
  seconds: number;
  burst: { requests: number; served: number; refused: number; other: number };
  visitor: { url: string; status: number; ms: number }[];
  /** VmRSS before the burst and 5 s and 30 s after its last answer; VmHWM (the peak) before and after it. */
  rssMb: {
    before: number | null;
    peakBefore: number | null;
    peak: number | null;
    after5s: number | null;
    after30s: number | null;
  };
  refusalLines: number;
};

export async function runMediaBurstBench(): Promise<MediaBurstResult> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bouwsteen-media-burst-'));
  let app: Child | null = null;
  try {
    const original = path.join(scratch, 'original.jpg');
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
    app = await startApp(path.join(scratch, 'data'));
    const base = `http://127.0.0.1:${app.port}`;
    const guid = await uploadOriginal(base, app.token, original);
    // sharp loaded and one variant made: the memory a running site has before any burst.
    await get(`${base}/a/${guid}?width=300`, '127.0.0.1');
    // Start-up (PGlite, migrations) leaves memory that settles over a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const before = memoryMb(app.pid, 'VmRSS');
    const peakBefore = memoryMb(app.pid, 'VmHWM');

    console.log(
      `\nMedia burst: ${BURST_CLIENTS} addresses × ${BURST_PER_CLIENT} new variants at a time for ${BURST_SECONDS} s, a visitor's page 1 s in…`,
    );
    const start = performance.now();
    const deadline = start + BURST_SECONDS * 1000;
    const answers: Answer[] = [];
    let sequence = 0;
    const client = async (index: number) => {
      while (performance.now() < deadline) {
        sequence += 1;
        // Widths the site never links to, and a quality per request: always a new variant.
        const width = 1050 + 100 * (sequence % 20);
        const quality = 1 + (sequence % 99);
        answers.push(
          await get(`${base}/a/${guid}?width=${width}&quality=${quality}`, `127.0.1.${index + 1}`),
        );
      }
    };
    const burst = Promise.all(
      Array.from({ length: BURST_CLIENTS * BURST_PER_CLIENT }, (_, index) => client(index % BURST_CLIENTS)),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const page = [
      `/a/${guid}?width=100&height=100&quality=1`,
      ...VISITOR_WIDTHS.map((width) => `/a/${guid}?width=${width}`),
    ];
    const visitor = await Promise.all(
      page.map(async (url) => ({ url, ...(await get(`${base}${url}`, '127.0.0.2')) })),
    );
    await burst;
    const seconds = (performance.now() - start) / 1000;
    const peak = memoryMb(app.pid, 'VmHWM');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const after5s = memoryMb(app.pid, 'VmRSS');
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    const after30s = memoryMb(app.pid, 'VmRSS');
    const output = await app.stop();
    const result: MediaBurstResult = {
      clients: BURST_CLIENTS,
      seconds,
      burst: {
        requests: answers.length,
        served: answers.filter((answer) => answer.status === 200).length,
        refused: answers.filter((answer) => answer.status === 503).length,
        other: answers.filter((answer) => answer.status !== 200 && answer.status !== 503).length,
      },
      visitor,
      rssMb: { before, peakBefore, peak, after5s, after30s },
      refusalLines: output.split('\n').filter((line) => /image transform/.test(line)).length,
    };
    app = null;
    printResult(result);
    return result;
  } finally {
    await app?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

function printResult(result: MediaBurstResult) {
  const { burst, rssMb } = result;
  console.log('');
  console.log(
    `Media burst ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node ${process.version}, app from ${process.env.BENCH_APP_ROOT ?? 'this checkout'}, malloc ${process.env.BENCH_MALLOC ?? 'glibc'}`,
  );
  console.log('');
  console.log(
    `| burst | requests | 200 | 503 | other | visitor's page (status ms) | RSS before | peak before / after | 5 s after | 30 s after | log lines about refusals |`,
  );
  console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|');
  const page = result.visitor.map((answer) => `${answer.status} ${answer.ms.toFixed(0)}`).join(', ');
  console.log(
    `| ${result.clients} addresses, ${result.seconds.toFixed(1)} s | ${burst.requests} | ${burst.served} | ${burst.refused} | ${burst.other} | ${page} | ${rssMb.before ?? '?'} MB | ${rssMb.peakBefore ?? '?'} / ${rssMb.peak ?? '?'} MB | ${rssMb.after5s ?? '?'} MB | ${rssMb.after30s ?? '?'} MB | ${result.refusalLines} |`,
  );
}

/** A GET from a chosen local address (fetch cannot bind one), its body read and dropped. */
function get(url: string, localAddress: string): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { localAddress, headers: { accept: 'image/webp' } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - start }));
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

type Child = { port: number; pid: number | undefined; token: string; stop(): Promise<string> };

/**
 * The app of bench/media.ts (--serve-app), from BENCH_APP_ROOT or this checkout, its log (warn and
 * up) kept to count the lines about refusals; the child's pid is the app's (no wrapper process).
 */
async function startApp(dataDir: string): Promise<Child> {
  const root = process.env.BENCH_APP_ROOT ?? REPO_ROOT;
  const malloc = process.env.BENCH_MALLOC;
  const env = {
    ...process.env,
    ...(malloc === 'jemalloc' ? { LD_PRELOAD: JEMALLOC } : {}),
    ...(malloc === 'glibc-2-arenas' ? { MALLOC_ARENA_MAX: '2' } : {}),
  };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/media.ts', '--serve-app', dataDir],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((candidate) => candidate.startsWith('{"port"'));
      if (line) resolve(JSON.parse(line) as { port: number; token: string });
    });
    child.once('exit', (code) => reject(new Error(`the app exited (code ${code})`)));
  });
  return {
    ...ready,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return output;
    },
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  runMediaBurstBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
