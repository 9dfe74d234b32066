import { describe, expect, it } from 'vitest';
import {
  type CookieConsent,
  consentCookieString,
  consentOfChoice,
  isConsentChoice,
  parseConsent,
  serializeConsent,
  shouldAskConsent,
} from './cookie-consent.ts';
import { readCookie } from './locale.ts';

describe('cookie consent', () => {
  it('round-trips through the cookie value', () => {
    const consent: CookieConsent = {
      categories: ['required', 'functional'],
      date: '2026-11-22T10:00:00.000Z',
    };
    expect(parseConsent(serializeConsent(consent))).toEqual(consent);
  });

  it('always includes the required category, once', () => {
    expect(parseConsent(JSON.stringify({ categories: ['analytical'], date: 'd' }))?.categories).toEqual([
      'required',
      'analytical',
    ]);
    expect(
      parseConsent(JSON.stringify({ categories: ['required', 'required'], date: 'd' }))?.categories,
    ).toEqual(['required']);
  });

  it('drops categories it does not know', () => {
    const parsed = parseConsent(
      JSON.stringify({ categories: ['tracking', 'advertising', 42, null], date: 'd' }),
    );
    expect(parsed?.categories).toEqual(['required', 'tracking']);
  });

  it.each([
    ['no value', undefined],
    ['an empty value', ''],
    ['broken JSON', '{"categories":'],
    ['JSON null', 'null'],
    ['categories that are not a list', JSON.stringify({ categories: 'functional', date: 'd' })],
    ['a missing date', JSON.stringify({ categories: ['functional'] })],
    ['a date that is not a string', JSON.stringify({ categories: [], date: 1 })],
  ])('reads %s as no consent', (_case, value) => {
    expect(parseConsent(value)).toBeNull();
  });

  it('asks only when nothing is stored and the site uses an optional category (SPEC 4)', () => {
    const stored: CookieConsent = { categories: ['required'], date: 'd' };
    expect(shouldAskConsent(null, ['functional'])).toBe(true);
    expect(shouldAskConsent(null, [])).toBe(false);
    expect(shouldAskConsent(stored, ['functional', 'analytical'])).toBe(false);
  });

  it('stores what each answer of the dialog means, among the categories the site uses', () => {
    const date = new Date('2026-11-27T12:00:00.000Z');
    const site = ['analytical', 'functional'] as const;
    expect(consentOfChoice('required', ['analytical'], site, date)).toEqual({
      categories: ['required'],
      date: '2026-11-27T12:00:00.000Z',
    });
    expect(consentOfChoice('all', [], site, date).categories).toEqual([
      'required',
      'analytical',
      'functional',
    ]);
    expect(consentOfChoice('chosen', ['functional'], site, date).categories).toEqual([
      'required',
      'functional',
    ]);
    // A ticked category the site does not use, or no category at all, is left out.
    expect(consentOfChoice('chosen', ['tracking', 'advertising', 42, null], site, date).categories).toEqual([
      'required',
    ]);
    expect(isConsentChoice('all')).toBe(true);
    expect(isConsentChoice('everything')).toBe(false);
    expect(isConsentChoice(undefined)).toBe(false);
  });

  it('writes one cookie the server reads back, Secure on https only', () => {
    const consent: CookieConsent = {
      categories: ['required', 'functional'],
      date: '2026-11-27T12:00:00.000Z',
    };
    const plain = consentCookieString(consent, false);
    expect(plain).toMatch(/^cookie-consent=[^;]+; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(consentCookieString(consent, true)).toBe(`${plain}; Secure`);
    const pair = plain.split(';')[0] ?? '';
    expect(parseConsent(readCookie(pair, 'cookie-consent'))).toEqual(consent);
  });
});
