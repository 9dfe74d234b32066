import { DEFAULT_LOCALE, isLocale, type Locale } from './localized-text.ts';

export const LOCALE_COOKIE = 'lang';
export const LOCALE_QUERY_PARAM = 'lang';

/**
 * The interface language for a request: an explicit `?lang=`, then the remembered choice (cookie),
 * then the browser's Accept-Language, then Dutch.
 */
export function resolveLocale(input: {
  query?: string | null | undefined;
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Locale {
  if (isLocale(input.query)) return input.query;
  if (isLocale(input.cookie)) return input.cookie;
  for (const part of (input.acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
