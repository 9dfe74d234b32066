import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createProxyServer } from 'http-proxy-3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../common/auth.ts';
import { type ServerProcess, startServer, TEST_ADMIN } from '../scripts/server-process.ts';
import { SIGN_IN_LIMITS } from '../server/domains/accounts/sign-in-limits.ts';
import { solveProof } from '../test/form-proof.ts';

/**
 * Issue 12, "many nodes": three production server processes started at the same moment on one fresh
 * PostgreSQL database and one shared DATA_DIR (so media land in one store), behind a round-robin
 * reverse proxy on loopback (http-proxy-3, in this process; it counts which node answered each
 * request by its port, the server is not changed for it). Checks what must hold on any number of
 * stateless nodes: the start-up lock (migrate and seed once), sessions and sign-out, the sign-in
 * limits, uploads and the visitors' caches (a change through one node is visible on the others
 * within 100 ms).
 */

const NODES = 3;
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** How fast a change through one node must show on the other nodes. */
const VISIBLE_WITHIN_MS = 100;

/** Runs one statement on the PostgreSQL server (its maintenance database). */
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A tiny cookie jar: what the server set, sent back on the next request. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.trim().split('=');
        return (
          (key.toLowerCase() === 'max-age' && Number(setting) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(setting) <= Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

type Served = { response: Response; node: number };

/** The round-robin proxy: each request goes to the next node; it remembers which node answered which request. */
async function startProxy(targets: string[]) {
  const proxy = createProxyServer({});
  const servedBy = new Map<string, number>();
  const counts = targets.map(() => 0);
  let next = 0;
  proxy.on('error', (error, _request, response) => {
    if (response && 'writeHead' in response && !response.headersSent) {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy error: ${error.message}`);
    }
  });
  const server: Server = createServer((request, response) => {
    const node = next;
    next = (next + 1) % targets.length;
    counts[node] = (counts[node] ?? 0) + 1;
    const tag = request.headers['x-test-request'];
    if (typeof tag === 'string') servedBy.set(tag, node);
    proxy.web(request, response, { target: targets[node] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let sequence = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    /** One request through the proxy, with the node that answered it. */
    async fetch(pathname: string, init: RequestInit = {}): Promise<Served> {
      sequence += 1;
      const tag = String(sequence);
      const headers = new Headers(init.headers);
      headers.set('x-test-request', tag);
      const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { ...init, headers });
      const node = servedBy.get(tag);
      if (node === undefined) throw new Error(`the proxy did not see request ${tag}`);
      return { response, node };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        proxy.close();
      }),
  };
}

describe('three nodes on one PostgreSQL database behind a round-robin proxy (issue 12)', () => {
  const databaseName = `bouwsteen_multinode_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let databaseCreated = false;
  let dataDir = '';
  let nodes: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let startMs = 0;

  const via = () => {
    if (!proxy) throw new Error('no proxy');
    return proxy;
  };

  /** Signs in through the proxy; answers the cookie jar of the new session. */
  async function signIn(
    email: string,
    password: string,
    proof?: string,
  ): Promise<{ jar: CookieJar; served: Served }> {
    const jar = new CookieJar();
    const served = await via().fetch('/api/auth:signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, ...(proof ? { proof } : {}) }),
    });
    jar.take(served.response);
    return { jar, served };
  }

  /** Headers of a request that uses the jar's session; unsafe ones echo the XSRF cookie. */
  function sessionHeaders(jar: CookieJar, extra: Record<string, string> = {}): Record<string, string> {
    const xsrf = jar.get(XSRF_COOKIE);
    return { cookie: jar.header(), ...(xsrf ? { [XSRF_HEADER]: xsrf } : {}), ...extra };
  }

  beforeAll(async () => {
    await onServer(POSTGRES_URL, `CREATE DATABASE "${databaseName}"`);
    databaseCreated = true;
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-multinode-'));

    // All three at once, on an empty database: the start-up lock must let one migrate and seed.
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: NODES }, () =>
        // Scheduled publishing (issue 13): every node looks every second, so (f) does not wait 15 s.
        startServer({ databaseUrl, dataDir, logLevel: 'warn', extraEnv: { SCHEDULE_CHECK_SECONDS: '1' } }),
      ),
    );
    startMs = Date.now() - started;
    nodes = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (failed.length > 0) throw new Error(`not every node started:\n${failed.join('\n')}`);
    proxy = await startProxy(nodes.map((node) => node.url));
  });

  afterAll(async () => {
    await proxy?.close();
    // A node that died during the tests: show why.
    for (const [index, node] of nodes.entries()) {
      if (!isRunning(node.pid)) console.error(`[multinode] node ${index} exited early:\n${node.output()}`);
    }
    await Promise.allSettled(nodes.map((node) => node.stop(10_000)));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (databaseCreated) {
      await onServer(POSTGRES_URL, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    }
  });

  it('(a) three concurrent first starts migrate and seed exactly once', async () => {
    console.log(`[multinode] ${NODES} nodes ready in ${startMs} ms (concurrent first start on PostgreSQL)`);
    const outputs = nodes.map((node) => node.output());
    const count = (needle: string) =>
      outputs.reduce((total, output) => total + output.split(needle).length - 1, 0);
    expect(count('Admin account created')).toBe(1);
    expect(count('Demo site seeded.')).toBe(1);
    for (const [index, output] of outputs.entries()) {
      const errors = output.split('\n').filter((line) => /"level":(50|60)|Error:/.test(line));
      expect(errors, `start-up errors on node ${index}`).toEqual([]);
    }

    const [admins] = await onServer<{ n: string }>(
      databaseUrl,
      'SELECT count(*) AS n FROM users WHERE lower(email) = lower($1)',
      [TEST_ADMIN.email],
    );
    expect(Number(admins?.n)).toBe(1);
    const [users] = await onServer<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM users');
    expect(Number(users?.n)).toBe(1);
    const homes = await onServer(databaseUrl, `SELECT id FROM pages WHERE name = 'home'`);
    expect(homes).toHaveLength(1);
    const duplicates = await onServer(
      databaseUrl,
      'SELECT name FROM pages GROUP BY name HAVING count(*) > 1',
    );
    expect(duplicates).toEqual([]);
    const [menus] = await onServer<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM menus');
    const [menuNames] = await onServer<{ n: string }>(
      databaseUrl,
      'SELECT count(DISTINCT name) AS n FROM menus',
    );
    expect(Number(menus?.n)).toBe(Number(menuNames?.n));

    // Every node serves the one site.
    for (const node of nodes) {
      const response = await fetch(`${node.url}/api/pages:withName?name=home`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { guid: string }).guid).toBe(homes[0]?.id);
    }
  });

  it('(b) a session works on every node, and a sign-out on one node ends it on all', async () => {
    const { jar, served } = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(served.response.status).toBe(200);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(jar.get(XSRF_COOKIE)).toBeTruthy();

    const seen = new Set<number>();
    for (let request = 0; request < 6; request += 1) {
      const { response, node } = await via().fetch('/api/profiles:loggedIn', {
        headers: sessionHeaders(jar),
      });
      expect(response.status, `GET /api/profiles:loggedIn on node ${node}`).toBe(200);
      expect(((await response.json()) as { email: string }).email).toBe(TEST_ADMIN.email);
      seen.add(node);
    }
    // An unsafe request with the cookie and the XSRF header, on each node.
    for (let request = 0; request < NODES; request += 1) {
      const { response, node } = await via().fetch('/api/profiles:loggedIn', {
        method: 'PUT',
        headers: sessionHeaders(jar, { 'content-type': 'application/json' }),
        body: '{}',
      });
      expect(response.status, `PUT /api/profiles:loggedIn on node ${node}`).toBe(200);
      seen.add(node);
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);

    const stale = jar.clone();
    const signOut = await via().fetch('/api/auth:signOut', {
      method: 'POST',
      headers: sessionHeaders(jar),
    });
    expect(signOut.response.status).toBe(204);
    const refusedOn = new Set<number>();
    for (let request = 0; request < NODES; request += 1) {
      const { response, node } = await via().fetch('/api/profiles:loggedIn', {
        headers: sessionHeaders(stale),
      });
      expect(response.status, `the ended session on node ${node}`).toBe(401);
      refusedOn.add(node);
    }
    expect(refusedOn.size).toBe(NODES);
    // Directly on each node too (the one that signed out and the others).
    for (const node of nodes) {
      const response = await fetch(`${node.url}/api/profiles:loggedIn`, { headers: sessionHeaders(stale) });
      expect(response.status).toBe(401);
    }
  });

  it('(c) a burst of wrong passwords over all nodes is checked up to one limit; past it the right password needs a proof of work', async () => {
    const email = `multinode-${Date.now().toString(36)}@e2e.example`;
    const password = 'Zonnebloem-Veld-2026';
    const signUp = await via().fetch('/api/auth:signUp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, firstName: 'Meer', lastName: 'Knopen', locale: 'nl' }),
    });
    expect(signUp.response.status).toBe(201);

    // Issue 34: thirty at once, round robin over the nodes; a 401 is a password checked.
    const burst = await Promise.all(Array.from({ length: 30 }, () => signIn(email, 'Fout-Wachtwoord-123')));
    const statuses = burst.map(({ served }) => served.response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - SIGN_IN_LIMITS.perAccount);
    expect(new Set(burst.map(({ served }) => served.node)).size).toBe(NODES);

    // Every node now asks a proof of work of this address, even with the right password…
    const refusedOn = new Set<number>();
    for (let attempt = 0; attempt < NODES; attempt += 1) {
      const { served } = await signIn(email, password);
      expect(served.response.status, `sign-in on node ${served.node}`).toBe(429);
      refusedOn.add(served.node);
    }
    expect(refusedOn.size).toBe(NODES);
    // …and a proof from one node's challenge lets the owner in on the next.
    const challenge = await via().fetch('/api/auth:signInChallenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(challenge.response.status).toBe(200);
    const { served } = await signIn(email, password, await solveProof(await challenge.response.json()));
    expect(served.response.status).toBe(200);
    expect(served.node).not.toBe(challenge.node);
  });

  it('(d) an image uploaded through one node is served by every node', async () => {
    const { jar } = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('Image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'meer-knopen.png');
    const upload = await via().fetch('/a/upload?public', {
      method: 'POST',
      headers: sessionHeaders(jar),
      body: form,
    });
    expect(upload.response.status, await upload.response.clone().text()).toBe(201);
    const { guid } = (await upload.response.json()) as { guid: string };

    const servedOn = new Set<number>();
    for (let request = 0; request < NODES; request += 1) {
      const { response, node } = await via().fetch(`/a/${guid}`);
      expect(response.status, `GET /a/${guid} on node ${node}`).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\//);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
      servedOn.add(node);
    }
    expect(servedOn.size).toBe(NODES);
    // A resized variant (made by whichever node is asked first), on each node as well.
    for (const node of nodes) {
      const response = await fetch(`${node.url}/a/${guid}?width=200`);
      expect(response.status).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.width).toBe(200);
    }
  });

  it(`(e) a change through one node is visible on the others within ${VISIBLE_WITHIN_MS} ms`, async () => {
    const { jar } = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const named = await fetch(`${nodes[0]?.url}/api/pages:withName?name=over-ons`);
    const { guid } = (await named.json()) as { guid: string };
    const apiTitle = async (url: string) => {
      const response = await fetch(`${url}/api/pages/${guid}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { page: { titleTranslations: { nl: string } } }).page
        .titleTranslations.nl;
    };
    const htmlTitle = async (url: string) => {
      const response = await fetch(`${url}/over-ons`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      return (await response.text()).match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
    };

    /**
     * Polls one node back to back from before the write is sent until it has shown `title` three times
     * in a row. Answers, relative to the moment the write's answer arrived (`written.at`): the latest
     * send time of a request that still got the old version (0 when none was sent after the write was
     * answered; a pause of the test process itself cannot make this larger), and when the first
     * answer with the change arrived.
     */
    async function watch(
      url: string,
      read: (url: string) => Promise<string>,
      title: string,
      written: { at: number | null },
    ): Promise<{ stale: number; shown: number; polls: number }> {
      let stale = 0;
      let shown: number | null = null;
      let polls = 0;
      let inARow = 0;
      const started = performance.now();
      while (inARow < 3) {
        const sent = performance.now();
        polls += 1;
        const isNew = (await read(url)).includes(title);
        const at = written.at;
        if (isNew) {
          inARow += 1;
          if (shown === null && at !== null) shown = performance.now() - at;
        } else {
          inARow = 0;
          if (at !== null) stale = Math.max(stale, sent - at);
        }
        if (performance.now() - started > 5_000) throw new Error(`${url} never showed "${title}"`);
      }
      return { stale, shown: shown ?? 0, polls };
    }

    const results: string[] = [];
    const delays = { api: [] as number[], html: [] as number[] };
    // Six writes, round-robin over the nodes (each node writes twice); the two nodes that do not take
    // the write are polled back to back from before it is sent: three rounds for the JSON read, three
    // for the rendered page (one kind per round, so a page render does not slow the JSON poll).
    for (let round = 0; round < 2 * NODES; round += 1) {
      const kind = round < NODES ? 'api' : 'html';
      const read = kind === 'api' ? apiTitle : htmlTitle;
      // Every node has served (and cached) the current version before the change.
      for (const node of nodes) await read(node.url);
      const title = `Over ons ${round}-${randomBytes(3).toString('hex')}`;
      const writer = round % NODES;
      const readers = nodes.filter((_, index) => index !== writer);
      const written: { at: number | null } = { at: null };
      const watching = Promise.all(readers.map((node) => watch(node.url, read, title, written)));
      const write = await fetch(`${nodes[writer]?.url}/api/pages/${guid}`, {
        method: 'PUT',
        headers: sessionHeaders(jar, { 'content-type': 'application/json' }),
        body: JSON.stringify({ titleTranslations: { nl: title, en: `About us ${round}` } }),
      });
      written.at = performance.now();
      const found = await watching;
      expect(write.status, await write.text()).toBe(200);
      for (const [index, delay] of found.entries()) {
        // The limit: no node answers the old version to a request sent later than this after the write.
        delays[kind].push(delay.stale);
        results.push(
          `${kind === 'api' ? 'GET /api/pages/{id}' : 'GET /over-ons      '} write on node ${writer} → node ` +
            `${nodes.indexOf(readers[index] as ServerProcess)}: old version to requests sent up to ` +
            `+${delay.stale.toFixed(1)} ms after the write; first answer with the change at +${delay.shown.toFixed(1)} ms ` +
            `(${delay.polls} polls)`,
        );
      }
    }
    console.log(`[multinode] cross-node visibility:\n  ${results.join('\n  ')}`);
    expect(Math.max(...delays.api)).toBeLessThan(VISIBLE_WITHIN_MS);
    expect(Math.max(...delays.html)).toBeLessThan(VISIBLE_WITHIN_MS);
  });

  it('(f) a scheduled publish happens once, on one of the three nodes that all look for it', async () => {
    const { jar } = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const json = { 'content-type': 'application/json' };
    const named = await via().fetch('/api/pages:withName?name=geschiedenis');
    const { guid } = (await named.response.json()) as { guid: string };
    const call = async (method: string, url: string, body?: unknown) => {
      const served = await via().fetch(url, {
        method,
        headers: sessionHeaders(jar, body === undefined ? {} : json),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await served.response.text();
      expect(served.response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
      return text ? (JSON.parse(text) as unknown) : null;
    };
    const draft = (await call('GET', `/api/pages/${guid}/draft`)) as {
      version: number;
      revision: number | null;
      document: { title: { nl: string; en?: string } };
    };
    const title = `Geschiedenis ${randomBytes(3).toString('hex')}`;
    await call('PUT', `/api/pages/${guid}/draft`, {
      version: draft.version,
      revision: draft.revision,
      document: { ...draft.document, title: { ...draft.document.title, nl: title } },
    });
    const revisionsBefore = ((await call('GET', `/api/pages/${guid}/revisions`)) as unknown[]).length;
    const at = Date.now() + 1_500;
    await call('POST', `/api/pages/${guid}/schedules`, {
      action: 'publish',
      at: new Date(at).toISOString(),
      version: draft.version + 1,
      revision: draft.revision,
    });
    // Visitors see it on every node within a moment of its time (each node looks every second here).
    for (const node of nodes) {
      await expect
        .poll(
          async () => {
            const response = await fetch(`${node.url}/api/pages/${guid}`);
            return ((await response.json()) as { page: { titleTranslations: { nl: string } } }).page
              .titleTranslations.nl;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(title);
    }
    console.log(`[multinode] scheduled publish visible on every node ${Date.now() - at} ms after its moment`);
    // Three nodes looked for it; one carried it out: one new revision, made by the schedule.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const revisions = (await call('GET', `/api/pages/${guid}/revisions`)) as { source: string }[];
    expect(revisions.length).toBe(revisionsBefore + 1);
    expect(revisions[0]).toMatchObject({ source: 'schedule' });
  });

  it(`(g) cache tags: a block edit through one node refreshes its page on every node within ${VISIBLE_WITHIN_MS} ms and leaves other pages cached on all`, async () => {
    const { jar } = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    type Block = { guid: string; buildingBlockName: string; content: unknown };
    const named = await fetch(`${nodes[0]?.url}/api/pages:withName?name=geschiedenis`, {
      headers: sessionHeaders(jar),
    });
    const blocks = ((await named.json()) as { buildingBlockInstances: Block[] }).buildingBlockInstances;
    const text = blocks.find((block) => block.buildingBlockName === 'text');
    if (!text) throw new Error('the demo page Geschiedenis has a text block');
    const page = async (url: string, path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      return { body: await response.text(), isHit: response.headers.get('x-cache') === 'hit' };
    };
    const cachedOn = async (url: string, path: string) => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        if ((await page(url, path)).isHit) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`${url}${path} never came from the cache`);
    };
    const write = (content: unknown) =>
      fetch(`${nodes[0]?.url}/api/buildingblockinstance/${text.guid}`, {
        method: 'PUT',
        headers: sessionHeaders(jar, { 'content-type': 'application/json' }),
        body: JSON.stringify({ content }),
      });
    for (const node of nodes) {
      await cachedOn(node.url, '/over-ons/geschiedenis');
      await cachedOn(node.url, '/contact');
    }
    const marker = `Tags ${randomBytes(3).toString('hex')}`;
    try {
      const written = await write({
        nl: {
          doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: marker }] }] },
        },
      });
      expect(written.status, await written.text()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, VISIBLE_WITHIN_MS));
      for (const node of nodes) {
        expect((await page(node.url, '/over-ons/geschiedenis')).body, node.url).toContain(marker);
        expect((await page(node.url, '/contact')).isHit, node.url).toBe(true);
      }
    } finally {
      await write(text.content);
    }
  });

  it('spread every request over all nodes and logged no errors', () => {
    const counts = via().counts;
    console.log(`[multinode] requests per node through the proxy: ${counts.join(', ')}`);
    for (const count of counts) expect(count).toBeGreaterThan(5);
    for (const [index, node] of nodes.entries()) {
      expect(isRunning(node.pid), `node ${index} is still running`).toBe(true);
      const errors = node
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      expect(errors, `errors logged by node ${index}`).toEqual([]);
    }
  });
});
