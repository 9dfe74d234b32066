import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** The site's catch-all route on the stand-in build (test/site-build): `?slow=` pages may be kept. */
const BUILD_DIR = path.resolve('test/site-build');

describe('a render that others wait for (issue 29)', () => {
  let test: TestApp;
  let dataDir: string;
  let origin: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-shared-render-'));
    test = await createTestApp({ web: true, config: { dataDir, buildDir: BUILD_DIR } });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await test.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A visitor who asks for `url` and closes the connection after `ms`, before the answer. */
  function leaveAfter(url: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const request = http.get(url, { headers: { accept: 'text/html' } });
      request.on('error', () => resolve());
      setTimeout(() => {
        request.destroy();
        resolve();
      }, ms);
    });
  }

  it('is finished and kept when the visitor who started it leaves, and those waiting get it', async () => {
    // The site's code and the content version are read once the first time: not during the test.
    await (await fetch(`${origin}/eerder?slow=1`)).text();
    const url = `${origin}/vertrokken?slow=600`;
    // The first visitor starts the render and leaves; the second waits for that render meanwhile.
    const left = leaveAfter(url, 300);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const waiting = fetch(url, { headers: { accept: 'text/html' } });
    await left;
    const waited = await waiting;
    expect(waited.status).toBe(200);
    expect(waited.headers.get('x-cache')).toBe('hit');
    const made = (await waited.json()) as { renderedAt: number };
    // Kept: the next visitor gets the same page from the cache.
    const next = await fetch(url, { headers: { accept: 'text/html' } });
    expect(next.headers.get('x-cache')).toBe('hit');
    expect(((await next.json()) as { renderedAt: number }).renderedAt).toBe(made.renderedAt);
  });
});
