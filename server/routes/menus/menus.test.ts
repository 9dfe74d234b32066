import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { createMenu, createMenuItem, createPage, createUser } from '../../seed/builders.ts';

type MenuItem = {
  guid: string;
  urlSegment: string;
  name: string;
  pageGuid: string | null;
  pageName: string | null;
  pageIsPublished: boolean;
  externalUrl: string | null;
  isVisible: boolean;
  path: string;
  relatedMenuItems: MenuItem[];
};
type Menu = { guid: string; name: string; menuItems: MenuItem[] };

const names = (items: MenuItem[]) => items.map((item) => item.name);

describe('GET /api/menus:withName', () => {
  let test: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestApp();
    const { db } = test.database;
    const page = async (name: string, isPublished = true) =>
      (await createPage(db, { name, title: name, isPublished })).id;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const item = (input: Omit<Parameters<typeof createMenuItem>[1], 'menuId'>) =>
      createMenuItem(db, { menuId: menu.id, ...input });

    const home = await page('home');
    const about = await page('over-ons');
    const board = await page('bestuur');
    const vacancies = await page('vacatures');
    const draft = await page('concept', false);
    const draftChild = await page('concept-kind');
    const hidden = await page('verborgen');
    Object.assign(ids, { home, about, board, vacancies, draft, hidden });

    await item({ urlSegment: '', name: { nl: 'Start', en: 'Home' }, pageId: home, sortId: 10 });
    const aboutItem = await item({
      urlSegment: 'over-ons',
      name: { nl: 'Over ons', en: 'About us' },
      pageId: about,
      sortId: 20,
    });
    const boardItem = await item({
      parentId: aboutItem.id,
      urlSegment: 'bestuur',
      name: { nl: 'Bestuur' },
      pageId: board,
    });
    await item({
      parentId: boardItem.id,
      urlSegment: 'vacatures',
      name: { nl: 'Vacatures', en: 'Vacancies' },
      pageId: vacancies,
    });
    const draftItem = await item({ urlSegment: 'concept', name: 'Concept', pageId: draft, sortId: 30 });
    await item({ parentId: draftItem.id, urlSegment: 'kind', name: 'Kind', pageId: draftChild });
    await item({ urlSegment: 'verborgen', name: 'Verborgen', pageId: hidden, isVisible: false, sortId: 40 });
    await item({
      urlSegment: 'gemeente',
      name: { nl: 'Gemeente', en: 'Municipality' },
      externalUrl: 'https://www.rijksoverheid.nl/',
      sortId: 50,
    });

    const footer = await createMenu(db, 'Footer menu');
    await createMenuItem(db, { menuId: footer.id, urlSegment: 'contact', name: 'Contact' });
  });
  afterAll(async () => {
    await test.close();
  });

  const getMenu = async (query: string) => {
    const response = await test.app.inject({ method: 'GET', url: `/api/menus:withName?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as Menu;
  };

  it('returns the menu with its items nested three levels deep, in sort order', async () => {
    const menu = await getMenu('name=Top level menu');
    expect(menu.name).toBe(TOP_LEVEL_MENU);
    expect(names(menu.menuItems)).toEqual(['Start', 'Over ons', 'Verborgen', 'Gemeente']);
    const about = menu.menuItems[1]!;
    expect(about).toMatchObject({
      urlSegment: 'over-ons',
      pageGuid: ids.about,
      pageName: 'over-ons',
      pageIsPublished: true,
      externalUrl: null,
      isVisible: true,
      path: '/over-ons',
    });
    const board = about.relatedMenuItems[0]!;
    expect(board).toMatchObject({ name: 'Bestuur', path: '/over-ons/bestuur' });
    expect(board.relatedMenuItems).toEqual([
      expect.objectContaining({
        name: 'Vacatures',
        pageGuid: ids.vacancies,
        path: '/over-ons/bestuur/vacatures',
        relatedMenuItems: [],
      }),
    ]);
  });

  it('gives every item a guid and the home item the path /', async () => {
    const menu = await getMenu('name=Top level menu');
    for (const item of menu.menuItems) expect(item.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(menu.menuItems[0]).toMatchObject({ urlSegment: '', path: '/', pageName: 'home' });
  });

  it('keeps a hidden item with isVisible false, and an external link with its URL', async () => {
    const menu = await getMenu('name=Top level menu');
    expect(menu.menuItems.find((item) => item.urlSegment === 'verborgen')).toMatchObject({
      isVisible: false,
      pageGuid: ids.hidden,
    });
    expect(menu.menuItems.find((item) => item.urlSegment === 'gemeente')).toMatchObject({
      externalUrl: 'https://www.rijksoverheid.nl/',
      pageGuid: null,
      pageName: null,
      pageIsPublished: false,
      isVisible: true,
    });
  });

  it('never shows a visitor the item of an unpublished page, nor the items below it', async () => {
    const menu = await getMenu('name=Top level menu');
    const all = JSON.stringify(menu);
    expect(all).not.toContain(ids.draft);
    expect(all).not.toContain('"kind"');
    expect(all).not.toContain('Concept');
  });

  it('shows an admin the items of unpublished pages, marked unpublished', async () => {
    const admin = await createUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/menus:withName?name=Top level menu',
      headers: await bearerFor(test.database.db, admin.id),
    });
    const draft = (response.json() as Menu).menuItems.find((item) => item.urlSegment === 'concept');
    expect(draft).toMatchObject({ pageGuid: ids.draft, pageIsPublished: false });
    expect(draft?.relatedMenuItems.map((item) => item.urlSegment)).toEqual(['kind']);
  });

  it('names items in English with ?lang=en and falls back to Dutch where there is no translation', async () => {
    const menu = await getMenu('name=Top level menu&lang=en');
    expect(names(menu.menuItems)).toEqual(['Home', 'About us', 'Verborgen', 'Municipality']);
    expect(menu.menuItems[1]?.relatedMenuItems[0]?.name).toBe('Bestuur');
  });

  it('picks the menu by its name and trims the name', async () => {
    const footer = await getMenu('name=Footer%20menu');
    expect(names(footer.menuItems)).toEqual(['Contact']);
    expect((await getMenu('name=%20Top%20level%20menu%20')).name).toBe(TOP_LEVEL_MENU);
  });

  it('answers 404 to an unknown menu name, in the request language', async () => {
    const url = '/api/menus:withName?name=Bestaat%20niet';
    expectApiError(await test.app.inject({ method: 'GET', url }), 404, 'not_found');
    expectApiError(await test.app.inject({ method: 'GET', url: `${url}&lang=en` }), 404, 'not_found', 'en');
  });

  it.each([
    ['a missing name', ''],
    ['an empty name', 'name='],
    ['a name of only spaces', 'name=%20%20%20'],
    ['a name over 200 characters', `name=${'m'.repeat(201)}`],
    ['a repeated name', 'name=a&name=b'],
    ['a name with a NUL byte', 'name=Top%00level'],
    ['a name with a line break', 'name=Top%0Alevel%20menu'],
    ['a name as an object', 'name[x]=y'],
  ])('answers 400 to %s', async (_case, query) => {
    const response = await test.app.inject({ method: 'GET', url: `/api/menus:withName?${query}` });
    expectApiError(response, 400, 'validation_failed');
  });
});
