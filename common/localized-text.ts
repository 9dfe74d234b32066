export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';
export const FALLBACK_LOCALE: Locale = 'nl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Content an editor translates: Dutch is required, English optional and falls back to Dutch. */
export type Localized<T> = { nl: T; en?: T | undefined };
export type LocalizedText = Localized<string>;

/** The value for `locale`, falling back to Dutch when there is no translation. */
export function pickLocale<T>(value: Localized<T>, locale: Locale): T {
  if (locale !== FALLBACK_LOCALE) {
    const translated = value[locale];
    if (translated !== undefined && translated !== '') return translated;
  }
  return value.nl;
}

/** The language `pickLocale` takes the value from: `locale` when translated, else Dutch. */
export function pickedLocale(value: Localized<unknown>, locale: Locale): Locale {
  if (locale !== FALLBACK_LOCALE) {
    const translated = value[locale];
    if (translated !== undefined && translated !== '') return locale;
  }
  return FALLBACK_LOCALE;
}

/**
 * The `lang` attribute a text needs when it is shown on a page in `locale`: Dutch for the Dutch
 * fallback of a missing translation, nothing (the page's language applies) otherwise. Screen
 * readers then read the fallback with Dutch pronunciation (WCAG 3.1.2).
 */
export function fallbackLang(
  value: Localized<unknown> | null | undefined,
  locale: Locale,
): Locale | undefined {
  if (!value) return undefined;
  const picked = pickedLocale(value, locale);
  return picked === locale ? undefined : picked;
}

/** `{ [key]: value }` when there is a value, `{}` otherwise: optional view fields stay absent. */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
