import { pickLocale } from '../../../common/localized-text.ts';
import { PROPERTY_CATEGORIES } from '../../../common/profile-properties.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { authorize, can, locksOutSelf } from '../../policies/index.ts';
import type { TableQuery } from '../../routes/common-schemas.ts';
import type { ProfileUpdate } from '../../routes/profiles/schema.ts';
import { describeActivity } from '../activity/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { findSubmissionsOfUser } from '../forms/queries.ts';
import { answerRows } from '../forms/view.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import {
  createApiToken,
  listApiTokens,
  listSessions,
  revokeApiToken,
  revokeSessionOfUser,
  signOut,
} from './access.ts';
import * as commands from './commands.ts';
import {
  countPropertyValues,
  createDefinition,
  type DefinitionInput,
  deleteDefinition,
  reorderDefinitions,
  updateDefinition,
} from './definitions.ts';
import {
  acceptInvitation,
  createInvitation,
  type InvitationSortKey,
  invitationStatus,
  listInvitations,
  revokeInvitation,
} from './invitations.ts';
import { propertyProblems, updateOwnProfile } from './profiles.ts';
import {
  findOwnActivity,
  findOwnActivityEvents,
  findUser,
  findUserActivity,
  findUserByEmail,
  findUserProperties,
  findUsersPage,
  loadPropertyDefinitions,
  type UserSortKey,
} from './queries.ts';
import {
  addRoleMember,
  createRole,
  deleteRole,
  findRole,
  findRolesPage,
  type RoleInput,
  type RoleSortKey,
  removeRoleMember,
  toRole,
  updateRole,
} from './roles.ts';
import { identifyCaller, newSignInChallenge } from './sign-in-limits.ts';
import { type ApplicationUser, toApplicationUser, toDefinitionForAdmin, toUserRow } from './view.ts';

/**
 * The accounts use-cases: each authorises, runs its commands and presents the result. Routes call
 * exactly one of these with the request's context.
 */

const clientOf = (ctx: Ctx) => ({ ip: ctx.client.ip, userAgent: ctx.client.userAgent });

/** Accounts as `ctx`'s actor may see them (operator-only properties only for operators). */
export async function presentUsers(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  rows: readonly UserRow[],
): Promise<ApplicationUser[]> {
  const [properties, definitions] = await Promise.all([
    findUserProperties(
      ctx.db,
      rows.map((row) => row.id),
    ),
    loadPropertyDefinitions(ctx.db),
  ]);
  return rows.map((row) => toApplicationUser(ctx.actor, row, properties.get(row.id) ?? [], definitions));
}

export async function presentUser(ctx: Pick<Ctx, 'db' | 'actor'>, row: UserRow): Promise<ApplicationUser> {
  const [user] = await presentUsers(ctx, [row]);
  return user!;
}

/** A user who just signed in (or up) sees their own account as themselves. */
const presentOwn = (ctx: Ctx, user: UserRow) => presentUser({ db: ctx.db, actor: { user } }, user);

// Sign-up, sign-in and passwords

export async function signUp(
  ctx: Ctx,
  input: Omit<commands.NewAccount, 'locale'> & { locale?: commands.NewAccount['locale'] | undefined },
) {
  const settings = await getPlatformSettings(ctx.db);
  if (settings.signUpEnabled !== 'true') throw new AppError('sign_up_disabled');
  const opened = await commands.signUp(ctx, {
    ...input,
    locale: input.locale ?? ctx.locale,
    client: clientOf(ctx),
  });
  await commands.sendVerificationMail({
    db: ctx.db,
    mailer: ctx.mailer,
    user: opened.user,
    origin: ctx.client.origin,
  });
  return { session: opened.session, user: await presentOwn(ctx, opened.user) };
}

export async function signIn(
  ctx: Ctx,
  input: { email: string; password: string; proof?: string | undefined },
) {
  const opened = await commands.signIn(ctx, {
    ...input,
    client: { ...clientOf(ctx), origin: ctx.client.origin },
  });
  return { session: opened.session, user: await presentOwn(ctx, opened.user) };
}

