import type { Actor } from './actor.ts';
import { isAdmin } from './actor.ts';

/** Dropping the public response caches is an admin's action (or an admin's API token's). */
export const canInvalidateCache = (actor: Actor) => isAdmin(actor);
