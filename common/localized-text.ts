import { z } from 'zod';

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

export function localized<T extends z.ZodType>(schema: T) {
  return z.object({ nl: schema, en: schema.optional() });
}

export const localizedTextSchema = localized(z.string().max(500));

/** The value for `locale`, falling back to Dutch when there is no translation. */
export function pickLocale<T>(value: Localized<T>, locale: Locale): T {
  if (locale !== FALLBACK_LOCALE) {
    const translated = value[locale];
    if (translated !== undefined && translated !== '') return translated;
  }
  return value.nl;
}
