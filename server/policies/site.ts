import type { Actor } from './actor.ts';
import { isAdmin } from './actor.ts';

/** Dropping the public response caches is an admin's action (or an admin's API token's). */
export const canInvalidateCache = (actor: Actor) => isAdmin(actor);

/** The site's identity and behaviour (platform settings) are changed by admins only. */
export const canManageSettings = (actor: Actor) => isAdmin(actor);
