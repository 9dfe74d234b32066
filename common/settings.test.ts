import { describe, expect, it } from 'vitest';
import {
  isPlatformSettingKey,
  optionalCookieCategories,
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS,
  platformSettingValueProblem,
} from './settings.ts';

describe('optionalCookieCategories', () => {
  it('reads the comma separated setting, trimmed', () => {
    expect(optionalCookieCategories({ cookieCategories: 'analytical, functional' })).toEqual([
      'analytical',
      'functional',
    ]);
  });

  it('leaves out required, unknown and empty values', () => {
    expect(optionalCookieCategories({ cookieCategories: 'required,advertising,,tracking' })).toEqual([
      'tracking',
    ]);
    expect(optionalCookieCategories({ cookieCategories: '' })).toEqual([]);
  });
});

describe('platform settings', () => {
  it('knows its own keys and nothing from the object prototype', () => {
    expect(isPlatformSettingKey('platformName')).toBe(true);
    expect(isPlatformSettingKey('constructor')).toBe(false);
    expect(isPlatformSettingKey('__proto__')).toBe(false);
    expect(isPlatformSettingKey('toString')).toBe(false);
  });

  it('has the SPEC defaults: logo 72 high with 8 padding, terms of use version 1', () => {
    expect(PLATFORM_SETTINGS.headerLogoHeight.default).toBe('72');
    expect(PLATFORM_SETTINGS.headerLogoPadding.default).toBe('8');
    expect(PLATFORM_SETTINGS.termsOfUseVersion.default).toBe('1');
    expect(PLATFORM_SETTING_KEYS).toContain('colorScheme');
  });
});

describe('logo and favicon', () => {
  it.each([
    '',
    '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    '/brand/logo.svg',
    'https://www.gemeente.nl/logo.svg',
  ])('accept %j: nothing, an upload, a local link or a public https URL', (value) => {
    expect(platformSettingValueProblem('headerLogo', value)).toBeNull();
    expect(platformSettingValueProblem('favicon', value)).toBeNull();
  });

  it.each([
    '/\\evil.com',
    '/%5Cevil.com',
    '//evil.com/logo.png',
    '\\\\evil.com\\logo.png',
    'http://www.gemeente.nl/logo.svg',
    'https://10.0.0.1/logo.png',
    'https://[::ffff:0:7f00:1]/logo.png',
    'https://[64:ff9b::7f00:1]/logo.png',
    'https://198.18.0.1/logo.png',
    'https://localhost./logo.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '#logo',
    'logo.png',
  ])('refuse %j with the image rule’s message', (value) => {
    expect(platformSettingValueProblem('headerLogo', value)).toBe('validation.image');
    expect(platformSettingValueProblem('favicon', value)).toBe('validation.image');
  });
});
