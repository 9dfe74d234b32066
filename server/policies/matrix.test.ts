import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROPERTIES, type PropertyDefinition } from '../../common/profile-properties.ts';
import { actorWith, EDITORS } from '../../test/actors.ts';
import { canSeeProperty } from '../services/profiles.ts';
import { type Actor, ANONYMOUS } from './actor.ts';
import { canEditPage, canManageRoles, canManageUsers, canViewPage, canViewUser } from './index.ts';

const user = actorWith;

/** The actors. A verified user differs from a user only by a role the policies do not use. */
const ACTORS = {
  anonymous: ANONYMOUS,
  user: user(),
  'verified user': user(),
  'content manager with the role': user({ isContentManager: true, roleIds: [EDITORS] }),
  'content manager without the role': user({ isContentManager: true, roleIds: ['role-anders'] }),
  admin: user({ isAdmin: true }),
  'operator (isMett)': user({ isAdmin: true, isMett: true }),
} satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

const rolesPage = { isPublished: false, editPermission: 'roles' as const, editRoles: [EDITORS] };
const published = { isPublished: true, editPermission: 'admins' as const, editRoles: [] };
const definition = (overrides: Partial<PropertyDefinition>): PropertyDefinition => ({
  ...(BUILT_IN_PROPERTIES.find((entry) => entry.key === 'alias') as PropertyDefinition),
  ...overrides,
});
const publicProperty = definition({ visibleFor: 'user' });
const privateProperty = definition({ visibleFor: 'self' });
const operatorProperty = definition({ visibleFor: 'user', isMettOnly: true });

/** Every action the policies decide, as (actor) → answer. */
const ACTIONS = {
  'view a published page': (actor: Actor) => canViewPage(actor, published),
  'view an unpublished roles page': (actor: Actor) => canViewPage(actor, rolesPage),
  'edit an unpublished roles page': (actor: Actor) => canEditPage(actor, rolesPage),
  'edit an admins-only page': (actor: Actor) => canEditPage(actor, published),
  'manage users and invitations': (actor: Actor) => canManageUsers(actor),
  'manage roles': (actor: Actor) => canManageRoles(actor),
  "view another user's account": (actor: Actor) => canViewUser(actor, 'someone-else'),
  "see another member's public property": (actor: Actor) => canSeeProperty(actor, publicProperty, false),
  "see another member's private property": (actor: Actor) => canSeeProperty(actor, privateProperty, false),
  'see an operator-only property of their own': (actor: Actor) =>
    canSeeProperty(actor, operatorProperty, true),
} as const;
type ActionName = keyof typeof ACTIONS;

const T = true;
const F = false;
// Columns follow ACTIONS' order.
const MATRIX: Record<ActorName, boolean[]> = {
  anonymous: [T, F, F, F, F, F, F, F, F, F],
  user: [T, F, F, F, F, F, F, T, F, F],
  'verified user': [T, F, F, F, F, F, F, T, F, F],
  'content manager with the role': [T, T, T, F, F, F, F, T, F, F],
  'content manager without the role': [T, F, F, F, F, F, F, T, F, F],
  admin: [T, T, T, T, T, T, T, T, T, F],
  'operator (isMett)': [T, T, T, T, T, T, T, T, T, T],
};

describe('policy matrix: every actor × every action', () => {
  const actionNames = Object.keys(ACTIONS) as ActionName[];
  const cases = (Object.keys(MATRIX) as ActorName[]).flatMap((actorName) =>
    actionNames.map((action, column) => ({ actorName, action, expected: MATRIX[actorName][column] })),
  );

  it('has an answer for every cell', () => {
    expect(cases).toHaveLength(Object.keys(ACTORS).length * actionNames.length);
    expect(cases.every((entry) => typeof entry.expected === 'boolean')).toBe(true);
  });

  it.each(cases)('$actorName may $action: $expected', ({ actorName, action, expected }) => {
    expect(ACTIONS[action](ACTORS[actorName])).toBe(expected);
  });
});
