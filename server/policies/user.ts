import type { Actor } from './actor.ts';
import { isAdmin } from './actor.ts';

/** Users, roles and invitations are managed by admins only. */
export const canManageUsers = (actor: Actor) => isAdmin(actor);
export const canManageRoles = (actor: Actor) => isAdmin(actor);

/** Everyone sees their own account; admins see everyone's. */
export const canViewUser = (actor: Actor, userId: string) => isAdmin(actor) || actor.user?.id === userId;