/** A proof-of-work challenge for signing in to this account from the caller's address (anyone may ask). */
export async function signInChallenge(ctx: Ctx, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  return newSignInChallenge(ctx.db, await identifyCaller(ctx.db, { email, ip: ctx.client.ip, user }));
}

export async function signOutSession(ctx: Ctx): Promise<void> {
  if (ctx.client.sessionId) await signOut(ctx, ctx.client.sessionId);
}

export async function changePassword(ctx: Ctx, input: { currentPassword: string; newPassword: string }) {
  await commands.changePassword(ctx, {
    user: requireUser(ctx),
    ...input,
    keepSessionId: ctx.client.sessionId,
  });
}

export async function requestPasswordReset(ctx: Ctx, email: string) {
  await commands.requestPasswordReset({
    db: ctx.db,
    mailer: ctx.mailer,
    email,
    origin: ctx.client.origin,
    log: ctx.log,
  });
}

export const resetPassword = (ctx: Ctx, input: { token: string; password: string }) =>
  commands.resetPassword(ctx, input);

/** The verification mail for the signed-in user, or for an address (a visitor who lost the mail). */
export async function sendVerificationMail(ctx: Ctx, email: string | undefined) {
  const user = ctx.user ?? (email ? await findUserByEmail(ctx.db, email) : undefined);
  if (!user) return email ? ('NotFound' as const) : ('Unauthorized' as const);
  return commands.sendVerificationMail({ db: ctx.db, mailer: ctx.mailer, user, origin: ctx.client.origin });
}

export async function verifyEmail(ctx: Ctx, token: string) {
  const user = await commands.verifyEmail(ctx, token);
  return presentOwn(ctx, user);
}

// One's own account

/** The signed-in user's own account; an inactive one may still read it (the inactive dialog). */
export const ownAccount = (ctx: Ctx) => presentUser(ctx, requireUser(ctx, { allowInactive: true }));

/** An inactive user may still accept or decline the terms: the inactive dialog needs nothing else. */
export async function updateOwnAccount(ctx: Ctx, update: ProfileUpdate) {
  const saved = await updateOwnProfile(ctx, requireUser(ctx, { allowInactive: true }), update);
  return presentUser(ctx, saved);
}

export async function deleteOwnAccount(ctx: Ctx, password: string) {
  await commands.deleteOwnAccount(ctx, { user: requireUser(ctx, { allowInactive: true }), password });
}

/** My recent activity, each event as a sentence in my language (issue 26). */
export async function ownActivity(ctx: Ctx) {
  const rows = await findOwnActivityEvents(ctx.db, requireUser(ctx).id);
  return describeActivity(ctx, rows);
}

export async function exportOwnData(ctx: Ctx) {
  const user = requireUser(ctx, { allowInactive: true });
  return {
    exportedAt: new Date().toISOString(),
    user: await presentUser(ctx, user),
    activity: await findOwnActivity(ctx.db, user.id, 1000),
    // Forms (issue 11): every submission made while signed in, with the questions of its version.
    formSubmissions: (await findSubmissionsOfUser(ctx.db, user.id)).map(
      ({ submission, title, definition }) => ({
        guid: submission.id,
        form: title,
        version: submission.version,
        submittedAt: submission.createdAt.toISOString(),
        answers: answerRows(definition, submission.answers, ctx.locale).map((row) => ({
          question: row.label,
          answer: row.text,
        })),
      }),
    ),
  };
}

/** Someone's public profile, as a signed-in member sees it. */
export async function memberProfile(ctx: Ctx, guid: string) {
  requireUser(ctx);
  const user = await findUser(ctx.db, guid);
  if (!user?.isActive) throw new AppError('not_found', 'user not found');
  const presented = await presentUser(ctx, user);
  return {
    guid: user.id,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    properties: presented.properties,
  };
}

// Sessions and API tokens (the security page)

