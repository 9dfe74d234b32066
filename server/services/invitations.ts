import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../common/localized-text.ts';
import type { Executor } from '../db/client.ts';
import { invitations, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { MAIL_TEMPLATES } from '../mail/templates.ts';
import { audit, createUser } from './accounts.ts';
import { getPlatformSettings } from './platform-settings.ts';
import { hashToken, randomToken } from './secrets.ts';
import type { UserRow } from './sessions.ts';

/** SPEC 3 invitation results. */
export type InvitationResult = 'Success' | 'NotFound' | 'Unauthorized' | 'BadRequest' | 'Failed' | 'Expired';

export type InvitationRow = typeof invitations.$inferSelect;

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

export async function createInvitation(options: {
  db: Executor;
  mailer: Mailer;
  origin: string;
  actorId: string;
  input: {
    email: string;
    roleIds: string[];
    isContentManager: boolean;
    locale: Locale;
    expiresInDays?: number | undefined;
  };
}) {
  const { db, input } = options;
  const code = randomToken(24);
  const [row] = await db
    .insert(invitations)
    .values({
      codeHash: hashToken(code),
      email: input.email.trim(),
      roleIds: input.roleIds,
      isContentManager: input.isContentManager,
      locale: input.locale,
      createdBy: options.actorId,
      expiresAt: new Date(Date.now() + (input.expiresInDays ?? DEFAULT_INVITATION_DAYS) * 24 * 60 * 60_000),
    })
    .returning();
  if (!row) throw new Error('invitation not created');
  await audit(db, {
    actorId: options.actorId,
    action: 'invite',
    entityType: 'invitation',
    entityId: row.id,
    data: { email: row.email },
  });
  const settings = await getPlatformSettings(db);
  await options.mailer.send(
    MAIL_TEMPLATES.invitation[input.locale]({
      to: row.email,
      siteName: settings.platformName,
      url: `${options.origin}/invitation/${code}`,
    }),
  );
  return row;
}

export async function listInvitations(db: Executor) {
  const rows = await db.select().from(invitations).orderBy(desc(invitations.createdAt)).limit(500);
  return rows.map(presentInvitation);
}

export async function revokeInvitation(db: Executor, input: { id: string; actorId: string }) {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.id, input.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  if (!row) throw new AppError('not_found', 'invitation not found');
  await audit(db, {
    actorId: input.actorId,
    action: 'revokeInvitation',
    entityType: 'invitation',
    entityId: row.id,
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

/**
 * Accepts an invitation for the signed-in user, or creates the account (the mailed code proves the
 * address, so it is verified at once). The invitation's roles are added to the user's. Works once.
 */
export async function acceptInvitation(options: {
  db: Executor;
  code: string;
  user: UserRow | null;
  signUp?: { password: string; firstName?: string | undefined; lastName?: string | undefined } | undefined;
}): Promise<{ result: InvitationResult; user?: UserRow }> {
  const { db } = options;
  return db.transaction(async (tx) => {
    const status = await invitationStatus(tx, options.code);
    if (status.result !== 'Success' || !status.invitation) return { result: status.result };
    const invitation = status.invitation;
    let user = options.user;
    if (!user) {
      if (!options.signUp) return { result: 'Unauthorized' };
      user = await createUser(tx, { email: invitation.email, ...options.signUp, locale: invitation.locale });
    }
    // Claim the invitation first: a second, concurrent accept finds it taken.
    const [claimed] = await tx
      .update(invitations)
      .set({ acceptedAt: new Date(), acceptedBy: user.id })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!claimed) return { result: 'Failed' };
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
    await audit(tx, {
      actorId: user.id,
      action: 'acceptInvitation',
      entityType: 'invitation',
      entityId: invitation.id,
    });
    return { result: 'Success', user: updated ?? user };
  });
}
