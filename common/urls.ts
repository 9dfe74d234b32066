import type { IssueMessage } from './issues.ts';

/** SPEC 5: slugs keep only letters, digits, underscore and hyphen; item URLs use lower-case slugs. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '');
}

export const MAX_URL_SEGMENT_LENGTH = 100;

/**
 * A menu item's urlSegment (SPEC 5's slug rule, as slugify makes it): lower-case letters, digits,
 * `_` and `-`, 1 to 100 characters. The empty segment is the home page; only a top-level item may
 * have it (the menu checks where the item sits).
 */
export function isUrlSegment(value: string): boolean {
  return value.length <= MAX_URL_SEGMENT_LENGTH && /^[a-z0-9_-]+$/.test(value);
}

/**
 * A site path a redirect answers for: a local link (the rule below) without query or fragment and
 * without empty segments. A trailing slash is dropped, as the site ignores it when it serves a page.
 */
export function isSitePath(value: string): boolean {
  return value.length <= 500 && isLocalLink(value) && !/[?#]/.test(value) && !/\/\//.test(value);
}

/*
 * The one URL rule (SPEC 5). Every field that takes a link names its kind and uses `isAllowedUrl`
 * or the schema of that kind (`linkSchema`, `assetUrlSchema`, `videoUrlSchema`):
 *
 * - 'link'  (buttons, image links, rich-text links, menu items): a local link, an in-page anchor,
 *           a public http(s) URL, mailto:, tel:, or a reference to a page or list item of this site
 *           (`page:<guid>`, `item:<guid>`, issue 26: resolved to its current path when the page
 *           is rendered, so the link follows a moved page or a retitled item)
 * - 'asset' (logo, favicon): a local link or a public https URL (http would be mixed content)
 * - 'video' (the video block): a public http(s) URL of a video on YouTube or Vimeo
 * - 'external' (a menu item's externalUrl): a public http(s) URL, nothing else
 * - 'redirect' (where a redirect sends a visitor): a local link or a public http(s) URL
 *
 * A value is checked as it is typed, never repaired: the URL parser drops tabs and newlines, trims
 * spaces and control characters, reads `\` as `/` and `https:host` as `https://host`, so a value that
 * relies on any of that (`java\tscript:`, ` https://…`, `/\evil.com`) is refused rather than read
 * the way a browser would read it.
 */

export type UrlKind = 'link' | 'asset' | 'video' | 'external' | 'redirect';

type UrlRule = {
  local: boolean;
  anchor: boolean;
  /** The schemes an external URL may have; empty: none. */
  external: readonly ('http:' | 'https:')[];
  mail: boolean;
  phone: boolean;
  /** Only URLs of a video we embed (videoEmbedUrl). */
  video: boolean;
  /** A reference to a page or list item (`page:<guid>`, `item:<guid>`). */
  reference: boolean;
  /** The catalogue key a field of this kind reports. */
  message: IssueMessage['key'];
};

export const URL_RULES: Record<UrlKind, UrlRule> = {
  link: {
    local: true,
    anchor: true,
    external: ['http:', 'https:'],
    mail: true,
    phone: true,
    video: false,
    reference: true,
    message: 'validation.link',
  },
  asset: {
    local: true,
    anchor: false,
    external: ['https:'],
    mail: false,
    phone: false,
    video: false,
    reference: false,
    message: 'validation.assetUrl',
  },
  video: {
    local: false,
    anchor: false,
    external: ['http:', 'https:'],
    mail: false,
    phone: false,
    video: true,
    reference: false,
    message: 'validation.videoUrl',
  },
  external: {
    local: false,
    anchor: false,
    external: ['http:', 'https:'],
    mail: false,
    phone: false,
    video: false,
    reference: false,
    message: 'validation.externalUrl',
  },
  redirect: {
    local: true,
    anchor: false,
    external: ['http:', 'https:'],
    mail: false,
    phone: false,
    video: false,
    reference: false,
    message: 'validation.redirectTarget',
  },
};

export const MAX_URL_LENGTH = 2000;

/** Whether `value` is acceptable for a field of this kind. */
export function isAllowedUrl(value: unknown, kind: UrlKind): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  if (INVISIBLE.test(value)) return false;
  const rule = URL_RULES[kind];
  if (rule.video) return videoEmbedUrl(value) !== null;
  return (
    (rule.local && isLocalLink(value)) ||
    (rule.anchor && ANCHOR.test(value)) ||
    (rule.external.length > 0 && externalUrl(value, rule.external) !== null) ||
    (rule.mail && MAILTO.test(value)) ||
    (rule.phone && TEL.test(value)) ||
    (rule.reference && parseLinkReference(value) !== null)
  );
}

