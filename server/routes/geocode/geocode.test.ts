import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/accounts.ts';
import { fakeGeocoder } from '../../../test/fake-geocoder.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';

/*
 * The map block's address search (issue 31), GET /api/geocode, against a stand-in Nominatim on
 * loopback (test/fake-geocoder.ts): what editors get, who may ask, what a geocoder that is down,
 * slow or hostile turns into (424 geocoder_unavailable, logged as a warning), and a site without
 * one (404 geocoder_off).
 */

describe('GET /api/geocode', () => {
  const geocoder = fakeGeocoder();
  let test: TestApp;
  const logLines: string[] = [];
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let member: Record<string, string>;
  let address = 0;

  beforeAll(async () => {
    const url = await geocoder.listen();
    test = await createTestApp({
      config: {
        geocoderUrl: url,
        geocoderTimeoutMs: 1000,
        publicUrl: 'https://www.delinde.example',
        logLevel: 'warn',
      },
      logStream: { write: (line) => logLines.push(line) },
    });
    const { db } = test.database;
    admin = await bearerFor(db, (await buildUser(db, { email: 'beheer@example.nl', isAdmin: true })).id);
    editor = await bearerFor(
      db,
      (await buildUser(db, { email: 'redactie@example.nl', isContentManager: true })).id,
    );
    member = await bearerFor(db, (await buildUser(db, { email: 'lid@example.nl' })).id);
  });
  afterAll(async () => {
    await test.close();
    await geocoder.close();
  });

  /** A search as `caller`, each from an address of its own (the route's rate limit is per address). */
  const search = (
    q: string | null,
    caller: Record<string, string> = admin,
    extra: Record<string, string> = {},
  ) => {
    address += 1;
    return test.app.inject({
      method: 'GET',
      url: q === null ? '/api/geocode' : `/api/geocode?q=${encodeURIComponent(q)}`,
      headers: { ...caller, ...extra },
      remoteAddress: `198.51.100.${address}`,
    });
  };

  it('answers the places the geocoder finds, kept to six decimals, asking it as its usage policy wants', async () => {
    const response = await search('Dam, Amsterdam');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          label: 'Dam, Burgwallen-Oude Zijde, Amsterdam, Noord-Holland, Nederland',
          latitude: 52.373108,
          longitude: 4.892615,
        },
        { label: 'Dam, Delft, Zuid-Holland, Nederland', latitude: 52.0116, longitude: 4.3571 },
      ],
    });
    expect(geocoder.calls.at(-1)).toEqual({
      path: '/search',
      query: { q: 'Dam, Amsterdam', format: 'jsonv2', limit: '5', 'accept-language': 'nl' },
      userAgent: 'Bouwsteen (+https://www.delinde.example)',
    });
  });

  it('asks in the language of the request, and a content manager may search too', async () => {
    const response = await search('Dorpsstraat 1', editor, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(1);
    expect(geocoder.calls.at(-1)?.query['accept-language']).toBe('en');
    expect((await search('Nergensdorp')).json()).toEqual({ results: [] });
  });

  it('asks the geocoder once for the same search, trimmed', async () => {
    const before = geocoder.calls.length;
    const first = await search('  Dorpsstraat 1, De Linde ');
    const second = await search('dorpsstraat 1, de linde');
    expect(second.json()).toEqual(first.json());
    expect(geocoder.calls.length).toBe(before + 1);
    expect(geocoder.calls.at(-1)?.query.q).toBe('Dorpsstraat 1, De Linde');
  });

  it('answers coordinates and a link of OpenStreetMap as they are, without asking the geocoder', async () => {
    const before = geocoder.calls.length;
    expect((await search('52.37021234, 4.8952')).json()).toEqual({
      results: [{ label: '52.370212, 4.8952', latitude: 52.370212, longitude: 4.8952 }],
    });
    expect((await search('https://www.openstreetmap.org/#map=17/52.3702/4.8952')).json()).toEqual({
      results: [{ label: '52.3702, 4.8952', latitude: 52.3702, longitude: 4.8952 }],
    });
    expect(geocoder.calls.length).toBe(before);
  });

  it('is for those who place blocks: a visitor is asked to sign in, a member is refused', async () => {
    const before = geocoder.calls.length;
    expectApiError(await search('Dam', {}), 401, 'unauthorized');
    expectApiError(await search('Dam', member), 403, 'forbidden');
    expect(geocoder.calls.length).toBe(before);
  });

  it.each([
    ['no query', null],
    ['an empty query', ''],
    ['a query of spaces', '    '],
    ['a query of one letter', 'D'],
    ['a query over 200 characters', 'Dam '.repeat(51)],
  ])('answers 400 to %s, naming q', async (_case, q) => {
    const before = geocoder.calls.length;
    const body = expectApiError(await search(q), 400, 'validation_failed');
    expect(body.error.details?.map((detail) => detail.path)).toEqual(['querystring/q']);
    expect(geocoder.calls.length).toBe(before);
  });

  it.each([
    ['answers 500', 'error'],
    ['answers an object, not a list', 'wrong-shape'],
    ['answers HTML', 'not-json'],
    ['answers more than 256 kB', 'huge'],
    ['takes longer than GEOCODER_TIMEOUT', 'slow'],
  ] as const)(
    'answers 424 geocoder_unavailable in Dutch and English when the geocoder %s',
    async (_case, mode) => {
      geocoder.setMode(mode);
      try {
        expectApiError(await search(`Dam ${mode}`), 424, 'geocoder_unavailable');
        expectApiError(
          await search(`Dam ${mode} en`, admin, { 'accept-language': 'en' }),
          424,
          'geocoder_unavailable',
          'en',
        );
      } finally {
        geocoder.setMode('ok');
      }
    },
  );

  it('answers 424 when the geocoder cannot be reached at all, and logs it as a warning, not an error', async () => {
    const linesBefore = logLines.length;
    const closed = fakeGeocoder();
    const url = await closed.listen();
    await closed.close();
    const unreachable = await createTestApp({
      config: { geocoderUrl: url, logLevel: 'warn' },
      logStream: { write: (line) => logLines.push(line) },
      database: test.database,
    });
    try {
      const response = await unreachable.app.inject({
        method: 'GET',
        url: '/api/geocode?q=Dam',
        headers: admin,
      });
      const body = expectApiError(response, 424, 'geocoder_unavailable');
      expect(body.error.message).toBe(
        'Adressen zoeken lukt nu niet: de zoekdienst antwoordt niet. Probeer het later opnieuw of vul de coördinaten zelf in.',
      );
    } finally {
      await unreachable.close();
    }
    const logged = logLines
      .slice(linesBefore)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged.filter((line) => /geocoder unreachable/.test(line.msg)).map((line) => line.level)).toEqual([
      40,
    ]);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('keeps only the places of a hostile answer that follow the rule, their names as plain text', async () => {
    geocoder.setMode('hostile');
    try {
      const response = await search('Dam hostile');
      expect(response.statusCode).toBe(200);
      const { results } = response.json() as { results: { label: string; latitude: number }[] };
      expect(results).toHaveLength(1);
      expect(results[0]?.latitude).toBe(52.373108);
      expect(results[0]?.label).toMatch(/^Dam <b>Amsterdam<\/b> x+$/);
      expect(results[0]?.label).toHaveLength(300);
    } finally {
      geocoder.setMode('ok');
    }
  });

  it('limits searches to 30 a minute per address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/geocode?q=52.37,4.89',
        headers: admin,
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('GET /api/geocode on a site without a geocoder (GEOCODER_URL=off)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers 404 geocoder_off to an address, and still reads coordinates', async () => {
    const { db } = test.database;
    const admin = await bearerFor(
      db,
      (await buildUser(db, { email: 'beheer@example.nl', isAdmin: true })).id,
    );
    const off = await test.app.inject({ method: 'GET', url: '/api/geocode?q=Dam', headers: admin });
    expectApiError(off, 404, 'geocoder_off');
    const english = await test.app.inject({
      method: 'GET',
      url: '/api/geocode?q=Dam&lang=en',
      headers: admin,
    });
    expect(expectApiError(english, 404, 'geocoder_off', 'en').error.message).toBe(
      'Address search is turned off on this website. Enter the coordinates yourself.',
    );
    const coordinates = await test.app.inject({
      method: 'GET',
      url: '/api/geocode?q=-33.8568,151.2153',
      headers: admin,
    });
    expect(coordinates.json()).toEqual({
      results: [{ label: '-33.8568, 151.2153', latitude: -33.8568, longitude: 151.2153 }],
    });
  });
});
