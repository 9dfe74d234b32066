import { describe, expect, it } from 'vitest';
import { actorWith, EDITORS, MEMBERS } from '../../test/actors.ts';
import {
  ANONYMOUS,
  canAddListItem,
  canEditListItems,
  canViewList,
  canViewListItem,
  type ListForPolicy,
} from './index.ts';

const user = actorWith;

const ACTORS = {
  visitor: ANONYMOUS,
  member: user({}),
  'member holding the add role': user({ roleIds: [MEMBERS] }),
  "page's editor": user({ isContentManager: true, roleIds: [EDITORS] }),
  admin: user({ isAdmin: true }),
} as const;
type ActorName = keyof typeof ACTORS;

const page = (isPublished: boolean) => ({
  isPublished,
  editPermission: 'roles' as const,
  editRoles: [EDITORS],
});
const LISTS: Record<string, ListForPolicy> = {
  'published page, admins add': { page: page(true), permissions: { addPermission: 'admins', addRoles: [] } },
  'published page, role adds': {
    page: page(true),
    permissions: { addPermission: 'roles', addRoles: [MEMBERS] },
  },
  'published page, users add': { page: page(true), permissions: { addPermission: 'users', addRoles: [] } },
  'unpublished page, users add': { page: page(false), permissions: { addPermission: 'users', addRoles: [] } },
  'no page': { page: null, permissions: { addPermission: 'users', addRoles: [] } },
};

/** [list, actor, may view the list, may add, may edit items] */
const MATRIX: [string, ActorName, boolean, boolean, boolean][] = [
  ['published page, admins add', 'visitor', true, false, false],
  ['published page, admins add', 'member', true, false, false],
  ['published page, admins add', "page's editor", true, true, true],
  ['published page, admins add', 'admin', true, true, true],
  ['published page, role adds', 'member', true, false, false],
  ['published page, role adds', 'member holding the add role', true, true, false],
  ['published page, users add', 'visitor', true, false, false],
  ['published page, users add', 'member', true, true, false],
  ['unpublished page, users add', 'member', false, false, false],
  ['unpublished page, users add', "page's editor", true, true, true],
  ['no page', 'member', false, false, false],
  ['no page', 'admin', true, true, true],
];

describe('list item policies', () => {
  it.each(MATRIX)('%s × %s: view %s, add %s, edit %s', (listName, actorName, view, add, edit) => {
    const list = LISTS[listName] as ListForPolicy;
    const actor = ACTORS[actorName];
    expect(canViewList(actor, list)).toBe(view);
    expect(canAddListItem(actor, list)).toBe(add);
    expect(canEditListItems(actor, list)).toBe(edit);
  });

  it('shows unpublished and scheduled items only to those who may edit the page', () => {
    const list = LISTS['published page, admins add'] as ListForPolicy;
    const now = new Date('2026-06-01T12:00:00Z');
    const scheduled = { isPublished: true, publishedOn: new Date('2026-06-02T00:00:00Z'), list };
    const unpublished = { isPublished: false, publishedOn: new Date('2026-05-01T00:00:00Z'), list };
    const live = { isPublished: true, publishedOn: new Date('2026-05-01T00:00:00Z'), list };
    for (const item of [scheduled, unpublished]) {
      expect(canViewListItem(ACTORS.visitor, item, now)).toBe(false);
      expect(canViewListItem(ACTORS.member, item, now)).toBe(false);
      expect(canViewListItem(ACTORS["page's editor"], item, now)).toBe(true);
    }
    expect(canViewListItem(ACTORS.visitor, live, now)).toBe(true);
  });
});