export const ownSessions = (ctx: Ctx) =>
  listSessions(ctx.db, { userId: requireUser(ctx).id, currentSessionId: ctx.client.sessionId });

export const revokeOwnSession = (ctx: Ctx, publicId: string) =>
  revokeSessionOfUser(ctx, { userId: requireUser(ctx).id, publicId });

export const ownApiTokens = (ctx: Ctx) => listApiTokens(ctx.db, requireUser(ctx).id);

export const createOwnApiToken = (ctx: Ctx, input: { name: string; expiresInDays?: number | undefined }) =>
  createApiToken(ctx, { userId: requireUser(ctx).id, ...input });

export const revokeOwnApiToken = (ctx: Ctx, tokenId: string) =>
  revokeApiToken(ctx, { userId: requireUser(ctx).id, tokenId });

// Account administration

export async function usersPage(ctx: Ctx, query: TableQuery<UserSortKey>) {
  authorize(ctx.actor, 'user.manage');
  const { rows, total } = await findUsersPage(ctx.db, query);
  return { items: rows.map(toUserRow), total };
}

async function managedUser(ctx: Ctx, guid: string): Promise<UserRow> {
  authorize(ctx.actor, 'user.manage');
  const user = await findUser(ctx.db, guid);
  if (!user) throw new AppError('not_found', 'user not found');
  return user;
}

export async function getUser(ctx: Ctx, guid: string) {
  return presentUser(ctx, await managedUser(ctx, guid));
}

export async function updateUser(ctx: Ctx, guid: string, update: commands.AccountUpdate) {
  const target = await managedUser(ctx, guid);
  authorize(ctx.actor, 'user.update', { target, change: update });
  if (locksOutSelf(ctx.actor, { target, change: update })) {
    throw new AppError('conflict', 'an admin cannot deactivate or demote themselves');
  }
  const problems = await propertyProblems(ctx.db, ctx.actor, target, update.properties ?? []);
  if (problems.length > 0) throw new AppError('validation_failed', 'account update rejected', problems);
  return presentUser(ctx, await commands.updateUser(ctx, target, update));
}

export async function userSessions(ctx: Ctx, guid: string) {
  const target = await managedUser(ctx, guid);
  return listSessions(ctx.db, { userId: target.id, currentSessionId: ctx.client.sessionId });
}

export async function revokeUserSession(ctx: Ctx, guid: string, sessionGuid: string) {
  const target = await managedUser(ctx, guid);
  await revokeSessionOfUser(ctx, { userId: target.id, publicId: sessionGuid });
}

export async function revokeUserSessions(ctx: Ctx, guid: string) {
  await commands.revokeAllSessions(ctx, await managedUser(ctx, guid));
}

/** The audit trail of an account (what they did and what was done to it), newest first. */
export async function userActivity(ctx: Ctx, guid: string, query: { page: number; pageSize: number }) {
  const target = await managedUser(ctx, guid);
  const { rows, total } = await findUserActivity(ctx.db, target.id, query);
  return { items: await describeActivity(ctx, rows), total };
}

export async function resendVerification(ctx: Ctx, guid: string) {
  const target = await managedUser(ctx, guid);
  return commands.resendVerificationMail({ ...ctx, origin: ctx.client.origin }, target);
}

/** What the account export gives the user, as the admin sees the account. */
export async function exportUserData(ctx: Ctx, guid: string) {
  const target = await managedUser(ctx, guid);
  return {
    exportedAt: new Date().toISOString(),
    user: await presentUser(ctx, target),
    activity: await findOwnActivity(ctx.db, target.id, 1000),
  };
}

/** Erases someone else's account; an admin never erases themselves here (409, like demoting). */
export async function eraseUser(ctx: Ctx, guid: string) {
  const target = await managedUser(ctx, guid);
  if (ctx.actor.user?.id === target.id) {
    throw new AppError('conflict', 'an admin cannot erase their own account here');
  }
  authorize(ctx.actor, 'user.erase', target);
  await commands.eraseUser(ctx, target);
}

