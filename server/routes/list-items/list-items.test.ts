import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../common/list-items.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, listItems, media } from '../../db/schema.ts';
import { createListItem, createMenu, createMenuItem, createPage, createUser } from '../../seed/builders.ts';

const DAY = 86_400_000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let test: TestApp;
let newsBlock: string;
let draftBlock: string;
let widgetBlock: string;
let emptyBlock: string;
let category: string;
let auth: {
  admin: Record<string, string>;
  editor: Record<string, string>;
  member: Record<string, string>;
  roleEditor: Record<string, string>;
};
const itemGuids: string[] = [];
let hiddenItem: string;
let futureItem: string;

beforeAll(async () => {
  test = await createTestApp();
  const db = test.database.db;
  const news = await createPage(db, {
    name: 'nieuws',
    title: 'Nieuws',
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [
      { name: 'list', content: { nl: { title: 'Nieuws' } }, options: { defaultItemsPerPage: 5 } },
      { name: 'list', content: { nl: { title: 'Leeg' } }, options: {} },
    ],
  });
  const draft = await createPage(db, {
    name: 'concept',
    title: 'Concept',
    isPublished: false,
    blocks: [{ name: 'list', content: { nl: { title: 'Geheim' } } }],
  });
  newsBlock = news.blocks[0]?.id ?? '';
  emptyBlock = news.blocks[1]?.id ?? '';
  draftBlock = draft.blocks[0]?.id ?? '';
  const home = await createPage(db, {
    name: 'home',
    title: 'Home',
    blocks: [
      {
        name: 'widget',
        content: { nl: { title: 'Laatste nieuws' } },
        options: { sourceBlockGuid: newsBlock, defaultItemsPerPage: 3 },
      },
    ],
  });
  widgetBlock = home.blocks[0]?.id ?? '';
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  await createMenuItem(db, { menuId: menu.id, urlSegment: '', name: 'Home', pageId: home.id, sortId: 1 });
  await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'nieuws',
    name: 'Nieuws',
    pageId: news.id,
    sortId: 2,
  });
  await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'concept',
    name: 'Concept',
    pageId: draft.id,
    sortId: 3,
  });

  category = randomUUID();
  const now = Date.now();
  for (let index = 0; index < 12; index += 1) {
    const item = await createListItem(db, {
      blockId: newsBlock,
      title: { nl: `Bericht ${String(index + 1).padStart(2, '0')}`, en: `Message ${index + 1}` },
      type: index % 3 === 0 ? 'evenement' : 'nieuws',
      publishedOn: new Date(now - (index + 1) * DAY),
      highlight: index < 2,
      parentGuids: index % 2 === 0 ? [category] : [],
    });
    itemGuids.push(item.id);
  }
  hiddenItem = (
    await createListItem(db, {
      blockId: newsBlock,
      title: 'Verborgen',
      isPublished: false,
      publishedOn: new Date(now - DAY),
    })
  ).id;
  futureItem = (
    await createListItem(db, { blockId: newsBlock, title: 'Straks', publishedOn: new Date(now + 10 * DAY) })
  ).id;
  await createListItem(db, {
    blockId: newsBlock,
    title: 'Verlopen',
    publishedOn: new Date(now - 30 * DAY),
    periodEnd: new Date(now - 2 * DAY),
  });
  await createListItem(db, { blockId: draftBlock, title: 'Concept-bericht' });

  const admin = await createUser(db, { email: 'admin@example.org', isAdmin: true });
  const editor = await createUser(db, {
    email: 'redacteur@example.org',
    isContentManager: true,
    roleIds: ['redactie'],
  });
  const member = await createUser(db, { email: 'lid@example.org' });
  // Edits the pages of the role but is no content manager: no media library (issue 27).
  const roleEditor = await createUser(db, { email: 'rol@example.org', roleIds: ['redactie'] });
  auth = {
    admin: await bearerFor(db, admin.id),
    editor: await bearerFor(db, editor.id),
    member: await bearerFor(db, member.id),
    roleEditor: await bearerFor(db, roleEditor.id),
  };
});
afterAll(async () => {
  await test.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });
const listPage = async (payload: object, headers: Record<string, string> = {}, block = newsBlock) => {
  const response = await post(`/api/listitem/list/${block}`, payload, headers);
  expect(response.statusCode).toBe(200);
  return response.json() as ListPage;
};

