import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerIdleCollection } from './idle-collection.ts';

describe('a quiet node collects its garbage once (issue 28, the memory plateau)', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
  });

  async function appWith(quietMs: number) {
    app = Fastify();
    const collection = registerIdleCollection(app, quietMs);
    let release = () => {};
    app.get('/fast', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { ok: true };
    });
    await app.ready();
    return { collection, release: () => release() };
  }

  it('runs a real full collection once the quiet time has passed after requests, and only then', async () => {
    const { collection } = await appWith(5_000);
    collection.check(performance.now() + 60_000);
    expect(collection.runs).toBe(0); // no request yet: nothing to give back

    let garbage: number[] | null = Array.from({ length: 100_000 }, (_, index) => index);
    const ref = new WeakRef(garbage);
    garbage = null;
    expect((await app.inject({ method: 'GET', url: '/fast' })).statusCode).toBe(200);
    collection.check(performance.now());
    expect(collection.runs).toBe(0); // not quiet long enough
    await new Promise((resolve) => setImmediate(resolve)); // a WeakRef holds its target for one job
    collection.check(performance.now() + 5_000);
    expect(collection.runs).toBe(1);
    expect(ref.deref()).toBeUndefined(); // V8's full collection, not a promise of one

    collection.check(performance.now() + 60_000);
    expect(collection.runs).toBe(1); // once per busy spell
    await app.inject({ method: 'GET', url: '/fast' });
    collection.check(performance.now() + 5_000);
    expect(collection.runs).toBe(2);
  });

  it('counts the quiet time from the last answer', async () => {
    const { collection, release } = await appWith(5_000);
    const slow = app.inject({ method: 'GET', url: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    collection.check(performance.now() + 1_000);
    expect(collection.runs).toBe(0);
    release();
    expect((await slow).statusCode).toBe(200);
    const answeredAt = performance.now();
    collection.check(answeredAt + 4_000);
    expect(collection.runs).toBe(0);
    collection.check(answeredAt + 5_000);
    expect(collection.runs).toBe(1);
  });

  it('never collects when the setting is 0', async () => {
    const { collection } = await appWith(0);
    await app.inject({ method: 'GET', url: '/fast' });
    collection.check(performance.now() + 60_000);
    expect(collection.runs).toBe(0);
  });
});
