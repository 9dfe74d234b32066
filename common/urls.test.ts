import { describe, expect, it } from 'vitest';
import { HOSTILE_RETURN_PATHS } from '../test/return-paths.ts';
import {
  assetUrlSchema,
  externalUrlSchema,
  linkSchema,
  redirectTargetSchema,
  sitePathSchema,
  urlSegmentSchema,
  videoUrlSchema,
} from './url-schemas.ts';
import {
  cleanFileName,
  expandIpv6,
  isAllowedUrl,
  isLocalLink,
  isPublicHost,
  isUrlSegment,
  linkReference,
  parseLinkReference,
  safeReturnPath,
  slugify,
  URL_RULES,
  type UrlKind,
  urlProblem,
  videoEmbedUrl,
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

/*
 * The corpus: hostile values every kind refuses, values only some kinds take, and values each kind
 * accepts. A hostile value that one day passes is a hole; add every new trick here.
 */

/** Schemes that run code, read files or smuggle content; spelled the ways browsers still accept. */
const HOSTILE_SCHEMES = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0000javascript:alert(1)',
  ' javascript:alert(1)',
  '\u00a0javascript:alert(1)',
  'javascript&colon;alert(1)',
  'javascript://www.youtube.com/%0aalert(1)',
  'javascript://example.com/%0Aalert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.org/',
  'blob:https://example.org/1234',
  'about:blank',
  'chrome://settings',
  'ws://example.org/',
];

/** Links that leave the site although they look local, or that a parser reads differently. */
const HOSTILE_SHAPES = [
  '//evil.example',
  '//evil.example/pad',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%2F%2Fevil.example',
  '/pad\\..\\evil',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/a/..//evil.example',
  '/.//evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'https:\\/\\/evil.example',
  'http:///evil.example',
  ' https://example.org/',
  'https://example.org/ ',
  '\nhttps://example.org/',
  'https://example.org/\n',
  'https://exa\tmple.org/',
  'https://example.org/\u202egnp.exe',
  'https://exam\u200bple.org/',
  '/ spatie',
  '/pad\u0000',
  'over-ons',
  'www.example.org',
  'example.org/pad',
  '',
];

