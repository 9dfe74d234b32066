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

/** The three answers of the consent dialog: its buttons' values, in the browser and in a post without JavaScript. */
export const CONSENT_CHOICES = ['required', 'chosen', 'all'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return CONSENT_CHOICES.includes(value as ConsentChoice);
}

/**
 * What an answer stores: "Alleen noodzakelijk" required only, "Alles accepteren" every category the
 * site uses, "Keuze opslaan" the ticked ones among those (anything else ticked is ignored).
 */
export function consentOfChoice(
  choice: ConsentChoice,
  ticked: readonly unknown[],
  optionalCategories: readonly CookieCategory[],
  date: Date = new Date(),
): CookieConsent {
  const chosen =
    choice === 'all'
      ? optionalCategories
      : choice === 'chosen'
        ? optionalCategories.filter((category) => ticked.includes(category))
        : [];
  return { categories: [...new Set<CookieCategory>(['required', ...chosen])], date: date.toISOString() };
}

/**
 * The consent cookie as a `Set-Cookie` value, which the browser's script writes to `document.cookie`
 * and the server's answer to a post without JavaScript sends: the same cookie either way. Not
 * HttpOnly: the script must be able to change the choice.
 */
export function consentCookieString(consent: CookieConsent, isSecure: boolean): string {
  const value = encodeURIComponent(serializeConsent(consent));
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${isSecure ? '; Secure' : ''}`;
}
