import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { apiTokens, sessions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { audit } from './accounts.ts';
import { hashToken, randomToken } from './secrets.ts';

const TOKEN_PREFIX = 'bst_';

export async function listApiTokens(db: Executor, userId: string) {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map((row) => ({
    guid: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }));
}

/** Creates a personal API token; the token itself is returned this once and stored only as a hash. */
export async function createApiToken(
  db: Executor,
  input: { userId: string; name: string; expiresInDays?: number | undefined },
) {
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: input.userId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 24 * 60 * 60_000) : null,
    })
    .returning();
  if (!row) throw new Error('token not created');
  await audit(db, {
    actorId: input.userId,
    action: 'createApiToken',
    entityType: 'apiToken',
    entityId: row.id,
    data: { name: input.name },
  });
  return { guid: row.id, token };
}

export async function revokeApiToken(db: Executor, input: { userId: string; tokenId: string }) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(apiTokens.id, input.tokenId), eq(apiTokens.userId, input.userId), isNull(apiTokens.revokedAt)),
    )
    .returning({ id: apiTokens.id });
  if (!row) throw new AppError('not_found', 'token not found');
  await audit(db, {
    actorId: input.userId,
    action: 'revokeApiToken',
    entityType: 'apiToken',
    entityId: row.id,
  });
}

export async function listSessions(db: Executor, input: { userId: string; currentSessionId: string | null }) {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.userId, input.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((row) => ({
    guid: row.publicId,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    isCurrent: row.id === input.currentSessionId,
  }));
}

export async function revokeSessionOfUser(db: Executor, input: { userId: string; publicId: string }) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.publicId, input.publicId),
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  if (!row) throw new AppError('not_found', 'session not found');
  await audit(db, { actorId: input.userId, action: 'revokeSession', entityType: 'session' });
}

/** Ends every session and token of a user (deactivation, account deletion). */
export async function revokeAllAccess(db: Executor, userId: string) {
  const now = new Date();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), or(isNull(apiTokens.revokedAt))));
}
