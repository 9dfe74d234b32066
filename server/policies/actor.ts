/** Who is asking. Anonymous visitors have no user. */
export type ActorUser = {
  id: string;
  isAdmin: boolean;
  isContentManager: boolean;
  isMett: boolean;
  isDeveloper: boolean;
  isActive: boolean;
  roleIds: readonly string[];
  /** Whether the account's e-mail address is verified (forms for audience Verify). */
  emailVerified?: boolean;
};

export type Actor = { user: ActorUser | null };

export const ANONYMOUS: Actor = { user: null };

export const isSignedIn = (actor: Actor): actor is { user: ActorUser } => actor.user?.isActive === true;
export const isAdmin = (actor: Actor) => isSignedIn(actor) && actor.user.isAdmin;
