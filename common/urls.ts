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

const PRIVATE_HOST =
  /^(localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?|\[?f[cd][0-9a-f]{2}:.*)$/i;

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
  if (PRIVATE_HOST.test(host)) return false;
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
