import { and, eq, isNull, sql } from 'drizzle-orm';
import { SESSION_LIFETIME_DAYS } from '../../../common/auth.ts';
import { type Executor, preparedPer } from '../../db/client.ts';
import type { ReadsUntilWrite } from '../../db/reads-until-write.ts';
import { apiTokens, type SessionRow, sessions, type UserRow, users } from '../../db/schema.ts';
import { hashToken, randomToken } from './secrets.ts';

/**
 * How a request proves who it is: a session cookie (with its XSRF twin) or a personal API token.
 * Both are stored only as hashes.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so reads don't turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Opens a session for a user who just proved who they are (part of the sign-in command). */
export async function createSession(
  db: Executor,
  input: { userId: string; userAgent: string; ip: string },
): Promise<{ token: string; xsrfToken: string; session: SessionRow }> {
  const token = randomToken();
  const xsrfToken = randomToken(24);
  const [session] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: input.userId,
      xsrfToken,
      userAgent: input.userAgent.slice(0, 300),
      ip: input.ip,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_DAYS * DAY_MS),
    })
    .returning();
  if (!session) throw new Error('session not created');
  return { token, xsrfToken, session };
}

/** Every signed-in request's read: prepared once (issue 29). */
const liveSession = preparedPer((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('live_session'),
);

/** The live session and its user for a cookie token, or null (unknown, revoked or expired). */
export async function findSession(
  db: Executor,
  token: string,
  /** Where the session's row may be kept until the next write (PGlite, server/db/reads-until-write.ts). */
  reads?: ReadsUntilWrite,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const now = new Date();
  const id = hashToken(token);
  const read = async () => {
    const [found] = await liveSession(db).execute({ id });
    return found ?? null;
  };
  const row = await (reads ? reads.get(`session:${id}`, read) : read());
  // Expiry is checked on every use, also of a kept row.
  if (!row || row.session.expiresAt <= now) return null;
  if (now.getTime() - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.session.id));
  }
  return row;
}

/** The live API token and its user for a bearer value, or null. */
export async function findApiToken(
  db: Executor,
  token: string,
): Promise<{ tokenId: string; user: UserRow } | null> {
  if (token.length < 20 || token.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row || (row.token.expiresAt && row.token.expiresAt <= now)) return null;
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.token.id));
  }
  return { tokenId: row.token.id, user: row.user };
}
