import { describe, expect, it } from 'vitest';
import { cleanFileName, isExternalUrl, isLocalLink, isSafeHref, slugify } from './urls.ts';

describe('slugify', () => {
  it.each([
    ['Nieuw speeltoestel op het Lindeplein', 'nieuw-speeltoestel-op-het-lindeplein'],
    ['  Twee   woorden ', 'twee-woorden'],
    ['Crème brûlée', 'creme-brulee'],
    ['Jaarverslag 2025 (concept)!', 'jaarverslag-2025-concept'],
    ['snake_case-en-kebab', 'snake_case-en-kebab'],
    ['Tab\tand\nnewline', 'tab-and-newline'],
    ['<script>alert(1)</script>', 'scriptalert1script'],
    ['../../etc/passwd', 'etcpasswd'],
    ['', ''],
  ])('turns %j into %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('keeps only a-z, 0-9, underscore and hyphen', () => {
    expect(slugify('Ÿ ÆØ ß 中文 ✓ Ünïcödé')).toMatch(/^[a-z0-9_-]*$/);
  });
});

describe('isLocalLink', () => {
  it.each(['/', '/over-ons', '/over-ons/bestuur?tab=1#leden', '/a/i/123/titel'])('accepts %j', (value) => {
    expect(isLocalLink(value)).toBe(true);
  });

  it.each([
    'over-ons',
    '//evil.example',
    '/\\evil.example',
    '/ spatie',
    'https://example.org/',
    '',
    '#anker',
  ])('rejects %j', (value) => {
    expect(isLocalLink(value)).toBe(false);
  });
});

describe('isExternalUrl', () => {
  it.each([
    'https://www.rijksoverheid.nl/',
    'http://example.org/pad?x=1#y',
    'https://xn--bcher-kva.example/',
    'https://[2001:db8::1]/',
    'https://8.8.8.8/',
    'https://172.32.0.1/',
    'https://100.128.0.1/',
  ])('accepts the public URL %j', (value) => {
    expect(isExternalUrl(value)).toBe(true);
  });

  it.each([
    ['no scheme', 'www.example.org'],
    ['a relative path', '/over-ons'],
    ['javascript:', 'javascript:alert(1)'],
    ['ftp:', 'ftp://example.org/'],
    ['data:', 'data:text/html,hoi'],
    ['credentials', 'https://user:pass@example.org/'],
    ['a single-label host', 'http://intranet/'],
    ['localhost', 'http://localhost:3000/'],
    ['localhost with a trailing dot', 'http://localhost./'],
    ['a .localhost name', 'http://app.localhost/'],
    ['loopback', 'http://127.0.0.1/'],
    ['loopback written short', 'http://127.1/'],
    ['loopback in octal', 'http://0177.0.0.1/'],
    ['loopback as an integer', 'http://2130706433/'],
    ['this network', 'http://0.0.0.0/'],
    ['10/8', 'http://10.1.2.3/'],
    ['172.16/12', 'http://172.31.255.255/'],
    ['192.168/16', 'http://192.168.1.1/'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data'],
    ['shared address space 100.64/10', 'http://100.64.0.1/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unspecified', 'http://[::]/'],
    ['IPv6 unique local', 'http://[fd12:3456::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped private', 'http://[::ffff:192.168.0.1]/'],
    ['garbage', 'http://'],
  ])('rejects %s', (_case, value) => {
    expect(isExternalUrl(value)).toBe(false);
  });
});

describe('isSafeHref', () => {
  it.each([
    '/over-ons',
    '#contact',
    'https://example.org/',
    'mailto:info@delinde.example',
    'tel:+31123456789',
  ])('allows %j', (value) => {
    expect(isSafeHref(value)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'vbscript:x',
    'data:text/html,x',
    '#',
    '#"><script>',
    'mailto:a b',
    'tel:<x>',
  ])('refuses %j', (value) => {
    expect(isSafeHref(value)).toBe(false);
  });
});

describe('cleanFileName', () => {
  it('removes \\ / : * ? " < > | and the apostrophe', () => {
    expect(cleanFileName(`a\\b/c:d*e?f"g<h>i|j'k.png`)).toBe('abcdefghijk.png');
  });

  it('leaves other characters alone', () => {
    expect(cleanFileName('Jaarverslag 2025 (definitief) – één.pdf')).toBe(
      'Jaarverslag 2025 (definitief) – één.pdf',
    );
  });
});