/** Credentials, local names and hosts that are not on the public internet. */
const HOSTILE_HOSTS = [
  'http://user:pass@example.com/',
  'http://user@example.com/',
  'http://@example.com/',
  'https://www.gemeente.nl@evil.example/',
  'http://intranet/',
  'http://intranet:8080/pad',
  'http://localhost/',
  'http://localhost:3000/',
  'http://LOCALHOST/',
  'http://localhost./',
  'http://foo.localhost/',
  'http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/',
  'http://printer.local/',
  'http://nas.home.arpa/',
  'http://db.internal/',
  'http://example.com./',
  'http://example.com%2e/',
  'http://a..example.com/',
  'http://127.0.0.1/',
  'http://127.1/',
  'http://127.0.1/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://017700000001/',
  'http://0177.0.0.1/',
  'http://127。0。0。1/',
  'http://%31%32%37.0.0.1/',
  'http://0/',
  'http://0.0.0.0/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://169.254.169.254/latest/meta-data',
  'http://100.64.0.1/',
  'http://100.127.255.255/',
  'http://192.0.0.1/',
  'http://192.0.2.1/',
  'http://192.88.99.1/',
  'http://198.18.0.1/',
  'http://198.19.255.255/',
  'http://198.51.100.7/',
  'http://203.0.113.9/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://240.0.0.1/',
  'http://255.255.255.255/',
  'http://[::]/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:192.168.0.1]/',
  'http://[0:0:0:0:0:ffff:a00:1]/',
  'http://[::ffff:8.8.8.8]/',
  'http://[::ffff:0:7f00:1]/',
  'http://[::ffff:0:127.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://[::7f00:1]/',
  'http://[::8.8.8.8]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[64:ff9b:1::808:808]/',
  'http://[2002:7f00:1::]/',
  'http://[2002:c0a8:101::1]/',
  'http://[2002:a9fe:a9fe::]/',
  'http://[2001::1]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  'http://[2001:2::1]/',
  'http://[2001:db8::1]/',
  'http://[3fff::1]/',
  'http://[100::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://[fe80::1%25eth0]/',
  'http://[febf::1]/',
  'http://[fec0::1]/',
  'http://[feff::1]/',
  'http://[ff02::1]/',
  'http://[ff05::1:3]/',
  'http://[::1.2.3]/',
  'http://[1:2:3:4:5:6:7:8:9]/',
  // More spellings of the same hosts (issue 10): every IPv4 form, trailing dots, encoded names.
  'http://0x7f.0x0.0x0.0x1/',
  'http://0177.1/',
  'http://127.000.000.001/',
  'http://127.0x0.0.1/',
  'http://0x7F000001/',
  'http://4294967295/',
  'http://127.0.0.1./',
  'http://0x7f.1./',
  'http://3232235777/',
  'http://0300.0250.0.1/',
  'http://0xc0a80001/',
  'http://2852039166/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://169.254.169.254./',
  'http://0.0.0.0./',
  'http://0x0/',
  'http://LocalHost./',
  'http://localhost.:80/',
  'http://foo.localhost./',
  'http://localhost%2e/',
  'http://%6c%6f%63%61%6c%68%6f%73%74/',
  'http://metadata.google.internal/',
  'http://1.0.0.127.in-addr.arpa/',
  'http://1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.ip6.arpa/',
  'http://wpad/',
  'http://127.0.0.1#@example.com',
  'http://example.com:80@127.0.0.1/',
  'http://a.b@127.0.0.1/',
  'http://foo@bar@example.com/',
  'https://example.com\\@127.0.0.1/',
  'http:/\\/example.com',
  'http://%5B::1%5D/',
  'HTTP://[::1]/',
  'https://[::1]:443/',
  'http://[::]:80/',
  'http://[0000::1]/',
  'http://[0:0:0:0:0:0:0:0]/',
  'http://[::0.0.0.0]/',
  'http://[::ffff:0.0.0.0]/',
  'http://[::ffff:7f00:0001]/',
  'http://[::ffff:127.0.0.1]:80/',
  'http://[0:0:0:0:0:ffff:7f00:1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[fc00::]/',
  'http://[fdff:ffff::1]/',
  'http://[fe80::]/',
  'http://[febf:ffff::1]/',
  '/%09/evil.example',
  '/%00',
  '/pad%0d%0aSet-Cookie:x=1',
  '/%7f',
  'http://',
  'https://',
];

const HOSTILE = [...HOSTILE_SCHEMES, ...HOSTILE_SHAPES, ...HOSTILE_HOSTS];
const KINDS: UrlKind[] = ['link', 'asset', 'video', 'external', 'redirect'];

describe('isAllowedUrl: the hostile corpus', () => {
  it('has more than 40 hostile values', () => {
    expect(HOSTILE.length).toBeGreaterThan(40);
  });

  describe.each(KINDS)('as a %s', (kind) => {
    it.each(HOSTILE)('refuses %j', (value) => {
      expect(isAllowedUrl(value, kind)).toBe(false);
    });
  });

  it.each([null, undefined, 42, {}, ['https://example.org/']])('refuses %j, which is no string', (value) => {
    for (const kind of KINDS) expect(isAllowedUrl(value, kind)).toBe(false);
  });

  it('refuses a value longer than 2000 characters', () => {
    const long = `https://example.org/${'a'.repeat(2000)}`;
    for (const kind of KINDS) expect(isAllowedUrl(long, kind)).toBe(false);
  });
});

