import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import { listParamName } from '../../../common/list-items.ts';
import type { ListBlockData, WidgetBlockData } from '../../../common/site.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { listItemTypes } from '../../db/schema.ts';
import { type Actor, ANONYMOUS } from '../../policies/index.ts';
import { createListItem, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';
import { VersionedCache } from '../cache.ts';
import { createSiteServices } from '../site/services.ts';
import { listStateKey } from './site.ts';

const admin: Actor = {
  user: {
    id: randomUUID(),
    isAdmin: true,
    isContentManager: false,
    isMett: false,
    isDeveloper: false,
    isActive: true,
    roleIds: [],
  },
};

let database: DatabaseHandle;
let listBlock: string;
let lazyBlock: string;
let item: { id: string; shortId: string };
let hidden: { id: string; shortId: string };
let child: { id: string; shortId: string };
const cache = new VersionedCache();

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const news = await createPage(db, {
    name: 'nieuws',
    title: 'Nieuws',
    blocks: [
      { name: 'list', content: { nl: { title: 'Alle berichten' } }, options: { defaultItemsPerPage: 2 } },
      { name: 'list', content: { nl: { title: 'Lui' } }, options: { lazyLoad: true } },
    ],
  });
  listBlock = news.blocks[0]?.id ?? '';
  lazyBlock = news.blocks[1]?.id ?? '';
  const home = await createPage(db, {
    name: 'home',
    title: 'Home',
    blocks: [
      {
        name: 'widget',
        content: { nl: { title: 'Laatste nieuws' } },
        options: { sourceBlockGuid: listBlock, defaultItemsPerPage: 2 },
      },
    ],
  });
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  await createMenuItem(db, { menuId: menu.id, urlSegment: '', name: 'Home', pageId: home.id, sortId: 1 });
  const newsItem = await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'actueel',
    name: 'Actueel',
    sortId: 2,
  });
  await createMenuItem(db, {
    menuId: menu.id,
    parentId: newsItem.id,
    urlSegment: 'nieuws',
    name: 'Nieuws',
    pageId: news.id,
  });
  const day = 86_400_000;
  item = await createListItem(db, {
    blockId: listBlock,
    title: { nl: 'Nieuwe fiets voor de wijkagent', en: 'New bicycle' },
    publishedOn: new Date(Date.now() - day),
    content: [
      {
        guid: randomUUID(),
        buildingBlockName: 'text',
        content: { nl: { doc: paragraphs('De hele tekst.') } },
        options: {},
        sortId: 10,
      },
    ],
  });
  child = await createListItem(db, {
    blockId: listBlock,
    title: 'Reactie op de fiets',
    parentGuids: [item.id],
    publishedOn: new Date(Date.now() - 2 * day),
  });
  for (let index = 0; index < 3; index += 1) {
    await createListItem(db, {
      blockId: listBlock,
      title: `Ouder bericht ${index}`,
      publishedOn: new Date(Date.now() - (10 + index) * day),
    });
  }
  hidden = await createListItem(db, { blockId: listBlock, title: 'Nog niet klaar', isPublished: false });
});
afterAll(async () => {
  await database.close();
});

const site = (actor: Actor = ANONYMOUS) =>
  createSiteServices({ db: database.db, actor, log: pino({ level: 'silent' }), cache });

describe('getItemPage', () => {
  it('renders the item with its own blocks, children and breadcrumbs ending in the item', async () => {
    const result = await site().getItemPage({
      path: '/actueel/nieuws',
      id: item.shortId,
      slug: 'nieuwe-fiets-voor-de-wijkagent',
      locale: 'nl',
    });
    expect(result?.kind).toBe('item');
    if (result?.kind !== 'item') return;
    const { view } = result;
    expect(view.item).toMatchObject({ guid: item.id, title: 'Nieuwe fiets voor de wijkagent' });
    expect(view.blocks).toHaveLength(1);
    expect((view.blocks[0]?.data as { html: string } | undefined)?.html).toContain('De hele tekst.');
    expect(view.page.breadcrumbs.map((crumb) => crumb.name)).toEqual([
      'Actueel',
      'Nieuws',
      'Nieuwe fiets voor de wijkagent',
    ]);
    expect(view.page.breadcrumbs.at(-1)?.url).toBe(
      `/actueel/nieuws/i/${item.shortId}/nieuwe-fiets-voor-de-wijkagent`,
    );
    expect(view.children.map((entry) => entry.guid)).toEqual([child.id]);
    expect(view.abilities).toEqual({ update: false, delete: false });
  });

  it('redirects a wrong or missing slug, and a guid, to the canonical URL in the language shown', async () => {
    const canonical = `/actueel/nieuws/i/${item.shortId}/nieuwe-fiets-voor-de-wijkagent`;
    for (const [id, slug] of [
      [item.shortId, 'oude-titel'],
      [item.shortId, null],
      [item.id, 'nieuwe-fiets-voor-de-wijkagent'],
    ] as const) {
      expect(await site().getItemPage({ path: '/actueel/nieuws', id, slug, locale: 'nl' })).toEqual({
        kind: 'redirect',
        location: canonical,
      });
    }
    expect(
      await site().getItemPage({
        path: '/actueel/nieuws',
        id: item.shortId,
        slug: 'nieuwe-fiets-voor-de-wijkagent',
        locale: 'en',
      }),
    ).toEqual({ kind: 'redirect', location: `/actueel/nieuws/i/${item.shortId}/new-bicycle` });
  });

  it('answers null for unknown and unpublished items, and for an item under another page', async () => {
    const at = (path: string, id: string) => site().getItemPage({ path, id, slug: null, locale: 'nl' });
    expect(await at('/actueel/nieuws', 'onbekend')).toBeNull();
    expect(await at('/actueel/nieuws', randomUUID())).toBeNull();
    expect(await at('/actueel/nieuws', hidden.shortId)).toBeNull();
    expect(await at('/', item.shortId)).toBeNull();
    expect(await at('/bestaat-niet', item.shortId)).toBeNull();
    const forAdmin = await createSiteServices({
      db: database.db,
      actor: admin,
      log: pino({ level: 'silent' }),
    }).getItemPage({
      path: '/actueel/nieuws',
      id: hidden.shortId,
      slug: 'nog-niet-klaar',
      locale: 'nl',
    });
    expect(forAdmin?.kind).toBe('item');
  });
});