export type LinkReferenceKind = 'page' | 'item';
export type LinkReference = { kind: LinkReferenceKind; guid: string };

/** `page:` or `item:` and a guid in lower case, nothing else (no spaces, no path, no query). */
const LINK_REFERENCE = /^(page|item):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The page or item a link value refers to (`page:<guid>`, `item:<guid>`), or null when it is no reference. */
export function parseLinkReference(value: unknown): LinkReference | null {
  if (typeof value !== 'string' || value.length > 41) return null;
  const match = LINK_REFERENCE.exec(value);
  return match ? { kind: match[1] as LinkReferenceKind, guid: match[2]! } : null;
}

/** The link value that refers to a page or item. */
export function linkReference(kind: LinkReferenceKind, guid: string): string {
  return `${kind}:${guid.toLowerCase()}`;
}

/** The catalogue key when `value` does not fit the kind, else null. */
export function urlProblem(value: unknown, kind: UrlKind): IssueMessage['key'] | null {
  return isAllowedUrl(value, kind) ? null : URL_RULES[kind].message;
}

/**
 * Whitespace, control characters (C0, DEL, C1) and format characters (zero-width, bidirectional,
 * soft hyphen): the parser drops or trims some of them, and the others only hide what a link says.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/u;
const ANCHOR = /^#[A-Za-z0-9_-]{1,64}$/;
const MAILTO = /^mailto:[^\s@<>"'\\/:;,?#]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\?[^\s<>"'\\]*)?$/i;
const TEL = /^tel:\+?[0-9][0-9().-]{1,30}$/i;
const LOCAL_BASE = 'https://local.invalid/';
/** A percent-encoded control character (C0 or DEL): decoded by a server or router, it is the raw one. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/**
 * A local link: a path on this site that starts with exactly one slash. Not `//host` or `/\host`
 * (both name another host), no backslash or encoded backslash anywhere (servers and proxies that
 * decode it turn it into a slash), no encoded slash right after the first, no whitespace or control
 * characters (raw or percent-encoded), and no dot segments that make it `//host` once resolved (`/..//evil.example`, which a
 * client-side router may hand to the history as a protocol-relative URL).
 */
