import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_LIMITS } from '../../../common/translation.ts';
import { fakeTranslator } from '../../../test/fake-translator.ts';
import { createTestApp, createTestDatabase, expectApiError, type TestApp } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { setPlatformSettings } from '../../domains/settings/commands.ts';

const translate = (app: TestApp['app'], body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/translations', payload: body as object, headers });

describe('POST /api/translations (automatic translation, SPEC 1)', () => {
  const service = fakeTranslator();
  let database: DatabaseHandle;
  let test: TestApp;

  beforeAll(async () => {
    const url = await service.listen();
    database = await createTestDatabase();
    test = await createTestApp({
      database,
      config: { translateUrl: `${url}/`, translateApiKey: 'sleutel', translateTimeoutMs: 300 },
    });
  });
  afterAll(async () => {
    await test.close();
    await database.close();
    await service.close();
  });
  afterEach(async () => {
    service.setMode('ok');
    service.calls.length = 0;
    await setPlatformSettings(database.db, { autoTranslate: 'false' });
  });

  it('is not offered while the site has automatic translation off', async () => {
    const response = await translate(test.app, { from: 'nl', to: 'en', texts: ['Hallo'] });
    expectApiError(response, 404, 'translation_unavailable');
    const english = await translate(
      test.app,
      { from: 'nl', to: 'en', texts: ['Hallo'] },
      { 'accept-language': 'en' },
    );
    expectApiError(english, 404, 'translation_unavailable', 'en');
    expect(service.calls).toEqual([]);
  });

  it('is not offered by a server without a translation service, whatever the setting', async () => {
    const bare = await createTestApp({ database });
    try {
      await setPlatformSettings(database.db, { autoTranslate: 'true' });
      expectApiError(
        await translate(bare.app, { from: 'nl', to: 'en', texts: ['Hallo'] }),
        404,
        'translation_unavailable',
      );
    } finally {
      await bare.close();
    }
  });

  it('translates in order, asks the service once per text, and keeps the answers for every node', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    const first = await translate(test.app, { from: 'nl', to: 'en', texts: ['Nieuws', 'Agenda', 'Nieuws'] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ translations: ['EN:Nieuws', 'EN:Agenda', 'EN:Nieuws'] });
    expect(service.calls).toEqual([
      { q: ['Nieuws', 'Agenda'], source: 'nl', target: 'en', format: 'text', api_key: 'sleutel' },
    ]);

    // A second node on the same database reads the kept answers; only the new text is asked.
    const other = await createTestApp({ database, config: { translateUrl: 'http://127.0.0.1:9/' } });
    try {
      service.calls.length = 0;
      const second = await translate(test.app, { from: 'nl', to: 'en', texts: ['Agenda', 'Contact'] });
      expect(second.json()).toEqual({ translations: ['EN:Agenda', 'EN:Contact'] });
      expect(service.calls.map((call) => call.q)).toEqual([['Contact']]);
      // The other node's service is unreachable, so an answer proves it came from the database.
      const fromOther = await translate(other.app, { from: 'nl', to: 'en', texts: ['Nieuws', 'Contact'] });
      expect(fromOther.json()).toEqual({ translations: ['EN:Nieuws', 'EN:Contact'] });
    } finally {
      await other.close();
    }
  });

  it('answers 503 when the service fails, answers nonsense or is too slow, and keeps nothing', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    for (const mode of ['error', 'wrong-shape', 'slow'] as const) {
      service.setMode(mode);
      const response = await translate(test.app, { from: 'nl', to: 'en', texts: [`Storing ${mode}`] });
      expectApiError(response, 503, 'service_unavailable');
    }
    service.setMode('ok');
    const retried = await translate(test.app, { from: 'nl', to: 'en', texts: ['Storing error'] });
    expect(retried.json()).toEqual({ translations: ['EN:Storing error'] });
  });

  it('refuses requests outside the limits with a message per problem', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    const tooLong = 'x'.repeat(TRANSLATION_LIMITS.textLength + 1);
    const tooMuch = Array.from({ length: 20 }, () => 'y'.repeat(TRANSLATION_LIMITS.textLength));
    for (const body of [
      {},
      { from: 'nl', to: 'en', texts: [] },
      { from: 'nl', to: 'en', texts: [''] },
      {
        from: 'nl',
        to: 'en',
        texts: Array.from({ length: TRANSLATION_LIMITS.texts + 1 }, (_, i) => `t${i}`),
      },
      { from: 'nl', to: 'en', texts: [tooLong] },
      { from: 'nl', to: 'en', texts: tooMuch },
      { from: 'nl', to: 'nl', texts: ['Hallo'] },
      { from: 'nl', to: 'de', texts: ['Hallo'] },
      { from: 'nl', to: 'en', texts: [42] },
    ]) {
      const response = await translate(test.app, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((response.json() as { error: { code: string } }).error.code).toBe('validation_failed');
    }
    expect(service.calls).toEqual([]);
  });

  it('limits how often one address may ask', async () => {
    await setPlatformSettings(database.db, { autoTranslate: 'true' });
    const limited = await createTestApp({ database, config: { translateUrl: 'http://127.0.0.1:9/' } });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 61; index += 1) {
        statuses.push((await translate(limited.app, { from: 'nl', to: 'en', texts: ['Nieuws'] })).statusCode);
      }
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
