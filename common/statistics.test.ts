import { describe, expect, it } from 'vitest';
import { normalizeSearchTerm, percentChange, referrerHost, SEARCH_TERM_MAX_LENGTH } from './statistics.ts';

describe('normalizeSearchTerm', () => {
  it('lower-cases, trims and collapses white space', () => {
    expect(normalizeSearchTerm('  Fiets   Route\t ')).toBe('fiets route');
    expect(normalizeSearchTerm('ＦＩＥＴＳ')).toBe('fiets');
  });

  it('drops control characters and cuts long terms', () => {
    expect(normalizeSearchTerm('a\u0000b\u200bc\nd')).toBe('a b c d');
    expect(normalizeSearchTerm('x'.repeat(500))).toHaveLength(SEARCH_TERM_MAX_LENGTH);
    expect(normalizeSearchTerm('😀'.repeat(200))).toBe('😀'.repeat(SEARCH_TERM_MAX_LENGTH));
    expect(normalizeSearchTerm('   ')).toBe('');
  });
});

describe('referrerHost', () => {
  it('keeps only the host of http(s) referrers', () => {
    expect(referrerHost('https://www.Example.org:8443/path?q=secret#x')).toBe('example.org');
    expect(referrerHost('http://news.example.com./a')).toBe('news.example.com');
    expect(referrerHost('https://user:pass@example.net/')).toBe('example.net');
  });

  it.each([
    undefined,
    '',
    'example.org',
    'javascript:alert(1)',
    'data:text/html,hi',
    'file:///etc/passwd',
    'android-app://com.example',
    'ftp://example.org/',
    `https://${'a'.repeat(3000)}.org/`,
  ])('refuses %j', (value) => {
    expect(referrerHost(value)).toBeNull();
  });
});

describe('percentChange', () => {
  it('rounds and has no value without a previous period', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(3, 0)).toBeNull();
  });
});
