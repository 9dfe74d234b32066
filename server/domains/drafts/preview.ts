import { createHmac, timingSafeEqual } from 'node:crypto';
import { isGuid } from '../../../common/guid.ts';

/**
 * Preview links (issue 13): `{path}?preview=<token>` shows the page's draft, as visitors will see
 * it, to whoever has the link, until it expires or is revoked. The token names the page, the link's
 * row (preview_links, issue 34) and the moment it ends, signed with the server's `previewLink`
 * secret (shared by all nodes): it cannot be made for another page or made to last longer, and a
 * forged one is turned down before the database is asked. The link works only while its row exists:
 * revoking deletes the row.
 */

/** How long a link lasts unless asked otherwise, and at most (hours). */
export const PREVIEW_HOURS = { standard: 24, max: 24 * 14 } as const;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`preview|${payload}`).digest('base64url');

export function previewToken(secret: string, link: { id: string; pageId: string; expiresAt: Date }): string {
  const payload = `${link.pageId}.${link.id}.${Math.floor(link.expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/**
 * The page and link a token names while it is signed and not expired; null when it is forged,
 * malformed or expired. Whether the link was revoked is its row's to say.
 */
export function readPreviewToken(
  secret: string,
  token: string,
  now: number,
): { pageId: string; linkId: string } | null {
  if (token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [pageId = '', linkId = '', expiry = '', signature = ''] = parts;
  if (!isGuid(pageId) || !isGuid(linkId)) return null;
  const expected = Buffer.from(sign(secret, `${pageId}.${linkId}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = Number.parseInt(expiry, 36) * 1000;
  return Number.isFinite(expiresAt) && expiresAt > now ? { pageId, linkId } : null;
}
