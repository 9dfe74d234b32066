import { describe, expect, it } from 'vitest';
import { previewToken, readPreviewToken } from './preview.ts';

const PAGE = '6a1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const LINK = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';
const SECRET = 'een-geheim';

describe('preview tokens', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const token = previewToken(SECRET, { id: LINK, pageId: PAGE, expiresAt: new Date(now + 3_600_000) });

  it('name their page and link until they expire', () => {
    expect(readPreviewToken(SECRET, token, now)).toEqual({ pageId: PAGE, linkId: LINK });
    expect(readPreviewToken(SECRET, token, now + 3_600_000)).toBeNull();
  });

  it('cannot be made for another page or link, made to last longer, or signed with another secret', () => {
    const [, , expiry, signature] = token.split('.');
    const other = '7b2f3c4d-5e6f-4a70-8b8c-9d0e1f2a3b4c';
    expect(readPreviewToken(SECRET, `${other}.${LINK}.${expiry}.${signature}`, now)).toBeNull();
    expect(readPreviewToken(SECRET, `${PAGE}.${other}.${expiry}.${signature}`, now)).toBeNull();
    const later = (Number.parseInt(expiry ?? '', 36) + 86_400).toString(36);
    expect(readPreviewToken(SECRET, `${PAGE}.${LINK}.${later}.${signature}`, now)).toBeNull();
    expect(readPreviewToken('ander-geheim', token, now)).toBeNull();
  });

  it('turn down anything else, and the links of before (no row to revoke)', () => {
    const [, , expiry, signature] = token.split('.');
    for (const value of [
      '',
      '.',
      '...',
      'a.b.c.d',
      `${token}.x`,
      token.slice(0, -1),
      'x'.repeat(500),
      '__proto__.1.2.3',
      `${PAGE}.${expiry}.${signature}`,
    ]) {
      expect(readPreviewToken(SECRET, value, now)).toBeNull();
    }
  });
});