const PUBLIC_URLS = [
  'https://www.gemeente.nl/x?y=1#z',
  'https://www.rijksoverheid.nl/',
  'http://example.com',
  'http://example.org/pad?x=1#y',
  'https://example.org:8443/pad',
  'https://sub.domein.example.org/a/b/c.html',
  'https://xn--bcher-kva.example/',
  'https://bücher.example/',
  'https://under_score.example.org/',
  'https://8.8.8.8/',
  'https://1.1.1.1/dns-query',
  'https://172.32.0.1/',
  'https://100.128.0.1/',
  'https://198.20.0.1/',
  'https://223.255.255.255/',
  'https://[2a00:1450:4001::200e]/',
  'https://[2001:4860:4860::8888]/',
  'https://[64:ff9b::808:808]/',
  'https://[2002:808:808::1]/',
  'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
];

const LINKS_ONLY = [
  '#anker',
  '#contact',
  '#Sectie_2-b',
  'mailto:a@b.nl',
  'MAILTO:info@delinde.example',
  'mailto:info@delinde.example?subject=Vraag',
  'tel:+31201234567',
  'tel:020-1234567',
  'tel:+31(0)20.123.4567',
];

const LOCAL_LINKS = [
  '/',
  '/nieuws',
  '/nieuws/item?x=1',
  '/over-ons/bestuur?tab=1#leden',
  '/a/i/123/titel',
  '/brand/logo.svg',
  '/zoeken?q=caf%C3%A9',
  '/pad/%2Fnog',
];

describe('isAllowedUrl: links (buttons, image links, rich text, menu items)', () => {
  it.each([...PUBLIC_URLS, ...LINKS_ONLY, ...LOCAL_LINKS])('accepts %j', (value) => {
    expect(isAllowedUrl(value, 'link')).toBe(true);
  });

  it('has at least 20 valid values', () => {
    expect([...PUBLIC_URLS, ...LINKS_ONLY, ...LOCAL_LINKS].length).toBeGreaterThanOrEqual(20);
  });

  it.each([
    '#',
    '#"><script>',
    '#a b',
    'mailto:a b',
    'mailto:',
    'mailto:a@b',
    'mailto:a@b.nl<script>',
    'mailto:a@b.nl,c@d.nl',
    'mailto:"><img src=x>@b.nl',
    'tel:<x>',
    'tel:',
    'tel:+31 20 1234567',
    'tel:javascript:alert(1)',
    'sms:+31201234567',
  ])('refuses %j', (value) => {
    expect(isAllowedUrl(value, 'link')).toBe(false);
  });
});

const GUID = '3f2a9c1e-0b4d-4e6f-8a1b-2c3d4e5f6a7b';

/** Link references (issue 26): only `page:` or `item:` with a lower-case guid, nothing around it. */
const HOSTILE_REFERENCES = [
  'page:',
  'item:',
  'page:not-a-guid',
  `page:${GUID.toUpperCase()}`,
  `Page:${GUID}`,
  `PAGE:${GUID}`,
  `page: ${GUID}`,
  ` page:${GUID}`,
  `page:${GUID} `,
  `page:${GUID}\n`,
  `page:${GUID}/x`,
  `page:${GUID}?x=1`,
  `page:${GUID}#top`,
  `page:${GUID}${GUID}`,
  `page:{${GUID}}`,
  `page:%33${GUID.slice(1)}`,
  `page:${GUID.slice(0, -1)}\u200b`,
  `page:${GUID.slice(0, -1)}ｂ`,
  `pages:${GUID}`,
  `form:${GUID}`,
  `user:${GUID}`,
  `media:${GUID}`,
  `javascript:${GUID}`,
  `page:javascript:alert(1)`,
  `item:${GUID.replace(/-/g, '')}`,
  `item::${GUID}`,
  `//page:${GUID}`,
  `page:/${GUID}`,
];

