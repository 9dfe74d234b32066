import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../common/auth.ts';
import {
  type ServerProcess,
  type StartServerOptions,
  startServer,
  TEST_ADMIN,
} from '../scripts/server-process.ts';

/**
 * Issue 28: the wiring of compose.yaml with what runs here, and a rolling restart under load.
 * Three production nodes on one fresh PostgreSQL database, media in a local S3-compatible server
 * (s3rver, in this process) and each node with a DATA_DIR of its own (a cache only, lost at every
 * restart, as in a container without a volume), behind a round-robin proxy on loopback that works
 * as the compose file's Caddy does: it asks every node's /readyz every 250 ms and sends nothing to
 * a node that is not ready, and a request that cannot reach a node (connection refused) is tried on
 * the next one for up to 5 s. Under steady load (reads and writes), the nodes are restarted one by
 * one (SIGTERM, then a new process on the same port): no request may fail, every acknowledged
 * write must be in the database, each node must say "not ready" before it stops listening, and
 * each must exit 0.
 */

const NODES = 3;
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HEALTH_INTERVAL_MS = 250;
/**
 * How long a health check waits for /readyz. Caddy's default is 5 s; at 1 s a node starting on a
 * loaded 2-core machine (CI runs this beside the browser tests' own server) could be "slow" at
 * every check and never come back into rotation.
 */
const HEALTH_TIMEOUT_MS = 3_000;
/** A check not answered within this marks the node "slow" (out of rotation) meanwhile. */
const SLOW_AFTER_MS = 1_000;
/** How long a restarted node may take to be back in rotation before the test says why it is not. */
const BACK_IN_ROTATION_MS = 120_000;
/** Longer than a health interval (and a slow /readyz answer on a loaded machine). */
const DRAIN_SECONDS = 2;
const TRY_DURATION_MS = 5_000;
const WORKERS = 4;
/** A request slower than this counts as failed (generous: a loaded 2-core machine renders slowly). */
const REQUEST_TIMEOUT_MS = 60_000;
const METRICS_TOKEN = randomBytes(24).toString('hex');

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
const BUCKET = 'bouwsteen-media';

async function onServer<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

