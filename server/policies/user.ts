import type { PropertyDefinition } from '../../common/profile-properties.ts';
import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';

/** What an admin changes about an account, as the rules need it. */
export type AccountChange = {
  isActive?: boolean | undefined;
  isAdmin?: boolean | undefined;
  isMett?: boolean | undefined;
};
export type AccountForPolicy = { id: string; isMett: boolean };

/** SPEC 6: operator-only properties exist only for isMett users; others' properties unless visibleFor is user. */
export function canSeeProperty(
  actor: Actor,
  input: { definition: Pick<PropertyDefinition, 'isMettOnly' | 'visibleFor'>; isOwner: boolean },
): boolean {
  if (input.definition.isMettOnly && !actor.user?.isMett) return false;
  if (input.isOwner || isAdmin(actor)) return true;
  return input.definition.visibleFor === 'user' && isSignedIn(actor);
}

/** Only a platform operator (isMett admin) grants or removes the operator flag. */
export function canChangeAccount(actor: Actor, input: { target: AccountForPolicy; change: AccountChange }) {
  if (!isAdmin(actor)) return false;
  const changesOperator = input.change.isMett !== undefined && input.change.isMett !== input.target.isMett;
  return !changesOperator || actor.user?.isMett === true;
}

/**
 * An admin who would deactivate or demote themselves would lock themselves out (and perhaps the site):
 * the change is refused as a conflict, not a permission.
 */
export function locksOutSelf(actor: Actor, input: { target: AccountForPolicy; change: AccountChange }) {
  return (
    actor.user?.id === input.target.id && (input.change.isActive === false || input.change.isAdmin === false)
  );
}

export const userPolicies = {
  /** Users, invitations and account administration: admins only. */
  'user.manage': (actor: Actor) => isAdmin(actor),
  'user.update': canChangeAccount,
  /** Everyone sees their own account; admins see everyone's. */
  'user.view': (actor: Actor, userId: string) => isAdmin(actor) || actor.user?.id === userId,
  'role.manage': (actor: Actor) => isAdmin(actor),
  /** An admin erases someone else's account, never their own (that is the account page's delete). */
  'user.erase': (actor: Actor, target: { id: string }) => isAdmin(actor) && actor.user?.id !== target.id,
  /** Site-defined profile properties: admins; operator-only ones only platform operators. */
  'property.define': (actor: Actor, definition: { isMettOnly: boolean }) =>
    isAdmin(actor) && (!definition.isMettOnly || actor.user?.isMett === true),
  'property.see': canSeeProperty,
};
