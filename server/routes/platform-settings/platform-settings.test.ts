import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_SETTING_KEYS, PLATFORM_SETTINGS } from '../../../common/settings.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, media, platformSettings } from '../../db/schema.ts';
import { setPlatformSettings } from '../../domains/settings/commands.ts';
import { getPlatformSettings } from '../../domains/settings/queries.ts';
import { validationText } from '../../errors.ts';

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

  // A visitor sees the public settings only (the backup schedule, issue 28, is not one).
  const publicKeys = PLATFORM_SETTING_KEYS.filter((key) => PLATFORM_SETTINGS[key].isPublic);

  it('returns every known public setting with includeAll, defaults for the unset ones', async () => {
    const values = await list('?includeAll=true');
    expect(values.map((value) => value.key)).toEqual([...publicKeys].sort());
    const byKey = new Map(values.map((value) => [value.key, value.value]));
    expect(byKey.get('platformName')).toBe('Dorpsvereniging De Linde');
    expect(byKey.get('headerLogoHeight')).toBe(PLATFORM_SETTINGS.headerLogoHeight.default);
    expect(byKey.get('termsOfUseVersion')).toBe('1');
  });

  it('accepts includeAll as 1 and in any case', async () => {
    expect(await list('?includeAll=TRUE')).toHaveLength(publicKeys.length);
    expect(await list('?includeAll=1')).toHaveLength(publicKeys.length);
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

describe('PUT /api/platformsettingvalues', () => {
  let test: TestApp;
  let admin: Browser;
  let member: Browser;
  let adminId: string;
  let memberId: string;
  let publicImage: string;
  let profileImage: string;

  const addMedia = async (purpose: 'public' | 'profile', uploadedBy: string) => {
    const [row] = await test.database.db
      .insert(media)
      .values({
        contentHash: 'a'.repeat(64),
        purpose,
        ownerGuid: purpose === 'profile' ? uploadedBy : null,
        uploadedBy,
        fileName: 'logo.png',
        format: 'png',
        width: 400,
        height: 100,
        size: 1234,
      })
      .returning();
    if (!row) throw new Error('media not created');
    return row.id;
  };

  beforeAll(async () => {
    test = await createTestApp();
    adminId = (await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true })).id;
    memberId = (await buildUser(test.database.db, { email: 'lid@example.nl' })).id;
    admin = await signInAs(test.app, 'beheer@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
    publicImage = await addMedia('public', adminId);
    profileImage = await addMedia('profile', memberId);
  });
  afterAll(async () => {
    await test.close();
  });

  const put = (browser: Browser, payload: unknown) =>
    browser.request({ method: 'PUT', url: '/api/platformsettingvalues', payload });

  it('lets an admin save identity settings, answers every setting and records an audit event', async () => {
    const response = await put(admin, [
      { key: 'platformName', value: 'Buurtvereniging Het Plein' },
      { key: 'platformDescription', value: 'Alles over het plein' },
      { key: 'headerLogo', value: publicImage },
      { key: 'favicon', value: publicImage },
      { key: 'headerLogoHeight', value: '48' },
      { key: 'headerLogoPadding', value: '4' },
      { key: 'colorScheme', value: '#2f7d4f' },
      { key: 'browserColor', value: '#123456' },
    ]);
    expect(response.statusCode).toBe(200);
    const byKey = new Map((response.json() as SettingValue[]).map((entry) => [entry.key, entry.value]));
    expect(byKey.get('platformName')).toBe('Buurtvereniging Het Plein');
    expect(byKey.get('headerLogo')).toBe(publicImage);
    expect(byKey.get('signUpEnabled')).toBe(PLATFORM_SETTINGS.signUpEnabled.default);

    const settings = await getPlatformSettings(test.database.db);
    expect(settings).toMatchObject({ platformName: 'Buurtvereniging Het Plein', favicon: publicImage });
    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'settings'), eq(auditEvents.actorId, adminId)));
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ keys: expect.arrayContaining(['platformName', 'favicon']) });
  });

  it('lets an admin clear the logo and go back to a URL', async () => {
    expect((await put(admin, [{ key: 'headerLogo', value: '' }])).statusCode).toBe(200);
    expect((await put(admin, [{ key: 'favicon', value: '/brand/favicon.svg' }])).statusCode).toBe(200);
    expect(await getPlatformSettings(test.database.db)).toMatchObject({
      headerLogo: '',
      favicon: '/brand/favicon.svg',
    });
  });

  it('lets an admin API token save settings', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/platformsettingvalues',
      headers: await bearerFor(test.database.db, adminId),
      payload: [{ key: 'platformDescription', value: 'Via de API' }],
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a member with 403 and saves nothing', async () => {
    expectApiError(await put(member, [{ key: 'platformName', value: 'Overgenomen' }]), 403, 'forbidden');
    expect((await getPlatformSettings(test.database.db)).platformName).not.toBe('Overgenomen');
  });

  it('refuses a visitor with 401', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/platformsettingvalues',
      payload: [{ key: 'platformName', value: 'Anoniem' }],
    });
    expectApiError(response, 401, 'unauthorized');
  });

  it('refuses an admin session without the XSRF header', async () => {
    const response = await admin.request({
      method: 'PUT',
      url: '/api/platformsettingvalues',
      payload: [{ key: 'platformName', value: 'Zonder token' }],
      withXsrf: false,
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['an unknown key', [{ key: 'smtpPassword', value: 'x' }], 'body/0/key'],
    ['a name of an object property', [{ key: '__proto__', value: 'x' }], 'body/0/key'],
    [
      'the same key twice',
      [
        { key: 'platformName', value: 'Een' },
        { key: 'platformName', value: 'Twee' },
      ],
      'body/1/key',
    ],
  ])('answers 400 to %s', async (_case, payload, path) => {
    const body = expectApiError(await put(admin, payload), 400, 'validation_failed');
    expect(body.error.details?.map((detail) => detail.path)).toContain(path);
  });

  it.each([
    ['an empty platform name', 'platformName', '  '],
    ['a colour that is not #rrggbb', 'colorScheme', 'red'],
    ['a three-digit colour', 'browserColor', '#abc'],
    ['a logo height that is not a number', 'headerLogoHeight', 'groot'],
    ['a logo height out of range', 'headerLogoHeight', '5000'],
    ['a negative padding', 'headerLogoPadding', '-1'],
    ['a javascript: logo URL', 'headerLogo', 'javascript:alert(1)'],
    ['an http logo URL', 'favicon', 'http://example.com/icon.png'],
    ['a logo on another host written as a local link', 'headerLogo', '/\\evil.example/logo.png'],
    ['a protocol-relative logo URL', 'headerLogo', '//evil.example/logo.png'],
    ['a favicon with an encoded backslash', 'favicon', '/%5Cevil.example/icon.png'],
    ['a logo on a private address', 'headerLogo', 'https://192.168.1.10/logo.png'],
    ['a favicon on IPv4-mapped loopback', 'favicon', 'https://[::ffff:127.0.0.1]/icon.png'],
    ['a logo on a site-local IPv6 address', 'headerLogo', 'https://[fec0::1]/logo.png'],
    ['a logo on localhost', 'headerLogo', 'https://localhost/logo.png'],
    ['a logo with a leading space', 'headerLogo', ' https://www.gemeente.nl/logo.png'],
    ['a data: favicon', 'favicon', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['an unknown cookie category', 'cookieCategories', 'functional,marketing'],
    ['sign-up that is not a boolean', 'signUpEnabled', 'ja'],
    ['a footer guid that is not a guid', 'defaultFooterGuid', 'footer'],
    ['a colour as a javascript: URL', 'colorScheme', 'javascript:alert(1)'],
    ['a colour as CSS that breaks out', 'colorScheme', '#123456;background:url(x)'],
    ['a colour as rgb()', 'browserColor', 'rgb(0,0,0)'],
    ['a colour with a non-hex digit', 'browserColor', '#12345g'],
    ['notices that close at once', 'notificationClose', '0'],
    ['notices that stay for hours', 'notificationClose', '3601'],
    ['notices that close after words', 'notificationClose', 'tien'],
    ['notices that close after a fraction', 'notificationClose', '2.5'],
    ['a terms version of 0', 'termsOfUseVersion', '0'],
    ['a terms version that is not a number', 'termsOfUseVersion', 'twee'],
    ['automatic translation that is not a boolean', 'autoTranslate', 'yes'],
    ['a cookie category that is required', 'cookieCategories', 'required'],
  ])('answers 400 to %s', async (_case, key, value) => {
    const body = expectApiError(await put(admin, [{ key, value }]), 400, 'validation_failed');
    expect(body.error.details?.[0]?.path).toBe('body/0/value');
  });

  it('answers 400 to a logo at /\\evil.com with the image rule’s message, and keeps the old logo', async () => {
    await setPlatformSettings(test.database.db, { headerLogo: '/brand/logo.svg' });
    const body = expectApiError(
      await put(admin, [{ key: 'headerLogo', value: '/\\evil.com' }]),
      400,
      'validation_failed',
    );
    expect(body.error.details).toEqual([
      { path: 'body/0/value', message: validationText('validation.image', 'nl') },
    ]);
    expect((await getPlatformSettings(test.database.db)).headerLogo).toBe('/brand/logo.svg');
  });

  it.each([
    '/brand/logo.svg',
    '/a/logo.png?width=200',
    'https://www.gemeente.nl/logo.svg',
    'https://cdn.example.org/assets/favicon.ico',
    'https://[2a00:1450:4001::200e]/logo.png',
  ])('saves the logo and favicon %j', async (value) => {
    const response = await put(admin, [
      { key: 'headerLogo', value },
      { key: 'favicon', value },
    ]);
    expect(response.statusCode).toBe(200);
    expect(await getPlatformSettings(test.database.db)).toMatchObject({ headerLogo: value, favicon: value });
  });

  it('refuses a logo that is not a public upload: a profile photo or an unknown guid', async () => {
    for (const value of [profileImage, '00000000-0000-4000-8000-000000000000']) {
      const body = expectApiError(await put(admin, [{ key: 'headerLogo', value }]), 400, 'validation_failed');
      expect(body.error.details?.[0]).toEqual({
        path: 'body/0/value',
        message: validationText('validation.media', 'nl'),
      });
    }
  });

  it('saves nothing when one entry of many is wrong', async () => {
    const response = await put(admin, [
      { key: 'platformName', value: 'Half opgeslagen' },
      { key: 'colorScheme', value: 'geen kleur' },
    ]);
    expectApiError(response, 400, 'validation_failed');
    expect((await getPlatformSettings(test.database.db)).platformName).not.toBe('Half opgeslagen');
  });

  it('answers 400 to a body that is not a list of key/value pairs', async () => {
    expectApiError(await put(admin, { platformName: 'x' }), 400, 'validation_failed');
    expectApiError(await put(admin, [{ key: 'platformName', value: 5 }]), 400, 'validation_failed');
  });

  it('shows the new name in the site the next request', async () => {
    expect((await put(admin, [{ key: 'platformName', value: 'Nieuwe naam' }])).statusCode).toBe(200);
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/platformsettingvalues?keys=platformName',
    });
    expect(list.json()).toEqual([{ key: 'platformName', value: 'Nieuwe naam' }]);
  });

  it('saves registration, cookie categories, automatic translation and the notices default', async () => {
    const response = await put(admin, [
      { key: 'signUpEnabled', value: 'false' },
      { key: 'cookieCategories', value: 'analytical,functional' },
      { key: 'autoTranslate', value: 'true' },
      { key: 'notificationClose', value: '25' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(await getPlatformSettings(test.database.db)).toMatchObject({
      signUpEnabled: 'false',
      cookieCategories: 'analytical,functional',
      autoTranslate: 'true',
      notificationClose: '25',
    });
    const signUp = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signUp',
      payload: { email: 'nieuw@example.nl', password: 'lindeboom-2026', firstName: 'N', lastName: 'N' },
    });
    expect(signUp.statusCode).toBe(403);
    expect(await put(admin, [{ key: 'signUpEnabled', value: 'true' }])).toMatchObject({ statusCode: 200 });
  });

  it('raising the terms version asks a user who accepted the old one to accept again', async () => {
    await setPlatformSettings(test.database.db, { termsOfUseVersion: '3' });
    const accepted = await member.request({
      method: 'PUT',
      url: '/api/profiles:loggedIn',
      payload: { termsOfUseVersionAccepted: 3 },
    });
    expect(accepted.statusCode).toBe(200);

    expect((await put(admin, [{ key: 'termsOfUseVersion', value: '4' }])).statusCode).toBe(200);
    const profile = await member.request({ method: 'GET', url: '/api/profiles:loggedIn' });
    const settings = await test.app.inject({
      method: 'GET',
      url: '/api/platformsettingvalues?keys=termsOfUseVersion',
    });
    // What the terms dialog compares: the accepted version is no longer the site's version.
    expect(profile.json()).toMatchObject({ termsOfUseVersionAccepted: 3 });
    expect(settings.json()).toEqual([{ key: 'termsOfUseVersion', value: '4' }]);
    // Accepting the old version again is refused; the new one is taken.
    expectApiError(
      await member.request({
        method: 'PUT',
        url: '/api/profiles:loggedIn',
        payload: { termsOfUseVersionAccepted: 3 },
      }),
      400,
      'validation_failed',
    );
    const again = await member.request({
      method: 'PUT',
      url: '/api/profiles:loggedIn',
      payload: { termsOfUseVersionAccepted: 4 },
    });
    expect(again.json()).toMatchObject({ termsOfUseVersionAccepted: 4 });
  });
});