export function isLocalLink(value: string): boolean {
  if (!/^\/(?![/\\])/.test(value) || value.includes('\\') || INVISIBLE.test(value)) return false;
  if (/%5c/i.test(value) || /^\/%2f/i.test(value) || ENCODED_CONTROL.test(value)) return false;
  try {
    const url = new URL(value, LOCAL_BASE);
    return url.origin === new URL(LOCAL_BASE).origin && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/**
 * Where a flow sends someone back to (sign-in and sign-up's `returnTo`, the sign-in a guard asks
 * for, a moved page's 301): the one rule for a return path, on the server and in the browser.
 *
 * The value is percent-decoded (again, while that changes it, so `%252F` counts as `/`), and every
 * spelling must start with exactly one `/` whose next character is not `/` or `\`, and hold no
 * backslash, whitespace or control or format character anywhere. Unicode look-alikes of the URL's
 * own delimiters are refused too: a full-width `／` or `＼`, `。` (which IDNA reads as a dot), `．`,
 * `﹨`: the URL parser leaves them alone in a path, but a server, proxy or host name that normalises
 * them (NFKC, UTS 46) reads a different URL. What passes is re-serialised from `new URL(value,
 * origin)` and must keep that origin and a path that does not start with `//` once its dot
 * segments are resolved (`/..//evil.example`). The result is plain ASCII (the URL parser
 * percent-encodes the rest), so it is safe in a `Location` header and for the router's `navigate`.
 *
 * Anything else, and a value over 2000 characters, gives `fallback` (the flow's default page):
 * never an error.
 */
export function safeReturnPath(
  value: string | null | undefined,
  fallback = '/',
  origin: string = LOCAL_BASE,
): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return fallback;
  if (!isReturnPathSpelling(value)) return fallback;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isReturnPathSpelling(path) ? path : fallback;
}

/**
 * Look-alikes NFKC leaves alone: the ideographic full stops IDNA (UTS 46) maps to `.`, and slashes
 * and backslashes of mathematics and box drawing (division and fraction slash, solidus operators,
 * set minus, box diagonals).
 */
const LOOKALIKES = /[\u3002\uff61\u2044\u2215\u2216\u2571\u2572\u29f5\u29f8\u29f9]/u;
/** The delimiters of a URL that a non-ASCII look-alike may not stand for. */
const URL_DELIMITERS = /[/\\.:@?#%]/;

/** The shape the return-path rule asks of a value and of each of its percent-decoded forms. */
function isReturnPathSpelling(value: string): boolean {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    if (!/^\/(?![/\\])/.test(current) || current.includes('\\') || INVISIBLE.test(current)) return false;
    for (const character of current) {
      if ((character.codePointAt(0) ?? 0) < 0x80) continue;
      const compatible = character.normalize('NFKC');
      if (LOOKALIKES.test(character) || URL_DELIMITERS.test(compatible)) return false;
      if (INVISIBLE.test(compatible)) return false;
    }
    // Dot segments that make it `//host` once resolved (`/..//evil.example`), at every decoding.
    try {
      if (new URL(current, LOCAL_BASE).pathname.startsWith('//')) return false;
    } catch {
      return false;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // The value as given must decode; a decoded form that holds a literal `%` need not.
      return round > 0;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  return false;
}

/**
 * A public external URL of one of the schemes, parsed (null when it is not one). The value must
 * spell `http://` or `https://` itself and name no user or password (not even an empty one, as in
 * `http://@host`), and its host must be a public one (isPublicHost).
 */
function externalUrl(value: string, schemes: readonly string[]): URL | null {
  if (INVISIBLE.test(value) || value.includes('\\')) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(value);
  if (!match || match[2]!.includes('@')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!schemes.includes(url.protocol) || url.username || url.password) return null;
  return isPublicHost(url.hostname) ? url : null;
}

/**
 * A host on the public internet, as the URL parser gives it (lower case, IDNA to punycode, every
 * IPv4 spelling such as 0x7f.1, 2130706433 or 017700000001 as a dotted quad, IPv6 compressed in
 * brackets).
 */
export function isPublicHost(hostname: string): boolean {
  if (hostname.startsWith('[') && hostname.endsWith(']')) {
    const groups = expandIpv6(hostname.slice(1, -1));
    return groups !== null && isPublicIpv6(groups);
  }
  const ipv4 = parseIpv4(hostname);
  if (ipv4 !== null) return isPublicIpv4(ipv4);
  return isPublicDomain(hostname);
}

/**
 * Domains that never leave the local network (RFC 6761, 6762, 8375, and names ICANN keeps unused),
 * and `arpa`, the infrastructure domain: its names (reverse lookups such as 1.0.0.127.in-addr.arpa,
 * home.arpa) are no websites.
 */
const LOCAL_NAMES = ['localhost', 'local', 'localdomain', 'internal', 'lan', 'home', 'corp', 'arpa'];

/**
 * A domain name with at least two labels (no single-label intranet hosts), no empty label (so no
 * trailing dot), letters, digits, `-` and `_` only, a top-level domain of letters (or punycode),
 * and not `localhost` or a name under a local-only domain.
 */
function isPublicDomain(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host.length > 253) return false;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => /^[a-z0-9_-]{1,63}$/.test(label))) return false;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1)!)) return false;
  return !LOCAL_NAMES.some((name) => host === name || host.endsWith(`.${name}`));
}

/** A dotted quad (the only IPv4 form the URL parser gives) as an unsigned 32-bit number, or null. */
function parseIpv4(text: string): number | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  if (octets.some((octet) => octet > 255)) return null;
  return octets.reduce((address, octet) => address * 256 + octet, 0);
}

/** Parses `a.b.c.d/bits` into a network number and prefix length. */
function ipv4Net(cidr: string): { net: number; bits: number } {
  const [address, bits] = cidr.split('/');
  return { net: parseIpv4(address!)!, bits: Number(bits) };
}

/** IPv4 that is not globally reachable (IANA special-purpose registry) or not unicast. */
const NON_PUBLIC_IPV4 = [
  '0.0.0.0/8', // this network
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (CGNAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
].map(ipv4Net);

function isPublicIpv4(address: number): boolean {
  return !NON_PUBLIC_IPV4.some(
    ({ net, bits }) => Math.floor(address / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)),
  );
}

/**
 * An IPv6 address (without brackets) as its eight 16-bit groups, or null when it is not one. `::`
 * stands for one or more zero groups; the last 32 bits may be written as a dotted quad. Zone ids
 * (`%eth0`) are refused.
 */
