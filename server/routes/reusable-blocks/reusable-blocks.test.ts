import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../../common/blocks/index.ts';
import type { PageDocument } from '../../../common/page-drafts.ts';
import { type SearchResults, TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { pages } from '../../db/schema.ts';
import { ContentChanges, readContentVersion, VersionedCache } from '../../domains/cache.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { validationText } from '../../errors.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { createListItem, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/*
 * Reusable blocks (issue 31) through the API: saving a page's block as one, placing it on two
 * pages, publishing a change of it that both pages show at once (and only they are made again),
 * where it is used, detaching one use, deleting (refused while used, naming the pages), who may do
 * what, and hostile input.
 */

const GONE = '6b1d3c9e-2f6a-4c1e-9a8b-0c5d7e3f1a2b';

let test: TestApp;
let admin: Browser;
let manager: Browser;
let member: Browser;

const text = (words: string) => ({
  nl: { doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] } },
});

beforeAll(async () => {
  test = await createTestApp();
  const { db } = test.database;
  await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
  await buildUser(db, { email: 'redactie@example.nl', isContentManager: true });
  await buildUser(db, { email: 'lid@example.nl' });
  admin = await signInAs(test.app, 'beheer@example.nl');
  manager = await signInAs(test.app, 'redactie@example.nl');
  member = await signInAs(test.app, 'lid@example.nl');
});

afterAll(async () => {
  await test.close();
});

const as = (browser: Browser) => ({ cookie: browser.cookie, 'x-xsrf-token': browser.xsrf });

function call(
  method: 'GET' | 'DELETE' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  browser: Browser | null = admin,
): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method,
    url,
    headers: browser ? as(browser) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

type Draft = { version: number; revision: number | null; document: PageDocument };

