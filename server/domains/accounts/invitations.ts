import { and, asc, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { type InvitationRow, invitations, type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { MAIL_TEMPLATES } from '../../mail/templates.ts';
import type { Actor } from '../../policies/index.ts';
import type { TableQuery } from '../../routes/common-schemas.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import { runCommand } from '../write.ts';
import { insertUser, type OpenedSession } from './commands.ts';
import { hashToken, randomToken } from './secrets.ts';
import { createSession } from './sessions.ts';

type Writer = { db: Executor; actor: Actor };

/** SPEC 3 invitation results. */
export type InvitationResult = 'Success' | 'NotFound' | 'Unauthorized' | 'BadRequest' | 'Failed' | 'Expired';

export const DEFAULT_INVITATION_DAYS = 14;

export function presentInvitation(row: InvitationRow) {
  return {
    guid: row.id,
    email: row.email,
    roleIds: row.roleIds,
    isContentManager: row.isContentManager,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    status: row.acceptedAt
      ? 'accepted'
      : row.revokedAt
        ? 'revoked'
        : row.expiresAt <= new Date()
          ? 'expired'
          : 'open',
  } as const;
}

export async function createInvitation(
  ctx: Writer,
  options: {
    mailer: Mailer;
    origin: string;
    input: {
      email: string;
      roleIds: string[];
      isContentManager: boolean;
      locale: Locale;
      expiresInDays?: number | undefined;
    };
  },
) {
  const { input } = options;
  const code = randomToken(24);
  const row = await runCommand<InvitationRow>(
    ctx,
    {
      action: 'invitation.create',
      scope: 'private',
      target: (created) => created.id,
      data: (created) => ({ email: created.email }),
    },
    async (tx) => {
      const [created] = await tx
        .insert(invitations)
        .values({
          codeHash: hashToken(code),
          email: input.email.trim(),
          roleIds: input.roleIds,
          isContentManager: input.isContentManager,
          locale: input.locale,
          createdBy: ctx.actor.user?.id ?? null,
          expiresAt: new Date(
            Date.now() + (input.expiresInDays ?? DEFAULT_INVITATION_DAYS) * 24 * 60 * 60_000,
          ),
        })
        .returning();
      if (!created) throw new Error('invitation not created');
      return created;
    },
  );
  const settings = await getPlatformSettings(ctx.db);
  await options.mailer.send(
    MAIL_TEMPLATES.invitation[input.locale]({
      to: row.email,
      siteName: settings.platformName,
      url: `${options.origin}/invitation/${code}`,
    }),
  );
  return row;
}

export const INVITATION_SORT_KEYS = ['createdAt', 'email', 'expiresAt'] as const;
export type InvitationSortKey = (typeof INVITATION_SORT_KEYS)[number];

/** One page of the invitations table (searched by e-mail address), and how many match in all. */
export async function listInvitations(db: Executor, query: TableQuery<InvitationSortKey>) {
  const where = query.search
    ? ilike(invitations.email, `%${query.search.replace(/[%_\\]/g, '\\$&')}%`)
    : undefined;
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const column = {
    createdAt: invitations.createdAt,
    email: sql`lower(${invitations.email})`,
    expiresAt: invitations.expiresAt,
  }[query.sortBy];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invitations)
      .where(where)
      .orderBy(direction(column), asc(invitations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(invitations).where(where),
  ]);
  return { items: rows.map(presentInvitation), total: total?.value ?? 0 };
}

export async function revokeInvitation(ctx: Writer, id: string) {
  await runCommand(ctx, { action: 'invitation.revoke', scope: 'private', target: id }, async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning({ id: invitations.id });
    if (!row) throw new AppError('not_found', 'invitation not found');
  });
}

/** The invitation behind a code and what state it is in. Revoked counts as not found. */
export async function invitationStatus(
  db: Executor,
  code: string,
): Promise<{
  result: 'Success' | 'NotFound' | 'Failed' | 'Expired';
  invitation?: InvitationRow;
  hasAccount?: boolean;
}> {
  if (code.length < 16 || code.length > 100) return { result: 'NotFound' };
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.codeHash, hashToken(code)))
    .limit(1);
  if (!row || row.revokedAt) return { result: 'NotFound' };
  if (row.acceptedAt) return { result: 'Failed', invitation: row };
  if (row.expiresAt <= new Date()) return { result: 'Expired', invitation: row };
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.email.toLowerCase()}`)
    .limit(1);
  return { result: 'Success', invitation: row, hasAccount: account !== undefined };
}

export type AcceptOutcome =
  | { result: Exclude<InvitationResult, 'Success'> }
  | { result: 'Success'; user: UserRow; session: OpenedSession['session'] | null };

/** A second accept of the same invitation lost the race for it. */
class AlreadyClaimed extends Error {}

/**
 * Accepts an invitation for the signed-in user, or creates the account (the mailed code proves the
 * address, so it is verified at once). The invitation's roles are added to the user's. Works once.
 */
export async function acceptInvitation(
  ctx: Writer,
  options: {
    code: string;
    user: UserRow | null;
    signUp?: { password: string; firstName?: string | undefined; lastName?: string | undefined } | undefined;
    client: { ip: string; userAgent: string };
  },
): Promise<AcceptOutcome> {
  const status = await invitationStatus(ctx.db, options.code);
  if (status.result !== 'Success') return { result: status.result };
  const invitation = status.invitation!;
  if (!options.user && !options.signUp) return { result: 'Unauthorized' };
  try {
    return await runCommand<Extract<AcceptOutcome, { result: 'Success' }>>(
      ctx,
      {
        action: 'invitation.accept',
        scope: 'private',
        target: invitation.id,
        actorId: (outcome) => outcome.user.id,
      },
      async (tx) => {
        const user =
          options.user ??
          (await insertUser(tx, { email: invitation.email, ...options.signUp!, locale: invitation.locale }));
        // Claim the invitation first: a second, concurrent accept finds it taken.
        const [claimed] = await tx
          .update(invitations)
          .set({ acceptedAt: new Date(), acceptedBy: user.id })
          .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
          .returning({ id: invitations.id });
        if (!claimed) throw new AlreadyClaimed();
        const [updated] = await tx
          .update(users)
          .set({
            roleIds: [...new Set([...user.roleIds, ...invitation.roleIds])],
            isContentManager: user.isContentManager || invitation.isContentManager,
            emailVerifiedAt:
              user.emailVerifiedAt ??
              (user.email.toLowerCase() === invitation.email.toLowerCase() ? new Date() : null),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id))
          .returning();
        // Someone who signs up through the invitation is signed in at once.
        const session = options.user ? null : await createSession(tx, { userId: user.id, ...options.client });
        return { result: 'Success' as const, user: updated ?? user, session };
      },
    );
  } catch (error) {
    if (error instanceof AlreadyClaimed) return { result: 'Failed' };
    throw error;
  }
}
