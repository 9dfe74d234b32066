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

/** A local link: a path that starts with exactly one slash (not a protocol-relative //host). */
export function isLocalLink(value: string): boolean {
  return /^\/(?!\/)/.test(value) && !/[\s\\]/.test(value);
}

/** IPv4 ranges that are not on the public internet: this network, private, CGNAT, loopback, link-local. */
const PRIVATE_IPV4: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0a80000, 16],
];

function isPrivateIpv4(octets: number[]): boolean {
  const address = ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
  return PRIVATE_IPV4.some(([network, bits]) => address >>> (32 - bits) === network >>> (32 - bits));
}

/**
 * Loopback, private and link-local hosts, as the URL parser normalises them (it already turns
 * 0177.1, 2130706433 and friends into dotted quads, and IPv6 into its short lower-case form).
 */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const ipv4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (ipv4) return isPrivateIpv4(ipv4.slice(1).map(Number));
  if (!host.startsWith('[')) return false;
  const ipv6 = host.slice(1, -1);
  if (ipv6 === '::' || ipv6 === '::1') return true;
  // Unique local fc00::/7 and link-local fe80::/10.
  if (/^f[cd][0-9a-f]{2}:/.test(ipv6) || /^fe[89ab][0-9a-f]:/.test(ipv6)) return true;
  // An IPv4 address inside IPv6 (::ffff:7f00:1 is 127.0.0.1).
  const embedded = ipv6.match(/^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (embedded) {
    const high = Number.parseInt(embedded[1]!, 16);
    const low = Number.parseInt(embedded[2]!, 16);
    return isPrivateIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return false;
}

/** An external URL: http(s), a real host name, and no private or loopback address. */
export function isExternalUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname;
  if (isPrivateHost(host)) return false;
  return host.includes('.') || host.startsWith('[');
}

/** Hrefs allowed in rich text and buttons: local links, in-page anchors, external URLs, mail and phone. */
export function isSafeHref(value: string): boolean {
  return (
    isLocalLink(value) ||
    /^#[\w-]+$/.test(value) ||
    isExternalUrl(value) ||
    /^(mailto|tel):[^\s<>"]+$/i.test(value)
  );
}

/** SPEC 5: remove \ / : * ? " < > | and the apostrophe from a file name. */
export function cleanFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|']/g, '');
}