export function expandIpv6(text: string): number[] | null {
  let body = text;
  const embedded: number[] = [];
  const dotted = /^(.*:)([^:]*\.[^:]*)$/.exec(text);
  if (dotted) {
    const ipv4 = parseIpv4(dotted[2]!);
    if (ipv4 === null) return null;
    embedded.push(Math.floor(ipv4 / 0x10000), ipv4 % 0x10000);
    body = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? Number.parseInt(group, 16) : NaN));
  const head = groupsOf(halves[0]!);
  if (halves.length === 1) {
    const groups = [...head, ...embedded];
    return groups.length === 8 && !groups.some(Number.isNaN) ? groups : null;
  }
  const tail = [...groupsOf(halves[1]!), ...embedded];
  const zeros = 8 - head.length - tail.length;
  if (zeros < 1 || [...head, ...tail].some(Number.isNaN)) return null;
  return [...head, ...Array<number>(zeros).fill(0), ...tail];
}

const ipv6Value = (groups: number[]) => groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);

function ipv6Net(cidr: string): { net: bigint; bits: number } {
  const [address, bits] = cidr.split('/');
  return { net: ipv6Value(expandIpv6(address!)!), bits: Number(bits) };
}

const inIpv6Net = (value: bigint, { net, bits }: { net: bigint; bits: number }) =>
  value >> BigInt(128 - bits) === net >> BigInt(128 - bits);

/** 32 bits of an IPv6 address that end `shift` bits from its end (an embedded IPv4 address). */
const embeddedIpv4 = (value: bigint, shift: number) => Number((value >> BigInt(shift)) & 0xffffffffn);

const GLOBAL_UNICAST = ipv6Net('2000::/3');
const NAT64 = ipv6Net('64:ff9b::/96');
const SIX_TO_FOUR = ipv6Net('2002::/16');
/** Inside 2000::/3 but not globally reachable. */
const NON_PUBLIC_GLOBAL_IPV6 = [
  '2001::/23', // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID…
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
].map(ipv6Net);

/**
 * Public IPv6: global unicast (2000::/3) outside the special-purpose blocks, or an IPv4 address
 * reached through a public translator or tunnel whose IPv4 address is itself public (NAT64
 * 64:ff9b::/96, 6to4 2002::/16). Everything outside 2000::/3 is refused: `::`, `::1`, IPv4-compatible
 * ::a.b.c.d, IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, local-use NAT64
 * 64:ff9b:1::/48, discard 100::/64, unique local fc00::/7, link-local fe80::/10, site-local
 * fec0::/10 and multicast ff00::/8.
 */
function isPublicIpv6(groups: number[]): boolean {
  const value = ipv6Value(groups);
  if (inIpv6Net(value, NAT64)) return isPublicIpv4(embeddedIpv4(value, 0));
  if (!inIpv6Net(value, GLOBAL_UNICAST)) return false;
  if (NON_PUBLIC_GLOBAL_IPV6.some((net) => inIpv6Net(value, net))) return false;
  if (inIpv6Net(value, SIX_TO_FOUR)) return isPublicIpv4(embeddedIpv4(value, 80));
  return true;
}

export type VideoProvider = 'youtube' | 'vimeo';

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * The video providers we embed, and the privacy-friendly player URL for one of their URLs (null
 * when it is not one): a public http(s) URL (the external-URL rule) whose host is exactly one of
 * the providers' hosts, and a video id in the place the provider puts it.
 */
export function videoEmbedUrl(value: string): { provider: VideoProvider; embedUrl: string } | null {
  const url = externalUrl(value, ['http:', 'https:']);
  if (!url) return null;
  // The providers serve on their standard ports only.
  if (url.port !== '') return null;
  const host = url.hostname;
  if (YOUTUBE_HOSTS.has(host) || host === 'youtu.be') {
    const id =
      host === 'youtu.be'
        ? url.pathname.slice(1)
        : url.pathname === '/watch'
          ? url.searchParams.get('v')
          : url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)\/?$/)?.[1];
    return id && YOUTUBE_ID.test(id)
      ? { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}` }
      : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    const id = url.pathname.match(/(?:^|\/)(\d{5,12})(?:\/|$)/)?.[1];
    return id ? { provider: 'vimeo', embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` } : null;
  }
  return null;
}

/** SPEC 5: remove \ / : * ? " < > | and the apostrophe from a file name. */
export function cleanFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|']/g, '');
}
