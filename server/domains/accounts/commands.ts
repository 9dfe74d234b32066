import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { passwordProblem } from '../../../common/auth.ts';
import type { Locale } from '../../../common/localized-text.ts';
import type { Database, Executor } from '../../db/client.ts';
import { type SessionRow, signInAttempts, type UserRow, users, userTokens } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { MAIL_TEMPLATES, SIGN_IN_ATTACK_MAIL } from '../../mail/templates.ts';
import type { Actor } from '../../policies/index.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import { runCommand } from '../write.ts';
import { endAccess } from './access.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { type PropertyValue, saveProperties } from './profiles.ts';
import { findUserByEmail } from './queries.ts';
import { hashToken, randomToken } from './secrets.ts';
import { createSession } from './sessions.ts';
import {
  acceptProof,
  claimAttackNotice,
  identifyCaller,
  isAccountUnderAttack,
  type Reservation,
  releaseAttempt,
  rememberAddress,
  reserveAttempt,
  SIGN_IN_LIMITS,
} from './sign-in-limits.ts';

/** The account commands: sign-up and sign-in, passwords, e-mail verification, deletion. */

type Writer = { db: Executor; actor: Actor };

export function assertStrongPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError('weak_password', `password ${problem}`);
}

export type NewAccount = {
  email: string;
  password: string;
  firstName?: string | undefined;
  middleName?: string | undefined;
  lastName?: string | undefined;
  locale: Locale;
};

/** Inserts an account (part of the sign-up or invitation command that calls it). */
export async function insertUser(tx: Executor, input: NewAccount): Promise<UserRow> {
  assertStrongPassword(input.password);
  if (await findUserByEmail(tx, input.email)) throw new AppError('email_taken');
  const passwordHash = await hashPassword(input.password);
  const [user] = await tx
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
  return user;
}

type Client = { ip: string; userAgent: string };
export type OpenedSession = {
  user: UserRow;
  session: { token: string; xsrfToken: string; session: SessionRow };
};

/** A new account that signs in at once. */
export async function signUp(ctx: Writer, input: NewAccount & { client: Client }): Promise<OpenedSession> {
  return runCommand(
    ctx,
    {
      action: 'user.signUp',
      scope: 'private',
      target: (opened) => opened.user.id,
      actorId: (opened) => opened.user.id,
    },
    async (tx) => {
      const user = await insertUser(tx, input);
      return { user, session: await createSession(tx, { userId: user.id, ...input.client }) };
    },
  );
}

// Verifying against a real hash when the account does not exist keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

type SignInWriter = Writer & { db: Database; mailer: Mailer; log: FastifyBaseLogger };

/**
 * Signs in with e-mail and password. The attempt is counted before the password is checked
 * (`sign-in-limits.ts`): past a limit it is refused with 429 `rate_limited`, without a check, unless
 * it brings a proof of work for this account and address. A failure is recorded (audited) and
 * committed before the caller gets its 401; the one that reaches the account's limit tells the
 * owner by mail, once a window.
 */
export async function signIn(
  ctx: SignInWriter,
  input: { email: string; password: string; proof?: string | undefined; client: Client & { origin: string } },
): Promise<OpenedSession> {
  const { ip } = input.client;
  const user = await findUserByEmail(ctx.db, input.email);
  const caller = await identifyCaller(ctx.db, { email: input.email, ip, user });
  const reservation = await reserveAttempt(ctx.db, caller);
  if (reservation.isOver) {
    const proof = await acceptProof(ctx.db, caller, input.proof);
    if (proof !== 'valid') {
      await releaseAttempt(ctx.db, reservation);
      if (proof === 'invalid')
        throw new AppError('proof_failed', 'wrong, expired or used sign-in proof of work');
      throw new AppError('rate_limited', 'too many failed sign-in attempts: a proof of work is needed');
    }
  }
  dummyHash ??= hashPassword(randomToken());
  const isValid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await dummyHash, input.password)) && false;
  const attempt = { email: caller.email, ip, isSuccess: isValid };
  if (!user || !isValid) {
    await runCommand(
      ctx,
      {
        action: 'user.signInFailed',
        scope: 'private',
        target: user?.id ?? null,
        actorId: null,
        data: { ip },
      },
      async (tx) => {
        await tx.insert(signInAttempts).values(attempt);
      },
    );
    if (user && isAccountUnderAttack(caller, reservation))
      await tellOwner(ctx, user, reservation, input.client.origin);
    throw new AppError('invalid_credentials');
  }
  await releaseAttempt(ctx.db, reservation);
  return runCommand(
    ctx,
    { action: 'user.signIn', scope: 'private', target: user.id, actorId: user.id, data: { ip } },
    async (tx) => {
      await tx.insert(signInAttempts).values(attempt);
      await rememberAddress(tx, caller);
      await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
      return { user, session: await createSession(tx, { userId: user.id, ...input.client }) };
    },
  );
}

