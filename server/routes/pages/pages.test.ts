import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { buildingBlockInstances, headerImages, listItems, menuItems, pages } from '../../db/schema.ts';
import { setPlatformSettings } from '../../domains/settings/commands.ts';
import {
  createBlock,
  createHeaderImage,
  createListItem,
  createMenu,
  createMenuItem,
  createPage,
  createUser,
} from '../../seed/builders.ts';

type Block = { guid: string; buildingBlockName: string; layoutPosition: string; content: unknown };
type Page = {
  guid: string;
  name: string;
  title: string;
  titleTranslations: { nl: string; en?: string };
  description: string;
  isPublished: boolean;
  isTemplate: boolean;
  abilities: { update: boolean };
  buildingBlockInstances?: Block[];
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/pages/{id}', () => {
  it('returns a published page with its blocks and a cache-token header', async () => {
    const page = await createPage(test.database.db, {
      name: 'welkom',
      title: { nl: 'Welkom', en: 'Welcome' },
      blocks: [{ name: 'divider', options: { variant: 'solid' } }],
    });
    const response = await get(`/api/pages/${page.id}?lang=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-token']).toMatch(/^[\w-]{22}$/);
    const body = response.json();
    expect(body.page).toMatchObject({ guid: page.id, name: 'welkom', title: 'Welcome', isPublished: true });
    expect(body.page.buildingBlockInstances).toHaveLength(1);
    expect(body.listMetadata).toEqual({});
  });

  it('gives each list block the number of items the caller sees in listMetadata', async () => {
    const page = await createPage(test.database.db, {
      name: 'met-lijst',
      title: 'Met lijst',
      blocks: [{ name: 'list', content: { nl: { title: 'Nieuws' } } }],
    });
    const [list] = await test.database.db
      .select()
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.pageId, page.id));
    for (const title of ['Een', 'Twee', 'Drie']) {
      await createListItem(test.database.db, { blockId: list!.id, title });
    }
    await createListItem(test.database.db, { blockId: list!.id, title: 'Verborgen', isPublished: false });
    const response = await get(`/api/pages/${page.id}`);
    expect(response.json().listMetadata).toEqual({ [list!.id]: { totalNumberOfItems: 3 } });
  });

  it('answers 404 to a visitor for an unpublished page', async () => {
    const page = await createPage(test.database.db, {
      name: 'concept',
      title: 'Concept',
      isPublished: false,
    });
    const response = await get(`/api/pages/${page.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('answers 400 with a stable code for a malformed id', async () => {
    const response = await get('/api/pages/not-a-guid');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('answers an unpublished page exactly like an unknown one', async () => {
    const page = await createPage(test.database.db, { name: 'geheim', title: 'Geheim', isPublished: false });
    const unpublished = await get(`/api/pages/${page.id}`);
    const unknown = await get(`/api/pages/${UNKNOWN_ID}`);
    expectApiError(unpublished, 404, 'not_found');
    expect(unpublished.body).toBe(unknown.body);
    expect(unpublished.headers['cache-token']).toBeUndefined();
  });

  it('answers 404 for the id of a template', async () => {
    const template = await createPage(test.database.db, {
      name: 'template-voor-pagina',
      title: 'Template',
      kind: 'template',
    });
    expectApiError(await get(`/api/pages/${template.id}`), 404, 'not_found');
  });

  it('gives the title and description in the request language, falling back to Dutch', async () => {
    const page = await createPage(test.database.db, {
      name: 'vertaald',
      title: { nl: 'Nieuws', en: 'News' },
      description: { nl: 'Alles over het dorp' },
    });
    const dutch = (await get(`/api/pages/${page.id}`)).json().page as Page;
    expect(dutch).toMatchObject({ title: 'Nieuws', description: 'Alles over het dorp' });
    const english = (await get(`/api/pages/${page.id}?lang=en`)).json().page as Page;
    expect(english).toMatchObject({
      title: 'News',
      description: 'Alles over het dorp',
      titleTranslations: { nl: 'Nieuws', en: 'News' },
    });
    const byCookie = (await get(`/api/pages/${page.id}`, { cookie: 'lang=en' })).json().page as Page;
    expect(byCookie.title).toBe('News');
    const onlyDutch = await createPage(test.database.db, { name: 'alleen-nl', title: 'Alleen Nederlands' });
    expect(((await get(`/api/pages/${onlyDutch.id}?lang=en`)).json().page as Page).title).toBe(
      'Alleen Nederlands',
    );
  });

  it('tells a visitor they may not update the page and passes the page options through', async () => {
    const page = await createPage(test.database.db, {
      name: 'met-opties',
      title: 'Opties',
      layout: '25-50-25',
      options: { showBreadcrumbs: 'false', templateHeader: '' },
    });
    const body = (await get(`/api/pages/${page.id}`)).json().page;
    expect(body).toMatchObject({
      layout: '25-50-25',
      isTemplate: false,
      editPermission: 'admins',
      editRoles: [],
      abilities: { update: false },
      options: [
        { name: 'showBreadcrumbs', value: 'false' },
        { name: 'templateHeader', value: '' },
      ],
    });
  });

  it('returns the blocks with their per-locale content, position and sort id', async () => {
    const page = await createPage(test.database.db, {
      name: 'blokken',
      title: 'Blokken',
      layout: '25-75',
      blocks: [
        { name: 'text', position: 'left', content: { nl: { doc: paragraphs('Links') } } },
        { name: 'text', content: { nl: { doc: paragraphs('Eerste') }, en: { doc: paragraphs('First') } } },
        { name: 'divider', options: { variant: 'dashed' } },
      ],
    });
    const blocks = (await get(`/api/pages/${page.id}`)).json().page.buildingBlockInstances as (Block & {
      pageGuid: string;
      sortId: number;
    })[];
    expect(blocks).toHaveLength(3);
    const main = blocks.filter((block) => block.layoutPosition === 'main');
    expect(main.map((block) => [block.buildingBlockName, block.sortId])).toEqual([
      ['text', 10],
      ['divider', 20],
    ]);
    expect(main[0]).toMatchObject({
      pageGuid: page.id,
      content: { nl: { doc: paragraphs('Eerste') }, en: { doc: paragraphs('First') } },
    });
    expect(blocks.find((block) => block.layoutPosition === 'left')?.buildingBlockName).toBe('text');
  });
});

describe('cache-token of GET /api/pages/{id}', () => {
  /** A page in the top level menu, with a block, a header image, a header template and a neighbour page. */
  async function pageWithEverythingItShows() {
    const { db } = test.database;
    const suffix = randomUUID().slice(0, 8);
    const template = await createPage(db, {
      name: `kop-${suffix}`,
      title: 'Kop',
      kind: 'template',
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Mededeling') } } }],
    });
    const image = await createHeaderImage(db, { title: { nl: 'Welkom' } });
    const page = await createPage(db, {
      name: `pagina-${suffix}`,
      title: 'Pagina',
      options: { templateHeader: template.id, headerImage: image.id },
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Inhoud') } } }],
    });
    const neighbour = await createPage(db, { name: `buur-${suffix}`, title: 'Buur' });
    const menu = await createMenu(db, `Menu ${suffix}`);
    const item = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: suffix,
      name: 'Pagina',
      pageId: page.id,
    });
    await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: `buur-${suffix}`,
      name: 'Buur',
      pageId: neighbour.id,
    });
    return { page, template, image, item, neighbour };
  }
  type Fixture = Awaited<ReturnType<typeof pageWithEverythingItShows>>;

  const tokenOf = async (pageId: string, query = '') => {
    const response = await get(`/api/pages/${pageId}${query}`);
    expect(response.statusCode).toBe(200);
    return String(response.headers['cache-token']);
  };
  const now = sql`now()`;

  it('stays the same while nothing changes', async () => {
    const { page } = await pageWithEverythingItShows();
    const first = await tokenOf(page.id);
    expect(await tokenOf(page.id)).toBe(first);
    expect(await tokenOf(page.id)).toBe(first);
  });

  it('differs between languages', async () => {
    const { page } = await pageWithEverythingItShows();
    await test.database.db
      .update(pages)
      .set({ title: { nl: 'Pagina', en: 'Page' } })
      .where(eq(pages.id, page.id));
    expect(await tokenOf(page.id, '?lang=en')).not.toBe(await tokenOf(page.id));
  });

  it('changes when an item of a list it counts changes, not for an item of another page (cache tags, issue 29)', async () => {
    const { page } = await pageWithEverythingItShows();
    const news = await createPage(test.database.db, {
      name: `nieuws-${randomUUID().slice(0, 8)}`,
      title: 'Nieuws',
      blocks: [{ name: 'list' }],
    });
    const item = await createListItem(test.database.db, { blockId: news.blocks[0]!.id, title: 'Eerst' });
    const before = await tokenOf(page.id);
    const newsBefore = await tokenOf(news.id);
    await test.database.db
      .update(listItems)
      .set({ title: { nl: 'Daarna' }, updatedAt: now })
      .where(eq(listItems.id, item.id));
    expect(await tokenOf(page.id)).toBe(before);
    await createListItem(test.database.db, { blockId: news.blocks[0]!.id, title: 'Tweede' });
    expect(await tokenOf(news.id)).not.toBe(newsBefore);
  });

  it('stays the same when something the public site does not show changes (a user account)', async () => {
    const { page } = await pageWithEverythingItShows();
    const before = await tokenOf(page.id);
    await createUser(test.database.db, { email: `${randomUUID()}@example.nl` });
    expect(await tokenOf(page.id)).toBe(before);
  });

  const changes: [string, (fixture: Fixture) => Promise<unknown>][] = [
    [
      'the page itself changes',
      ({ page }) =>
        test.database.db
          .update(pages)
          .set({ title: { nl: 'Nieuwe titel' }, updatedAt: now })
          .where(eq(pages.id, page.id)),
    ],
    [
      'the page is saved without a visible change',
      ({ page }) => test.database.db.update(pages).set({ updatedAt: now }).where(eq(pages.id, page.id)),
    ],
    [
      'one of its blocks changes',
      ({ page }) =>
        test.database.db
          .update(buildingBlockInstances)
          .set({ content: { nl: { doc: paragraphs('Nieuwe inhoud') } }, updatedAt: now })
          .where(eq(buildingBlockInstances.id, page.blocks[0]!.id)),
    ],
    [
      'one of its blocks moves',
      ({ page }) =>
        test.database.db
          .update(buildingBlockInstances)
          .set({ sortId: 99, updatedAt: now })
          .where(eq(buildingBlockInstances.id, page.blocks[0]!.id)),
    ],
    ['a block is added', ({ page }) => createBlock(test.database.db, { pageId: page.id, name: 'divider' })],
    [
      'a block is removed',
      ({ page }) =>
        test.database.db
          .delete(buildingBlockInstances)
          .where(eq(buildingBlockInstances.id, page.blocks[0]!.id)),
    ],
    [
      'a platform setting changes',
      () => setPlatformSettings(test.database.db, { platformName: `Naam ${randomUUID()}` }),
    ],
    [
      'its menu item is renamed',
      ({ item }) =>
        test.database.db
          .update(menuItems)
          .set({ name: { nl: 'Andere naam' }, updatedAt: now })
          .where(eq(menuItems.id, item.id)),
    ],
    [
      'a menu item is added',
      ({ item }) =>
        createMenuItem(test.database.db, { menuId: item.menuId, urlSegment: 'nieuw', name: 'Nieuw' }),
    ],
    [
      'a menu item is removed',
      ({ item }) => test.database.db.delete(menuItems).where(eq(menuItems.id, item.id)),
    ],
    [
      'another page in the menu is unpublished',
      ({ neighbour }) =>
        test.database.db
          .update(pages)
          .set({ isPublished: false, updatedAt: now })
          .where(eq(pages.id, neighbour.id)),
    ],
    [
      'its header image changes',
      ({ image }) =>
        test.database.db
          .update(headerImages)
          .set({ title: { nl: 'Hallo' }, updatedAt: now })
          .where(eq(headerImages.id, image.id)),
    ],
    [
      'its header template changes',
      ({ template }) =>
        test.database.db
          .update(pages)
          .set({ title: { nl: 'Nieuwe kop' }, updatedAt: now })
          .where(eq(pages.id, template.id)),
    ],
    [
      'a block of its header template changes',
      ({ template }) =>
        test.database.db
          .update(buildingBlockInstances)
          .set({ content: { nl: { doc: paragraphs('Nieuwe mededeling') } }, updatedAt: now })
          .where(eq(buildingBlockInstances.id, template.blocks[0]!.id)),
    ],
    [
      'a block of its header template is removed',
      ({ template }) =>
        test.database.db
          .delete(buildingBlockInstances)
          .where(eq(buildingBlockInstances.id, template.blocks[0]!.id)),
    ],
  ];

  it.each(changes)('changes when %s', async (_change, change) => {
    const fixture = await pageWithEverythingItShows();
    const before = await tokenOf(fixture.page.id);
    await change(fixture);
    const after = await tokenOf(fixture.page.id);
    expect(after).not.toBe(before);
    expect(await tokenOf(fixture.page.id)).toBe(after);
  });
});

describe('GET /api/pages', () => {
  let published: Awaited<ReturnType<typeof createPage>>;
  let withVideo: Awaited<ReturnType<typeof createPage>>;
  beforeAll(async () => {
    const { db } = test.database;
    published = await createPage(db, {
      name: 'lijst-a',
      title: { nl: 'Lijst A', en: 'List A' },
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Tekst') } } }, { name: 'divider' }],
    });
    withVideo = await createPage(db, {
      name: 'lijst-b',
      title: 'Lijst B',
      blocks: [
        {
          name: 'video',
          content: { nl: { url: 'https://vimeo.com/76979871', title: 'Video' } },
        },
      ],
    });
    await createPage(db, { name: 'lijst-concept', title: 'Concept', isPublished: false });
    await createPage(db, { name: 'lijst-template', title: 'Template', kind: 'template' });
  });

  const list = async (query = '') => {
    const response = await get(`/api/pages${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as Page[]).filter((page) => page.name.startsWith('lijst-'));
  };

  it('lists the published pages by name, without templates, unpublished pages or blocks', async () => {
    const pagesFound = await list();
    expect(pagesFound.map((page) => page.name)).toEqual(['lijst-a', 'lijst-b']);
    for (const page of pagesFound) expect(page).not.toHaveProperty('buildingBlockInstances');
    const all = (await get('/api/pages')).json() as Page[];
    expect(all.every((page) => page.isPublished && !page.isTemplate)).toBe(true);
    const names = all.map((page) => page.name);
    expect(names).toEqual([...names].sort());
  });

  it('includes the building block instances with IncludeBbis', async () => {
    for (const value of ['true', 'TRUE', '1']) {
      const [a, b] = await list(`?IncludeBbis=${value}`);
      expect(a?.buildingBlockInstances?.map((block) => block.buildingBlockName).sort()).toEqual([
        'divider',
        'text',
      ]);
      expect(b?.buildingBlockInstances?.map((block) => block.guid)).toEqual([withVideo.blocks[0]!.id]);
    }
    const [withoutBlocks] = await list('?IncludeBbis=false');
    expect(withoutBlocks).not.toHaveProperty('buildingBlockInstances');
  });

  it('keeps only the named block types with FilterBbisByBuildingBlocks, comma separated or repeated', async () => {
    for (const query of [
      '?IncludeBbis=true&FilterBbisByBuildingBlocks=video,divider',
      '?IncludeBbis=true&FilterBbisByBuildingBlocks=video&FilterBbisByBuildingBlocks=divider',
    ]) {
      const [a, b] = await list(query);
      expect(a?.buildingBlockInstances?.map((block) => block.buildingBlockName)).toEqual(['divider']);
      expect(b?.buildingBlockInstances?.map((block) => block.buildingBlockName)).toEqual(['video']);
    }
    const [onlyUnknown] = await list('?IncludeBbis=true&FilterBbisByBuildingBlocks=doesNotExist');
    expect(onlyUnknown?.buildingBlockInstances).toEqual([]);
  });

  it('ignores FilterBbisByBuildingBlocks without IncludeBbis', async () => {
    const [a] = await list('?FilterBbisByBuildingBlocks=text');
    expect(a).not.toHaveProperty('buildingBlockInstances');
  });

  it('gives titles in English with ?lang=en', async () => {
    const [a, b] = await list('?lang=en');
    expect(a?.guid).toBe(published.id);
    expect([a?.title, b?.title]).toEqual(['List A', 'Lijst B']);
  });

  it.each([
    ['IncludeBbis that is not a boolean', '?IncludeBbis=yes'],
    ['IncludeBbis given twice', '?IncludeBbis=true&IncludeBbis=true'],
    [
      'more than 50 block names',
      `?FilterBbisByBuildingBlocks=${Array.from({ length: 51 }, (_, i) => `b${i}`).join(',')}`,
    ],
    ['a block name over 200 characters', `?FilterBbisByBuildingBlocks=${'b'.repeat(201)}`],
    ['a block name with a NUL byte', '?IncludeBbis=true&FilterBbisByBuildingBlocks=te%00xt'],
    ['a list over 2000 characters', `?FilterBbisByBuildingBlocks=${'b,'.repeat(1001)}`],
  ])('answers 400 to %s', async (_case, query) => {
    expectApiError(await get(`/api/pages${query}`), 400, 'validation_failed');
  });
});

describe('GET /api/pages:withName', () => {
  beforeAll(async () => {
    const { db } = test.database;
    await createPage(db, {
      name: 'legal-privacy',
      title: { nl: 'Privacyverklaring', en: 'Privacy statement' },
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('14 maart 2023') } } }],
    });
    await createPage(db, { name: 'naam-concept', title: 'Concept', isPublished: false });
    await createPage(db, { name: 'naam-template', title: 'Template', kind: 'template' });
  });

  it('returns the page with that name and its blocks, in the request language', async () => {
    const response = await get('/api/pages:withName?name=legal-privacy&lang=en');
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page;
    expect(page).toMatchObject({ name: 'legal-privacy', title: 'Privacy statement', isPublished: true });
    expect(page.buildingBlockInstances).toHaveLength(1);
  });

  it('trims the name', async () => {
    const response = await get('/api/pages:withName?name=%20legal-privacy%20');
    expect((response.json() as Page).name).toBe('legal-privacy');
  });

  it('answers unknown, unpublished and template names with the same 404', async () => {
    const unknown = await get('/api/pages:withName?name=bestaat-niet');
    expectApiError(unknown, 404, 'not_found');
    const unpublished = await get('/api/pages:withName?name=naam-concept');
    const template = await get('/api/pages:withName?name=naam-template');
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.body).toBe(unknown.body);
    expect(template.body).toBe(unknown.body);
    expectApiError(await get('/api/pages:withName?name=bestaat-niet&lang=en'), 404, 'not_found', 'en');
  });

  it.each([
    ['a missing name', ''],
    ['an empty name', '?name='],
    ['a name of only spaces', '?name=%20'],
    ['a name over 200 characters', `?name=${'n'.repeat(201)}`],
    ['a repeated name', '?name=a&name=b'],
    ['a name with a NUL byte', '?name=legal%00privacy'],
  ])('answers 400 to %s', async (_case, query) => {
    expectApiError(await get(`/api/pages:withName${query}`), 400, 'validation_failed');
  });
});

describe('GET /api/pagetemplates/{id}', () => {
  it('returns a template with its blocks', async () => {
    const template = await createPage(test.database.db, {
      name: 'voettekst',
      kind: 'template',
      title: { nl: 'Voettekst', en: 'Footer' },
      layout: '25-50-25',
      blocks: [
        { name: 'text', position: 'left', content: { nl: { doc: paragraphs('Adres') } } },
        { name: 'text', position: 'right', content: { nl: { doc: paragraphs('Volg ons') } } },
      ],
    });
    const response = await get(`/api/pagetemplates/${template.id}?lang=en`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Page;
    expect(body).toMatchObject({ guid: template.id, isTemplate: true, title: 'Footer' });
    expect(body.buildingBlockInstances?.map((block) => block.layoutPosition).sort()).toEqual([
      'left',
      'right',
    ]);
  });

  it('answers 404 for the id of a normal page, an unknown id and an unpublished template', async () => {
    const page = await createPage(test.database.db, { name: 'gewone-pagina', title: 'Gewoon' });
    const hidden = await createPage(test.database.db, {
      name: 'verborgen-template',
      title: 'Verborgen',
      kind: 'template',
      isPublished: false,
    });
    const unknown = expectApiError(await get(`/api/pagetemplates/${UNKNOWN_ID}`), 404, 'not_found');
    for (const id of [page.id, hidden.id]) {
      const response = await get(`/api/pagetemplates/${id}`);
      expect(response.json()).toEqual(unknown);
    }
  });

  it.each(['not-a-guid', '12345', `${UNKNOWN_ID}x`])('answers 400 to the malformed id %s', async (id) => {
    expectApiError(await get(`/api/pagetemplates/${id}`), 400, 'validation_failed');
  });
});

describe('what signed-in actors see', () => {
  const EDITORS = 'redactie';
  let headers: Record<
    'admin' | 'editor' | 'otherManager' | 'userWithRole' | 'inactiveAdmin',
    { authorization: string }
  >;
  let draft: Awaited<ReturnType<typeof createPage>>;
  let rolesPage: Awaited<ReturnType<typeof createPage>>;
  let adminsDraft: Awaited<ReturnType<typeof createPage>>;

  beforeAll(async () => {
    const { db } = test.database;
    const user = async (email: string, input: Omit<Parameters<typeof createUser>[1], 'email'>) =>
      bearerFor(db, (await createUser(db, { email, ...input })).id);
    headers = {
      admin: await user('admin@example.nl', { isAdmin: true }),
      editor: await user('redacteur@example.nl', { isContentManager: true, roleIds: [EDITORS] }),
      otherManager: await user('ander@example.nl', { isContentManager: true, roleIds: ['andere-rol'] }),
      userWithRole: await user('lid@example.nl', { roleIds: [EDITORS] }),
      inactiveAdmin: await user('oud@example.nl', { isAdmin: true, isActive: false }),
    };
    draft = await createPage(db, {
      name: 'actor-concept',
      title: 'Concept van de redactie',
      isPublished: false,
      editPermission: 'roles',
      editRoles: [EDITORS],
      blocks: [{ name: 'divider' }],
    });
    rolesPage = await createPage(db, {
      name: 'actor-gepubliceerd',
      title: 'Gepubliceerd',
      editPermission: 'roles',
      editRoles: [EDITORS],
    });
    adminsDraft = await createPage(db, { name: 'actor-beheer', title: 'Beheer', isPublished: false });
  });

  it.each([
    ['admin', 200],
    ['editor', 200],
    ['otherManager', 404],
    // Holding the page's edit role is what makes a user its content manager (SPEC 6).
    ['userWithRole', 200],
    ['inactiveAdmin', 404],
  ] as const)('GET an unpublished roles page as %s answers %i', async (actor, status) => {
    const response = await get(`/api/pages/${draft.id}`, headers[actor]);
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json().page.abilities).toMatchObject({ update: true });
  });

  it('shows an unpublished admins-only page to admins only', async () => {
    expect((await get(`/api/pages/${adminsDraft.id}`, headers.admin)).statusCode).toBe(200);
    expectApiError(await get(`/api/pages/${adminsDraft.id}`, headers.editor), 404, 'not_found');
  });

  it('tells each actor whether they may update a published page', async () => {
    const updateOf = async (actorHeaders: Record<string, string>) =>
      ((await get(`/api/pages/${rolesPage.id}`, actorHeaders)).json().page as Page).abilities.update;
    expect(await updateOf({})).toBe(false);
    expect(await updateOf(headers.admin)).toBe(true);
    expect(await updateOf(headers.editor)).toBe(true);
    expect(await updateOf(headers.otherManager)).toBe(false);
    expect(await updateOf(headers.userWithRole)).toBe(true);
  });

  it('lists unpublished pages to those who may edit them', async () => {
    const names = async (actorHeaders: Record<string, string>) =>
      ((await get('/api/pages', actorHeaders)).json() as Page[])
        .map((page) => page.name)
        .filter((name) => name.startsWith('actor-'));
    expect(await names({})).toEqual(['actor-gepubliceerd']);
    expect(await names(headers.admin)).toEqual(['actor-beheer', 'actor-concept', 'actor-gepubliceerd']);
    expect(await names(headers.editor)).toEqual(['actor-concept', 'actor-gepubliceerd']);
  });

  it('finds an unpublished page by name and its blocks for the editor', async () => {
    const byName = await get('/api/pages:withName?name=actor-concept', headers.editor);
    expect(byName.statusCode).toBe(200);
    const block = await get(`/api/buildingblockinstance/${draft.blocks[0]!.id}`, headers.editor);
    expect(block.statusCode).toBe(200);
    expectApiError(await get(`/api/buildingblockinstance/${draft.blocks[0]!.id}`), 404, 'not_found');
  });

  it('gives a visitor and an editor different cache tokens for the same page', async () => {
    const visitor = await get(`/api/pages/${rolesPage.id}`);
    const editor = await get(`/api/pages/${rolesPage.id}`, headers.editor);
    expect(visitor.headers['cache-token']).not.toBe(editor.headers['cache-token']);
  });
});
