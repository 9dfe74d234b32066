import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { AppError } from '../errors.ts';
import { transformStats } from '../media/transform.ts';
import { pageCacheKey } from './page-cache.ts';
import { isPublicRead } from './public-cache.ts';

/**
 * Prometheus metrics (issue 28), one registry per app: requests by route and status, latency,
 * the visitors' caches (rendered pages, public API answers), render time, the PostgreSQL pool, the
 * media admission queue, job runs and failures, and Node's own (event-loop delay, heap, GC,
 * handles). Served on METRICS_PORT (a listener of its own) and/or at GET /metrics on the site's
 * port for `Authorization: Bearer METRICS_TOKEN`; with neither set nothing is collected per request.
 */

/** A job run: it did the work, another node had the slot, or it threw. */
export type JobOutcome = 'ran' | 'skipped' | 'failed';

/** The catch-all route the site's pages are rendered by (server/web.ts). */
const SITE_ROUTE = '*';

/** Seconds: from a cached answer (a millisecond) to a slow render or upload. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new client.Registry();
  readonly #requests: client.Counter<'method' | 'route' | 'status'>;
  readonly #latency: client.Histogram<'method' | 'route'>;
  readonly #cache: client.Counter<'cache' | 'result'>;
  readonly #render: client.Histogram<'status'>;
  readonly #jobs: client.Counter<'job' | 'outcome'>;
  readonly #schedules: client.Counter<'outcome'>;

  constructor(
    options: {
      pool?: (() => PoolState) | undefined;
      overload?: (() => OverloadState) | undefined;
      defaultMetrics?: boolean;
    } = {},
  ) {
    const registers = [this.registry];
    this.#requests = new client.Counter({
      name: 'bouwsteen_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#latency = new client.Histogram({
      name: 'bouwsteen_http_request_duration_seconds',
      help: 'Time from receiving a request to sending the last byte of its answer',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#cache = new client.Counter({
      name: 'bouwsteen_cache_requests_total',
      help: "Visitors' reads by cache (page: rendered pages, public: anonymous API answers) and result (hit, miss)",
      labelNames: ['cache', 'result'],
      registers,
    });
    this.#render = new client.Histogram({
      name: 'bouwsteen_page_render_seconds',
      help: 'Site pages answered by rendering (not from the page cache): time to the last byte',
      labelNames: ['status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#jobs = new client.Counter({
      name: 'bouwsteen_job_runs_total',
      help: 'Scheduled job checks by job and outcome (ran; skipped: another node had the slot; failed)',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.#schedules = new client.Counter({
      name: 'bouwsteen_scheduled_publishing_total',
      help: 'Page schedules carried out by this node, by outcome (published, unpublished, failed)',
      labelNames: ['outcome'],
      registers,
    });
    new client.Gauge({
      name: 'bouwsteen_media_transforms',
      help: 'Image transforms at the admission gate: running, and waiting for a turn',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'running' }, transformStats.running);
        this.set({ state: 'waiting' }, transformStats.waiting);
      },
    });
    new client.Counter({
      name: 'bouwsteen_media_transforms_computed_total',
      help: 'Image variants computed (not read from the variant cache)',
      registers,
      collect() {
        this.reset();
        this.inc(transformStats.computed);
      },
    });
    const overload = options.overload;
    if (overload) {
      new client.Gauge({
        name: 'bouwsteen_reads_in_flight',
        help: 'Reads that need work (renders, API reads not cached) in progress: the queue overload watches',
        registers,
        collect() {
          this.set(overload().inFlight);
        },
      });
      new client.Counter({
        name: 'bouwsteen_overload_refused_total',
        help: 'Reads refused with 503 overloaded while a queue stood (OVERLOAD_WAIT_SECONDS)',
        registers,
        collect() {
          this.reset();
          this.inc(overload().refused);
        },
      });
    }
    const pool = options.pool;
    if (pool) {
      new client.Gauge({
        name: 'bouwsteen_db_pool_connections',
        help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
        labelNames: ['state'],
        registers,
        collect() {
          const state = pool();
          this.set({ state: 'total' }, state.total);
          this.set({ state: 'idle' }, state.idle);
          this.set({ state: 'waiting' }, state.waiting);
        },
      });
    }
    if (options.defaultMetrics) {
      // Node's own: event-loop delay (nodejs_eventloop_lag_*), heap, GC, handles, RSS.
      client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    }
  }

  /** One answered request (the onResponse hook). */
  request(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const seconds = reply.elapsedTime / 1000;
    this.#requests.inc({ method, route, status: String(reply.statusCode) });
    this.#latency.observe({ method, route }, seconds);
    const isHit = reply.getHeader('x-cache') === 'hit';
    const cache = cacheOf(request, route);
    if (cache) this.#cache.inc({ cache, result: isHit ? 'hit' : 'miss' });
    if (route === SITE_ROUTE && !isHit) this.#render.observe({ status: String(reply.statusCode) }, seconds);
  }

  job(job: string, outcome: JobOutcome): void {
    this.#jobs.inc({ job, outcome });
  }

  schedules(run: { published: number; unpublished: number; failed: number }): void {
    for (const outcome of ['published', 'unpublished', 'failed'] as const) {
      if (run[outcome] > 0) this.#schedules.inc({ outcome }, run[outcome]);
    }
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

export type PoolState = { total: number; idle: number; waiting: number };
export type OverloadState = { inFlight: number; refused: number };

/** Which visitors' cache a request could be answered from, if any. */
function cacheOf(request: FastifyRequest, route: string): 'page' | 'public' | null {
  if (request.auth?.method !== 'none') return null;
  if (route === SITE_ROUTE) return pageCacheKey(request, '') === null ? null : 'page';
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (isRead && request.routeOptions.config?.publicCache === true) return 'public';
  if (request.method === 'POST' && isPublicRead(request)) return 'public';
  return null;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function carriesToken(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/**
 * GET /metrics on the site's port, for `Authorization: Bearer METRICS_TOKEN` (registered with the
 * routes, after the error handler, so a refusal has the API's error shape).
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { metricsToken } = app.config;
  const metrics = app.metrics;
  if (metricsToken === undefined) return;
  // Not in the OpenAPI document: an operator's endpoint, not part of the site's API.
  app.get('/metrics', { schema: { hide: true }, config: { ownBearer: true } }, async (request, reply) => {
    if (!carriesToken(request.headers.authorization, metricsToken)) {
      throw new AppError('unauthorized', 'metrics need Authorization: Bearer METRICS_TOKEN');
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
};

/**
 * Collects per request when metrics are served (METRICS_PORT or METRICS_TOKEN), and serves them.
 * The job counters are kept either way (server/jobs).
 */
export function registerMetrics(app: FastifyInstance): Metrics {
  const { metricsPort, metricsToken, host } = app.config;
  const isServed = metricsPort !== undefined || metricsToken !== undefined;
  const overload = app.overload;
  const metrics = new Metrics({
    pool: app.database.poolState,
    overload: () => overload,
    defaultMetrics: isServed,
  });
  app.decorate('metrics', metrics);
  if (!isServed) return metrics;

  app.addHook('onResponse', async (request, reply) => metrics.request(request, reply));

  if (metricsPort !== undefined) {
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
          return;
        }
        metrics.text().then(
          (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics could not be collected');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(metricsPort, host, () => resolve());
      });
      app.log.info({ port: metricsPort }, 'metrics served on their own port');
    });
    app.addHook('onClose', async () => {
      if (!server) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    });
  }
  return metrics;
}
