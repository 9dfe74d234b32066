import { describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { LANGUAGE_SELF_NAMES, readCookie, resolveLocale } from './locale.ts';

describe('LANGUAGE_SELF_NAMES', () => {
  it('names each language as its own catalogue does', () => {
    expect(LANGUAGE_SELF_NAMES).toEqual({ nl: nl.languages.nl, en: en.languages.en });
  });
});

describe('resolveLocale', () => {
  it('is Dutch when nothing says otherwise', () => {
    expect(resolveLocale({})).toBe('nl');
    expect(resolveLocale({ query: null, cookie: null, acceptLanguage: null })).toBe('nl');
  });

  it('takes ?lang= first, then the cookie, then Accept-Language', () => {
    expect(resolveLocale({ query: 'en', cookie: 'nl', acceptLanguage: 'nl' })).toBe('en');
    expect(resolveLocale({ query: 'nl', cookie: 'en', acceptLanguage: 'en' })).toBe('nl');
    expect(resolveLocale({ cookie: 'en', acceptLanguage: 'nl' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'en' })).toBe('en');
  });

  it('skips a query or cookie value it does not support', () => {
    expect(resolveLocale({ query: 'fr', cookie: 'EN', acceptLanguage: 'en' })).toBe('en');
    expect(resolveLocale({ query: 'de', cookie: 'de' })).toBe('nl');
  });

  it.each([
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['EN-us', 'en'],
    ['nl-BE,en;q=0.9', 'nl'],
    ['fr-FR,fr;q=0.9,en;q=0.5', 'en'],
    ['de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7,nl;q=0.6', 'en'],
    ['nl;q=0.5, en;q=0.9', 'en'],
    ['en;q=0, nl;q=0.1', 'nl'],
    ['en;q=0', 'nl'],
    ['en;q=nonsense', 'nl'],
    ['english', 'nl'],
    ['eng', 'nl'],
    ['*', 'nl'],
    ['', 'nl'],
  ])('reads Accept-Language %j as %s', (header, locale) => {
    expect(resolveLocale({ acceptLanguage: header })).toBe(locale);
  });

  it('reads only the first 500 characters of Accept-Language', () => {
    expect(resolveLocale({ acceptLanguage: `${'xx;q=0.1,'.repeat(10_000)}en` })).toBe('nl');
  });
});

describe('readCookie', () => {
  it('reads one cookie from the header and decodes it', () => {
    expect(readCookie('a=1; lang=en; b=2', 'lang')).toBe('en');
    expect(readCookie('consent=%7B%22a%22%3A1%7D', 'consent')).toBe('{"a":1}');
    expect(readCookie('token=abc=def', 'token')).toBe('abc=def');
  });

  it('answers undefined for a missing cookie, a missing header or broken encoding', () => {
    expect(readCookie('a=1', 'lang')).toBeUndefined();
    expect(readCookie(undefined, 'lang')).toBeUndefined();
    expect(readCookie('lang=%E0%A4%A', 'lang')).toBeUndefined();
  });

  it('does not match a cookie whose name only ends with the name asked', () => {
    expect(readCookie('xlang=en', 'lang')).toBeUndefined();
  });
});
