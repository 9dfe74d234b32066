import { describe, expect, it } from 'vitest';
import { fallbackLang, isLocale, pickedLocale, pickLocale } from './localized-text.ts';
import { localizedTextSchema } from './localized-text-schemas.ts';

describe('pickLocale', () => {
  it('gives the text in the language asked', () => {
    expect(pickLocale({ nl: 'Nieuws', en: 'News' }, 'en')).toBe('News');
    expect(pickLocale({ nl: 'Nieuws', en: 'News' }, 'nl')).toBe('Nieuws');
  });

  it('falls back to Dutch when the English is missing or empty', () => {
    expect(pickLocale({ nl: 'Nieuws' }, 'en')).toBe('Nieuws');
    expect(pickLocale({ nl: 'Nieuws', en: '' }, 'en')).toBe('Nieuws');
    expect(pickLocale({ nl: 'Nieuws', en: undefined }, 'en')).toBe('Nieuws');
  });

  it('works for content that is not text', () => {
    expect(pickLocale({ nl: { a: 1 }, en: { a: 2 } }, 'en')).toEqual({ a: 2 });
  });
});

describe('isLocale', () => {
  it('knows nl and en only', () => {
    expect(['nl', 'en', 'NL', 'de', '', null, undefined, 1].map(isLocale)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('localizedTextSchema', () => {
  it('requires Dutch and allows English', () => {
    expect(localizedTextSchema.safeParse({ nl: 'Hallo' }).success).toBe(true);
    expect(localizedTextSchema.safeParse({ nl: 'Hallo', en: 'Hello' }).success).toBe(true);
    expect(localizedTextSchema.safeParse({ en: 'Hello' }).success).toBe(false);
    expect(localizedTextSchema.safeParse({ nl: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('fallbackLang (the lang attribute of a Dutch fallback)', () => {
  it('is Dutch when an English page shows the Dutch text', () => {
    expect(fallbackLang({ nl: 'Nieuws' }, 'en')).toBe('nl');
    expect(fallbackLang({ nl: 'Nieuws', en: '' }, 'en')).toBe('nl');
    expect(fallbackLang({ nl: { html: '<p>Hallo</p>' } }, 'en')).toBe('nl');
    expect(pickedLocale({ nl: 'Nieuws' }, 'en')).toBe('nl');
  });

  it('is nothing when the text is in the page’s language', () => {
    expect(fallbackLang({ nl: 'Nieuws', en: 'News' }, 'en')).toBeUndefined();
    expect(fallbackLang({ nl: 'Nieuws' }, 'nl')).toBeUndefined();
    expect(fallbackLang(null, 'en')).toBeUndefined();
    expect(pickedLocale({ nl: 'Nieuws', en: 'News' }, 'en')).toBe('en');
  });
});
