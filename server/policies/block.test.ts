import { describe, expect, it } from 'vitest';
import type { BlockPermissions } from '../../common/blocks/permissions.ts';
import { readBlockPermissions } from '../../common/blocks/permissions.ts';
import { actorWith, EDITORS, MEMBERS } from '../../test/actors.ts';
import { type Actor, ANONYMOUS } from './actor.ts';
import { canAddItemToBlock, canEditBlocksOf } from './block.ts';

const user = actorWith;

const ACTORS = {
  anonymous: ANONYMOUS,
  user: user(),
  'inactive member': user({ isActive: false, roleIds: [MEMBERS] }),
  member: user({ roleIds: [MEMBERS] }),
  'page editor': user({ isContentManager: true, roleIds: [EDITORS] }),
  admin: user({ isAdmin: true }),
} satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

const page = { isPublished: true, editPermission: 'roles' as const, editRoles: [EDITORS] };
const MODES: Record<string, BlockPermissions> = {
  admins: { addPermission: 'admins', addRoles: [] },
  roles: { addPermission: 'roles', addRoles: [MEMBERS] },
  users: { addPermission: 'users', addRoles: [] },
};

describe('canAddItemToBlock', () => {
  const expected: Record<ActorName, [admins: boolean, roles: boolean, users: boolean]> = {
    anonymous: [false, false, false],
    user: [false, false, true],
    'inactive member': [false, false, false],
    member: [false, true, true],
    'page editor': [true, true, true],
    admin: [true, true, true],
  };
  for (const [actorName, answers] of Object.entries(expected) as [ActorName, boolean[]][]) {
    it.each(Object.keys(MODES).map((mode, index) => [mode, answers[index]]))(
      `${actorName}, addPermission %s: %s`,
      (mode, answer) => {
        expect(canAddItemToBlock(ACTORS[actorName], page, MODES[mode as string]!)).toBe(answer);
      },
    );
  }
});

describe('canEditBlocksOf', () => {
  it('follows the page for pages, and leaves templates to admins', () => {
    expect(canEditBlocksOf(ACTORS['page editor'], { ...page, kind: 'page' })).toBe(true);
    expect(canEditBlocksOf(ACTORS['page editor'], { ...page, kind: 'template' })).toBe(false);
    expect(canEditBlocksOf(ACTORS.admin, { ...page, kind: 'template' })).toBe(true);
    expect(canEditBlocksOf(ACTORS.member, { ...page, kind: 'page' })).toBe(false);
  });
});

describe('readBlockPermissions', () => {
  it('reads stored permissions and treats missing or malformed ones as admins only', () => {
    expect(readBlockPermissions({ permissions: { addPermission: 'users' } })).toEqual({
      addPermission: 'users',
      addRoles: [],
    });
    expect(readBlockPermissions({})).toEqual({ addPermission: 'admins', addRoles: [] });
    expect(readBlockPermissions({ permissions: { addPermission: 'everyone' } })).toEqual({
      addPermission: 'admins',
      addRoles: [],
    });
  });
});
