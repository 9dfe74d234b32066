import { parseIsoDay } from './dates.ts';
import { isGuid } from './guid.ts';
import { isAllowedUrl } from './urls.ts';
import { FIELD_RULES } from './validation.ts';

/**
 * The platform settings a site has, with their defaults. Values are strings (the API contract is
 * key/value); public ones are readable by every visitor because the site's shell needs them.
 */
export const PLATFORM_SETTINGS = {
  platformName: { default: 'Bouwsteen', isPublic: true },
  platformDescription: { default: '', isPublic: true },
  /** URL or media guid of the header logo. */
  headerLogo: { default: '', isPublic: true },
  headerLogoHeight: { default: '72', isPublic: true },
  headerLogoPadding: { default: '8', isPublic: true },
  /** URL or media guid of the favicon. */
  favicon: { default: '', isPublic: true },
  /** Primary colour of the theme, as #rrggbb. */
  colorScheme: { default: '#1f6fb2', isPublic: true },
  /** theme-color of the browser chrome, as #rrggbb. */
  browserColor: { default: '#1f6fb2', isPublic: true },
  termsOfUseVersion: { default: '1', isPublic: true },
  /** Non-required cookie categories this site uses, comma separated (analytical, tracking, functional). */
  cookieCategories: { default: 'functional', isPublic: true },
  /** Guid of the page template used as footer when a page names none. */
  defaultFooterGuid: { default: '', isPublic: true },
  /** Guid of the page template shown above the main menu when a page names none. */
  defaultHeaderGuid: { default: '', isPublic: true },
  autoTranslate: { default: 'false', isPublic: true },
  /** Whether visitors may create an account themselves ('true'/'false'). */
  signUpEnabled: { default: 'true', isPublic: true },
  /** Seconds a "done" notice stays when the user chose none (SPEC 4: notificationClose, default 10). */
  notificationClose: { default: '10', isPublic: true },
  /**
   * Issue 30: a test site asks search engines to stay away ('true'): robots.txt disallows everything
   * and every page says `noindex`.
   */
  discourageSearchEngines: { default: 'false', isPublic: true },
  /** Issue 30: the Contact of /.well-known/security.txt (an e-mail address or https URL); none: no file. */
  securityContact: { default: '', isPublic: true },
  /** Issue 30: the Expires day of security.txt (YYYY-MM-DD); empty: a year from the day it is read. */
  securityExpires: { default: '', isPublic: true },
  /**
   * Issue 28: a backup every night (from 02:00 Europe/Amsterdam) to the storage in use ('nightly'),
   * or none ('off'); `backupKeep` of them are kept, older ones deleted.
   */
  backupSchedule: { default: 'off', isPublic: false },
  backupKeep: { default: '7', isPublic: false },
} as const satisfies Record<string, { default: string; isPublic: boolean }>;

export type PlatformSettingKey = keyof typeof PLATFORM_SETTINGS;
export const PLATFORM_SETTING_KEYS = Object.keys(PLATFORM_SETTINGS) as PlatformSettingKey[];

export function isPlatformSettingKey(key: string): key is PlatformSettingKey {
  return Object.hasOwn(PLATFORM_SETTINGS, key);
}

export type PlatformSettings = Record<PlatformSettingKey, string>;

export const COOKIE_CATEGORIES = ['required', 'analytical', 'tracking', 'functional'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

export function optionalCookieCategories(
  settings: Pick<PlatformSettings, 'cookieCategories'>,
): CookieCategory[] {
  return settings.cookieCategories
    .split(',')
    .map((value) => value.trim())
    .filter(
      (value): value is CookieCategory =>
        value !== 'required' && COOKIE_CATEGORIES.includes(value as CookieCategory),
    );
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Whether a setting value names an uploaded image (a media guid) rather than a URL. */
export function isMediaGuid(value: string): boolean {
  return isGuid(value.trim());
}

const integerIn = (min: number, max: number) => (value: string) =>
  /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max ? null : 'validation.integerRange';
const oneOf = (values: readonly string[]) => (value: string) =>
  values.includes(value) ? null : 'validation.option';
const maxLength = (max: number) => (value: string) => (value.length > max ? 'validation.tooLong' : null);
/** Logo and favicon: empty, a media guid, or a local link or public https URL (common/urls.ts 'asset'). */
const imageReference = (value: string) =>
  value === '' || isMediaGuid(value) || isAllowedUrl(value, 'asset') ? null : 'validation.image';
const optionalGuid = (value: string) => (value === '' || isGuid(value) ? null : 'validation.guid');

/** Per key: null when the value is acceptable, else a message key (`validation.*`). */
const SETTING_RULES: Record<PlatformSettingKey, (value: string) => string | null> = {
  platformName: (value) => (value.trim() === '' ? 'validation.required' : maxLength(100)(value)),
  platformDescription: maxLength(500),
  headerLogo: imageReference,
  headerLogoHeight: integerIn(16, 240),
  headerLogoPadding: integerIn(0, 64),
  favicon: imageReference,
  colorScheme: (value) => (HEX_COLOR.test(value) ? null : 'validation.hexColor'),
  browserColor: (value) => (HEX_COLOR.test(value) ? null : 'validation.hexColor'),
  termsOfUseVersion: integerIn(1, 100_000),
  cookieCategories: (value) =>
    value === '' ||
    value
      .split(',')
      .map((part) => part.trim())
      .every((part) => part !== 'required' && COOKIE_CATEGORIES.includes(part as CookieCategory))
      ? null
      : 'validation.option',
  defaultFooterGuid: optionalGuid,
  defaultHeaderGuid: optionalGuid,
  autoTranslate: oneOf(['true', 'false']),
  signUpEnabled: oneOf(['true', 'false']),
  notificationClose: integerIn(1, 600),
  discourageSearchEngines: oneOf(['true', 'false']),
  securityContact: (value) =>
    value === '' || securityContactUrl(value) !== null ? null : 'validation.securityContact',
  securityExpires: (value) => (value === '' || parseIsoDay(value) !== null ? null : 'validation.isoDate'),
  backupSchedule: oneOf(['off', 'nightly']),
  backupKeep: integerIn(1, 365),
};

/**
 * The Contact line of security.txt (RFC 9116) for the setting: an e-mail address becomes a
 * `mailto:` URI, an https URL stays as it is; anything else is null.
 */
export function securityContactUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (FIELD_RULES.email(trimmed) === true && !/[\s<>"]/.test(trimmed)) return `mailto:${trimmed}`;
  return trimmed.startsWith('https:') && isAllowedUrl(trimmed, 'external') ? trimmed : null;
}

/** Why a value does not fit its setting (a message key), or null. Unknown keys are the caller's check. */
export function platformSettingValueProblem(key: PlatformSettingKey, value: string): string | null {
  if (value.length > 2000) return 'validation.tooLong';
  return SETTING_RULES[key](value);
}
