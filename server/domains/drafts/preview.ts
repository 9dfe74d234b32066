import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Preview links (issue 13): `{path}?preview=<token>` shows the page's draft, as visitors will see
 * it, to whoever has the link, until it expires. The token names the page and the moment it ends,
 * signed with the server's `previewLink` secret (shared by all nodes): it cannot be made for
 * another page or made to last longer, and needs no row.
 */

/** How long a link lasts unless asked otherwise, and at most (hours). */
export const PREVIEW_HOURS = { standard: 24, max: 24 * 14 } as const;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`preview|${payload}`).digest('base64url');

export function previewToken(secret: string, pageId: string, expiresAt: Date): string {
  const payload = `${pageId}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The page a token names while it is valid; null when it is forged, malformed or expired. */
export function readPreviewToken(secret: string, token: string, now: number): string | null {
  if (token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [pageId = '', expiry = '', signature = ''] = parts;
  const expected = Buffer.from(sign(secret, `${pageId}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = Number.parseInt(expiry, 36) * 1000;
  return Number.isFinite(expiresAt) && expiresAt > now ? pageId : null;
}