/** The owner hears that their account is being attacked: once a window, and a mail that fails is only logged. */
async function tellOwner(ctx: SignInWriter, user: UserRow, reservation: Reservation, origin: string) {
  if (!(await claimAttackNotice(ctx.db, user.id, reservation))) return;
  try {
    const settings = await getPlatformSettings(ctx.db);
    await ctx.mailer.send(
      SIGN_IN_ATTACK_MAIL[user.locale]({
        to: user.email,
        siteName: settings.platformName,
        name: user.firstName,
        attempts: SIGN_IN_LIMITS.perAccount,
        windowMinutes: SIGN_IN_LIMITS.windowMinutes,
        resetUrl: `${origin}/forgot-password`,
      }),
    );
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'the mail about failed sign-ins could not be sent');
  }
}

async function assertPassword(user: UserRow, password: string) {
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('wrong_password');
  }
}

/** A new password; every other browser signs in again with it (API tokens stay). */
export async function changePassword(
  ctx: Writer,
  input: { user: UserRow; currentPassword: string; newPassword: string; keepSessionId: string | null },
): Promise<void> {
  await assertPassword(input.user, input.currentPassword);
  assertStrongPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await runCommand(
    ctx,
    { action: 'user.changePassword', scope: 'private', target: input.user.id },
    async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, input.user.id));
      await endAccess(tx, input.user.id, { keepSessionId: input.keepSessionId, keepTokens: true });
    },
  );
}

const TOKEN_LIFETIME_MS = { verifyEmail: 24 * 60 * 60_000, resetPassword: 60 * 60_000 } as const;
type TokenKind = keyof typeof TOKEN_LIFETIME_MS;

