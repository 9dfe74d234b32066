import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectApiError, type TestApp } from '../test/helpers.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

describe('GET /api/openapi.json', () => {
  it('describes every public endpoint in an OpenAPI 3.1 document', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Bouwsteen API');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /healthz',
        'GET /readyz',
        'GET /api/platformsettingvalues',
        'GET /api/menus:withName',
        'GET /api/pages',
        'GET /api/pages/{id}',
        'GET /api/pages:withName',
        'GET /api/pagetemplates/{id}',
        'GET /api/buildingblockinstance/{guid}',
        'POST /api/logs',
      ]),
    );
  });

  it('leaves the catch-all for unknown API paths and the document itself out of the document', async () => {
    const document = (await get('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/api/*');
    expect(Object.keys(document.paths)).not.toContain('/api');
    expect(Object.keys(document.paths)).not.toContain('/api/openapi.json');
  });

  it('documents the error shape and the page response with its cache-token description', async () => {
    const document = (await get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'Page', 'PageWithMetadata', 'Menu', 'MenuItem']),
    );
    const getPage = document.paths['/api/pages/{id}']?.get;
    expect(getPage?.description).toContain('cache-token');
    expect(Object.keys(getPage?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404']));
  });
});

describe('GET /api/docs/', () => {
  it('serves the reference page with a CSP that allows its inline scripts only by nonce', async () => {
    const response = await get('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const nonce = scriptSrc?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();

    const scriptTags = response.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('redirects /api/docs to /api/docs/', async () => {
    const response = await get('/api/docs');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toMatch(/\/api\/docs\/$/);
  });
});

describe('security headers', () => {
  it('sends a nonce-only script policy that changes with every response', async () => {
    const first = String((await get('/healthz')).headers['content-security-policy']);
    const second = String((await get('/healthz')).headers['content-security-policy']);
    const nonceOf = (csp: string) => csp.match(/script-src[^;]*'nonce-([^']+)'/)?.[1];
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(first).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('sets nosniff and a referrer policy', async () => {
    const response = await get('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('correlation id', () => {
  it('echoes a well-formed x-correlation-id', async () => {
    const response = await get('/healthz', { 'x-correlation-id': 'abc-12345678' });
    expect(response.headers['x-correlation-id']).toBe('abc-12345678');
  });

  it('replaces a malformed x-correlation-id with a fresh uuid', async () => {
    const response = await get('/healthz', { 'x-correlation-id': 'bad id <script>' });
    expect(response.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/does-not-exist'],
    ['GET', '/api/pages/00000000-0000-4000-8000-000000000000/children'],
    // POST /api/pages creates a page since issue 10; PATCH has no route.
    ['PATCH', '/api/pages'],
    ['DELETE', '/api/menus:withName'],
    ['PUT', '/api/a/b/c'],
  ] as const)('%s %s answers 404 in JSON', async (method, url) => {
    const response = await test.app.inject({ method, url });
    expectApiError(response, 404, 'not_found');
  });
});

describe('malformed requests', () => {
  it('answers 400 to malformed JSON, not 500', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'application/json' },
      payload: '{"entries": [',
    });
    expectApiError(response, 400, 'bad_request');
  });

  it('reads an empty JSON body as no body: a body a route needs is then missing (400), a DELETE is fine', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectApiError(response, 400, 'validation_failed');
    const signOut = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signOut',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(signOut.statusCode).toBe(204);
    const deleteWithoutBody = await test.app.inject({
      method: 'DELETE',
      url: '/api/sessions/5b0f4c6e-0a53-4d0e-9d47-1f4c2b7a9e11',
      headers: { 'content-type': 'application/json' },
    });
    expectApiError(deleteWithoutBody, 401, 'unauthorized');
  });

  it('answers 415 to a body in a content type the API does not read', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'application/xml' },
      payload: '<entries/>',
    });
    expectApiError(response, 415, 'unsupported_media_type');
  });

  it('answers 400 in the API error shape to a URL with broken percent-encoding', async () => {
    const response = await get('/api/pages/%E0%A4%A');
    expectApiError(response, 400, 'bad_request');
  });

  it('answers a broken URL in English when the browser asks for English', async () => {
    const response = await get('/api/pages/%E0%A4%A', { 'accept-language': 'en' });
    expectApiError(response, 400, 'bad_request', 'en');
  });

  it('answers 404, not 500, to a path parameter longer than the router allows', async () => {
    for (const path of [
      `/api/pages/${'a'.repeat(600)}`,
      `/a/${'a'.repeat(600)}`,
      `/api/listitem/${'a'.repeat(600)}`,
    ]) {
      expectApiError(await get(path), 404, 'not_found');
    }
  });
});