type Target = {
  port: number;
  healthy: boolean;
  /**
   * What the health checks saw, in order: 'ready', 'not-ready' (a 503), 'refused' (nothing
   * listens) or 'slow' (no answer within SLOW_AFTER_MS: a loaded machine; also out of rotation).
   */
  seen: ('ready' | 'not-ready' | 'refused' | 'slow')[];
  answered: number;
};

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** The round-robin proxy with active health checks and retries on refused connections. */
async function startProxy(ports: number[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const targets: Target[] = ports.map((port) => ({ port, healthy: true, seen: [], answered: 0 }));
  const stats = { retries: 0, errors: 0 };
  let next = 0;

  const record = (target: Target, state: Target['seen'][number]) => {
    target.healthy = state === 'ready';
    if (target.seen.at(-1) !== state) target.seen.push(state);
  };
  // A node that has not answered within a second is out of rotation ("slow"), but its answer is
  // still taken up to HEALTH_TIMEOUT_MS: a node just started on a loaded machine comes back.
  const check = async (target: Target) => {
    const slow = setTimeout(() => record(target, 'slow'), SLOW_AFTER_MS);
    let state: Target['seen'][number];
    try {
      const response = await fetch(`http://127.0.0.1:${target.port}/readyz`, {
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      state = response.ok ? 'ready' : 'not-ready';
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      state = cause?.code === 'ECONNREFUSED' ? 'refused' : 'slow';
    }
    clearTimeout(slow);
    record(target, state);
  };
  const health = setInterval(() => {
    for (const target of targets) void check(target);
  }, HEALTH_INTERVAL_MS);

  const pick = (): Target | undefined => {
    for (let offset = 0; offset < targets.length; offset += 1) {
      const target = targets[(next + offset) % targets.length];
      if (target?.healthy) {
        next = (next + offset + 1) % targets.length;
        return target;
      }
    }
    return undefined;
  };

  const forward = (
    target: Target,
    request: IncomingMessage,
    body: Buffer,
    response: import('node:http').ServerResponse,
  ) =>
    new Promise<'done' | 'retry'>((resolve) => {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: target.port,
          method: request.method,
          path: request.url,
          headers: {
            ...request.headers,
            'x-forwarded-for': '127.0.0.1',
            'content-length': String(body.length),
          },
          agent,
        },
        (answer) => {
          target.answered += 1;
          const headers = { ...answer.headers };
          delete headers.connection;
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
          answer.on('end', () => resolve('done'));
          answer.on('error', () => {
            stats.errors += 1;
            response.destroy();
            resolve('done');
          });
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // No answer came: a refused connection never reached the node, so any request may go to
        // the next one (Caddy's lb_try_duration); a read may also be tried again after a reset.
        const isSafe = request.method === 'GET' || request.method === 'HEAD';
        if (!response.headersSent && (error.code === 'ECONNREFUSED' || isSafe)) resolve('retry');
        else {
          stats.errors += 1;
          if (!response.headersSent) response.writeHead(502).end(`proxy: ${error.message}`);
          else response.destroy();
          resolve('done');
        }
      });
      upstream.end(body);
    });

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const deadline = Date.now() + TRY_DURATION_MS;
    for (;;) {
      const target = pick();
      if (target && (await forward(target, request, body, response)) === 'done') return;
      if (target) stats.retries += 1;
      if (Date.now() > deadline) {
        stats.errors += 1;
        response.writeHead(502).end('proxy: no node could take the request');
        return;
      }
      if (!target) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    stats,
    async close() {
      clearInterval(health);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

type Load = { sent: number; answered: number; failed: string[]; writes: string[] };

describe('compose wiring and a rolling restart under load (issue 28)', () => {
  const databaseName = `bouwsteen_rolling_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let databaseCreated = false;
  let s3: S3rverServer | undefined;
  let s3Dir = '';
  let nodeEnv: Record<string, string> = {};
  const nodes: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;

  const startNode = async (index: number, port?: number) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `bouwsteen-rolling-${index}-`));
    dataDirs.push(dataDir);
    // A first start on a machine as loaded as a shared 2-core one can take minutes.
    const options: StartServerOptions = {
      databaseUrl,
      dataDir,
      port,
      logLevel: 'warn',
      extraEnv: nodeEnv,
      readyTimeoutMs: 300_000,
    };
    return startServer(options);
  };

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-rolling-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
    const { port: s3Port } = await s3.run();
    const endpoint = `http://127.0.0.1:${s3Port}`;
    const client = new AwsClient({
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      service: 's3',
      region: 'us-east-1',
    });
    expect((await client.fetch(`${endpoint}/${BUCKET}`, { method: 'PUT' })).status).toBe(200);
    nodeEnv = {
      MEDIA_STORAGE: 's3',
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      TRUST_PROXY: 'loopback',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      METRICS_TOKEN,
    };

    await onServer(POSTGRES_URL, `CREATE DATABASE "${databaseName}"`);
    databaseCreated = true;
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    nodes.push(...(await Promise.all(Array.from({ length: NODES }, (_, index) => startNode(index)))));
    proxy = await startProxy(nodes.map((node) => node.port));
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.allSettled(nodes.map((node) => node.stop(15_000)));
    await s3?.close();
    for (const dir of [...dataDirs, s3Dir]) if (dir) await rm(dir, { recursive: true, force: true });
    if (databaseCreated)
      await onServer(POSTGRES_URL, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  });

  it('restarts every node one by one under load: no request and no write lost', async () => {
    const via = proxy!;
    // Signed in through the proxy: the session is in PostgreSQL, so every node knows it.
    const signIn = await fetch(`${via.url}/api/auth:signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(signIn.status).toBe(200);
    const cookies = new Map(
      signIn.headers.getSetCookie().map((line) => {
        const pair = line.split(';')[0] ?? '';
        return [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const;
      }),
    );
    const session = {
      cookie: `${SESSION_COOKIE}=${cookies.get(SESSION_COOKIE)}; ${XSRF_COOKIE}=${cookies.get(XSRF_COOKIE)}`,
      [XSRF_HEADER]: cookies.get(XSRF_COOKIE) ?? '',
    };

    // An image in S3 through the proxy, before any restart (the nodes' DATA_DIRs are lost with them).
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f9e44' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('Image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'rollend.png');
    const upload = await fetch(`${via.url}/a/upload?public`, {
      method: 'POST',
      headers: session,
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const { guid: imageGuid } = (await upload.json()) as { guid: string };

    const load: Load = { sent: 0, answered: 0, failed: [], writes: [] };
    let running = true;
    let sequence = 0;
    const reads = ['/', '/api/pages:withName?name=home', `/a/${imageGuid}?width=160`];
    const worker = async (id: number) => {
      while (running) {
        sequence += 1;
        const step = sequence;
        const isWrite = step % 4 === 0;
        load.sent += 1;
        try {
          if (isWrite) {
            const fromPath = `/rollend/${id}-${step}`;
            const response = await fetch(`${via.url}/api/redirects`, {
              method: 'POST',
              headers: { ...session, 'content-type': 'application/json' },
              body: JSON.stringify({ fromPath, toPath: '/' }),
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            });
            await response.arrayBuffer();
            if (response.status === 201) {
              load.answered += 1;
              load.writes.push(fromPath);
            } else load.failed.push(`POST /api/redirects ${response.status}`);
          } else {
            const pathname = reads[step % reads.length] ?? '/';
            const response = await fetch(`${via.url}${pathname}`, {
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            });
            await response.arrayBuffer();
            if (response.status === 200) load.answered += 1;
            else load.failed.push(`GET ${pathname} ${response.status}`);
          }
        } catch (error) {
          load.failed.push(`${isWrite ? 'POST' : 'GET'}: ${(error as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const started = Date.now();
    const workers = Array.from({ length: WORKERS }, (_, id) => worker(id));
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const restarts: {
      node: number;
      stopMs: number;
      startMs: number;
      exit: number | null;
      inFlight: number;
    }[] = [];
    for (let index = 0; index < NODES; index += 1) {
      const old = nodes[index]!;
      // Requests sent straight to the node as it gets SIGTERM: in flight, all of them are answered.
      const inFlight = Promise.all(
        Array.from({ length: 5 }, () =>
          fetch(`${old.url}/`).then(
            async (response) => {
              await response.arrayBuffer();
              return response.status;
            },
            (error: Error & { cause?: { code?: string; message?: string } }) =>
              `${error.message}: ${error.cause?.code ?? error.cause?.message ?? ''}`,
          ),
        ),
      );
      const stopping = old.stop(30_000);
      // Readiness goes false first: /readyz answers 503 before the node stops taking connections
      // (asked until it stops answering 200, each answer awaited however slow the machine is).
      let readiness: number | string = 200;
      while (readiness === 200) {
        readiness = await fetch(`${old.url}/readyz`, {
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            return response.status;
          },
          (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
        );
      }
      expect(readiness, `node ${index}'s readiness after SIGTERM`).toBe(503);
      const exit = await stopping;
      const direct = await inFlight;
      expect(exit.timedOut, `node ${index} did not stop in time:\n${old.output()}`).toBe(false);
      expect(exit.code, `node ${index} exit:\n${old.output()}`).toBe(0);
      expect(direct, `in flight at SIGTERM (stopped in ${exit.milliseconds} ms):\n${old.output()}`).toEqual([
        200, 200, 200, 200, 200,
      ]);
      const startedAt = Date.now();
      nodes[index] = await startNode(index, old.port);
      restarts.push({
        node: index,
        stopMs: exit.milliseconds,
        startMs: Date.now() - startedAt,
        exit: exit.code,
        inFlight: direct.length,
      });
      // Back in rotation before the next node goes.
      const rotationDeadline = Date.now() + BACK_IN_ROTATION_MS;
      while (!via.targets[index]?.healthy) {
        if (Date.now() > rotationDeadline) {
          throw new Error(
            `node ${index} was not back in rotation ${BACK_IN_ROTATION_MS / 1000} s after it started; ` +
              `its health checks saw ${via.targets[index]?.seen.join(' → ')}:\n${nodes[index]?.output()}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    running = false;
    await Promise.all(workers);
    const seconds = (Date.now() - started) / 1000;

    console.log(
      `[rolling-restart] ${seconds.toFixed(1)} s under load (${WORKERS} workers): sent ${load.sent}, ` +
        `answered ${load.answered}, failed ${load.failed.length}; writes acknowledged ${load.writes.length}; ` +
        `proxy retries ${via.stats.retries}; answered per node ${via.targets.map((target) => target.answered).join('/')}; ` +
        `restarts ${restarts.map((restart) => `node ${restart.node}: stop ${restart.stopMs} ms, start ${restart.startMs} ms`).join('; ')}`,
    );
    expect(load.failed).toEqual([]);
    expect(load.answered).toBe(load.sent);
    expect(via.stats.errors).toBe(0);
    expect(load.writes.length).toBeGreaterThan(10);

    // The proxy had each node out of rotation (not ready, or too slow to answer its check) when
    // it stopped listening, and had it back afterwards.
    for (const [index, target] of via.targets.entries()) {
      const history = target.seen.join(', ');
      const refused = target.seen.indexOf('refused');
      expect(refused, `health of node ${index}: ${history}`).toBeGreaterThan(0);
      expect(target.seen[refused - 1], `health of node ${index}: ${history}`).not.toBe('ready');
      expect(target.seen.slice(refused), `health of node ${index}: ${history}`).toContain('ready');
    }

    // Every acknowledged write is there, and nothing else.
    const rows = await onServer<{ from_path: string }>(
      databaseUrl,
      `SELECT from_path FROM redirects WHERE from_path LIKE '/rollend/%'`,
    );
    expect(rows.map((row) => row.from_path).sort()).toEqual([...load.writes].sort());

    // The image comes from S3 on every restarted node (their DATA_DIRs are new).
    for (const node of nodes) {
      const response = await fetch(`${node.url}/a/${imageGuid}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\//);
    }

    // Each node's metrics, behind the token: its requests, and (over the nodes) the site's pages
    // rendered and answered from the page cache.
    let pagesServed = 0;
    let pageHits = 0;
    for (const node of nodes) {
      const response = await fetch(`${node.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('bouwsteen_http_requests_total{method="GET",route="/readyz",status="200"}');
      const count = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
      pagesServed += count(/bouwsteen_http_requests_total\{method="GET",route="\*",status="200"\} (\d+)/);
      pageHits += count(/bouwsteen_cache_requests_total\{cache="page",result="hit"\} (\d+)/);
    }
    expect(pagesServed).toBeGreaterThan(0);
    expect(pageHits).toBeGreaterThan(0);
  }, 600_000);
});
