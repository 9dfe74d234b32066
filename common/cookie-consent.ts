import { COOKIE_CATEGORIES, type CookieCategory } from './settings.ts';

export const CONSENT_COOKIE = 'cookie-consent';
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** What a visitor agreed to: the accepted categories (required is always in) and when. */
export type CookieConsent = { categories: CookieCategory[]; date: string };

export function parseConsent(value: string | undefined): CookieConsent | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as { categories?: unknown; date?: unknown };
    if (!Array.isArray(parsed.categories) || typeof parsed.date !== 'string') return null;
    const categories = parsed.categories.filter((category): category is CookieCategory =>
      COOKIE_CATEGORIES.includes(category as CookieCategory),
    );
    return { categories: [...new Set<CookieCategory>(['required', ...categories])], date: parsed.date };
  } catch {
    return null;
  }
}

export function serializeConsent(consent: CookieConsent): string {
  return JSON.stringify(consent);
}

/** SPEC 4: the dialog shows when nothing is stored and the site uses some non-required category. */
export function shouldAskConsent(
  consent: CookieConsent | null,
  optionalCategories: readonly CookieCategory[],
): boolean {
  return consent === null && optionalCategories.length > 0;
}
