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