describe('POST /api/listitem/list/{blockGuid} with a query', () => {
  it('answers the first page newest first, with the block default page size and canonical item URLs', async () => {
    const page = await listPage({});
    expect(page).toMatchObject({
      pageNumber: 1,
      itemCount: 5,
      totalNumberOfItems: 12,
      sortBy: 'publishedOn_desc',
    });
    expect(page.items.map((item) => item.title)).toEqual([
      'Bericht 01',
      'Bericht 02',
      'Bericht 03',
      'Bericht 04',
      'Bericht 05',
    ]);
    const first = page.items[0];
    expect(first?.shortId).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(first?.url).toBe(`/nieuws/i/${first?.shortId}/bericht-01`);
    expect(first?.abilities).toBeUndefined();
    expect(page.abilities).toEqual({ addItem: false, editItems: false });
  });

  it('pages on, and past the end answers no items with the right total', async () => {
    const third = await listPage({ pageNumber: 3 });
    expect(third.items.map((item) => item.title)).toEqual(['Bericht 11', 'Bericht 12']);
    const past = await listPage({ pageNumber: 2000, itemCount: 20 });
    expect(past).toMatchObject({ items: [], pageNumber: 2000, totalNumberOfItems: 12 });
  });

  it('caps itemCount at 100', async () => {
    expect((await listPage({ itemCount: 5000 })).itemCount).toBe(100);
  });

  it('sorts by the known keys and refuses an unknown one with invalid_sort', async () => {
    const oldest = await listPage({ sort_by: 'publishedOn_asc', itemCount: 1 });
    expect(oldest.items[0]?.title).toBe('Bericht 12');
    const byTitle = await listPage({ sort_by: 'title_desc', itemCount: 2 });
    expect(byTitle.items.map((item) => item.title)).toEqual(['Bericht 12', 'Bericht 11']);
    const english = await listPage({ sort_by: 'title_asc', itemCount: 3 }, { 'accept-language': 'en' });
    expect(english.items.map((item) => item.title)).toEqual(['Message 1', 'Message 10', 'Message 11']);
    expectApiError(
      await post(`/api/listitem/list/${newsBlock}`, { sort_by: 'id; DROP TABLE pages' }),
      400,
      'invalid_sort',
    );
  });

  it('filters by type, parent and highlight in the filter language', async () => {
    const events = await listPage({ filter: 'type:evenement', itemCount: 20 });
    expect(events.totalNumberOfItems).toBe(4);
    expect(events.items.every((item) => item.listItemTypeName === 'evenement')).toBe(true);
    const underCategory = await listPage({ filter: `parent:${category}`, itemCount: 20 });
    expect(underCategory.totalNumberOfItems).toBe(6);
    expect(underCategory.items.every((item) => item.parentGuids.includes(category))).toBe(true);
    const both = await listPage({ filter: `type:evenement,parent:${category}` });
    expect(both.totalNumberOfItems).toBe(2);
    const highlighted = await listPage({ filter: 'highlight:true' });
    expect(highlighted.items.map((item) => item.title)).toEqual(['Bericht 01', 'Bericht 02']);
    const viaParentGuids = await listPage({ parentGuids: [category], itemCount: 20 });
    expect(viaParentGuids.totalNumberOfItems).toBe(6);
  });

  it.each([
    "type:nieuws' OR 1=1 --",
    '; DROP TABLE list_items; --',
    'parent:not-a-guid',
    'type:',
    'onbekend:waarde',
    `type:${'x'.repeat(100)}`,
    'type:NIEUWS',
  ])('refuses the hostile or malformed filter %j with invalid_filter', async (filter) => {
    expectApiError(await post(`/api/listitem/list/${newsBlock}`, { filter }), 400, 'invalid_filter');
  });

  it('treats searchFilter as plain text (wildcards and quotes match literally)', async () => {
    expect((await listPage({ searchFilter: 'bericht 1' })).totalNumberOfItems).toBe(3);
    for (const searchFilter of ['%', '_', "' OR '1'='1", '\\', 'Bericht%']) {
      expect((await listPage({ searchFilter })).totalNumberOfItems).toBe(0);
    }
  });

  it('hides expired items unless asked, and shows them when the block says so', async () => {
    const withExpired = await listPage({ showExpiredItems: true, itemCount: 20 });
    expect(withExpired.totalNumberOfItems).toBe(13);
    const expired = withExpired.items.find((item) => item.title === 'Verlopen');
    expect(expired?.isExpired).toBe(true);
    expect((await listPage({ filter: 'expired:true' })).totalNumberOfItems).toBe(13);
  });

  it('applies the stored settings: highlightOnly, itemsRecentForDays, hasActiveItems, filter', async () => {
    const db = test.database.db;
    const page = await createPage(db, {
      name: 'instellingen',
      title: 'Instellingen',
      blocks: [
        { name: 'list', content: { nl: { title: 'Alleen uitgelicht' } }, options: { highlightOnly: true } },
        { name: 'list', content: { nl: { title: 'Recent' } }, options: { itemsRecentForDays: 7 } },
        { name: 'list', content: { nl: { title: 'Actief' } }, options: { hasActiveItems: true } },
        { name: 'list', content: { nl: { title: 'Gefilterd' } }, options: { filter: 'type:vacature' } },
        {
          name: 'list',
          content: { nl: { title: 'Archief' } },
          options: { showExpiredItemsByDefault: true, itemsRecentForDays: 7 },
        },
      ],
    });
    const [highlightOnly, recent, active, filtered, archive] = page.blocks.map((block) => block.id);
    const now = Date.now();
    for (const blockId of [highlightOnly, recent, active, filtered, archive]) {
      await createListItem(db, { blockId: blockId ?? '', title: 'Gewoon', publishedOn: new Date(now - DAY) });
      await createListItem(db, {
        blockId: blockId ?? '',
        title: 'Oud',
        publishedOn: new Date(now - 20 * DAY),
      });
      await createListItem(db, {
        blockId: blockId ?? '',
        title: 'Uitgelicht',
        highlight: true,
        type: 'vacature',
        publishedOn: new Date(now - 2 * DAY),
        periodEnd: new Date(now + 5 * DAY),
      });
    }
    const titles = async (block: string | undefined) =>
      (await listPage({}, {}, block ?? '')).items.map((item) => item.title);
    expect(await titles(highlightOnly)).toEqual(['Uitgelicht']);
    expect(await titles(recent)).toEqual(['Gewoon', 'Uitgelicht']);
    expect(await titles(active)).toEqual(['Uitgelicht']);
    expect(await titles(filtered)).toEqual(['Uitgelicht']);
    expect(await titles(archive)).toEqual(['Gewoon', 'Uitgelicht', 'Oud']);
    const archived = (await listPage({}, {}, archive ?? '')).items.find((item) => item.title === 'Oud');
    expect(archived?.isExpired).toBe(true);
  });

  it('shows unpublished and scheduled items, with abilities, only to those who may edit the page', async () => {
    const visitor = await listPage({ itemCount: 100 });
    expect(visitor.items.map((item) => item.guid)).not.toContain(hiddenItem);
    expect(visitor.items.map((item) => item.guid)).not.toContain(futureItem);
    const editor = await listPage({ itemCount: 100 }, auth.editor);
    expect(editor.items.map((item) => item.guid)).toEqual(expect.arrayContaining([hiddenItem, futureItem]));
    expect(editor.items[0]?.abilities).toEqual({ update: true, delete: true });
    expect(editor.abilities).toEqual({ addItem: true, editItems: true });
    // Editors read why visitors do not see an item (yet); visitors never get the field.
    const byGuid = new Map(editor.items.map((item) => [item.guid, item]));
    expect(byGuid.get(hiddenItem)?.visibility).toBe('unpublished');
    expect(byGuid.get(futureItem)?.visibility).toBe('scheduled');
    expect(editor.items.filter((item) => item.visibility === undefined)).toHaveLength(12);
    expect(visitor.items.some((item) => 'visibility' in item)).toBe(false);
    const member = await listPage({ itemCount: 100 }, auth.member);
    expect(member.totalNumberOfItems).toBe(12);
  });

  it('answers 404 for an unknown block, a block that is no list, and a list on an unpublished page', async () => {
    expectApiError(await post(`/api/listitem/list/${UNKNOWN}`, {}), 404, 'not_found');
    expectApiError(await post(`/api/listitem/list/${draftBlock}`, {}), 404, 'not_found');
    expect((await post(`/api/listitem/list/${draftBlock}`, {}, auth.admin)).statusCode).toBe(200);
    expectApiError(await post('/api/listitem/list/not-a-guid', {}), 400, 'validation_failed');
  });
});

