import { describe, expect, it } from 'vitest';
import { actorWith, EDITORS } from '../../test/actors.ts';
import { AppError } from '../errors.ts';
import {
  type Actor,
  ANONYMOUS,
  authorize,
  canEditPage,
  canViewPage,
  type PageForPolicy,
  pageAbilities,
  seesUnpublishedPages,
} from './index.ts';

const user = actorWith;

const ACTORS = {
  anonymous: ANONYMOUS,
  'user holding the edit role': user({ roleIds: [EDITORS] }),
  'content manager with the edit role': user({ isContentManager: true, roleIds: ['role-andere', EDITORS] }),
  'content manager without the edit role': user({ isContentManager: true, roleIds: ['role-andere'] }),
  'inactive content manager with the edit role': user({
    isContentManager: true,
    isActive: false,
    roleIds: [EDITORS],
  }),
  admin: user({ isAdmin: true }),
  'inactive admin': user({ isAdmin: true, isActive: false }),
} satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

const page = (isPublished: boolean, editPermission: PageForPolicy['editPermission']): PageForPolicy => ({
  isPublished,
  editPermission,
  editRoles: [EDITORS],
});
const PAGES = {
  'published, admins edit': page(true, 'admins'),
  'published, roles edit': page(true, 'roles'),
  'unpublished, admins edit': page(false, 'admins'),
  'unpublished, roles edit': page(false, 'roles'),
};
type PageName = keyof typeof PAGES;
const PAGE_COLUMNS = Object.keys(PAGES) as PageName[];

const T = true;
const F = false;
/**
 * The permission matrix: every actor × action × page. Columns follow PAGE_COLUMNS:
 * published/admins, published/roles, unpublished/admins, unpublished/roles.
 */
const MATRIX: Record<ActorName, { canViewPage: boolean[]; canEditPage: boolean[] }> = {
  anonymous: { canViewPage: [T, T, F, F], canEditPage: [F, F, F, F] },
  'user holding the edit role': { canViewPage: [T, T, F, T], canEditPage: [F, T, F, T] },
  'content manager with the edit role': { canViewPage: [T, T, F, T], canEditPage: [F, T, F, T] },
  'content manager without the edit role': { canViewPage: [T, T, F, F], canEditPage: [F, F, F, F] },
  'inactive content manager with the edit role': { canViewPage: [T, T, F, F], canEditPage: [F, F, F, F] },
  admin: { canViewPage: [T, T, T, T], canEditPage: [T, T, T, T] },
  'inactive admin': { canViewPage: [T, T, F, F], canEditPage: [F, F, F, F] },
};

const RULES = { canViewPage, canEditPage };
const cases = (Object.keys(MATRIX) as ActorName[]).flatMap((actorName) =>
  (Object.keys(RULES) as (keyof typeof RULES)[]).flatMap((action) =>
    PAGE_COLUMNS.map((pageName, column) => ({
      actorName,
      action,
      pageName,
      expected: MATRIX[actorName][action][column],
    })),
  ),
);

describe('page policy matrix', () => {
  it('covers every actor, action and page', () => {
    expect(cases).toHaveLength(Object.keys(ACTORS).length * 2 * PAGE_COLUMNS.length);
    expect(cases.every((entry) => typeof entry.expected === 'boolean')).toBe(true);
  });

  it.each(cases)(
    '$action: $actorName on a page $pageName → $expected',
    ({ actorName, action, pageName, expected }) => {
      expect(RULES[action](ACTORS[actorName], PAGES[pageName])).toBe(expected);
    },
  );

  it.each(cases.filter((entry) => entry.action === 'canEditPage'))(
    'abilities.update of $actorName on a page $pageName is $expected',
    ({ actorName, pageName, expected }) => {
      expect(pageAbilities(ACTORS[actorName], PAGES[pageName])).toEqual({ update: expected });
    },
  );
});

describe('seesUnpublishedPages (row filter for page lists)', () => {
  it.each([
    ['anonymous', false],
    ['user holding the edit role', false],
    ['content manager with the edit role', false],
    ['admin', true],
    ['inactive admin', false],
  ] as const)('%s → %s', (actorName, expected) => {
    expect(seesUnpublishedPages(ACTORS[actorName])).toBe(expected);
  });
});

describe('a content manager holding one of several edit roles', () => {
  it('may edit the page', () => {
    const multiRole: PageForPolicy = {
      isPublished: false,
      editPermission: 'roles',
      editRoles: ['x', EDITORS],
    };
    expect(canEditPage(ACTORS['content manager with the edit role'], multiRole)).toBe(true);
  });

  it('may not edit a roles page that names no roles', () => {
    const noRoles: PageForPolicy = { isPublished: true, editPermission: 'roles', editRoles: [] };
    expect(canEditPage(ACTORS['content manager with the edit role'], noRoles)).toBe(false);
  });
});

describe('authorize', () => {
  it('lets an allowed action through', () => {
    expect(() => authorize(true)).not.toThrow();
  });

  it('answers forbidden for a record the actor can see but not change', () => {
    expect(() => authorize(false)).toThrow(expect.objectContaining({ code: 'forbidden', status: 403 }));
  });

  it('answers not_found when the record must stay hidden', () => {
    let thrown: unknown;
    try {
      authorize(false, { hide: true, what: 'page' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'not_found', status: 404, message: 'page not found' });
  });
});
