import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('a stopping node (issue 28, rolling restarts)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers not-ready while draining, still serves, and closes keep-alive connections', async () => {
    const before = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(200);
    expect(before.headers.connection).not.toBe('close');
    test.app.lifecycle.startDraining();
    const readiness = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'unavailable' });
    // Liveness and every other request are still answered, each on a connection that then closes.
    const live = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
    const read = await test.app.inject({ method: 'GET', url: '/api/platformsettingvalues' });
    expect(read.statusCode).toBe(200);
    expect(read.headers.connection).toBe('close');
  });
});