describe('GET /api/listitem/list/{guid}/meta', () => {
  it('answers the number of items the caller sees', async () => {
    const response = await get(`/api/listitem/list/${newsBlock}/meta`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ totalNumberOfItems: 12 });
    expect((await get(`/api/listitem/list/${emptyBlock}/meta`)).json()).toEqual({ totalNumberOfItems: 0 });
    expectApiError(await get(`/api/listitem/list/${UNKNOWN}/meta`), 404, 'not_found');
  });
});

describe('/api/listitem/widget/{blockGuid}', () => {
  it("answers the source list's items under the widget's settings, by POST and GET", async () => {
    const posted = await post(`/api/listitem/widget/${widgetBlock}`, {});
    expect(posted.statusCode).toBe(200);
    const body = posted.json() as ListPage;
    expect(body.itemCount).toBe(3);
    expect(body.items.map((item) => item.title)).toEqual(['Bericht 01', 'Bericht 02', 'Bericht 03']);
    expect(body.items[0]?.url).toMatch(/^\/nieuws\/i\//);
    const fetched = await get(
      `/api/listitem/widget/${widgetBlock}?pageNumber=2&itemCount=50&sort_by=title_asc`,
    );
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ pageNumber: 2, itemCount: 20, totalNumberOfItems: 12 });
    expectApiError(await get(`/api/listitem/widget/${widgetBlock}?sort_by=random`), 400, 'invalid_sort');
    expectApiError(await post(`/api/listitem/widget/${newsBlock}`, {}), 404, 'not_found');
  });
});

