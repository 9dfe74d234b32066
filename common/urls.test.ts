import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  expandIpv6,
  isAllowedUrl,
  isExternalUrl,
  isLocalLink,
  isSafeHref,
  slugify,
} from './urls.ts';

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

/**
 * The corpus of the one URL rule (SPEC 5): every field that takes a link (buttons, image links,
 * rich-text links, menu items, logo and favicon, video) checks its value with `isAllowedUrl`.
 */
const HOSTILE: [string, string][] = [
  ['javascript:', 'javascript:alert(1)'],
  ['javascript: in mixed case', 'JaVaScRiPt:alert(1)'],
  ['javascript: with a tab inside', 'java\tscript:alert(1)'],
  ['javascript: with a newline inside', 'java\nscript:alert(1)'],
  ['javascript: after a space', ' javascript:alert(1)'],
  ['javascript: with a YouTube host', 'javascript://www.youtube.com/%0aalert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['data: base64', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['file:', 'file:///etc/passwd'],
  ['ftp:', 'ftp://example.org/'],
  ['blob:', 'blob:https://example.org/1234'],
  ['protocol-relative', '//evil.example/'],
  ['a slash and a backslash', '/\\evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['a backslash after the host', 'https://example.org\\@evil.example'],
  ['loopback', 'http://127.0.0.1/'],
  ['loopback, short', 'http://127.1/'],
  ['loopback, hex', 'http://0x7f.1/'],
  ['loopback, one number', 'http://2130706433/'],
  ['loopback, octal', 'http://017700000001/'],
  ['this network', 'http://0.0.0.0/'],
  ['private 10/8', 'http://10.0.0.1/'],
  ['private 172.16/12', 'http://172.16.5.4/'],
  ['private 192.168/16', 'https://192.168.1.1/admin'],
  ['carrier-grade NAT', 'http://100.64.0.1/'],
  ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
  ['multicast', 'http://224.0.0.1/'],
  ['broadcast', 'http://255.255.255.255/'],
  ['reserved 240/4', 'http://240.0.0.1/'],
  ['benchmarking', 'http://198.18.0.1/'],
  ['documentation', 'http://203.0.113.9/'],
  ['IPv6 loopback', 'http://[::1]/'],
  ['IPv6 unspecified', 'http://[::]/'],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
  ['IPv4-mapped, hex', 'http://[::ffff:7f00:1]/'],
  ['IPv4-translated loopback', 'http://[::ffff:0:7f00:1]/'],
  ['IPv4-compatible loopback', 'http://[::127.0.0.1]/'],
  ['NAT64 loopback', 'http://[64:ff9b::7f00:1]/'],
  ['NAT64 private', 'http://[64:ff9b::10.0.0.1]/'],
  ['6to4 private', 'http://[2002:c0a8:101::1]/'],
  ['Teredo', 'http://[2001::1]/'],
  ['IPv6 documentation', 'http://[2001:db8::1]/'],
  ['site-local', 'http://[fec0::1]/'],
  ['unique local', 'http://[fd12:3456::1]/'],
  ['link-local with a zone', 'http://[fe80::1%25eth0]/'],
  ['IPv6 multicast', 'http://[ff02::1]/'],
  ['localhost', 'http://localhost:3000/'],
  ['localhost with a trailing dot', 'http://localhost./'],
  ['a .localhost name', 'http://api.localhost/'],
  ['a single-label host', 'http://intranet/'],
  ['a .internal name', 'http://metadata.google.internal/'],
  ['user and password', 'https://user:pass@example.org/'],
  ['a user only', 'https://admin@example.org/'],
  ['a space inside', 'https://example.org/a b'],
  ['a quote inside', 'https://example.org/"onmouseover="alert(1)'],
  ['angle brackets', 'https://example.org/<script>'],
  ['no scheme', 'www.example.org'],
  ['a relative path', 'over-ons'],
  ['an empty value', ''],
  ['mailto: with a header injection', 'mailto:a@b.nl\nbcc:c@d.nl'],
  ['tel: with letters', 'tel:call-me-maybe'],
];

const VALID_LINKS = [
  '/',
  '/over-ons',
  '/over-ons/bestuur?tab=1#leden',
  '/nieuws/i/AbC12345/nieuw-speeltoestel',
  '/%5Cpad',
  '#contact',
  'https://www.gemeente.nl/x?y=1#z',
  'http://example.org/pad',
  'https://xn--bcher-kva.example/',
  'https://sub.domein.nl:8443/pad',
  'https://8.8.8.8/',
  'https://172.32.0.1/',
  'https://100.128.0.1/',
  'https://198.20.0.1/',
  'https://[2a00:1450:4001:81c::200e]/',
  'https://[::ffff:8.8.8.8]/',
  'https://[64:ff9b::808:808]/',
  'https://www.rijksoverheid.nl./',
  'mailto:secretariaat@delinde.nl',
  'tel:+31 20 123 45 67',
  'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
];

describe('isAllowedUrl: the one URL rule', () => {
  it(`refuses ${HOSTILE.length} hostile values in every kind of field`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
    const accepted = HOSTILE.flatMap(([what, value]) =>
      (['link', 'asset', 'external'] as const)
        .filter((kind) => isAllowedUrl(value, kind))
        .map((kind) => `${kind}: ${what} (${JSON.stringify(value)})`),
    );
    expect(accepted).toEqual([]);
  });

  it(`accepts ${VALID_LINKS.length} good links in a link field`, () => {
    expect(VALID_LINKS.length).toBeGreaterThanOrEqual(20);
    expect(VALID_LINKS.filter((value) => !isAllowedUrl(value, 'link'))).toEqual([]);
  });

  it('keeps anchors, mail and phone links to link fields, and https to images', () => {
    for (const value of ['#contact', 'mailto:a@b.nl', 'tel:+31201234567']) {
      expect(isAllowedUrl(value, 'link')).toBe(true);
      expect(isAllowedUrl(value, 'asset')).toBe(false);
      expect(isAllowedUrl(value, 'external')).toBe(false);
    }
    expect(isAllowedUrl('/brand/logo.svg', 'asset')).toBe(true);
    expect(isAllowedUrl('https://cdn.gemeente.nl/logo.png', 'asset')).toBe(true);
    expect(isAllowedUrl('http://cdn.gemeente.nl/logo.png', 'asset')).toBe(false);
    expect(isAllowedUrl('/over-ons', 'external')).toBe(false);
    expect(isAllowedUrl('https://www.gemeente.nl/', 'external')).toBe(true);
  });

  it('is what isSafeHref and isExternalUrl say', () => {
    for (const value of [...VALID_LINKS, ...HOSTILE.map(([, value]) => value)]) {
      expect(isSafeHref(value)).toBe(isAllowedUrl(value, 'link'));
      expect(isExternalUrl(value)).toBe(isAllowedUrl(value, 'external'));
    }
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
    '/a\tb',
    'https://example.org/',
    '',
    '#anker',
  ])('rejects %j', (value) => {
    expect(isLocalLink(value)).toBe(false);
  });
});

describe('expandIpv6', () => {
  it.each([
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::ffff:0:7f00:1', [0, 0, 0, 0, 0xffff, 0, 0x7f00, 1]],
    ['64:ff9b::10.0.0.1', [0x64, 0xff9b, 0, 0, 0, 0, 0x0a00, 1]],
    ['2001:db8:0:0:1:0:0:1', [0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]],
  ])('expands %s', (address, groups) => {
    expect(expandIpv6(address)).toEqual(groups);
  });

  it.each(['1::2::3', '12345::', 'g::1', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0', '::1.2.3.256'])(
    'refuses %j',
    (address) => {
      expect(expandIpv6(address)).toBeNull();
    },
  );
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