async function draftOf(pageId: string): Promise<Draft> {
  const response = await call('GET', `/api/pages/${pageId}/draft`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Draft;
}

/** Saves `change(document)` as the page's draft and publishes it. */
async function publishChange(pageId: string, change: (document: PageDocument) => PageDocument) {
  const draft = await draftOf(pageId);
  const saved = await call('PUT', `/api/pages/${pageId}/draft`, {
    version: draft.version,
    revision: draft.revision,
    document: change(draft.document),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const next = saved.json() as Draft;
  const published = await call('POST', `/api/pages/${pageId}/draft:publish`, {
    version: next.version,
    revision: next.revision,
    acceptFindings: true,
  });
  expect(published.statusCode, published.body).toBe(200);
}

const reusable = (guid: string, templateId: string) => ({
  guid,
  name: 'reusable',
  position: 'main' as const,
  content: null,
  options: { templateId },
});

describe('the reusable block type', () => {
  it('names one reusable block by its guid, nothing else', () => {
    const { options, content } = BLOCK_TYPES.reusable;
    expect(options.parse({})).toEqual({ templateId: null });
    expect(options.parse({ templateId: GONE.toUpperCase() })).toEqual({ templateId: GONE });
    for (const hostile of ['../etc/passwd', "1' OR '1'='1", '<script>', 42, {}, ['x'], 'x'.repeat(5000)]) {
      expect(options.safeParse({ templateId: hostile }).success, String(hostile)).toBe(false);
    }
    expect(content.parse({})).toEqual({});
  });
});

describe('reusable blocks', () => {
  const ids = { a: '', b: '', c: '', template: '', blockOfA: '' };
  let site: () => ReturnType<typeof createSiteServices>;

  beforeAll(async () => {
    const { db } = test.database;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const a = await createPage(db, {
      name: 'bibliotheek',
      title: 'Bibliotheek',
      blocks: [{ name: 'text', content: text('Open van 9 tot 17 uur') }],
    });
    const b = await createPage(db, { name: 'gemeentehuis', title: 'Gemeentehuis' });
    const c = await createPage(db, {
      name: 'nieuws',
      title: 'Nieuws',
      blocks: [{ name: 'text', content: text('Iets anders') }],
    });
    for (const [segment, page] of [
      ['bibliotheek', a],
      ['gemeentehuis', b],
      ['nieuws', c],
    ] as const) {
      await createMenuItem(db, { menuId: menu.id, urlSegment: segment, name: page.name, pageId: page.id });
    }
    ids.a = a.id;
    ids.b = b.id;
    ids.c = c.id;
    ids.blockOfA = (await draftOf(a.id)).document.blocks[0]?.guid ?? '';
    const changes = new ContentChanges();
    const cache = new VersionedCache(changes);
    site = () =>
      createSiteServices({
        db,
        actor: ANONYMOUS,
        log: pino({ level: 'silent' }),
        cache,
        currentVersion: () => readContentVersion(db, changes),
      });
  });

  const view = (path: string) => site().getPageByPath({ path, locale: 'nl' });

  it('saves a page’s block as a new reusable block, published, holding a copy of it', async () => {
    const response = await call('POST', '/api/reusableblocks', {
      title: { nl: ' Openingstijden ', en: 'Opening hours' },
      page: ids.a,
      block: ids.blockOfA,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as { guid: string; title: unknown; useCount: number };
    expect(created).toMatchObject({ title: { nl: 'Openingstijden', en: 'Opening hours' }, useCount: 0 });
    ids.template = created.guid;
    const template = await call('GET', `/api/pagetemplates/${ids.template}`);
    expect(template.statusCode, template.body).toBe(200);
    const blocks = (
      template.json() as { buildingBlockInstances: { guid: string; buildingBlockName: string }[] }
    ).buildingBlockInstances;
    expect(blocks.map((block) => block.buildingBlockName)).toEqual(['text']);
    expect(blocks[0]?.guid).not.toBe(ids.blockOfA);
    const templates = (await call('GET', '/api/pagetemplates')).json() as {
      guid: string;
      templateKind: string;
    }[];
    expect(templates.find((row) => row.guid === ids.template)?.templateKind).toBe('block');
  });

  it('shows its published blocks on each page that places it, and its name', async () => {
    await publishChange(ids.a, (document) => ({
      ...document,
      blocks: document.blocks.map((block) =>
        block.guid === ids.blockOfA ? reusable('0c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a51', ids.template) : block,
      ),
    }));
    await publishChange(ids.b, (document) => ({
      ...document,
      blocks: [reusable('1c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a52', ids.template)],
    }));
    for (const path of ['/bibliotheek', '/gemeentehuis']) {
      const page = await view(path);
      expect(page?.blocks).toHaveLength(1);
      expect(page?.blocks[0]).toMatchObject({
        name: 'reusable',
        data: { templateGuid: ids.template, title: 'Openingstijden', blocks: [{ name: 'text' }] },
      });
      expect(JSON.stringify(page?.blocks)).toContain('Open van 9 tot 17 uur');
    }
    const english = await site().getPageByPath({ path: '/gemeentehuis', locale: 'en' });
    expect(english?.blocks[0]).toMatchObject({ data: { title: 'Opening hours' } });
  });

  it('changes every page that places it once a change of it is published, and only those', async () => {
    const firstA = await view('/bibliotheek');
    const firstB = await view('/gemeentehuis');
    const firstC = await view('/nieuws');
    expect(await view('/bibliotheek')).toBe(firstA);
    // A draft of the reusable block: visitors still see the published one.
    const draft = await draftOf(ids.template);
    const saved = await call('PUT', `/api/pages/${ids.template}/draft`, {
      version: draft.version,
      revision: draft.revision,
      document: {
        ...draft.document,
        blocks: draft.document.blocks.map((block) => ({ ...block, content: text('Open van 8 tot 20 uur') })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.stringify((await view('/gemeentehuis'))?.blocks)).toContain('Open van 9 tot 17 uur');
    const next = saved.json() as Draft;
    const published = await call('POST', `/api/pages/${ids.template}/draft:publish`, {
      version: next.version,
      revision: next.revision,
      acceptFindings: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    const secondA = await view('/bibliotheek');
    const secondB = await view('/gemeentehuis');
    expect(secondA).not.toBe(firstA);
    expect(secondB).not.toBe(firstB);
    expect(JSON.stringify(secondA?.blocks)).toContain('Open van 8 tot 20 uur');
    expect(JSON.stringify(secondB?.blocks)).toContain('Open van 8 tot 20 uur');
    // A page that does not place it keeps its kept view.
    expect(await view('/nieuws')).toBe(firstC);
    // It has a history like a page.
    const revisions = await call('GET', `/api/pages/${ids.template}/revisions`);
    expect((revisions.json() as unknown[]).length).toBeGreaterThanOrEqual(1);
  });

  it('is found by site search on the pages that place it, and follows its changes and places', async () => {
    const found = async (word: string) => {
      const response = await call('GET', `/api/search?q=${word}`, undefined, null);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as SearchResults).hits.map((hit) => hit.title).sort();
    };
    const saying = (words: string) => (document: PageDocument) => ({
      ...document,
      blocks: document.blocks.map((block) => ({ ...block, content: text(words) })),
    });
    expect(await found('sportfondsenbad')).toEqual([]);
    await publishChange(ids.template, saying('Open van 8 tot 20 uur; zwemles in het sportfondsenbad'));
    expect(await found('sportfondsenbad')).toEqual(['Bibliotheek', 'Gemeentehuis']);
    // Placing it finds one more page; taking it away again, one fewer.
    const placed = '2c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a53';
    await publishChange(ids.c, (document) => ({
      ...document,
      blocks: [...document.blocks, reusable(placed, ids.template)],
    }));
    expect(await found('sportfondsenbad')).toEqual(['Bibliotheek', 'Gemeentehuis', 'Nieuws']);
    await publishChange(ids.c, (document) => ({
      ...document,
      blocks: document.blocks.filter((block) => block.guid !== placed),
    }));
    expect(await found('sportfondsenbad')).toEqual(['Bibliotheek', 'Gemeentehuis']);
    await publishChange(ids.template, saying('Open van 8 tot 20 uur'));
    expect(await found('sportfondsenbad')).toEqual([]);
    expect(await found('anders')).toEqual(['Nieuws']);
  });

  it('lists where it is used, with edit links, to admins and content managers', async () => {
    const list = await call('GET', '/api/reusableblocks', undefined, manager);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        guid: ids.template,
        title: { nl: 'Openingstijden', en: 'Opening hours' },
        useCount: 2,
      }),
    ]);
    const uses = await call('GET', `/api/reusableblocks/${ids.template}/uses`);
    expect(uses.statusCode, uses.body).toBe(200);
    expect((uses.json() as { pages: unknown[] }).pages).toEqual([
      { guid: ids.a, title: 'Bibliotheek', isTemplate: false, editUrl: '/bibliotheek/edit' },
      { guid: ids.b, title: 'Gemeentehuis', isTemplate: false, editUrl: '/gemeentehuis/edit' },
    ]);
  });

  it('refuses to delete it while used, naming the pages, and deletes it once no page places it', async () => {
    const refused = expectApiError(
      await call('DELETE', `/api/pagetemplates/${ids.template}`),
      409,
      'conflict',
    );
    expect(refused.error.details?.[0]).toMatchObject({
      path: 'template',
      message: validationText('validation.reusableBlockInUse', 'nl', { pages: 'Bibliotheek, Gemeentehuis' }),
    });
    // Detach the use on A: copies of its published blocks in place of the reusable block.
    const copies = await call('POST', `/api/reusableblocks/${ids.template}/copies`, { page: ids.a });
    expect(copies.statusCode, copies.body).toBe(201);
    const blocks = (copies.json() as { blocks: PageDocument['blocks'] }).blocks;
    expect(blocks.map((block) => block.name)).toEqual(['text']);
    await publishChange(ids.a, (document) => ({ ...document, blocks }));
    expect((await view('/bibliotheek'))?.blocks.map((block) => block.name)).toEqual(['text']);
    expect(JSON.stringify((await view('/bibliotheek'))?.blocks)).toContain('Open van 8 tot 20 uur');
    // A draft that still holds it counts as a use too.
    const draft = await draftOf(ids.b);
    await publishChange(ids.b, (document) => ({ ...document, blocks: [] }));
    const kept = await call('PUT', `/api/pages/${ids.b}/draft`, {
      version: 0,
      revision: (await draftOf(ids.b)).revision,
      document: draft.document,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const stillUsed = expectApiError(
      await call('DELETE', `/api/pagetemplates/${ids.template}`),
      409,
      'conflict',
    );
    expect(stillUsed.error.details?.[0]?.message).toContain('Gemeentehuis');
    const discarded = kept.json() as Draft;
    expect(
      (
        await call('POST', `/api/pages/${ids.b}/draft:discard`, {
          version: discarded.version,
          revision: discarded.revision,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/pagetemplates/${ids.template}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/reusableblocks/${ids.template}/uses`)).statusCode).toBe(404);
  });

  it('shows nothing for a reusable block that is gone', async () => {
    const { db } = test.database;
    const template = await createPage(db, {
      name: 'weg',
      title: 'Weg',
      kind: 'template',
      templateKind: 'block',
      blocks: [{ name: 'text', content: text('Verdwijnt') }],
    });
    await createPage(db, {
      name: 'met-verdwenen-blok',
      title: 'Met',
      blocks: [{ name: 'reusable', options: { templateId: template.id } }],
    });
    const before = await site().getPageByName({ name: 'met-verdwenen-blok', locale: 'nl' });
    expect(JSON.stringify(before?.blocks)).toContain('Verdwijnt');
    expect((await call('DELETE', `/api/pagetemplates/${template.id}`)).statusCode).toBe(409);
    await db.delete(pages).where(eq(pages.id, template.id));
    const after = await site().getPageByName({ name: 'met-verdwenen-blok', locale: 'nl' });
    expect(after?.blocks[0]).toMatchObject({ name: 'reusable', data: null });
    expect(JSON.stringify(after?.blocks)).not.toContain('Verdwijnt');
  });
});

describe('what reusable blocks refuse', () => {
  let header = '';
  let block = '';
  let page = '';
  beforeAll(async () => {
    const { db } = test.database;
    header = (await createPage(db, { name: 'kop-r', title: 'Kop', kind: 'template', templateKind: 'header' }))
      .id;
    block = (await createPage(db, { name: 'blok-r', title: 'Blok', kind: 'template', templateKind: 'block' }))
      .id;
    page = (
      await createPage(db, {
        name: 'weigeringen',
        title: 'Weigeringen',
        blocks: [{ name: 'list', options: {} }],
      })
    ).id;
  });

  it.each([
    ['no reusable block', null],
    ['one that does not exist', GONE],
    ['a header template', 'header'],
  ])('refuses a reusable block naming %s (400, the option named)', async (_, target) => {
    const templateId = target === 'header' ? header : target;
    const response = await call('POST', `/api/pages/${page}/buildingblockinstances`, {
      buildingBlockName: 'reusable',
      layoutPosition: 'main',
      content: { nl: {} },
      options: { templateId },
    });
    const body = expectApiError(response, 400, 'validation_failed');
    expect(body.error.details?.[0]).toMatchObject({
      path: 'options.templateId',
      message: validationText('validation.reusableBlock', 'nl'),
    });
  });

  it('refuses a reusable block inside a reusable block', async () => {
    const response = await call('POST', `/api/pages/${block}/buildingblockinstances`, {
      buildingBlockName: 'reusable',
      layoutPosition: 'main',
      content: { nl: {} },
      options: { templateId: block },
    });
    const body = expectApiError(response, 400, 'validation_failed');
    expect(body.error.details?.[0]?.message).toBe(validationText('validation.reusableInReusable', 'nl'));
    const draft = await draftOf(block);
    const saved = await call('PUT', `/api/pages/${block}/draft`, {
      version: draft.version,
      revision: draft.revision,
      document: { ...draft.document, blocks: [reusable('2c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a53', block)] },
    });
    expect(expectApiError(saved, 400, 'validation_failed').error.details?.[0]?.path).toBe(
      'document.blocks.0.name',
    );
  });

  it('refuses a list as a reusable block, and hostile input', async () => {
    const list = (await draftOf(page)).document.blocks[0]?.guid;
    const notReusable = await call('POST', '/api/reusableblocks', {
      title: { nl: 'Lijst' },
      page,
      block: list,
    });
    expect(expectApiError(notReusable, 400, 'validation_failed').error.details?.[0]?.path).toBe('block');
    for (const body of [
      { title: { nl: '' }, page, block: list },
      { title: { nl: 'x'.repeat(201) }, page, block: list },
      { title: { nl: 'X' }, page: '../../etc', block: list },
      { title: { nl: 'X' }, page, block: "1' OR '1'='1" },
      { title: 'X', page, block: list },
      { title: { nl: 'X', __proto__: { isAdmin: true } }, page, block: list },
    ]) {
      expectApiError(await call('POST', '/api/reusableblocks', body), 400, 'validation_failed');
    }
    expectApiError(
      await call('POST', '/api/reusableblocks', { title: { nl: 'X' }, page, block: GONE }),
      404,
      'not_found',
    );
    expectApiError(await call('GET', `/api/reusableblocks/${header}/uses`), 404, 'not_found');
    expectApiError(await call('GET', '/api/reusableblocks/not-a-guid/uses'), 400, 'validation_failed');
    expectApiError(await call('POST', `/api/reusableblocks/${GONE}/copies`, { page }), 404, 'not_found');
  });

  it('lets a reusable block keep its kind, and a header never become one', async () => {
    expectApiError(
      await call('PUT', `/api/pagetemplates/${block}`, { templateKind: 'header' }),
      400,
      'validation_failed',
    );
    expectApiError(
      await call('PUT', `/api/pagetemplates/${header}`, { templateKind: 'block' }),
      400,
      'validation_failed',
    );
    expect((await call('PUT', `/api/pagetemplates/${block}`, { title: { nl: 'Blok 2' } })).statusCode).toBe(
      200,
    );
  });

  it('is for admins to make and content managers to see; not for members or visitors', async () => {
    const list = (await draftOf(page)).document.blocks[0]?.guid;
    expectApiError(await call('GET', '/api/reusableblocks', undefined, null), 401, 'unauthorized');
    expectApiError(await call('GET', '/api/reusableblocks', undefined, member), 403, 'forbidden');
    expectApiError(
      await call('GET', `/api/reusableblocks/${block}/uses`, undefined, member),
      403,
      'forbidden',
    );
    expectApiError(
      await call('POST', '/api/reusableblocks', { title: { nl: 'X' }, page, block: list }, manager),
      403,
      'forbidden',
    );
    expectApiError(
      await call('POST', '/api/reusableblocks', { title: { nl: 'X' }, page, block: list }, null),
      401,
      'unauthorized',
    );
    // Copies for a page the content manager may not edit: that page is not theirs to change.
    const copies = await call('POST', `/api/reusableblocks/${block}/copies`, { page }, manager);
    expect([403, 404]).toContain(copies.statusCode);
  });

  it('keeps reusable blocks out of list items', async () => {
    const { db } = test.database;
    const list = (await draftOf(page)).document.blocks[0]?.guid ?? '';
    const item = await createListItem(db, { blockId: list, title: 'Bericht' });
    const response = await call('PUT', `/api/listitem/${item.id}`, {
      title: { nl: 'Bericht' },
      listItemTypeName: 'nieuws',
      isPublished: true,
      contentBuildingBlockInstances: [
        {
          guid: '3c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a54',
          buildingBlockName: 'reusable',
          content: { nl: {} },
          options: { templateId: block },
          sortId: 0,
        },
      ],
    });
    const body = expectApiError(response, 400, 'validation_failed');
    expect(body.error.details?.[0]?.path).toBe('contentBuildingBlockInstances.0.buildingBlockName');
  });
});

describe('a columns block as a reusable block', () => {
  it('holds copies of the blocks in its columns, and is no block for a column itself', async () => {
    const { db } = test.database;
    const page = await createPage(db, {
      name: 'naast-elkaar',
      title: 'Naast elkaar',
      blocks: [
        {
          name: 'columns',
          options: { count: '2' },
          columns: [[{ name: 'text', content: text('Links') }], [{ name: 'text', content: text('Rechts') }]],
        },
      ],
    });
    const source = (await draftOf(page.id)).document.blocks;
    const columns = source.find((block) => block.name === 'columns');
    expect(source.filter((block) => block.parent?.guid === columns?.guid)).toHaveLength(2);
    const created = await call('POST', '/api/reusableblocks', {
      title: { nl: 'Twee kolommen' },
      page: page.id,
      block: columns?.guid,
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = (created.json() as { guid: string }).guid;
    const kept = (await draftOf(template)).document.blocks;
    const [copy, ...inColumns] = kept;
    expect(copy).toMatchObject({ name: 'columns', options: { count: '2' } });
    expect(copy?.guid).not.toBe(columns?.guid);
    expect(inColumns.map((block) => [block.parent, JSON.stringify(block.content).includes('Links')])).toEqual(
      [
        [{ guid: copy?.guid, column: 0 }, true],
        [{ guid: copy?.guid, column: 1 }, false],
      ],
    );
    // Placed in a column of a page it would nest columns: refused, naming the block.
    const draft = await draftOf(page.id);
    const nested = await call('PUT', `/api/pages/${page.id}/draft`, {
      version: draft.version,
      revision: draft.revision,
      document: {
        ...draft.document,
        blocks: [
          ...draft.document.blocks,
          {
            ...reusable('3c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a54', template),
            parent: { guid: columns?.guid, column: 0 },
          },
        ],
      },
    });
    const refused = expectApiError(nested, 400, 'validation_failed').error.details?.[0];
    expect(refused).toEqual({
      path: 'document.blocks.3.parent',
      message: validationText('validation.columnsNested', 'nl'),
    });
    // Beside the columns it is fine.
    await publishChange(page.id, (document) => ({
      ...document,
      blocks: [...document.blocks, reusable('3c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a54', template)],
    }));
    // And one placed in a column takes no columns block of its own.
    const inColumn = (
      await createPage(db, {
        name: 'in-een-kolom',
        title: 'In een kolom',
        kind: 'template',
        templateKind: 'block',
        blocks: [{ name: 'text', content: text('Kort') }],
      })
    ).id;
    await publishChange(page.id, (document) => ({
      ...document,
      blocks: [
        ...document.blocks,
        {
          ...reusable('4c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a55', inColumn),
          parent: { guid: columns?.guid ?? '', column: 1 },
        },
      ],
    }));
    const own = await draftOf(inColumn);
    const withColumns = await call('PUT', `/api/pages/${inColumn}/draft`, {
      version: own.version,
      revision: own.revision,
      document: {
        ...own.document,
        blocks: [
          ...own.document.blocks,
          {
            guid: '5c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a56',
            name: 'columns',
            position: 'main',
            content: null,
            options: {},
          },
        ],
      },
    });
    expect(expectApiError(withColumns, 400, 'validation_failed').error.details?.[0]).toEqual({
      path: 'document.blocks.1.name',
      message: validationText('validation.reusableInColumn', 'nl'),
    });
  });
});

describe('a placed reusable block in the accessibility check', () => {
  it('is read by the accessibility check of each page that places it, findings at the placed block', async () => {
    const { db } = test.database;
    const source = await createPage(db, {
      name: 'contactgegevens',
      title: 'Contactgegevens',
      blocks: [
        {
          name: 'text',
          content: {
            nl: {
              doc: {
                type: 'doc',
                content: [
                  {
                    type: 'paragraph',
                    content: [
                      {
                        type: 'text',
                        text: 'klik hier',
                        marks: [{ type: 'link', attrs: { href: 'https://example.org/contact' } }],
                      },
                    ],
                  },
                ],
              },
            },
          },
        },
      ],
    });
    const block = (await draftOf(source.id)).document.blocks[0]?.guid ?? '';
    const created = await call('POST', '/api/reusableblocks', {
      title: { nl: 'Contact' },
      page: source.id,
      block,
    });
    expect(created.statusCode, created.body).toBe(201);
    const placed = '2c3b6c61-3b1e-4d8e-9a53-1f1d2c3b4a53';
    const target = await createPage(db, { name: 'over-de-bibliotheek', title: 'Over de bibliotheek' });
    const draft = await draftOf(target.id);
    const saved = await call('PUT', `/api/pages/${target.id}/draft`, {
      version: draft.version,
      revision: draft.revision,
      document: { ...draft.document, blocks: [reusable(placed, (created.json() as { guid: string }).guid)] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const findings = (saved.json() as { findings: { code: string; blockGuid: string | null }[] }).findings;
    expect(findings).toContainEqual(expect.objectContaining({ code: 'vagueLinkText', blockGuid: placed }));
  });
});
