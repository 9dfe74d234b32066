import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_SETTING_KEYS, PLATFORM_SETTINGS } from '../../../common/settings.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { platformSettings } from '../../db/schema.ts';
import { setPlatformSettings } from '../../services/platform-settings.ts';

type SettingValue = { key: string; value: string };

describe('GET /api/platformsettingvalues', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await setPlatformSettings(test.database.db, {
      platformName: 'Dorpsvereniging De Linde',
      colorScheme: '#2f7d4f',
    });
    // A key the code no longer (or not yet) knows: visitors must not see it.
    await test.database.db.insert(platformSettings).values({ key: 'smtpPassword', value: 'geheim' });
  });
  afterAll(async () => {
    await test.close();
  });

  const list = async (query = '') => {
    const response = await test.app.inject({ method: 'GET', url: `/api/platformsettingvalues${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as SettingValue[];
  };

  it('returns the stored public settings as key/value pairs sorted by key', async () => {
    expect(await list()).toEqual([
      { key: 'colorScheme', value: '#2f7d4f' },
      { key: 'platformName', value: 'Dorpsvereniging De Linde' },
    ]);
  });

  it('returns every known setting with includeAll, defaults for the unset ones', async () => {
    const values = await list('?includeAll=true');
    expect(values.map((value) => value.key)).toEqual([...PLATFORM_SETTING_KEYS].sort());
    const byKey = new Map(values.map((value) => [value.key, value.value]));
    expect(byKey.get('platformName')).toBe('Dorpsvereniging De Linde');
    expect(byKey.get('headerLogoHeight')).toBe(PLATFORM_SETTINGS.headerLogoHeight.default);
    expect(byKey.get('termsOfUseVersion')).toBe('1');
  });

  it('accepts includeAll as 1 and in any case', async () => {
    expect(await list('?includeAll=TRUE')).toHaveLength(PLATFORM_SETTING_KEYS.length);
    expect(await list('?includeAll=1')).toHaveLength(PLATFORM_SETTING_KEYS.length);
    expect(await list('?includeAll=false')).toHaveLength(2);
  });

  it('returns only the named keys, comma separated or repeated', async () => {
    const expected = [
      { key: 'colorScheme', value: '#2f7d4f' },
      { key: 'platformName', value: 'Dorpsvereniging De Linde' },
    ];
    expect(await list('?keys=platformName,colorScheme')).toEqual(expected);
    expect(await list('?keys=platformName&keys=colorScheme')).toEqual(expected);
    expect(await list('?keys=%20platformName%20,,colorScheme,')).toEqual(expected);
  });

  it('leaves out named keys that are not set, unless includeAll asks for their default', async () => {
    expect(await list('?keys=platformName,favicon')).toEqual([
      { key: 'platformName', value: 'Dorpsvereniging De Linde' },
    ]);
    expect(await list('?keys=platformName,favicon&includeAll=true')).toEqual([
      { key: 'favicon', value: '' },
      { key: 'platformName', value: 'Dorpsvereniging De Linde' },
    ]);
  });

  it('returns nothing for unknown keys, including names of object properties', async () => {
    expect(await list('?keys=doesNotExist')).toEqual([]);
    expect(await list('?keys=constructor,__proto__,toString&includeAll=true')).toEqual([]);
  });

  it('never shows a visitor a stored key that is not a known public setting', async () => {
    expect(await list('?keys=smtpPassword')).toEqual([]);
    expect((await list()).map((value) => value.key)).not.toContain('smtpPassword');
    expect((await list('?includeAll=true')).map((value) => value.key)).not.toContain('smtpPassword');
  });

  it.each([
    ['includeAll that is not a boolean', '?includeAll=maybe'],
    ['includeAll given twice', '?includeAll=true&includeAll=false'],
    ['more than 100 keys', `?${Array.from({ length: 101 }, (_, index) => `keys=k${index}`).join('&')}`],
    ['a comma separated list over 2000 characters', `?keys=${'a,'.repeat(1001)}`],
    ['a key over 200 characters', `?keys=${'k'.repeat(201)}`],
    ['a key with a NUL byte', '?keys=platform%00Name'],
    ['a repeated key with a control character', '?keys=a&keys=b%07'],
    ['a repeated key over 200 characters', `?keys=a&keys=${'k'.repeat(201)}`],
  ])('answers 400 to %s', async (_case, query) => {
    const response = await test.app.inject({ method: 'GET', url: `/api/platformsettingvalues${query}` });
    const body = expectApiError(response, 400, 'validation_failed');
    expect(body.error.details?.[0]?.path).toMatch(/^querystring\//);
  });

  it('answers a bad query in English when asked', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/platformsettingvalues?includeAll=maybe&lang=en',
    });
    expectApiError(response, 400, 'validation_failed', 'en');
  });
});
