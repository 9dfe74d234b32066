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

/**
 * One rule for every field that takes a link (SPEC 5). A value is one of:
 * - a local link: a path on this site that starts with exactly one slash (never `//host` or
 *   `/\host`, which browsers read as another host), with no spaces, backslashes or control characters;
 * - an anchor on the page: `#name`;
 * - an external URL: http(s) to a public host (no user or password, no loopback, private,
 *   link-local, multicast, reserved or documentation address in any spelling, no single-label host);
 * - a mail or phone link.
 * Each kind of field allows some of these: `URL_KINDS`.
 */

/** What each kind of field may hold. */
export const URL_KINDS = {
  /** Buttons, image links, rich-text links, menu items. */
  link: { local: true, anchor: true, external: true, contact: true, httpsOnly: false },
  /** An image a setting names (logo, favicon): a path on this site or a public https URL (no mixed content). */
  asset: { local: true, anchor: false, external: true, contact: false, httpsOnly: true },
  /** A public web address only (a menu's external item, a video). */
  external: { local: false, anchor: false, external: true, contact: false, httpsOnly: false },
} as const;
export type UrlKind = keyof typeof URL_KINDS;

/** Characters no link may contain anywhere: spaces, control characters, backslashes, quotes and angle brackets. */
const UNSAFE_CHARACTER = /[\s\p{Cc}\\<>"`]/u;

/** A local link: a path that starts with exactly one slash (not a protocol-relative //host). */
export function isLocalLink(value: string): boolean {
  return /^\/(?!\/)/.test(value) && !UNSAFE_CHARACTER.test(value);
}

const isAnchor = (value: string) => /^#[\w-]{1,200}$/.test(value);
const isContactLink = (value: string) =>
  /^mailto:[^\s<>"\\@]+@[^\s<>"\\@]+$/i.test(value) || /^tel:\+?[0-9 ()./-]{3,40}$/i.test(value);

/** IPv4 ranges that are not on the public internet (RFC 6890 and friends), as [network, prefix]. */
const NON_PUBLIC_IPV4: readonly [string, number][] = [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const ipv4Number = (octets: readonly number[]) =>
  ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;

const NON_PUBLIC_IPV4_RANGES = NON_PUBLIC_IPV4.map(([network, bits]) => ({
  network: ipv4Number(network.split('.').map(Number)),
  bits,
}));

function isPublicIpv4(address: number): boolean {
  return !NON_PUBLIC_IPV4_RANGES.some(
    ({ network, bits }) => address >>> (32 - bits) === network >>> (32 - bits),
  );
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read), or null. */
export function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  if (text.includes('%')) return null; // a zone id: only ever a local address
  const dotted = text.match(/^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (dotted) {
    const octets = dotted.slice(2).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    text = `${dotted[1]}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
const embeddedIpv4 = (groups: readonly number[]) => ((groups[6]! << 16) | groups[7]!) >>> 0;

function isPublicIpv6(groups: readonly number[]): boolean {
  const [first = 0, second = 0] = groups;
  const upperZero = groups.slice(0, 5).every((group) => group === 0);
  // ::, ::1, IPv4-compatible ::a.b.c.d and IPv4-mapped ::ffff:a.b.c.d: as their IPv4 address (or not at all).
  if (upperZero && (groups[5] === 0 || groups[5] === 0xffff)) {
    return groups[5] === 0xffff && isPublicIpv4(embeddedIpv4(groups));
  }
  // IPv4-translated ::ffff:0:a.b.c.d (RFC 2765).
  if (groups.slice(0, 4).every((group) => group === 0) && groups[4] === 0xffff && groups[5] === 0) {
    return isPublicIpv4(embeddedIpv4(groups));
  }
  // NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48: the IPv4 address decides; local use never.
  if (first === 0x64 && second === 0xff9b) {
    return (
      groups[2] === 0 &&
      groups.slice(3, 6).every((group) => group === 0) &&
      isPublicIpv4(embeddedIpv4(groups))
    );
  }
  if (first === 0x2002) return isPublicIpv4(((second << 16) | groups[2]!) >>> 0); // 6to4
  if (first === 0x2001 && second === 0) return false; // Teredo
  if (first === 0x2001 && second === 0xdb8) return false; // documentation
  if (first === 0x100 && second === 0 && groups[2] === 0 && groups[3] === 0) return false; // discard-only
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return false; // link-local, site-local
  if ((first & 0xff00) === 0xff00) return false; // multicast
  // Only the global unicast block 2000::/3 is on the internet.
  return (first & 0xe000) === 0x2000;
}

/**
 * Whether a host (as the URL parser normalises it: dotted IPv4, bracketed short IPv6, lower case,
 * punycode) is a public internet host.
 */
function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '');
  if (host === '' || host.endsWith('.')) return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (host.startsWith('[')) {
    const groups = expandIpv6(host.slice(1, -1));
    return groups !== null && isPublicIpv6(groups);
  }
  const ipv4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (ipv4) return isPublicIpv4(ipv4Number(ipv4.slice(1).map(Number)));
  // A single label (intranet, printer) is a name on a local network, not on the internet.
  return host.includes('.') && !/\.(local|internal|lan|home\.arpa)$/.test(host);
}

/** An external URL: http(s), a public host, no user or password, nothing unsafe in it. */
export function isExternalUrl(value: string): boolean {
  if (UNSAFE_CHARACTER.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return isPublicHost(url.hostname);
}

/** Whether `value` is a link a field of `kind` may hold. */
export function isAllowedUrl(value: string, kind: UrlKind): boolean {
  const allowed = URL_KINDS[kind];
  return (
    (allowed.local && isLocalLink(value)) ||
    (allowed.anchor && isAnchor(value)) ||
    (allowed.external && isExternalUrl(value) && (!allowed.httpsOnly || /^https:/i.test(value))) ||
    (allowed.contact && isContactLink(value))
  );
}

/** Hrefs allowed in rich text and buttons: local links, in-page anchors, external URLs, mail and phone. */
export const isSafeHref = (value: string) => isAllowedUrl(value, 'link');

/** SPEC 5: remove \ / : * ? " < > | and the apostrophe from a file name. */
export function cleanFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|']/g, '');
}