// Roles

export async function rolesPage(ctx: Ctx, query: TableQuery<RoleSortKey>) {
  authorize(ctx.actor, 'role.manage');
  const { rows, total } = await findRolesPage(ctx.db, query);
  return {
    items: rows.map((row) => ({
      ...toRole(row),
      memberCount: row.memberCount,
      viewPageCount: row.viewPageCount,
      editPages: row.editPages.map((page) => ({
        guid: page.guid,
        title: pickLocale(page.title, ctx.locale),
      })),
    })),
    total,
  };
}

async function managedRole(ctx: Ctx, guid: string) {
  authorize(ctx.actor, 'role.manage');
  const role = await findRole(ctx.db, guid);
  if (!role) throw new AppError('not_found', 'role not found');
  return role;
}

export async function addRole(ctx: Ctx, input: RoleInput) {
  authorize(ctx.actor, 'role.manage');
  return toRole(await createRole(ctx, input));
}

export async function changeRole(ctx: Ctx, guid: string, input: RoleInput) {
  authorize(ctx.actor, 'role.manage');
  return toRole(await updateRole(ctx, guid, input));
}

export async function removeRole(ctx: Ctx, guid: string, reassignTo: string | undefined) {
  authorize(ctx.actor, 'role.manage');
  await deleteRole(ctx, guid, reassignTo);
}

export async function roleMembers(ctx: Ctx, guid: string, query: TableQuery<UserSortKey>) {
  const role = await managedRole(ctx, guid);
  const { rows, total } = await findUsersPage(ctx.db, query, { roleId: role.id });
  return { items: rows.map(toUserRow), total };
}

export async function addMember(ctx: Ctx, guid: string, userGuid: string) {
  const role = await managedRole(ctx, guid);
  await addRoleMember(ctx, { roleId: role.id, userId: userGuid });
}

export async function removeMember(ctx: Ctx, guid: string, userGuid: string) {
  const role = await managedRole(ctx, guid);
  await removeRoleMember(ctx, { roleId: role.id, userId: userGuid });
}

// Profile property definitions

/** Every definition the admin may define (operator-only ones for operators), in display order. */
export async function definitionsForAdmin(ctx: Ctx) {
  authorize(ctx.actor, 'property.define', { isMettOnly: false });
  const [definitions, counts] = await Promise.all([
    loadPropertyDefinitions(ctx.db),
    countPropertyValues(ctx.db),
  ]);
  return [...definitions.values()]
    .filter((definition) => can(ctx.actor, 'property.define', definition))
    .sort(
      (a, b) =>
        PROPERTY_CATEGORIES.indexOf(a.category) - PROPERTY_CATEGORIES.indexOf(b.category) ||
        a.sectionSortOrdinal - b.sectionSortOrdinal ||
        a.section.localeCompare(b.section) ||
        a.sortOrdinal - b.sortOrdinal ||
        a.key.localeCompare(b.key),
    )
    .map((definition) => toDefinitionForAdmin(definition, counts.get(definition.key) ?? 0));
}

async function presentDefinition(ctx: Ctx, key: string) {
  const definition = (await loadPropertyDefinitions(ctx.db)).get(key);
  if (!definition) throw new AppError('not_found', 'property not found');
  return toDefinitionForAdmin(definition, (await countPropertyValues(ctx.db)).get(key) ?? 0);
}

/** The definition as stored now, for the rule (operator-only ones only for operators; else 404). */
async function definedProperty(ctx: Ctx, key: string) {
  authorize(ctx.actor, 'property.define', { isMettOnly: false });
  const definition = (await loadPropertyDefinitions(ctx.db)).get(key);
  if (!definition || !can(ctx.actor, 'property.see', { definition, isOwner: false })) {
    throw new AppError('not_found', 'property not found');
  }
  authorize(ctx.actor, 'property.define', definition);
  return definition;
}

