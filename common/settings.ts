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
