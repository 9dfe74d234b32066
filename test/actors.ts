import type { Actor, ActorUser } from '../server/policies/actor.ts';

/** Role ids the policy tests use: a page's edit role and a members' role. */
export const EDITORS = 'role-redactie';
export const MEMBERS = 'role-leden';

/** An active, signed-in actor with no flags or roles unless given (policy tests need no database). */
export function actorWith(overrides: Partial<ActorUser> = {}): Actor {
  return {
    user: {
      id: '11111111-1111-4111-8111-111111111111',
      isAdmin: false,
      isContentManager: false,
      isMett: false,
      isDeveloper: false,
      isActive: true,
      roleIds: [],
      ...overrides,
    },
  };
}
