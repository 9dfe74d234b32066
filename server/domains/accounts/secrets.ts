import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token for cookies, mailed links and API tokens (URL-safe). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak does not leak sign-ins. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