describe('isAllowedUrl: references to a page or item (issue 26)', () => {
  it.each([`page:${GUID}`, `item:${GUID}`])('a link accepts %j', (value) => {
    expect(isAllowedUrl(value, 'link')).toBe(true);
    expect(linkSchema.safeParse(value).success).toBe(true);
  });

  it.each([`page:${GUID}`, `item:${GUID}`])('no other kind accepts %j', (value) => {
    for (const kind of KINDS.filter((candidate) => candidate !== 'link')) {
      expect(isAllowedUrl(value, kind)).toBe(false);
    }
  });

  it.each(HOSTILE_REFERENCES)('refuses %j', (value) => {
    expect(isAllowedUrl(value, 'link')).toBe(false);
    expect(parseLinkReference(value)).toBeNull();
  });

  it('reads a reference and writes it back the same', () => {
    expect(parseLinkReference(`item:${GUID}`)).toEqual({ kind: 'item', guid: GUID });
    expect(linkReference('page', GUID.toUpperCase())).toBe(`page:${GUID}`);
    expect(parseLinkReference(linkReference('page', GUID))).toEqual({ kind: 'page', guid: GUID });
    expect(parseLinkReference(42)).toBeNull();
  });
});

describe('isAllowedUrl: assets (logo, favicon)', () => {
  const httpsUrls = PUBLIC_URLS.filter((value) => value.startsWith('https://'));

  it.each([...httpsUrls, ...LOCAL_LINKS])('accepts %j', (value) => {
    expect(isAllowedUrl(value, 'asset')).toBe(true);
  });

  it('has at least 20 valid values', () => {
    expect([...httpsUrls, ...LOCAL_LINKS].length).toBeGreaterThanOrEqual(20);
  });

  it.each([...LINKS_ONLY, 'http://example.com/logo.png', 'http://www.gemeente.nl/favicon.ico'])(
    'refuses %j: anchors, mail, phone and plain http',
    (value) => {
      expect(isAllowedUrl(value, 'asset')).toBe(false);
    },
  );
});

const VIDEO_URLS = [
  'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  'https://youtube.com/watch?v=aqz-KE-bpKQ&t=30s',
  'https://m.youtube.com/watch?v=aqz-KE-bpKQ',
  'http://www.youtube.com/watch?v=aqz-KE-bpKQ',
  'HTTPS://WWW.YOUTUBE.COM/watch?v=aqz-KE-bpKQ',
  'https://youtu.be/aqz-KE-bpKQ',
  'https://youtu.be/aqz-KE-bpKQ?t=10',
  'https://www.youtube.com/embed/aqz-KE-bpKQ',
  'https://www.youtube.com/shorts/aqz-KE-bpKQ',
  'https://www.youtube.com/live/aqz-KE-bpKQ',
  'https://youtube-nocookie.com/embed/aqz-KE-bpKQ',
  'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
  'https://vimeo.com/76979871',
  'https://www.vimeo.com/76979871',
  'http://vimeo.com/76979871',
  'https://vimeo.com/channels/staffpicks/76979871',
  'https://player.vimeo.com/video/76979871',
  'https://player.vimeo.com/video/76979871?h=abc',
  'https://www.youtube.com/watch?v=aqz-KE-bpKQ#t=1m',
  'https://youtu.be/dQw4w9WgXcQ',
];

