import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/server-process.ts';
import { buildUser, signInAs } from '../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../test/helpers.ts';
import { carriesToken } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample of the exposition text: `name{labels} value`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('Prometheus metrics (issue 28)', () => {
  let test: TestApp;
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    test = await createTestApp({
      config: { metricsToken: TOKEN, metricsPort: port, host: '127.0.0.1' },
    });
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
  });
  afterAll(async () => {
    await test.close();
  });

  const scrape = async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('needs the token on the site port, and says so in the API error shape', async () => {
    expectApiError(await test.app.inject({ method: 'GET', url: '/metrics' }), 401, 'unauthorized');
    expectApiError(
      await test.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } }),
      401,
      'unauthorized',
    );
    expect(carriesToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(carriesToken(TOKEN, TOKEN)).toBe(false);
    expect(carriesToken(undefined, TOKEN)).toBe(false);
  });

  it('counts requests by route and status, with latency histograms', async () => {
    for (let index = 0; index < 3; index += 1) await test.app.inject({ method: 'GET', url: '/healthz' });
    await test.app.inject({ method: 'GET', url: '/api/pages/00000000-0000-4000-8000-000000000000' });
    const text = await scrape();
    expect(sample(text, 'bouwsteen_http_requests_total', { route: '/healthz', status: '200' })).toBe(3);
    expect(
      sample(text, 'bouwsteen_http_requests_total', { route: '/api/pages/:id', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'bouwsteen_http_request_duration_seconds_count', { method: 'GET', route: '/healthz' }),
    ).toBe(3);
    expect(text).toContain(
      'bouwsteen_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz"}',
    );
  });

  it("counts the public cache's hits and misses for anonymous reads, not signed-in ones", async () => {
    const before = await scrape();
    const hits = sample(before, 'bouwsteen_cache_requests_total', { cache: 'public', result: 'hit' }) ?? 0;
    const misses = sample(before, 'bouwsteen_cache_requests_total', { cache: 'public', result: 'miss' }) ?? 0;
    // A public, cached read: the first is a miss, the next two hits.
    const url = '/api/platformsettingvalues';
    const first = await test.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    await test.app.inject({ method: 'GET', url });
    const third = await test.app.inject({ method: 'GET', url });
    expect(third.headers['x-cache']).toBe('hit');
    const admin = await signInAs(test.app, 'beheer@example.nl');
    await admin.request({ method: 'GET', url });
    const after = await scrape();
    expect(sample(after, 'bouwsteen_cache_requests_total', { cache: 'public', result: 'miss' })).toBe(
      misses + 1,
    );
    expect(sample(after, 'bouwsteen_cache_requests_total', { cache: 'public', result: 'hit' })).toBe(
      hits + 2,
    );
  });

  it("has the media queue, the overload watch, job counters and Node's event-loop delay", async () => {
    test.app.metrics.job('forms.retention', 'ran');
    test.app.metrics.job('forms.retention', 'failed');
    test.app.metrics.schedules({ published: 2, unpublished: 0, failed: 1 });
    const text = await scrape();
    expect(sample(text, 'bouwsteen_media_transforms', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'bouwsteen_media_transforms', { state: 'running' })).toBe(0);
    expect(sample(text, 'bouwsteen_media_transforms_computed_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'bouwsteen_reads_in_flight')).toBe(0);
    expect(sample(text, 'bouwsteen_overload_refused_total')).toBe(test.app.overload.refused);
    expect(sample(text, 'bouwsteen_job_runs_total', { job: 'forms.retention', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'bouwsteen_scheduled_publishing_total', { outcome: 'published' })).toBe(2);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('serves the same on METRICS_PORT, without a token, and nothing else there', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('bouwsteen_http_requests_total');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });

  it('is not served, and collects nothing per request, when neither is set', async () => {
    const plain = await createTestApp({ database: test.database });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      await plain.app.inject({ method: 'GET', url: '/healthz' });
      expect(await plain.app.metrics.text()).not.toContain('route="/healthz"');
    } finally {
      await plain.close();
    }
  });
});

describe('the PostgreSQL pool in the metrics', () => {
  it.runIf(process.env.DATABASE_URL?.startsWith('postgres'))(
    'reports open, idle and waiting connections',
    async () => {
      const test = await createTestApp({ config: { metricsToken: TOKEN } });
      try {
        // A query first, so the pool holds a connection (idle ones close after 10 s).
        expect((await test.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        const response = await test.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(
          sample(response.body, 'bouwsteen_db_pool_connections', { state: 'total' }),
        ).toBeGreaterThanOrEqual(1);
        expect(sample(response.body, 'bouwsteen_db_pool_connections', { state: 'waiting' })).toBe(0);
      } finally {
        await test.close();
      }
    },
  );
});