describe('the language of error messages', () => {
  const unknownPage = '/api/pages/00000000-0000-4000-8000-000000000000';

  it('is Dutch by default', async () => {
    const body = expectApiError(await get(unknownPage), 404, 'not_found');
    expect(body.error.message).toBe('Niet gevonden.');
  });

  it('is English with ?lang=en', async () => {
    const body = expectApiError(await get(`${unknownPage}?lang=en`), 404, 'not_found', 'en');
    expect(body.error.message).toBe('Not found.');
  });

  it('is English with the lang cookie', async () => {
    expectApiError(await get(unknownPage, { cookie: 'lang=en' }), 404, 'not_found', 'en');
  });

  it('is English when Accept-Language prefers English', async () => {
    expectApiError(
      await get(unknownPage, { 'accept-language': 'en-GB,en;q=0.9,nl;q=0.5' }),
      404,
      'not_found',
      'en',
    );
  });

  it('lets ?lang= win over the cookie and the cookie win over Accept-Language', async () => {
    expectApiError(
      await get(`${unknownPage}?lang=nl`, { cookie: 'lang=en', 'accept-language': 'en' }),
      404,
      'not_found',
      'nl',
    );
    expectApiError(
      await get(unknownPage, { cookie: 'lang=nl', 'accept-language': 'en' }),
      404,
      'not_found',
      'nl',
    );
  });

  it('falls back to Dutch for an unsupported or malformed language', async () => {
    expectApiError(
      await get(`${unknownPage}?lang=fr`, { 'accept-language': 'fr-FR' }),
      404,
      'not_found',
      'nl',
    );
    expectApiError(await get(`${unknownPage}?lang[]=en`), 404, 'not_found', 'nl');
  });

  it('translates validation errors too', async () => {
    const body = expectApiError(await get('/api/pages/not-a-guid?lang=en'), 400, 'validation_failed', 'en');
    expect(body.error.details).toEqual([{ path: 'params/id', message: 'This is not a valid reference.' }]);
    const dutch = expectApiError(await get('/api/pages/not-a-guid'), 400, 'validation_failed');
    expect(dutch.error.details).toEqual([{ path: 'params/id', message: 'Dit is geen geldige verwijzing.' }]);
  });

  it('answers every detail in the request language, also limits and unknown fields', async () => {
    const query = `keys=${'x'.repeat(300)}`;
    const english = expectApiError(
      await get(`/api/platformsettingvalues?${query}&lang=en`),
      400,
      'validation_failed',
      'en',
    );
    const dutch = expectApiError(await get(`/api/platformsettingvalues?${query}`), 400, 'validation_failed');
    expect(english.error.details?.[0]?.message).toBe('Use at most 200 characters.');
    expect(dutch.error.details?.[0]?.message).toBe('Gebruik hoogstens 200 tekens.');
  });
});

describe('compression', () => {
  it('sends JSON with brotli or gzip, as the client accepts, and says so in Vary', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const brotli = await get('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses error answers too, and leaves tiny answers alone', async () => {
    const tiny = await get('/healthz', { 'accept-encoding': 'br' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    const missing = await get('/api/bestaat-niet', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    const body =
      missing.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(missing.rawPayload)
        : missing.rawPayload;
    expect(JSON.parse(body.toString())).toMatchObject({ error: { code: 'not_found' } });
  });
});