describe('isAllowedUrl: videos', () => {
  it.each(VIDEO_URLS)('accepts %j', (value) => {
    expect(isAllowedUrl(value, 'video')).toBe(true);
  });

  it('has at least 20 valid values', () => {
    expect(VIDEO_URLS.length).toBeGreaterThanOrEqual(20);
  });

  it.each([
    ['another provider', 'https://video.example.org/watch?v=aqz-KE-bpKQ'],
    ['a look-alike host', 'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ'],
    ['a look-alike host before the dot', 'https://evilyoutube.com/watch?v=aqz-KE-bpKQ'],
    ['a subdomain we do not know', 'https://music.youtube.com/watch?v=aqz-KE-bpKQ'],
    ['youtu.be under www', 'https://www.youtu.be/aqz-KE-bpKQ'],
    ['the provider as a user name', 'https://www.youtube.com@evil.example/watch?v=aqz-KE-bpKQ'],
    ['the provider in the path', 'https://evil.example/www.youtube.com/watch?v=aqz-KE-bpKQ'],
    ['a javascript: URL with the provider as host', 'javascript://www.youtube.com/%0aalert(1)'],
    ['a data: URL', 'data:text/html,https://www.youtube.com/watch?v=aqz-KE-bpKQ'],
    ['a protocol-relative URL', '//www.youtube.com/watch?v=aqz-KE-bpKQ'],
    ['a URL without slashes', 'https:www.youtube.com/watch?v=aqz-KE-bpKQ'],
    ['an ftp: URL', 'ftp://www.youtube.com/watch?v=aqz-KE-bpKQ'],
    ['an id with odd characters', 'https://www.youtube.com/watch?v=%22%3E%3Cscript%3E'],
    ['an id that is too short', 'https://youtu.be/abc'],
    ['a v parameter off the watch page', 'https://www.youtube.com/redirect?v=aqz-KE-bpKQ'],
    ['a YouTube page that is not a video', 'https://www.youtube.com/feed/trending'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/channels'],
    ['a local link', '/video/1'],
    ['something that is not a URL', 'geen url'],
  ])('refuses %s', (_case, value) => {
    expect(isAllowedUrl(value, 'video')).toBe(false);
  });
});

describe('the schemas and problems of each kind', () => {
  it('report the kind’s catalogue key', () => {
    expect(linkSchema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe('validation.link');
    expect(assetUrlSchema.safeParse('/\\evil.example').error?.issues[0]?.message).toBe('validation.assetUrl');
    expect(videoUrlSchema.safeParse('https://example.org/').error?.issues[0]?.message).toBe(
      'validation.videoUrl',
    );
    expect(urlProblem('http://[::ffff:0:7f00:1]/', 'link')).toBe('validation.link');
    expect(urlProblem('/nieuws', 'link')).toBeNull();
    expect(Object.values(URL_RULES).map((rule) => rule.message)).toEqual([
      'validation.link',
      'validation.assetUrl',
      'validation.videoUrl',
      'validation.externalUrl',
      'validation.redirectTarget',
    ]);
  });

  it('accept what the rule accepts, as it is', () => {
    expect(linkSchema.parse('/nieuws')).toBe('/nieuws');
    expect(assetUrlSchema.parse('https://www.gemeente.nl/logo.svg')).toBe('https://www.gemeente.nl/logo.svg');
    expect(videoUrlSchema.parse('https://vimeo.com/76979871')).toBe('https://vimeo.com/76979871');
  });
});

describe('isAllowedUrl: external URLs (menu items)', () => {
  it.each(PUBLIC_URLS)('accepts %j', (value) => {
    expect(isAllowedUrl(value, 'external')).toBe(true);
    expect(externalUrlSchema.parse(value)).toBe(value);
  });

  it('has at least 20 valid values', () => {
    expect(PUBLIC_URLS.length).toBeGreaterThanOrEqual(20);
  });

  it.each([...LOCAL_LINKS, ...LINKS_ONLY])('refuses %j: only full http(s) URLs', (value) => {
    expect(isAllowedUrl(value, 'external')).toBe(false);
    expect(externalUrlSchema.safeParse(value).error?.issues[0]?.message).toBe('validation.externalUrl');
  });
});

describe('isAllowedUrl: redirect targets', () => {
  it.each([...PUBLIC_URLS, ...LOCAL_LINKS])('accepts %j', (value) => {
    expect(isAllowedUrl(value, 'redirect')).toBe(true);
    expect(redirectTargetSchema.parse(value)).toBe(value);
  });

  it.each(LINKS_ONLY)('refuses %j: no anchors, mail or phone links', (value) => {
    expect(isAllowedUrl(value, 'redirect')).toBe(false);
  });
});

describe('urlSegmentSchema and isUrlSegment (SPEC 5 slugs)', () => {
  it.each(['nieuws', 'over-ons', 'jaar_2025', 'a', '0', 'x'.repeat(100)])('accepts %j', (value) => {
    expect(isUrlSegment(value)).toBe(true);
    expect(urlSegmentSchema.parse(value)).toBe(value);
  });

  it('takes the empty segment (home); the menu decides where it may stand', () => {
    expect(isUrlSegment('')).toBe(false);
    expect(urlSegmentSchema.parse('')).toBe('');
  });

  it.each([
    'Nieuws',
    'over ons',
    'a/b',
    '..',
    '.',
    'caf\u00e9',
    '%2e%2e',
    'x'.repeat(101),
    '-\n-',
    'a?b',
    'a#b',
  ])('refuses %j', (value) => {
    expect(isUrlSegment(value)).toBe(false);
    expect(urlSegmentSchema.safeParse(value).success).toBe(false);
  });

  it('accepts whatever slugify makes of a non-empty title', () => {
    for (const title of ['Over ons', 'Crème brûlée', 'Jaarverslag 2025 (concept)!']) {
      expect(isUrlSegment(slugify(title))).toBe(true);
    }
  });
});

describe('sitePathSchema (where a redirect comes from)', () => {
  it.each([
    ['/oud', '/oud'],
    ['/oud/', '/oud'],
    ['/over-ons/bestuur', '/over-ons/bestuur'],
    ['/', '/'],
  ])('takes %j as %j', (value, path) => {
    expect(sitePathSchema.parse(value)).toBe(path);
  });

  it.each(['oud', '//evil.example', '/oud?x=1', '/oud#a', '/a//b', 'https://example.org/', '/\\x', ''])(
    'refuses %j',
    (value) => {
      expect(sitePathSchema.safeParse(value).error?.issues[0]?.message).toBe('validation.sitePath');
    },
  );
});

describe('isLocalLink', () => {
  it.each(LOCAL_LINKS)('accepts %j', (value) => {
    expect(isLocalLink(value)).toBe(true);
  });

  it.each([
    'over-ons',
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2f%2fevil.example',
    '/ spatie',
    '/tab\there',
    'https://example.org/',
    '',
    '#anker',
  ])('rejects %j', (value) => {
    expect(isLocalLink(value)).toBe(false);
  });
});

/** Return paths the flows take, and what each becomes (the URL parser's ASCII spelling). */
const RETURN_PATHS: [string, string][] = [
  ['/', '/'],
  ['/account/profile', '/account/profile'],
  ['/account/profile?x=1', '/account/profile?x=1'],
  ['/nieuws/edit', '/nieuws/edit'],
  ['/over-ons/bestuur?tab=1#leden', '/over-ons/bestuur?tab=1#leden'],
  ['/nieuws/i/123/titel', '/nieuws/i/123/titel'],
  ['/zoeken?q=caf%C3%A9', '/zoeken?q=caf%C3%A9'],
  ['/zoeken?q=café', '/zoeken?q=caf%C3%A9'],
  ['/zoeken?q=a+b', '/zoeken?q=a+b'],
  ['/zoeken?q=100%25', '/zoeken?q=100%25'],
  ['/pad/%2Fnog', '/pad/%2Fnog'],
  ['/a/b/../c', '/a/c'],
  ['/@evil.example', '/@evil.example'],
  ['/javascript:alert(1)', '/javascript:alert(1)'],
  ['/x?a=<b>&c="d"', '/x?a=%3Cb%3E&c=%22d%22'],
  ['/日本', '/%E6%97%A5%E6%9C%AC'],
];

describe('safeReturnPath: the hostile corpus', () => {
  it('has more than 60 hostile values', () => {
    expect(HOSTILE_RETURN_PATHS.length).toBeGreaterThan(60);
  });

  it.each(HOSTILE_RETURN_PATHS)('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
    expect(safeReturnPath(value, '/account/profile')).toBe('/account/profile');
    expect(safeReturnPath(value, '/', 'http://127.0.0.1:3000')).toBe('/');
  });

  // A hostile value encoded once more (what a server or proxy that decodes twice would see); broken
  // percent-encoding is no longer broken once encoded again (`/%25` is the path `/%`).
  const decodable = HOSTILE_RETURN_PATHS.filter((value) => {
    try {
      decodeURIComponent(value);
      return true;
    } catch {
      return false;
    }
  });
  it.each(decodable)('refuses %j encoded once more', (value) => {
    expect(safeReturnPath(encodeURIComponent(value).replace(/^%2F/i, '/'))).toBe('/');
  });

  it.each(HOSTILE.filter((value) => !isLocalLink(value)))('refuses the link corpus value %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it.each([null, undefined])('falls back for %j', (value) => {
    expect(safeReturnPath(value, '/account/profile')).toBe('/account/profile');
  });
});

