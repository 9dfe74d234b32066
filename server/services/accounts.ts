import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordProblem } from '../../common/auth.ts';
import type { Locale } from '../../common/localized-text.ts';
import type { Executor } from '../db/client.ts';
import { auditEvents, sessions, signInAttempts, userProperties, users, userTokens } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { MAIL_TEMPLATES } from '../mail/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { getPlatformSettings } from './platform-settings.ts';
import { hashToken, randomToken } from './secrets.ts';
import type { UserRow } from './sessions.ts';

/** SPEC 3 user roles, derived from the account's flags. */
export type UserRole = 'User' | 'VerifiedUser' | 'ContentManager' | 'Admin' | 'Mett' | 'Developer';

export function userRoles(user: UserRow): UserRole[] {
  const roles: UserRole[] = ['User'];
  if (user.emailVerifiedAt) roles.push('VerifiedUser');
  if (user.isContentManager) roles.push('ContentManager');
  if (user.isAdmin) roles.push('Admin');
  if (user.isMett) roles.push('Mett');
  if (user.isDeveloper) roles.push('Developer');
  return roles;
}

/** The application user as the client sees it (SPEC 3). Never a hash, token or session id. */
export async function presentApplicationUser(db: Executor, user: UserRow) {
  const properties = await db
    .select({ key: userProperties.key, value: userProperties.value })
    .from(userProperties)
    .where(eq(userProperties.userId, user.id))
    .orderBy(userProperties.key);
  return {
    guid: user.id,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    email: user.email,
    isAdmin: user.isAdmin,
    isContentManager: user.isContentManager,
    isMett: user.isMett,
    isDeveloper: user.isDeveloper,
    isActive: user.isActive,
    isEmailVerified: user.emailVerifiedAt !== null,
    roleIds: user.roleIds,
    roles: userRoles(user),
    locale: user.locale,
    properties,
    termsOfUseVersionAccepted: user.termsOfUseVersionAccepted,
  };
}
export type ApplicationUser = Awaited<ReturnType<typeof presentApplicationUser>>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user;
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export function assertStrongPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError('weak_password', `password ${problem}`);
}

export async function audit(
  db: Executor,
  event: {
    actorId: string | null;
    action: string;
    entityType: string;
    entityId?: string | null;
    data?: Record<string, unknown>;
  },
) {
  await db.insert(auditEvents).values({
    actorId: event.actorId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId ?? null,
    data: event.data ?? null,
  });
}

export async function createUser(
  db: Executor,
  input: {
    email: string;
    password: string;
    firstName?: string;
    middleName?: string;
    lastName?: string;
    locale: Locale;
  },
): Promise<UserRow> {
  assertStrongPassword(input.password);
  if (await findUserByEmail(db, input.email)) throw new AppError('email_taken');
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.trim(),
      passwordHash,
      firstName: input.firstName?.trim() ?? '',
      middleName: input.middleName?.trim() ?? '',
      lastName: input.lastName?.trim() ?? '',
      locale: input.locale,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent sign-up with the same address lost the race on the unique index.
  if (!user) throw new AppError('email_taken');
  await audit(db, { actorId: user.id, action: 'signUp', entityType: 'user', entityId: user.id });
  return user;
}

/** SPEC-style sign-in limits: failures per account and per address in a sliding window. */
export const SIGN_IN_LIMITS = { windowMinutes: 15, perAccount: 5, perAddress: 20 } as const;

export async function assertSignInAllowed(db: Executor, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - SIGN_IN_LIMITS.windowMinutes * 60_000);
  const [byAccount] = await db
    .select({ value: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, normalizeEmail(email)),
        eq(signInAttempts.isSuccess, false),
        gt(signInAttempts.at, since),
      ),
    );
  const [byAddress] = await db
    .select({ value: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), eq(signInAttempts.isSuccess, false), gt(signInAttempts.at, since)));
  if (
    (byAccount?.value ?? 0) >= SIGN_IN_LIMITS.perAccount ||
    (byAddress?.value ?? 0) >= SIGN_IN_LIMITS.perAddress
  ) {
    throw new AppError('rate_limited', 'too many failed sign-in attempts');
  }
}

// Verifying against a real hash when the account does not exist keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

export async function signIn(
  db: Executor,
  input: { email: string; password: string; ip: string },
): Promise<UserRow> {
  await assertSignInAllowed(db, input.email, input.ip);
  const user = await findUserByEmail(db, input.email);
  dummyHash ??= hashPassword(randomToken());
  const isValid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await dummyHash, input.password)) && false;
  await db
    .insert(signInAttempts)
    .values({ email: normalizeEmail(input.email), ip: input.ip, isSuccess: isValid });
  if (!user || !isValid) throw new AppError('invalid_credentials');
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
  await audit(db, {
    actorId: user.id,
    action: 'signIn',
    entityType: 'user',
    entityId: user.id,
    data: { ip: input.ip },
  });
  return user;
}

export async function changePassword(
  db: Executor,
  input: { user: UserRow; currentPassword: string; newPassword: string; keepSessionId?: string | undefined },
): Promise<void> {
  if (!input.user.passwordHash || !(await verifyPassword(input.user.passwordHash, input.currentPassword))) {
    throw new AppError('wrong_password');
  }
  assertStrongPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
      .where(eq(users.id, input.user.id));
    // Every other browser signs in again with the new password.
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, input.user.id),
          isNull(sessions.revokedAt),
          input.keepSessionId ? sql`${sessions.id} <> ${input.keepSessionId}` : sql`true`,
        ),
      );
    await audit(tx, {
      actorId: input.user.id,
      action: 'changePassword',
      entityType: 'user',
      entityId: input.user.id,
    });
  });
}

