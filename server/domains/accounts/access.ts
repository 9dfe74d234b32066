import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiTokens, sessions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { runCommand } from '../write.ts';
import { hashToken, randomToken } from './secrets.ts';

/** The security page's records: a user's own sessions and personal API tokens. */

const TOKEN_PREFIX = 'bst_';

type Writer = { db: Executor; actor: Actor };

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
  ctx: Writer,
  input: { userId: string; name: string; expiresInDays?: number | undefined },
) {
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const row = await runCommand<typeof apiTokens.$inferSelect>(
    ctx,
    {
      action: 'apiToken.create',
      scope: 'private',
      target: (created) => created.id,
      data: { name: input.name },
      actorId: input.userId,
    },
    async (tx) => {
      const [created] = await tx
        .insert(apiTokens)
        .values({
          userId: input.userId,
          name: input.name,
          tokenHash: hashToken(token),
          prefix: token.slice(0, TOKEN_PREFIX.length + 6),
          expiresAt: input.expiresInDays
            ? new Date(Date.now() + input.expiresInDays * 24 * 60 * 60_000)
            : null,
        })
        .returning();
      if (!created) throw new Error('token not created');
      return created;
    },
  );
  return { guid: row.id, token };
}

export async function revokeApiToken(ctx: Writer, input: { userId: string; tokenId: string }) {
  await runCommand(
    ctx,
    { action: 'apiToken.revoke', scope: 'private', target: input.tokenId },
    async (tx) => {
      const [row] = await tx
        .update(apiTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(apiTokens.id, input.tokenId),
            eq(apiTokens.userId, input.userId),
            isNull(apiTokens.revokedAt),
          ),
        )
        .returning({ id: apiTokens.id });
      if (!row) throw new AppError('not_found', 'token not found');
    },
  );
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

/** Ends one of the user's sessions, named by its public id (never the cookie's hash). */
export async function revokeSessionOfUser(ctx: Writer, input: { userId: string; publicId: string }) {
  await runCommand(
    ctx,
    { action: 'session.revoke', scope: 'private', target: input.publicId },
    async (tx) => {
      const [row] = await tx
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
    },
  );
}

/** Signing out: the session of this request ends. */
export async function signOut(ctx: Writer, sessionId: string) {
  await runCommand(
    ctx,
    {
      action: 'session.signOut',
      scope: 'private',
      target: (publicId: string | null) => publicId,
    },
    async (tx) => {
      const [row] = await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ publicId: sessions.publicId });
      return row?.publicId ?? null;
    },
  );
}

/**
 * Ends the user's sessions (but `keepSessionId`, the one asking) and, unless `keepTokens`, their API
 * tokens: a deactivated account keeps no way in; a changed password keeps the tokens. Part of the
 * calling command's transaction.
 */
export async function endAccess(
  tx: Executor,
  userId: string,
  options: { keepSessionId?: string | null | undefined; keepTokens?: boolean } = {},
) {
  const now = new Date();
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.keepSessionId ? sql`${sessions.id} <> ${options.keepSessionId}` : undefined,
      ),
    );
  if (options.keepTokens) return;
  await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}