describe('safeReturnPath: return paths', () => {
  it.each(RETURN_PATHS)('takes %j as %j', (value, path) => {
    expect(safeReturnPath(value)).toBe(path);
    expect(safeReturnPath(value, '/', 'https://www.gemeente.example')).toBe(path);
  });

  it('gives plain ASCII without control characters, safe in a Location header', () => {
    for (const [value] of RETURN_PATHS) expect(safeReturnPath(value)).toMatch(/^\/[\x21-\x7e]*$/);
  });

  it('keeps every local link of the corpus on this site', () => {
    for (const value of LOCAL_LINKS) {
      const path = safeReturnPath(value);
      expect(new URL(path, 'https://www.gemeente.example').origin).toBe('https://www.gemeente.example');
    }
  });
});

describe('isPublicHost', () => {
  it.each(['example.org', '8.8.8.8', '[2a00:1450:4001::200e]'])('accepts %s', (host) => {
    expect(isPublicHost(host)).toBe(true);
  });

  it.each(['localhost', 'intranet', '127.0.0.1', '[::1]', '[::ffff:7f00:1]', 'example.org.', '[zz::1]'])(
    'refuses %s',
    (host) => {
      expect(isPublicHost(host)).toBe(false);
    },
  );
});

describe('expandIpv6', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['2001:db8::8:800:200c:417a', [0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]],
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['::ffff:0:7f00:1', [0, 0, 0, 0, 0xffff, 0, 0x7f00, 1]],
    ['64:ff9b::192.168.0.1', [0x64, 0xff9b, 0, 0, 0, 0, 0xc0a8, 1]],
    ['1:2:3:4:5:6:7.8.9.10', [1, 2, 3, 4, 5, 6, 0x708, 0x90a]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['FE80::ABCD', [0xfe80, 0, 0, 0, 0, 0, 0, 0xabcd]],
  ])('expands %s', (text, groups) => {
    expect(expandIpv6(text)).toEqual(groups);
  });

  it.each([
    '',
    ':',
    ':::',
    '1::2::3',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4::5:6:7:8',
    '12345::',
    'g::',
    '::1.2.3',
    '::256.0.0.1',
    '1.2.3.4::',
    'fe80::1%eth0',
    ':1:2:3:4:5:6:7',
  ])('refuses %j', (text) => {
    expect(expandIpv6(text)).toBeNull();
  });
});

describe('videoEmbedUrl', () => {
  it('embeds YouTube without cookies and Vimeo with do-not-track', () => {
    expect(videoEmbedUrl('http://youtu.be/aqz-KE-bpKQ')).toEqual({
      provider: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    });
    expect(videoEmbedUrl('https://www.vimeo.com/76979871')).toEqual({
      provider: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1',
    });
  });

  it('does not count a javascript: URL with a YouTube host as YouTube', () => {
    expect(videoEmbedUrl('javascript://www.youtube.com/%0aalert(1)')).toBeNull();
    expect(videoEmbedUrl('javascript://youtu.be/aqz-KE-bpKQ%0aalert(1)')).toBeNull();
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
