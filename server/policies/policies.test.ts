import { describe, expect, it } from 'vitest';
import { actorWith, EDITORS, MEMBERS } from '../../test/actors.ts';
import { AppError } from '../errors.ts';
import {
  ABILITIES,
  type Action,
  type Actor,
  ANONYMOUS,
  abilities,
  authorize,
  can,
  ensureVisible,
  type ListForPolicy,
  type PageForPolicy,
  POLICIES,
  type ResourceArgs,
} from './index.ts';

/** The actors every rule is decided for. The actor's own id is actorWith's default. */
const SELF = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ACTORS = {
  anonymous: ANONYMOUS,
  user: actorWith(),
  'inactive member': actorWith({ isActive: false, roleIds: [MEMBERS] }),
  member: actorWith({ roleIds: [MEMBERS], emailVerified: true }),
  'page editor': actorWith({ isContentManager: true, roleIds: [EDITORS] }),
  'content manager without the role': actorWith({ isContentManager: true, roleIds: ['role-anders'] }),
  admin: actorWith({ isAdmin: true }),
  'inactive admin': actorWith({ isAdmin: true, isActive: false }),
  'operator (isMett)': actorWith({ isAdmin: true, isMett: true }),
} satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

const page = (isPublished: boolean, editPermission: PageForPolicy['editPermission']): PageForPolicy => ({
  isPublished,
  editPermission,
  editRoles: [EDITORS],
});
const membersOnly = (editPermission: PageForPolicy['editPermission']): PageForPolicy => ({
  ...page(true, editPermission),
  roleIds: [MEMBERS],
});
const list = (pageOf: PageForPolicy | null, permissions: ListForPolicy['permissions']): ListForPolicy => ({
  page: pageOf,
  permissions,
});
const NOW = new Date('2026-06-01T12:00:00Z');
const PAST = new Date('2026-05-01T00:00:00Z');
const FUTURE = new Date('2026-06-02T00:00:00Z');
const newsList = list(page(true, 'roles'), { addPermission: 'admins', addRoles: [] });
const draftList = list(page(false, 'roles'), { addPermission: 'users', addRoles: [] });
const strayList = list(null, { addPermission: 'users', addRoles: [] });
const definition = (visibleFor: 'self' | 'user', isMettOnly = false) => ({ visibleFor, isMettOnly });
const image = (
  purpose: 'public' | 'block' | 'item' | 'profile' | 'library',
  ownerGuid: string | null,
  uploadedBy = SELF,
) => ({
  purpose,
  ownerGuid,
  uploadedBy,
});

/**
 * Per action: the resources it is decided on (columns), then per actor the answers in column order.
 * The test below fails when the action table has a row this matrix does not name, or the other way round.
 */
type Case<A extends Action> = {
  samples: { name: string; args: ResourceArgs<A> }[];
  answers: Record<ActorName, string>;
};
const T = true;
/**
 * Forms (issue 34): a form's own rights decide, never where it is placed. Owner or one of its
 * editor roles, for content managers; members of those roles who are no content managers, and an
 * owner who is neither admin nor content manager any more, get nothing.
 */
const FORM_OF_OTHERS = { createdBy: OTHER, editorRoleIds: [] };
const FORM_SAMPLES: { name: string; args: ResourceArgs<'form.update'> }[] = [
  { name: 'owned by them', args: [{ createdBy: SELF, editorRoleIds: [] }] },
  { name: 'given to a role of theirs', args: [{ createdBy: OTHER, editorRoleIds: [EDITORS] }] },
  { name: "someone else's, no roles (placed on a page they edit or not)", args: [FORM_OF_OTHERS] },
  { name: "given to a members' role", args: [{ createdBy: OTHER, editorRoleIds: [MEMBERS] }] },
  { name: 'made by the seed', args: [{ createdBy: null, editorRoleIds: [] }] },
];
const FORM_ANSWERS: Record<ActorName, string> = {
  ...adminsOnly('TTTTT', 'FFFFF'),
  'page editor': 'TTFFF',
  'content manager without the role': 'TFFFF',
};
const SUBMISSION_SAMPLES: { name: string; args: ResourceArgs<'formSubmission.view'> }[] = [
  { name: "own submission, someone else's form", args: [{ userId: SELF, form: FORM_OF_OTHERS }] },
  { name: "someone else's", args: [{ userId: OTHER, form: FORM_OF_OTHERS }] },
  { name: 'an anonymous one', args: [{ userId: null, form: FORM_OF_OTHERS }] },
  {
    name: "someone else's, the form given to a role of theirs",
    args: [{ userId: OTHER, form: { createdBy: OTHER, editorRoleIds: [EDITORS] } }],
  },
  {
    name: "someone else's, on a form they own",
    args: [{ userId: OTHER, form: { createdBy: SELF, editorRoleIds: [] } }],
  },
];

