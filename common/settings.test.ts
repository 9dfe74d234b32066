import { describe, expect, it } from 'vitest';
import {
  isPlatformSettingKey,
  optionalCookieCategories,
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS,
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