describe('POST /api/listitem/lists', () => {
  it('answers several lists in one call: null for a missing block, an error entry for a bad query', async () => {
    const response = await post('/api/listitem/lists', {
      [newsBlock]: JSON.stringify({ pageNumber: 2, itemCount: 4 }),
      [widgetBlock]: JSON.stringify({}),
      [emptyBlock]: '',
      [UNKNOWN]: JSON.stringify({}),
      [draftBlock]: JSON.stringify({}),
      [randomUUID()]: '{not json',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, ListPage | null | { error: { code: string } }>;
    expect((body[newsBlock] as ListPage).items.map((item) => item.title)).toEqual([
      'Bericht 05',
      'Bericht 06',
      'Bericht 07',
      'Bericht 08',
    ]);
    expect((body[widgetBlock] as ListPage).items).toHaveLength(3);
    expect((body[emptyBlock] as ListPage).totalNumberOfItems).toBe(0);
    expect(body[UNKNOWN]).toBeNull();
    expect(body[draftBlock]).toBeNull();

    const bad = await post('/api/listitem/lists', {
      [newsBlock]: '{not json',
      [emptyBlock]: JSON.stringify({ sort_by: 'nope' }),
      [widgetBlock]: JSON.stringify({ pageNumber: -1 }),
    });
    const errors = bad.json() as Record<string, { error: { code: string } }>;
    expect(errors[newsBlock]?.error.code).toBe('bad_request');
    expect(errors[emptyBlock]?.error.code).toBe('invalid_sort');
    expect(errors[widgetBlock]?.error.code).toBe('validation_failed');
  });

  it('refuses a body that is not a map of guids to strings', async () => {
    expectApiError(await post('/api/listitem/lists', { 'not-a-guid': '{}' }), 400, 'validation_failed');
    expectApiError(await post('/api/listitem/lists', [newsBlock]), 400, 'validation_failed');
  });
});

describe('GET /api/listitem/{guid} and /api/listitem/short/{id}', () => {
  it('answers a visible item by guid and by short id, with its translations and blocks', async () => {
    const guid = itemGuids[0] ?? '';
    const byGuid = await get(`/api/listitem/${guid}`);
    expect(byGuid.statusCode).toBe(200);
    const item = byGuid.json();
    expect(item).toMatchObject({
      guid,
      title: 'Bericht 01',
      titleTranslations: { nl: 'Bericht 01', en: 'Message 1' },
      listItemTypeName: 'evenement',
      parentGuids: [category],
      blockGuid: newsBlock,
      contentBuildingBlockInstances: [],
      abilities: { update: false, delete: false },
    });
    const byShort = await get(`/api/listitem/short/${item.shortId}`, { 'accept-language': 'en' });
    expect(byShort.statusCode).toBe(200);
    expect(byShort.json()).toMatchObject({
      guid,
      title: 'Message 1',
      url: `/nieuws/i/${item.shortId}/message-1`,
    });
  });

  it('answers 404 for unknown, unpublished, scheduled and hidden-page items, and 400 for a 32+ character short id', async () => {
    expectApiError(await get(`/api/listitem/${UNKNOWN}`), 404, 'not_found');
    expectApiError(await get('/api/listitem/short/onbekend'), 404, 'not_found');
    expectApiError(await get(`/api/listitem/${hiddenItem}`), 404, 'not_found');
    expectApiError(await get(`/api/listitem/${futureItem}`), 404, 'not_found');
    expect((await get(`/api/listitem/${hiddenItem}`, auth.editor)).statusCode).toBe(200);
    expectApiError(await get(`/api/listitem/short/${'a'.repeat(32)}`), 400, 'validation_failed');
  });
});

describe('GET /api/listitemtypes', () => {
  it('lists the item types', async () => {
    const response = await get('/api/listitemtypes');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      expect.arrayContaining([{ name: 'nieuws', label: 'nieuws', labelTranslations: { nl: 'nieuws' } }]),
    );
  });
});

describe('writing items', () => {
  // Built when the tests run: the category guid is made in beforeAll.
  const item = () => ({
    title: { nl: 'Nieuwe fietsenstalling', en: 'New bicycle shed' },
    listItemTypeName: 'nieuws',
    parentGuids: [category],
    metadata: { description: { nl: 'Bij het station.' } },
    contentBuildingBlockInstances: [
      { buildingBlockName: 'text', content: { nl: { doc: { type: 'doc', content: [] } } }, sortId: 10 },
    ],
    highlight: true,
  });

  it('lets a visitor write nothing (401) and a member without rights nothing (403)', async () => {
    expectApiError(await post(`/api/listitem/list/${newsBlock}`, [item()]), 401, 'unauthorized');
    expectApiError(await post(`/api/listitem/list/${newsBlock}`, [item()], auth.member), 403, 'forbidden');
    expectApiError(
      await test.app.inject({
        method: 'PUT',
        url: `/api/listitem/${itemGuids[1]}`,
        payload: item(),
        headers: auth.member,
      }),
      403,
      'forbidden',
    );
    expectApiError(
      await test.app.inject({ method: 'DELETE', url: `/api/listitem/${itemGuids[1]}` }),
      401,
      'unauthorized',
    );
  });

  it("keeps a parent-filtered list in step with its items' publication, expiry and date", async () => {
    const db = test.database.db;
    const parent = randomUUID();
    const now = Date.now();
    const made = [];
    for (const [index, title] of ['Onder A', 'Onder B', 'Onder C'].entries()) {
      made.push(
        await createListItem(db, {
          blockId: newsBlock,
          title,
          publishedOn: new Date(now - (index + 1) * DAY),
          parentGuids: [parent],
        }),
      );
    }
    const titles = async () =>
      (await listPage({ filter: `parent:${parent}`, itemCount: 20 })).items.map((entry) => entry.title);
    expect(await titles()).toEqual(['Onder A', 'Onder B', 'Onder C']);
    const [a, b, c] = made.map((entry) => entry.id) as [string, string, string];
    await db.update(listItems).set({ isPublished: false }).where(eq(listItems.id, a));
    await db
      .update(listItems)
      .set({ periodEnd: new Date(now - 1000) })
      .where(eq(listItems.id, b));
    expect(await titles()).toEqual(['Onder C']);
    await db
      .update(listItems)
      .set({ isPublished: true, publishedOn: new Date(now - 10 * DAY) })
      .where(eq(listItems.id, a));
    expect(await titles()).toEqual(['Onder C', 'Onder A']);
    await db.delete(listItems).where(eq(listItems.id, c));
    expect(await titles()).toEqual(['Onder A']);
    // The list's other tests count its items: leave it as it was.
    await db.delete(listItems).where(inArray(listItems.id, [a, b]));
    expect(await titles()).toEqual([]);
  });

  it("lets the page's editor create (201, each with its guid), change and delete items, with audit events", async () => {
    const created = await post(
      `/api/listitem/list/${newsBlock}`,
      [item(), { ...item(), title: { nl: 'Tweede' } }],
      auth.editor,
    );
    expect(created.statusCode).toBe(201);
    const [first, second] = created.json() as { guid: string; shortId: string; url: string }[];
    expect(first?.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).toMatchObject({
      title: 'Nieuwe fietsenstalling',
      highlight: true,
      parentGuids: [category],
    });
    expect(first?.url).toBe(`/nieuws/i/${first?.shortId}/nieuwe-fietsenstalling`);
    const listed = await listPage({ itemCount: 3 });
    expect(listed.items.map((item) => item.guid)).toContain(first?.guid);

    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/listitem/${first?.guid}`,
      payload: { ...item(), title: { nl: 'Fietsenstalling open' }, parentGuids: [] },
      headers: auth.editor,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Fietsenstalling open',
      parentGuids: [],
      shortId: first?.shortId,
    });

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/listitem/${second?.guid}`,
      headers: auth.editor,
    });
    expect(deleted.statusCode).toBe(204);
    expectApiError(await get(`/api/listitem/${second?.guid}`, auth.editor), 404, 'not_found');

    const events = await test.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityType, 'listItem'));
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['listItem.create', 'listItem.update', 'listItem.delete']),
    );
  });

  it('lets members add items when the block allows signed-in users', async () => {
    const db = test.database.db;
    const page = await createPage(db, {
      name: 'ideeenbus',
      title: 'Ideeënbus',
      blocks: [
        {
          name: 'list',
          content: { nl: { title: 'Ideeën' } },
          options: { permissions: { addPermission: 'users' } },
        },
      ],
    });
    const block = page.blocks[0]?.id ?? '';
    const response = await post(`/api/listitem/list/${block}`, [{ ...item(), parentGuids: [] }], auth.member);
    expect(response.statusCode).toBe(201);
    const [created] = response.json() as { guid: string }[];
    expectApiError(
      await test.app.inject({
        method: 'DELETE',
        url: `/api/listitem/${created?.guid}`,
        headers: auth.member,
      }),
      403,
      'forbidden',
    );
  });

  it('validates items: fields, block types and block content', async () => {
    const bad = [
      { ...item(), title: { nl: '' } },
      { ...item(), listItemTypeName: 'Bad Type!' },
      { ...item(), contentBuildingBlockInstances: [{ buildingBlockName: 'list', content: { nl: {} } }] },
      {
        ...item(),
        contentBuildingBlockInstances: [{ buildingBlockName: 'video', content: { nl: { url: 'nope' } } }],
      },
      { ...item(), publishedOn: '2026-01-02T00:00:00Z', periodEnd: '2026-01-01T00:00:00Z' },
    ];
    for (const item of bad) {
      expectApiError(
        await post(`/api/listitem/list/${newsBlock}`, [item], auth.editor),
        400,
        'validation_failed',
      );
    }
    const count = await test.database.db
      .select({ id: listItems.id })
      .from(listItems)
      .where(eq(listItems.blockId, newsBlock));
    expect(count.length).toBe(16);
  });

  it('creates an unknown item type on first use', async () => {
    const response = await post(
      `/api/listitem/list/${newsBlock}`,
      [{ ...item(), listItemTypeName: 'vacature' }],
      auth.admin,
    );
    expect(response.statusCode).toBe(201);
    const types = (await get('/api/listitemtypes')).json() as { name: string }[];
    expect(types.map((type) => type.name)).toContain('vacature');
  });

  it("keeps an item's place (issue 30): a name per language and an address, read in the reader's language", async () => {
    const page = await createPage(test.database.db, {
      name: 'agenda-plaatsen',
      title: 'Agenda',
      blocks: [{ name: 'list', content: { nl: { title: 'Agenda' } } }],
    });
    const block = page.blocks[0]?.id ?? '';
    const event = {
      ...item(),
      parentGuids: [],
      listItemTypeName: 'evenement',
      title: { nl: 'Braderie' },
      periodEnd: new Date(Date.now() + 5 * DAY).toISOString(),
      place: {
        name: { nl: ' Dorpshuis De Linde ', en: 'De Linde community centre' },
        address: 'Dorpsstraat 1',
      },
    };
    const created = await post(`/api/listitem/list/${block}`, [event], auth.admin);
    expect(created.statusCode).toBe(201);
    const [{ guid } = { guid: '' }] = created.json() as { guid: string }[];
    expect((await get(`/api/listitem/${guid}`)).json()).toMatchObject({
      place: { name: 'Dorpshuis De Linde', address: 'Dorpsstraat 1' },
      placeTranslations: {
        name: { nl: 'Dorpshuis De Linde', en: 'De Linde community centre' },
        address: 'Dorpsstraat 1',
      },
    });
    const english = await listPage({ itemCount: 5 }, { 'accept-language': 'en' }, block);
    expect(english.items[0]?.place).toEqual({
      name: 'De Linde community centre',
      address: 'Dorpsstraat 1',
    });
    // Only an address is a place too; all fields empty is none; English only is refused (Dutch first).
    const put = (place: unknown) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/listitem/${guid}`,
        payload: { ...event, place },
        headers: auth.admin,
      });
    expect((await put({ name: { nl: '' }, address: 'Lindeplein' })).json()).toMatchObject({
      place: { name: '', address: 'Lindeplein' },
    });
    expect((await put({ name: { nl: ' ', en: '' }, address: '' })).json()).toMatchObject({
      place: null,
      placeTranslations: null,
    });
    const refused = await put({ name: { nl: '', en: 'Village hall' }, address: '' });
    expectApiError(refused, 400, 'validation_failed');
    expect(JSON.stringify(refused.json())).toContain('place.name.nl');
    expectApiError(await put({ name: { nl: 'x'.repeat(201) }, address: '' }), 400, 'validation_failed');
    expect((await get(`/api/listitem/${guid}`)).json()).toMatchObject({ place: null });
  });
});

describe('one write path for items', () => {
  const item = (title: string, extra: object = {}) => ({
    title: { nl: title, en: `${title} (en)` },
    listItemTypeName: 'nieuws',
    metadata: { description: { nl: 'Omschrijving', en: 'Description' } },
    contentBuildingBlockInstances: [
      { buildingBlockName: 'text', content: { nl: { doc: { type: 'doc', content: [] } } }, sortId: 10 },
    ],
    ...extra,
  });

  async function manualList() {
    const page = await createPage(test.database.db, {
      name: `handmatig-${randomUUID().slice(0, 8)}`,
      title: 'Handmatig',
      editPermission: 'roles',
      editRoles: ['redactie'],
      blocks: [{ name: 'list', content: { nl: { title: 'Volgorde' } }, options: { sortOrder: 'manual' } }],
    });
    return { page, block: page.blocks[0]?.id ?? '' };
  }

  it('audits a create of several items with one event per item, naming the item', async () => {
    const { block } = await manualList();
    const created = (
      await post(`/api/listitem/list/${block}`, [item('Een'), item('Twee')], auth.editor)
    ).json() as {
      guid: string;
    }[];
    const events = await test.database.db
      .select({ entityId: auditEvents.entityId, data: auditEvents.data })
      .from(auditEvents)
      .where(
        inArray(
          auditEvents.entityId,
          created.map((entry) => entry.guid),
        ),
      );
    expect(events.map((event) => event.entityId).sort()).toEqual(created.map((entry) => entry.guid).sort());
    expect(events.every((event) => (event.data as { blockGuid: string }).blockGuid === block)).toBe(true);
  });

  it('checks the image an item names by the one media rule', async () => {
    const { block } = await manualList();
    const db = test.database.db;
    const [owner] = await db.select({ id: listItems.id }).from(listItems).limit(1);
    const image = (purpose: 'public' | 'profile' | 'item', ownerGuid: string | null) =>
      db
        .insert(media)
        .values({
          contentHash: randomUUID().replaceAll('-', ''),
          purpose,
          ownerGuid,
          fileName: 'foto.png',
          format: 'png',
          width: 10,
          height: 10,
          size: 100,
        })
        .returning()
        .then((rows) => rows[0]!.id);
    const publicImage = await image('public', null);
    const profilePhoto = await image('profile', randomUUID());
    const otherItemsImage = await image('item', owner!.id);
    // An editor without the library: only public images and the item's own.
    for (const imageGuid of [UNKNOWN, profilePhoto, otherItemsImage]) {
      const refused = await post(
        `/api/listitem/list/${block}`,
        [item('Met foto', { imageGuid })],
        auth.roleEditor,
      );
      expectApiError(refused, 400, 'validation_failed');
      expect(refused.json().error.details).toEqual([expect.objectContaining({ path: '0.imageGuid' })]);
    }
    // A content manager uses the library: any asset but a profile photo (issue 27).
    for (const imageGuid of [UNKNOWN, profilePhoto]) {
      const refused = await post(
        `/api/listitem/list/${block}`,
        [item('Met foto', { imageGuid })],
        auth.editor,
      );
      expectApiError(refused, 400, 'validation_failed');
    }
    const reused = await post(
      `/api/listitem/list/${block}`,
      [item('Met foto', { imageGuid: otherItemsImage })],
      auth.editor,
    );
    expect(reused.statusCode, reused.body).toBe(201);
    const accepted = await post(
      `/api/listitem/list/${block}`,
      [item('Met foto', { imageGuid: publicImage })],
      auth.editor,
    );
    expect(accepted.statusCode).toBe(201);
    const [saved] = accepted.json() as { guid: string }[];
    // An item may name an image uploaded for itself.
    const ownImage = await image('item', saved!.guid);
    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/listitem/${saved!.guid}`,
      payload: item('Met foto', { imageGuid: ownImage }),
      headers: auth.editor,
    });
    expect(changed.statusCode).toBe(200);
  });

  it('moves an item in a manual list with one reorder call, keeping every translation', async () => {
    const { block } = await manualList();
    const created = (
      await post(
        `/api/listitem/list/${block}`,
        [item('A', { sortId: 10 }), item('B', { sortId: 20 }), item('C', { sortId: 30 })],
        auth.editor,
      )
    ).json() as { guid: string }[];
    const [a, b, c] = created.map((entry) => entry.guid);
    const order = async () =>
      (await listPage({}, auth.editor, block)).items.map((entry) => entry.title).join('');
    const move = (payload: object, headers = auth.editor) =>
      post(`/api/listitem/list/${block}/reorder`, payload, headers);

    const moved = await move({ itemGuid: c, beforeGuid: a });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as { items: unknown[] }).items).toHaveLength(1);
    expect(await order()).toBe('CAB');
    expect((await move({ itemGuid: c, beforeGuid: null })).statusCode).toBe(200);
    expect(await order()).toBe('ABC');
    // No room between neighbours: the list is renumbered, in its new order.
    for (let round = 0; round < 6; round += 1) {
      expect((await move({ itemGuid: round % 2 ? b : c, beforeGuid: round % 2 ? c : b })).statusCode).toBe(
        200,
      );
    }
    expect(await order()).toBe('ABC');

    const english = (await get(`/api/listitem/${a}?lang=en`, auth.editor)).json() as {
      titleTranslations: { en: string };
      metadata: { descriptionTranslations: { en: string } };
    };
    expect(english.titleTranslations.en).toBe('A (en)');
    expect(english.metadata.descriptionTranslations.en).toBe('Description');

    expectApiError(await move({ itemGuid: a, beforeGuid: b }, auth.member), 403, 'forbidden');
    expectApiError(await move({ itemGuid: a, beforeGuid: itemGuids[0] }), 400, 'validation_failed');
    expectApiError(await move({ itemGuid: itemGuids[0], beforeGuid: null }), 404, 'not_found');
    const events = await test.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, block));
    expect(events.filter((event) => event.action === 'listItem.reorder').length).toBeGreaterThan(0);
  });

  it("changes the page's cache-token when one of its list's items changes", async () => {
    const { page, block } = await manualList();
    const [created] = (await post(`/api/listitem/list/${block}`, [item('Eerst')], auth.editor)).json() as {
      guid: string;
    }[];
    const token = async () => String((await get(`/api/pages/${page.id}`)).headers['cache-token']);
    const before = await token();
    expect(await token()).toBe(before);
    await test.app.inject({
      method: 'PUT',
      url: `/api/listitem/${created!.guid}`,
      payload: item('Daarna'),
      headers: auth.editor,
    });
    expect(await token()).not.toBe(before);
  });
});