const cases: { [A in Action]: Case<A> } = {
  'page.view': {
    samples: [
      { name: 'published, admins edit', args: [page(T, 'admins')] },
      { name: 'published, roles edit', args: [page(T, 'roles')] },
      { name: 'unpublished, admins edit', args: [page(false, 'admins')] },
      { name: 'unpublished, roles edit', args: [page(false, 'roles')] },
      { name: 'members only, admins edit', args: [membersOnly('admins')] },
      { name: 'members only, roles edit', args: [membersOnly('roles')] },
      { name: 'members only, unpublished', args: [{ ...membersOnly('admins'), isPublished: false }] },
    ],
    answers: {
      anonymous: 'TTFFFFF',
      user: 'TTFFFFF',
      'inactive member': 'TTFFFFF',
      member: 'TTFFTTF',
      'page editor': 'TTFTFTF',
      'content manager without the role': 'TTFFFFF',
      admin: 'TTTTTTT',
      'inactive admin': 'TTFFFFF',
      'operator (isMett)': 'TTTTTTT',
    },
  },
  'page.update': {
    samples: [
      { name: 'published, admins edit', args: [page(T, 'admins')] },
      { name: 'published, roles edit', args: [page(T, 'roles')] },
      { name: 'unpublished, admins edit', args: [page(false, 'admins')] },
      { name: 'unpublished, roles edit', args: [page(false, 'roles')] },
    ],
    answers: {
      anonymous: 'FFFF',
      user: 'FFFF',
      'inactive member': 'FFFF',
      member: 'FFFF',
      'page editor': 'FTFT',
      'content manager without the role': 'FFFF',
      admin: 'TTTT',
      'inactive admin': 'FFFF',
      'operator (isMett)': 'TTTT',
    },
  },
  'page.listUnpublished': {
    samples: [{ name: 'pages and menus', args: [] }],
    answers: adminsOnly('T', 'F'),
  },
  'page.create': { samples: [{ name: 'a page', args: [] }], answers: adminsOnly('T', 'F') },
  'page.delete': { samples: [{ name: 'a page', args: [] }], answers: adminsOnly('T', 'F') },
  'page.administer': { samples: [{ name: 'all pages', args: [] }], answers: adminsOnly('T', 'F') },
  'page.changeRights': {
    samples: [{ name: 'edit and view rights', args: [] }],
    answers: adminsOnly('T', 'F'),
  },
  'page.chooseSocialImage': {
    samples: [
      { name: 'admins edit', args: [page(T, 'admins')] },
      { name: 'roles edit', args: [page(T, 'roles')] },
    ],
    answers: {
      ...adminsOnly('TT', 'FF'),
      'page editor': 'FT',
    },
  },
  'pageTemplate.manage': { samples: [{ name: 'templates', args: [] }], answers: adminsOnly('T', 'F') },
  // Whoever holds a valid link for the page, signed in or not; nobody without one.
  'page.preview': {
    samples: [
      { name: 'a link for this page', args: [{ link: { pageId: SELF }, pageId: SELF }] },
      { name: 'a link for another page', args: [{ link: { pageId: OTHER }, pageId: SELF }] },
      { name: 'no valid link', args: [{ link: null, pageId: SELF }] },
    ],
    answers: everyone('TFF'),
  },
  // A property of the page: the same for everyone (who may see it is page.view's).
  'page.membersOnly': {
    samples: [
      { name: 'published, members only', args: [membersOnly('admins')] },
      { name: 'unpublished, members only', args: [{ ...membersOnly('admins'), isPublished: false }] },
      { name: 'published, for everyone', args: [page(T, 'admins')] },
    ],
    answers: everyone('TFF'),
  },
  'block.edit': {
    samples: [
      { name: 'a page they may edit', args: [{ ...page(T, 'roles'), kind: 'page' }] },
      { name: 'a template', args: [{ ...page(T, 'roles'), kind: 'template' }] },
    ],
    answers: {
      anonymous: 'FF',
      user: 'FF',
      'inactive member': 'FF',
      member: 'FF',
      'page editor': 'TF',
      'content manager without the role': 'FF',
      admin: 'TT',
      'inactive admin': 'FF',
      'operator (isMett)': 'TT',
    },
  },
  'reusableBlock.place': {
    samples: [{ name: 'the reusable blocks', args: [] }],
    answers: {
      ...everyone('F'),
      'page editor': 'T',
      'content manager without the role': 'T',
      admin: 'T',
      'operator (isMett)': 'T',
    },
  },
  'block.findPlace': {
    samples: [{ name: "a map block's address search", args: [] }],
    answers: {
      ...everyone('F'),
      'page editor': 'T',
      'content manager without the role': 'T',
      admin: 'T',
      'operator (isMett)': 'T',
    },
  },
  'list.view': {
    samples: listSamples(),
    answers: {
      anonymous: 'TTTFF',
      user: 'TTTFF',
      'inactive member': 'TTTFF',
      member: 'TTTFF',
      'page editor': 'TTTTF',
      'content manager without the role': 'TTTFF',
      admin: 'TTTTT',
      'inactive admin': 'TTTFF',
      'operator (isMett)': 'TTTTT',
    },
  },
  'list.addItem': {
    samples: listSamples(),
    answers: {
      anonymous: 'FFFFF',
      user: 'FFTFF',
      'inactive member': 'FFFFF',
      member: 'FTTFF',
      'page editor': 'TTTTF',
      'content manager without the role': 'FFTFF',
      admin: 'TTTTT',
      'inactive admin': 'FFFFF',
      'operator (isMett)': 'TTTTT',
    },
  },
  'list.editItems': {
    samples: listSamples(),
    answers: {
      anonymous: 'FFFFF',
      user: 'FFFFF',
      'inactive member': 'FFFFF',
      member: 'FFFFF',
      'page editor': 'TTTTF',
      'content manager without the role': 'FFFFF',
      admin: 'TTTTT',
      'inactive admin': 'FFFFF',
      'operator (isMett)': 'TTTTT',
    },
  },
  'listItem.view': {
    samples: [
      { name: 'live', args: [{ isPublished: T, publishedOn: PAST, list: newsList, now: NOW }] },
      { name: 'scheduled', args: [{ isPublished: T, publishedOn: FUTURE, list: newsList, now: NOW }] },
      { name: 'unpublished', args: [{ isPublished: false, publishedOn: PAST, list: newsList, now: NOW }] },
      {
        name: 'live, unpublished page',
        args: [{ isPublished: T, publishedOn: PAST, list: draftList, now: NOW }],
      },
    ],
    answers: {
      anonymous: 'TFFF',
      user: 'TFFF',
      'inactive member': 'TFFF',
      member: 'TFFF',
      'page editor': 'TTTT',
      'content manager without the role': 'TFFF',
      admin: 'TTTT',
      'inactive admin': 'TFFF',
      'operator (isMett)': 'TTTT',
    },
  },
  'listItem.update': itemEditCase(),
  'listItem.delete': itemEditCase(),
  'media.upload': {
    samples: [
      { name: 'public', args: [{ purpose: 'public', ownerGuid: null }] },
      { name: 'profile photo', args: [{ purpose: 'profile', ownerGuid: SELF }] },
      { name: 'block on a page', args: [{ purpose: 'block', ownerGuid: OTHER, page: page(T, 'roles') }] },
      { name: 'block on no page', args: [{ purpose: 'block', ownerGuid: OTHER, page: null }] },
      { name: 'into the library', args: [{ purpose: 'library', ownerGuid: null }] },
    ],
    answers: {
      anonymous: 'FFFFF',
      user: 'FTFFF',
      'inactive member': 'FFFFF',
      member: 'FTFFF',
      'page editor': 'FTTFT',
      'content manager without the role': 'FTFFT',
      admin: 'TTTTT',
      'inactive admin': 'FFFFF',
      'operator (isMett)': 'TTTTT',
    },
  },
  'media.view': {
    samples: [
      { name: 'public', args: [{ purpose: 'public', ownerGuid: null }] },
      { name: "someone else's profile photo", args: [{ purpose: 'profile', ownerGuid: OTHER }] },
      { name: 'own profile photo', args: [{ purpose: 'profile', ownerGuid: SELF }] },
      {
        name: 'block, unpublished page',
        args: [{ purpose: 'block', ownerGuid: OTHER, page: page(false, 'roles') }],
      },
      {
        name: 'block, published page',
        args: [{ purpose: 'block', ownerGuid: OTHER, page: page(T, 'roles') }],
      },
      { name: 'the library (an asset in no visible use)', args: [{ purpose: 'library', ownerGuid: null }] },
    ],
    answers: {
      anonymous: 'TFFFTF',
      user: 'TTTFTF',
      'inactive member': 'TFTFTF',
      member: 'TTTFTF',
      'page editor': 'TTTTTT',
      'content manager without the role': 'TTTFTT',
      admin: 'TTTTTT',
      'inactive admin': 'TFTFTF',
      'operator (isMett)': 'TTTTTT',
    },
  },
  'media.reference': {
    samples: [
      {
        name: 'block, its own upload',
        args: [{ media: image('block', OTHER), by: { kind: 'block', guid: OTHER } }],
      },
      {
        name: "block, another block's upload",
        args: [{ media: image('block', SELF), by: { kind: 'block', guid: OTHER } }],
      },
      {
        name: 'block, a public image',
        args: [{ media: image('public', null), by: { kind: 'block', guid: OTHER } }],
      },
      {
        name: 'item, its own upload',
        args: [{ media: image('item', OTHER), by: { kind: 'item', guid: OTHER } }],
      },
      {
        name: "item, a block's upload",
        args: [{ media: image('block', OTHER), by: { kind: 'item', guid: OTHER } }],
      },
      { name: 'setting, a public image', args: [{ media: image('public', null), by: { kind: 'setting' } }] },
      { name: 'setting, a block image', args: [{ media: image('block', OTHER), by: { kind: 'setting' } }] },
      {
        name: 'profile, own upload',
        args: [{ media: image('profile', SELF), by: { kind: 'profile', userId: SELF } }],
      },
      {
        name: "profile, someone else's upload",
        args: [{ media: image('profile', OTHER, OTHER), by: { kind: 'profile', userId: SELF } }],
      },
      {
        name: 'block, a library upload',
        args: [{ media: image('library', null, OTHER), by: { kind: 'block', guid: OTHER } }],
      },
    ],
    // Whoever may use the library (issue 27) may name any of its assets; never a profile photo.
    answers: {
      ...everyone('TFTTFTFTFF'),
      'page editor': 'TTTTTTTTFT',
      'content manager without the role': 'TTTTTTTTFT',
      admin: 'TTTTTTTTFT',
      'operator (isMett)': 'TTTTTTTTFT',
    },
  },
  'media.library': {
    samples: [{ name: 'browse, pick from and upload into the library', args: [] }],
    answers: {
      ...everyone('F'),
      'page editor': 'T',
      'content manager without the role': 'T',
      admin: 'T',
      'operator (isMett)': 'T',
    },
  },
  'media.manage': {
    samples: [
      { name: 'own upload', args: [{ purpose: 'library', uploadedBy: SELF }] },
      { name: "someone else's upload", args: [{ purpose: 'block', uploadedBy: OTHER }] },
      { name: 'own profile photo', args: [{ purpose: 'profile', uploadedBy: SELF }] },
    ],
    answers: {
      ...everyone('FFF'),
      'page editor': 'TFF',
      'content manager without the role': 'TFF',
      admin: 'TTF',
      'operator (isMett)': 'TTF',
    },
  },
  'media.sweep': {
    samples: [{ name: "the orphan sweep's report", args: [] }],
    answers: adminsOnly('T', 'F'),
  },
  'user.manage': { samples: [{ name: 'accounts and invitations', args: [] }], answers: adminsOnly('T', 'F') },
  'user.update': {
    samples: [
      {
        name: 'deactivate a member',
        args: [{ target: { id: OTHER, isMett: false }, change: { isActive: false } }],
      },
      {
        name: 'make a member an operator',
        args: [{ target: { id: OTHER, isMett: false }, change: { isMett: T } }],
      },
    ],
    answers: {
      ...adminsOnly('TF', 'FF'),
      'operator (isMett)': 'TT',
    },
  },
  'user.view': {
    samples: [
      { name: 'own account', args: [SELF] },
      { name: "someone else's", args: [OTHER] },
    ],
    answers: { ...everyone('TF'), anonymous: 'FF', admin: 'TT', 'operator (isMett)': 'TT' },
  },
  'role.manage': { samples: [{ name: 'roles', args: [] }], answers: adminsOnly('T', 'F') },
  // Forms (issue 11)
  'form.list': {
    samples: [{ name: 'the forms table', args: [] }],
    answers: { ...everyone('T'), anonymous: 'F', 'inactive member': 'F', 'inactive admin': 'F' },
  },
  'form.create': { samples: [{ name: 'a form', args: [] }], answers: adminsOnly('T', 'F') },
  'form.delete': { samples: [{ name: 'a form', args: [] }], answers: adminsOnly('T', 'F') },
  'trash.manage': { samples: [{ name: 'the trash', args: [] }], answers: adminsOnly('T', 'F') },
  'form.update': { samples: FORM_SAMPLES, answers: FORM_ANSWERS },
  'form.viewResults': { samples: FORM_SAMPLES, answers: FORM_ANSWERS },
  'form.changeRights': { samples: [{ name: 'roles of a form', args: [] }], answers: adminsOnly('T', 'F') },
  'form.submit': {
    samples: (['Public', 'Users', 'Verify', 'Roles', 'Admin'] as const).map((audience) => ({
      name: `audience ${audience}`,
      args: [{ audience, audienceRoleIds: [MEMBERS] }],
    })),
    answers: {
      anonymous: 'TFFFF',
      user: 'TTFFF',
      'inactive member': 'TFFFF',
      member: 'TTTTF',
      'page editor': 'TTFFF',
      'content manager without the role': 'TTFFF',
      admin: 'TTTTT',
      'inactive admin': 'TFFFF',
      'operator (isMett)': 'TTTTT',
    },
  },
  'formSubmission.view': {
    samples: SUBMISSION_SAMPLES,
    answers: {
      ...everyone('TFFFF'),
      anonymous: 'FFFFF',
      'inactive member': 'FFFFF',
      'page editor': 'TFFTT',
      'content manager without the role': 'TFFFT',
      admin: 'TTTTT',
      'inactive admin': 'FFFFF',
      'operator (isMett)': 'TTTTT',
    },
  },
  'formSubmission.manage': {
    samples: SUBMISSION_SAMPLES,
    answers: {
      ...adminsOnly('TTTTT', 'FFFFF'),
      'page editor': 'FFFTT',
      'content manager without the role': 'FFFFT',
    },
  },
  'user.erase': {
    samples: [
      { name: "someone else's account", args: [{ id: OTHER }] },
      { name: 'own account', args: [{ id: SELF }] },
    ],
    answers: adminsOnly('TF', 'FF'),
  },
  'property.define': {
    samples: [
      { name: 'a site property', args: [{ isMettOnly: false }] },
      { name: 'an operator-only property', args: [{ isMettOnly: T }] },
    ],
    answers: { ...adminsOnly('TF', 'FF'), 'operator (isMett)': 'TT' },
  },
  'property.see': {
    samples: [
      {
        name: "another member's public property",
        args: [{ definition: definition('user'), isOwner: false }],
      },
      {
        name: "another member's private property",
        args: [{ definition: definition('self'), isOwner: false }],
      },
      { name: 'own operator-only property', args: [{ definition: definition('user', T), isOwner: T }] },
      { name: 'own property', args: [{ definition: definition('self'), isOwner: T }] },
    ],
    answers: {
      anonymous: 'FFFT',
      user: 'TFFT',
      'inactive member': 'FFFT',
      member: 'TFFT',
      'page editor': 'TFFT',
      'content manager without the role': 'TFFT',
      admin: 'TTFT',
      'inactive admin': 'FFFT',
      'operator (isMett)': 'TTTT',
    },
  },
  'settings.update': { samples: [{ name: 'platform settings', args: [] }], answers: adminsOnly('T', 'F') },
  'cache.invalidate': { samples: [{ name: 'public caches', args: [] }], answers: adminsOnly('T', 'F') },
  // Menus and redirects (issue 10)
  'menu.manage': { samples: [{ name: 'menus and items', args: [] }], answers: adminsOnly('T', 'F') },
  'redirect.manage': { samples: [{ name: 'redirects', args: [] }], answers: adminsOnly('T', 'F') },
  'statistics.view': { samples: [{ name: 'site statistics', args: [] }], answers: adminsOnly('T', 'F') },
  'headerImage.manage': { samples: [{ name: 'header images', args: [] }], answers: adminsOnly('T', 'F') },
  'itemType.manage': { samples: [{ name: 'item types', args: [] }], answers: adminsOnly('T', 'F') },
};