describe('getPageByPath: list and widget blocks', () => {
  it("renders the list's first page, and the page the URL asks for", async () => {
    const first = await site().getPageByPath({ path: '/actueel/nieuws', locale: 'nl' });
    const list = first?.blocks.find((block) => block.guid === listBlock)?.data as ListBlockData;
    expect(list.title).toBe('Alle berichten');
    expect(list.pagePath).toBe('/actueel/nieuws');
    expect(list.page?.items.map((entry) => entry.guid)).toEqual([item.id, child.id]);
    expect(list.page?.totalNumberOfItems).toBe(5);
    expect(list.itemTypes).toEqual(['nieuws']);
    expect(Object.keys(list.itemTypeLabels)).toEqual(['nieuws']);
    expect(list.abilities).toEqual({ addItem: false, editItems: false });
    const lazy = first?.blocks.find((block) => block.guid === lazyBlock)?.data as ListBlockData;
    expect(lazy.page).toBeNull();

    const query = new URLSearchParams({
      [listParamName(listBlock, 'page')]: '2',
      [listParamName(listBlock, 'sort')]: 'title_asc',
      junk: 'x'.repeat(50),
    });
    const second = await site().getPageByPath({ path: '/actueel/nieuws', locale: 'nl', query });
    const paged = second?.blocks.find((block) => block.guid === listBlock)?.data as ListBlockData;
    expect(paged.state).toEqual({ page: 2, sort: 'title_asc' });
    expect(paged.page?.items.map((entry) => entry.title)).toEqual(['Ouder bericht 1', 'Ouder bericht 2']);
  });

  it('falls back to the default list for a bad filter in the URL', async () => {
    const query = new URLSearchParams({ [listParamName(listBlock, 'filter')]: "type:x' OR 1=1" });
    const view = await site().getPageByPath({ path: '/actueel/nieuws', locale: 'nl', query });
    const list = view?.blocks.find((block) => block.guid === listBlock)?.data as ListBlockData;
    expect(list.state).toEqual({});
    expect(list.page?.items).toHaveLength(2);
  });

  it("renders a widget with its source list's latest items and a link to the list", async () => {
    const home = await site().getPageByPath({ path: '/', locale: 'nl' });
    const widget = home?.blocks[0]?.data as WidgetBlockData;
    expect(widget).toMatchObject({ title: 'Laatste nieuws', moreUrl: '/actueel/nieuws' });
    expect(widget.items.map((entry) => entry.guid)).toEqual([item.id, child.id]);
  });

  it('keys cached list views by the recognised list parameters only', () => {
    const a = new URLSearchParams({ [listParamName(listBlock, 'page')]: '2', utm_source: 'x' });
    const b = new URLSearchParams({ [listParamName(listBlock, 'page')]: '2', other: 'y' });
    expect(listStateKey(a)).toBe(listStateKey(b));
    expect(listStateKey(a)).not.toBe(listStateKey(new URLSearchParams()));
  });
});

describe("getPageByPath: the list's type filter", () => {
  it("offers each item type with the admin's label in the reader's language", async () => {
    const { db } = database;
    await db
      .update(listItemTypes)
      .set({ label: { nl: 'Dorpsnieuws', en: 'Village news' } })
      .where(eq(listItemTypes.name, 'nieuws'));
    const labelsIn = async (locale: 'nl' | 'en') => {
      const view = await site().getPageByPath({ path: '/actueel/nieuws', locale });
      return (view?.blocks.find((block) => block.guid === listBlock)?.data as ListBlockData | undefined)
        ?.itemTypeLabels;
    };
    expect(await labelsIn('nl')).toEqual({ nieuws: 'Dorpsnieuws' });
    expect(await labelsIn('en')).toEqual({ nieuws: 'Village news' });
  });
});
