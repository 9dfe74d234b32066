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

/**
 * Who may use the media library (issue 27): browse it, pick from it, upload into it. Admins and
 * content managers (the account type): they place images on the pages they edit.
 */
export function canUseLibrary(actor: Actor): boolean {
  return isAdmin(actor) || (isSignedIn(actor) && actor.user.isContentManager);
}
