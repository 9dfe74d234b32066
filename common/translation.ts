/**
 * Automatic translation (SPEC 1, 9). A visitor reading the site in English may ask for the texts
 * that exist only in Dutch (marked lang="nl" on the page) to be translated by the site's own
 * translation service. The choice is the conditional `auto-translate` cookie: set only when the
 * visitor turns it on, removed when they turn it off.
 */
export const AUTO_TRANSLATE_COOKIE = 'auto-translate';
/** The cookie's value while automatic translation is on. */
export const AUTO_TRANSLATE_ON = 'on';
export const AUTO_TRANSLATE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** One request: at most this many texts, each at most this long, together at most this long. */
export const TRANSLATION_LIMITS = {
  texts: 100,
  textLength: 5000,
  totalLength: 50_000,
  /** The page the texts are on (its path and query). */
  pageLength: 2000,
} as const;

export type { TranslationRequest } from './translation-schemas.ts';

/** Whether the visitor turned automatic translation on (the cookie's value). */
export function isAutoTranslateOn(cookie: string | undefined | null): boolean {
  return cookie === AUTO_TRANSLATE_ON;
}