function listSamples(): { name: string; args: [ListForPolicy] }[] {
  return [
    { name: 'published page, admins add', args: [newsList] },
    {
      name: 'published page, members add',
      args: [list(page(T, 'roles'), { addPermission: 'roles', addRoles: [MEMBERS] })],
    },
    {
      name: 'published page, users add',
      args: [list(page(T, 'roles'), { addPermission: 'users', addRoles: [] })],
    },
    { name: 'unpublished page, users add', args: [draftList] },
    { name: 'no page', args: [strayList] },
  ];
}

function itemEditCase(): Case<'listItem.update'> & Case<'listItem.delete'> {
  return {
    samples: [
      { name: 'item on a page', args: [{ isPublished: T, publishedOn: PAST, list: newsList }] },
      { name: 'item on no page', args: [{ isPublished: T, publishedOn: PAST, list: strayList }] },
    ],
    answers: { ...adminsOnly('TT', 'FF'), 'page editor': 'TF' },
  };
}

function everyone(answer: string): Record<ActorName, string> {
  return Object.fromEntries(Object.keys(ACTORS).map((name) => [name, answer])) as Record<ActorName, string>;
}

/** Active admins (and operators) answer `admins`, everyone else `others`. */
function adminsOnly(admins: string, others: string): Record<ActorName, string> {
  return { ...everyone(others), admin: admins, 'operator (isMett)': admins };
}