export async function addDefinition(ctx: Ctx, input: DefinitionInput) {
  authorize(ctx.actor, 'property.define', input);
  const row = await createDefinition(ctx, input);
  return presentDefinition(ctx, row.key);
}

export async function changeDefinition(ctx: Ctx, key: string, input: DefinitionInput) {
  await definedProperty(ctx, key);
  authorize(ctx.actor, 'property.define', input);
  const row = await updateDefinition(ctx, key, input);
  return presentDefinition(ctx, row.key);
}

export async function removeDefinition(ctx: Ctx, key: string) {
  await definedProperty(ctx, key);
  await deleteDefinition(ctx, key);
}

export async function reorderProperties(ctx: Ctx, keys: readonly string[]) {
  for (const key of new Set(keys)) await definedProperty(ctx, key);
  await reorderDefinitions(ctx, [...new Set(keys)]);
}

// Invitations

export async function invite(
  ctx: Ctx,
  input: {
    email: string;
    roleIds: string[];
    isContentManager: boolean;
    locale?: commands.NewAccount['locale'] | undefined;
    expiresInDays?: number | undefined;
  },
) {
  authorize(ctx.actor, 'user.manage');
  return createInvitation(ctx, {
    mailer: ctx.mailer,
    origin: ctx.client.origin,
    input: { ...input, locale: input.locale ?? ctx.locale },
  });
}

export async function listAllInvitations(ctx: Ctx, query: TableQuery<InvitationSortKey>) {
  authorize(ctx.actor, 'user.manage');
  return listInvitations(ctx.db, query);
}

export async function withdrawInvitation(ctx: Ctx, guid: string) {
  authorize(ctx.actor, 'user.manage');
  await revokeInvitation(ctx, guid);
}

/** What the invitation page shows before the invitee acts: for anyone holding the code. */
export async function invitationForCode(ctx: Ctx, code: string) {
  const status = await invitationStatus(ctx.db, code);
  if (status.result !== 'Success' || !status.invitation) return { result: status.result };
  const settings = await getPlatformSettings(ctx.db);
  return {
    result: status.result,
    email: status.invitation.email,
    expiresAt: status.invitation.expiresAt.toISOString(),
    hasAccount: status.hasAccount ?? false,
    siteName: settings.platformName,
  };
}

export async function acceptInvitationCode(
  ctx: Ctx,
  input: {
    code: string;
    signUp?: { password: string; firstName?: string | undefined; lastName?: string | undefined } | undefined;
  },
) {
  if (ctx.user && !ctx.user.isActive) throw new AppError('account_inactive');
  let outcome: Awaited<ReturnType<typeof acceptInvitation>>;
  try {
    outcome = await acceptInvitation(ctx, { ...input, user: ctx.user, client: clientOf(ctx) });
  } catch (error) {
    // A sign-up that does not pass (weak password, address taken) is a BadRequest with the reason.
    if (error instanceof AppError && error.status < 500) {
      return { result: 'BadRequest' as const, errorCode: error.code };
    }
    throw error;
  }
  if (outcome.result !== 'Success') return outcome;
  return { result: outcome.result, session: outcome.session, user: await presentOwn(ctx, outcome.user) };
}

export type { VerificationMailOutcome } from './commands.ts';
export { presentInvitation } from './invitations.ts';
export type { ApplicationUser } from './view.ts';

/** The profile property definitions, in the viewer's language (operator-only ones for operators). */
export async function propertyDefinitions(ctx: Ctx) {
  const definitions = await loadPropertyDefinitions(ctx.db);
  return [...definitions.values()]
    .filter((definition) => !definition.isMettOnly || ctx.actor.user?.isMett === true)
    .sort((a, b) => a.sectionSortOrdinal - b.sectionSortOrdinal || a.sortOrdinal - b.sortOrdinal)
    .map((definition) => ({
      ...definition,
      label: pickLocale(definition.label, ctx.locale),
      options: definition.options.map((option) => ({
        value: option.value,
        label: pickLocale(option.label, ctx.locale),
      })),
    }));
}