/** A mailed token (stored as its hash): part of the mail it goes out in, which is not audited. */
async function issueUserToken(db: Executor, userId: string, kind: TokenKind): Promise<string> {
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
async function consumeUserToken(tx: Executor, token: string, kind: TokenKind): Promise<UserRow> {
  const [row] = await tx
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
  const [user] = row ? await tx.select().from(users).where(eq(users.id, row.userId)).limit(1) : [];
  if (!user) throw new AppError('token_invalid');
  return user;
}

const TOKEN_PAGES = { verifyEmail: 'verify-email', resetPassword: 'reset-password' } as const;

/** Issues a mailed token and sends the mail with its link, in the user's language. */
async function mailTokenLink(input: {
  db: Executor;
  mailer: Mailer;
  user: UserRow;
  origin: string;
  kind: TokenKind;
}): Promise<void> {
  const { user } = input;
  const token = await issueUserToken(input.db, user.id, input.kind);
  const settings = await getPlatformSettings(input.db);
  await input.mailer.send(
    MAIL_TEMPLATES[input.kind][user.locale]({
      to: user.email,
      siteName: settings.platformName,
      url: `${input.origin}/${TOKEN_PAGES[input.kind]}/${token}`,
      name: user.firstName,
    }),
  );
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
  try {
    await mailTokenLink({ ...options, kind: 'verifyEmail' });
  } catch {
    return 'Failed';
  }
  return 'Sent';
}

export async function verifyEmail(ctx: Writer, token: string): Promise<UserRow> {
  return runCommand(
    ctx,
    {
      action: 'user.verifyEmail',
      scope: 'private',
      target: (user) => user.id,
      actorId: (user) => user.id,
    },
    async (tx) => {
      const user = await consumeUserToken(tx, token, 'verifyEmail');
      const [updated] = await tx
        .update(users)
        .set({ emailVerifiedAt: user.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return updated ?? user;
    },
  );
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
  try {
    await mailTokenLink({ ...options, user, kind: 'resetPassword' });
  } catch (error) {
    options.log.warn({ err: error }, 'password reset mail could not be sent');
  }
}

/** A new password with the mailed token; every session ends. */
export async function resetPassword(
  ctx: Writer,
  input: { token: string; password: string },
): Promise<UserRow> {
  assertStrongPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return runCommand(
    ctx,
    {
      action: 'user.resetPassword',
      scope: 'private',
      target: (user) => user.id,
      actorId: (user) => user.id,
    },
    async (tx) => {
      const user = await consumeUserToken(tx, input.token, 'resetPassword');
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      await endAccess(tx, user.id, { keepTokens: true });
      return user;
    },
  );
}

/** Deletes the account after the password is confirmed; the last admin cannot leave. */
export async function deleteOwnAccount(ctx: Writer, input: { user: UserRow; password: string }) {
  await assertPassword(input.user, input.password);
  await runCommand(
    ctx,
    { action: 'user.deleteAccount', scope: 'private', target: input.user.id, actorId: null },
    async (tx) => {
      if (input.user.isAdmin) {
        const [admins] = await tx.select({ value: count() }).from(users).where(eq(users.isAdmin, true));
        if ((admins?.value ?? 0) <= 1)
          throw new AppError('conflict', 'the last admin cannot delete their account');
      }
      await tx.delete(users).where(eq(users.id, input.user.id));
    },
  );
}

/** What an admin may change about an account (SPEC 6). */
export type AccountUpdate = {
  firstName?: string | undefined;
  middleName?: string | undefined;
  lastName?: string | undefined;
  isActive?: boolean | undefined;
  isAdmin?: boolean | undefined;
  isContentManager?: boolean | undefined;
  isDeveloper?: boolean | undefined;
  isMett?: boolean | undefined;
  roleIds?: string[] | undefined;
  /** Profile property values, checked by the caller (propertyProblems); empty removes one. */
  properties?: PropertyValue[] | undefined;
};

/** An admin changes an account. Deactivating it ends every session and API token it has. */
export async function updateUser(ctx: Writer, target: UserRow, update: AccountUpdate): Promise<UserRow> {
  const { properties = [], ...fields } = update;
  const isDeactivation = fields.isActive === false && target.isActive;
  return runCommand(
    ctx,
    {
      action: 'user.update',
      scope: 'private',
      target: target.id,
      data: {
        fields: Object.keys(fields),
        ...(properties.length > 0 ? { properties: properties.map((property) => property.key) } : {}),
        ...(isDeactivation ? { endedAccess: true } : {}),
      },
    },
    async (tx) => {
      const [saved] = await tx
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, target.id))
        .returning();
      await saveProperties(tx, target.id, properties);
      if (isDeactivation) await endAccess(tx, target.id);
      return saved ?? target;
    },
  );
}

// Account administration (admin area)

/**
 * An admin erases an account: the row and what hangs on it (sessions, tokens, properties) go; what
 * they made stays and the audit trail keeps their id, which no longer names anyone, so presenters
 * show "removed user". The last admin cannot be erased.
 */
export async function eraseUser(ctx: Writer, target: UserRow): Promise<void> {
  await runCommand(ctx, { action: 'user.erase', scope: 'private', target: target.id }, async (tx) => {
    if (target.isAdmin) {
      const [admins] = await tx.select({ value: count() }).from(users).where(eq(users.isAdmin, true));
      if ((admins?.value ?? 0) <= 1) throw new AppError('conflict', 'the last admin cannot be erased');
    }
    const [row] = await tx.delete(users).where(eq(users.id, target.id)).returning({ id: users.id });
    if (!row) throw new AppError('not_found', 'user not found');
  });
}

/** An admin ends every session of an account (its API tokens stay). */
export async function revokeAllSessions(ctx: Writer, target: UserRow): Promise<void> {
  await runCommand(ctx, { action: 'user.revokeSessions', scope: 'private', target: target.id }, (tx) =>
    endAccess(tx, target.id, { keepTokens: true }),
  );
}

/** An admin mails the verification link again; the outcome is the audit event's data. */
export async function resendVerificationMail(
  ctx: Writer & { mailer: Mailer; origin: string },
  target: UserRow,
): Promise<VerificationMailOutcome> {
  return runCommand(
    ctx,
    {
      action: 'user.resendVerification',
      scope: 'private',
      target: target.id,
      data: (outcome) => ({ outcome }),
    },
    (tx) => sendVerificationMail({ db: tx, mailer: ctx.mailer, user: target, origin: ctx.origin }),
  );
}