const TOKEN_LIFETIME_MS = { verifyEmail: 24 * 60 * 60_000, resetPassword: 60 * 60_000 } as const;

async function issueUserToken(
  db: Executor,
  userId: string,
  kind: 'verifyEmail' | 'resetPassword',
): Promise<string> {
  const token = randomToken();
  await db.insert(userTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
  });
  return token;
}

/** Marks a mailed token used and returns its user, or throws token_invalid (unknown, expired, used). */
async function consumeUserToken(
  db: Executor,
  token: string,
  kind: 'verifyEmail' | 'resetPassword',
): Promise<UserRow> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  const user = row ? await findUser(db, row.userId) : undefined;
  if (!user) throw new AppError('token_invalid');
  return user;
}

export const VERIFICATION_MAIL_LIMITS = { minIntervalSeconds: 60, maxPerDay: 5 } as const;

export type VerificationMailOutcome =
  | 'Sent'
  | 'TooSoon'
  | 'Abused'
  | 'NotFound'
  | 'Unauthorized'
  | 'BadRequest'
  | 'Failed'
  | 'AlreadyVerified';

export async function sendVerificationMail(options: {
  db: Executor;
  mailer: Mailer;
  user: UserRow;
  origin: string;
}): Promise<VerificationMailOutcome> {
  const { db, user } = options;
  if (user.emailVerifiedAt) return 'AlreadyVerified';
  const recent = await db
    .select({ createdAt: userTokens.createdAt })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, user.id),
        eq(userTokens.kind, 'verifyEmail'),
        gt(userTokens.createdAt, new Date(Date.now() - 24 * 60 * 60_000)),
      ),
    )
    .orderBy(desc(userTokens.createdAt));
  if (recent.length >= VERIFICATION_MAIL_LIMITS.maxPerDay) return 'Abused';
  const last = recent[0];
  if (last && Date.now() - last.createdAt.getTime() < VERIFICATION_MAIL_LIMITS.minIntervalSeconds * 1000)
    return 'TooSoon';
  const token = await issueUserToken(db, user.id, 'verifyEmail');
  const settings = await getPlatformSettings(db);
  try {
    await options.mailer.send(
      MAIL_TEMPLATES.verifyEmail[user.locale]({
        to: user.email,
        siteName: settings.platformName,
        url: `${options.origin}/verify-email/${token}`,
        name: user.firstName,
      }),
    );
  } catch {
    return 'Failed';
  }
  return 'Sent';
}

export async function verifyEmail(db: Executor, token: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await consumeUserToken(tx, token, 'verifyEmail');
    const [updated] = await tx
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await audit(tx, { actorId: user.id, action: 'verifyEmail', entityType: 'user', entityId: user.id });
    return updated ?? user;
  });
}

/** Always succeeds from the caller's point of view, so it does not reveal which addresses exist. */
export async function requestPasswordReset(options: {
  db: Executor;
  mailer: Mailer;
  email: string;
  origin: string;
  log: { warn(object: object, message: string): void };
}): Promise<void> {
  const { db } = options;
  const user = await findUserByEmail(db, options.email);
  if (!user?.isActive) return;
  const [recent] = await db
    .select({ value: count() })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, user.id),
        eq(userTokens.kind, 'resetPassword'),
        gt(userTokens.createdAt, new Date(Date.now() - 60 * 60_000)),
      ),
    );
  if ((recent?.value ?? 0) >= 5) return;
  const token = await issueUserToken(db, user.id, 'resetPassword');
  const settings = await getPlatformSettings(db);
  try {
    await options.mailer.send(
      MAIL_TEMPLATES.resetPassword[user.locale]({
        to: user.email,
        siteName: settings.platformName,
        url: `${options.origin}/reset-password/${token}`,
        name: user.firstName,
      }),
    );
  } catch (error) {
    options.log.warn({ err: error }, 'password reset mail could not be sent');
  }
}

export async function resetPassword(
  db: Executor,
  input: { token: string; password: string },
): Promise<UserRow> {
  assertStrongPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await consumeUserToken(tx, input.token, 'resetPassword');
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await audit(tx, { actorId: user.id, action: 'resetPassword', entityType: 'user', entityId: user.id });
    return user;
  });
}

/** The user's own recent events for the activity page: sign-ins, profile changes, tokens… */
export async function listOwnActivity(db: Executor, userId: string, limit = 100) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, userId),
        sql`${auditEvents.entityType} IN ('user', 'apiToken', 'session', 'invitation')`,
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(limit);
  return rows.map((row) => ({ at: row.at.toISOString(), action: row.action, entityType: row.entityType }));
}

/** Deletes the account after the password is confirmed; the last admin cannot leave. */
export async function deleteOwnAccount(db: Executor, input: { user: UserRow; password: string }) {
  if (!input.user.passwordHash || !(await verifyPassword(input.user.passwordHash, input.password))) {
    throw new AppError('wrong_password');
  }
  await db.transaction(async (tx) => {
    if (input.user.isAdmin) {
      const [admins] = await tx.select({ value: count() }).from(users).where(eq(users.isAdmin, true));
      if ((admins?.value ?? 0) <= 1)
        throw new AppError('conflict', 'the last admin cannot delete their account');
    }
    await tx.delete(users).where(eq(users.id, input.user.id));
    await audit(tx, { actorId: null, action: 'deleteAccount', entityType: 'user', entityId: input.user.id });
  });
}