const rows = (Object.keys(cases) as Action[]).flatMap((action) => {
  const entry = cases[action] as Case<Action>;
  return (Object.keys(ACTORS) as ActorName[]).flatMap((actorName) =>
    entry.samples.map((sample, column) => ({
      action,
      actorName,
      sample: sample.name,
      args: sample.args,
      expected: entry.answers[actorName][column],
    })),
  );
});

describe('the policy matrix: every row of the action table × every actor', () => {
  it('names every action of the table, and only those', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(POLICIES).sort());
  });

  it('has one answer per sample for every actor', () => {
    for (const [action, entry] of Object.entries(cases) as [Action, Case<Action>][]) {
      for (const actorName of Object.keys(ACTORS) as ActorName[]) {
        expect(entry.answers[actorName], `${action} × ${actorName}`).toMatch(
          new RegExp(`^[TF]{${entry.samples.length}}$`),
        );
      }
    }
  });

  it.each(rows)('$action, $sample: $actorName → $expected', ({ action, actorName, args, expected }) => {
    expect(can(ACTORS[actorName], action, ...(args as ResourceArgs<typeof action>))).toBe(expected === 'T');
  });
});

describe('abilities', () => {
  it('are generated from the action table', () => {
    const editor = ACTORS['page editor'];
    expect(abilities('page', editor, page(T, 'roles'))).toEqual({
      update: true,
      changeRights: false,
      chooseSocialImage: true,
    });
    expect(abilities('page', ACTORS.member, page(T, 'roles'))).toEqual({
      update: false,
      changeRights: false,
      chooseSocialImage: false,
    });
    expect(abilities('page', ACTORS.admin, page(T, 'roles'))).toEqual({
      update: true,
      changeRights: true,
      chooseSocialImage: true,
    });
    expect(abilities('list', ACTORS.member, listSamples()[1]!.args[0])).toEqual({
      addItem: true,
      editItems: false,
    });
    expect(abilities('listItem', editor, { isPublished: T, publishedOn: PAST, list: newsList })).toEqual({
      update: true,
      delete: true,
    });
  });

  it('name only actions of the table', () => {
    for (const set of Object.values(ABILITIES)) {
      for (const action of Object.values(set)) expect(Object.keys(POLICIES)).toContain(action);
    }
  });
});

describe('authorize', () => {
  const settle = (run: () => void): AppError | undefined => {
    try {
      run();
      return undefined;
    } catch (error) {
      return error as AppError;
    }
  };

  it('lets an allowed action through', () => {
    expect(settle(() => authorize(ACTORS.admin, 'settings.update'))).toBeUndefined();
  });

  it('asks a visitor to sign in, tells an inactive account, forbids anyone else', () => {
    expect(settle(() => authorize(ANONYMOUS, 'settings.update'))).toMatchObject({
      code: 'unauthorized',
      status: 401,
    });
    expect(settle(() => authorize(ACTORS['inactive admin'], 'settings.update'))).toMatchObject({
      code: 'account_inactive',
      status: 403,
    });
    expect(settle(() => authorize(ACTORS.member, 'settings.update'))).toMatchObject({
      code: 'forbidden',
      status: 403,
    });
  });

  it('answers not found for a record the actor may not see', () => {
    const error = settle(() => ensureVisible(ANONYMOUS, 'page.view', page(false, 'roles'), 'page'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: 'page not found' });
  });
});
