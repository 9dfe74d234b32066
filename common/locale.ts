import { DEFAULT_LOCALE, isLocale, type Locale } from './localized-text.ts';

export const LOCALE_COOKIE = 'lang';
export const LOCALE_QUERY_PARAM = 'lang';

/**
 * Each language named in itself ("Nederlands", "English"), as its own catalogue names it
 * (`languages.<locale>`, see locale.test.ts): the language switch shows every language this way,
 * and a browser holds only the catalogue of the language it shows.
 */
export const LANGUAGE_SELF_NAMES: Record<Locale, string> = { nl: 'Nederlands', en: 'English' };

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
  return preferredLocale(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/**
 * The supported language the Accept-Language header ranks highest: by quality value (q=0 means
 * "not this one"), then by order. "en-GB" counts as "en"; "eng" or "english" do not.
 */
function preferredLocale(header: string | null | undefined): Locale | undefined {
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of (header ?? '').slice(0, 500).split(',')) {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const language = range.toLowerCase().split('-')[0];
    if (!isLocale(language)) continue;
    const q = parameters.find((parameter) => /^q=/i.test(parameter))?.slice(2);
    const quality = q === undefined ? 1 : Number(q);
    if (!(quality > 0 && quality <= 1)) continue;
    if (!best || quality > best.quality) best = { locale: language, quality };
  }
  return best?.locale;
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
