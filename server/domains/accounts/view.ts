import type { Locale } from '../../../common/localized-text.ts';
import type { PropertyDefinition } from '../../../common/profile-properties.ts';
import type { UserRow } from '../../db/schema.ts';
import { type Actor, can } from '../../policies/index.ts';

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

/** The properties of `user` that `actor` may see (SPEC 6: operator-only ones only for operators). */
export function visibleProperties(
  actor: Actor,
  user: UserRow,
  properties: readonly { key: string; value: string }[],
  definitions: ReadonlyMap<string, PropertyDefinition>,
) {
  const isOwner = actor.user?.id === user.id;
  return properties.filter((property) => {
    const definition = definitions.get(property.key);
    return definition !== undefined && can(actor, 'property.see', { definition, isOwner });
  });
}

/**
 * The application user as the client sees it (SPEC 3), with the properties the viewer may see.
 * Never a hash, token or session id.
 */
export function toApplicationUser(
  actor: Actor,
  user: UserRow,
  properties: readonly { key: string; value: string }[],
  definitions: ReadonlyMap<string, PropertyDefinition>,
) {
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
    properties: visibleProperties(actor, user, properties, definitions),
    termsOfUseVersionAccepted: user.termsOfUseVersionAccepted,
  };
}
export type ApplicationUser = ReturnType<typeof toApplicationUser>;

// Admin area: users, roles and profile properties

/** Who an audit event names when the account is gone (SPEC: content stays, attributed to them). */
export const REMOVED_USER = { nl: 'verwijderde gebruiker', en: 'removed user' } as const;

/** An account as a presenter names it: its name, or "removed user" when it was erased. */
export function actorLabel(
  id: string | null,
  names: ReadonlyMap<string, string>,
  locale: Locale,
): { guid: string | null; name: string; isRemoved: boolean } | null {
  if (id === null) return null;
  const name = names.get(id);
  return name === undefined
    ? { guid: null, name: REMOVED_USER[locale], isRemoved: true }
    : { guid: id, name, isRemoved: false };
}

/** SPEC 3 account type, from the flags (the strongest one). */
export function accountType(user: UserRow): 'Mett' | 'Admin' | 'Developer' | 'ContentManager' | 'Standard' {
  if (user.isMett) return 'Mett';
  if (user.isAdmin) return 'Admin';
  if (user.isDeveloper) return 'Developer';
  if (user.isContentManager) return 'ContentManager';
  return 'Standard';
}

/** A row of the admin users table. */
export function toUserRow(user: UserRow) {
  return {
    guid: user.id,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    email: user.email,
    isAdmin: user.isAdmin,
    isContentManager: user.isContentManager,
    isActive: user.isActive,
    isEmailVerified: user.emailVerifiedAt !== null,
    accountType: accountType(user),
    roleIds: user.roleIds,
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  };
}

/** A property definition as the admin edits it: both languages, and how many accounts hold a value. */
export function toDefinitionForAdmin(definition: PropertyDefinition, valueCount: number) {
  return {
    key: definition.key,
    label: { nl: definition.label.nl, en: definition.label.en ?? '' },
    category: definition.category,
    section: definition.section,
    subsection: definition.subsection,
    sectionSortOrdinal: definition.sectionSortOrdinal,
    sortOrdinal: definition.sortOrdinal,
    visibleFor: definition.visibleFor,
    inputType: definition.inputType,
    isRequired: definition.isRequired,
    options: definition.options.map((option) => ({
      value: option.value,
      label: { nl: option.label.nl, en: option.label.en ?? '' },
    })),
    isMettOnly: definition.isMettOnly,
    isBuiltIn: definition.isBuiltIn,
    valueCount,
  };
}
