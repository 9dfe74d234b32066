import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import type { SearchResults } from '../../../common/site.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { buildingBlockInstances, listItems, listItemTypes, pages } from '../../db/schema.ts';
import { refreshSearchIndex, snippetToHtml } from '../../domains/search/queries.ts';
import { createListItem, createMenu, createMenuItem, createPage, createUser } from '../../seed/builders.ts';

let test: TestApp;
let adminAuth: Record<string, string>;
let listBlock: string;
let textBlock: string;
let hiddenItem: string;

beforeAll(async () => {
  test = await createTestApp();
  const db = test.database.db;
  const news = await createPage(db, {
    name: 'nieuws',
    title: { nl: 'Nieuws', en: 'News' },
    blocks: [{ name: 'list', content: { nl: { title: 'Nieuws' } } }],
  });
  const about = await createPage(db, {
    name: 'over-ons',
    title: { nl: 'Over ons', en: 'About us' },
    blocks: [
      {
        name: 'text',
        content: {
          nl: {
            doc: paragraphs(
              'Ons dorpshuis heeft een gezellig café met een terras <script>alert(1)</script>.',
            ),
          },
          en: { doc: paragraphs('Our community centre has a cosy café with a terrace.') },
        },
      },
    ],
  });
  const secret = await createPage(db, {
    name: 'geheim',
    title: 'Geheim',
    isPublished: false,
    blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Het geheime fietsplan.') } } }],
  });
  listBlock = news.blocks[0]?.id ?? '';
  textBlock = about.blocks[0]?.id ?? '';
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  await createMenuItem(db, { menuId: menu.id, urlSegment: 'nieuws', name: 'Nieuws', pageId: news.id });
  await createMenuItem(db, { menuId: menu.id, urlSegment: 'over-ons', name: 'Over ons', pageId: about.id });
  await createMenuItem(db, { menuId: menu.id, urlSegment: 'geheim', name: 'Geheim', pageId: secret.id });

  const day = 86_400_000;
  await createListItem(db, {
    blockId: listBlock,
    title: { nl: 'Nieuwe fiets voor de wijkagent', en: 'New bicycle for the community officer' },
    description: 'De wijkagent rijdt voortaan op een elektrische fiets.',
    publishedOn: new Date(Date.now() - day),
  });
  await createListItem(db, {
    blockId: listBlock,
    title: 'Fietsenstalling bij het station',
    type: 'evenement',
    description: 'Opening van de nieuwe stalling.',
    publishedOn: new Date(Date.now() - 2 * day),
    content: [
      {
        guid: '11111111-1111-4111-8111-111111111111',
        buildingBlockName: 'text',
        content: { nl: { doc: paragraphs('Er is plek voor vijfhonderd fietsen en een reparatiepunt.') } },
        options: {},
        sortId: 10,
      },
    ],
  });
  hiddenItem = (
    await createListItem(db, { blockId: listBlock, title: 'Fiets van de burgemeester', isPublished: false })
  ).id;
  await createListItem(db, {
    blockId: listBlock,
    title: 'Fietstocht in het voorjaar',
    publishedOn: new Date(Date.now() + 5 * day),
  });
  const admin = await createUser(db, { email: 'admin@example.org', isAdmin: true });
  adminAuth = await bearerFor(db, admin.id);
});
afterAll(async () => {
  await test.close();
});

const search = async (query: string, headers: Record<string, string> = {}) => {
  const response = await test.app.inject({ method: 'GET', url: `/api/search?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json() as SearchResults;
};
const titles = (results: SearchResults) => results.hits.map((hit) => hit.title);

describe('GET /api/search', () => {
  it('finds items by stem ("fietsen" finds "fiets"), title matches first, with item URLs and types', async () => {
    const results = await search('q=fietsen');
    expect(results.isFuzzy).toBe(false);
    expect(titles(results)).toEqual(['Fietsenstalling bij het station', 'Nieuwe fiets voor de wijkagent']);
    expect(results.totalNumberOfItems).toBe(2);
    expect(results.types.map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'evenement', count: 1 },
      { name: 'nieuws', count: 1 },
    ]);
    const hit = results.hits[1];
    expect(hit).toMatchObject({ kind: 'item', listItemTypeName: 'nieuws' });
    expect(hit?.url).toMatch(/^\/nieuws\/i\/[A-Za-z0-9]{8}\/nieuwe-fiets-voor-de-wijkagent$/);
    expect(hit?.snippetHtml).toContain('<mark>');
    expect(titles(await search('q=fiets'))).toHaveLength(2);
  });

  it("labels hits and type filters with the admin's item type label in the reader's language", async () => {
    const { db } = test.database;
    const [before] = await db.select().from(listItemTypes).where(eq(listItemTypes.name, 'nieuws'));
    await db
      .update(listItemTypes)
      .set({ label: { nl: 'Dorpsnieuws', en: 'Village news' } })
      .where(eq(listItemTypes.name, 'nieuws'));
    try {
      const dutch = await search('q=fietsen');
      const hit = dutch.hits.find((entry) => entry.listItemTypeName === 'nieuws');
      expect(hit?.listItemTypeLabel).toBe('Dorpsnieuws');
      expect(dutch.types.find((entry) => entry.name === 'nieuws')?.label).toBe('Dorpsnieuws');
      const english = await search('q=fietsen', { 'accept-language': 'en' });
      expect(english.hits.find((entry) => entry.listItemTypeName === 'nieuws')?.listItemTypeLabel).toBe(
        'Village news',
      );
      expect(english.types.find((entry) => entry.name === 'nieuws')?.label).toBe('Village news');
      // No English label: the Dutch one.
      await db
        .update(listItemTypes)
        .set({ label: { nl: 'Dorpsnieuws' } })
        .where(eq(listItemTypes.name, 'nieuws'));
      const fallback = await search('q=fietsen', { 'accept-language': 'en' });
      expect(fallback.types.find((entry) => entry.name === 'nieuws')?.label).toBe('Dorpsnieuws');
      const pagesOnly = await search('q=cafe');
      expect(pagesOnly.hits[0]?.listItemTypeLabel).toBeNull();
    } finally {
      if (before)
        await db.update(listItemTypes).set({ label: before.label }).where(eq(listItemTypes.name, 'nieuws'));
    }
  });

  it("searches items' own blocks and pages' blocks, accent-insensitively, with escaped snippets", async () => {
    expect(titles(await search('q=reparatiepunt'))).toEqual(['Fietsenstalling bij het station']);
    const cafe = await search('q=cafe');
    expect(cafe.hits).toHaveLength(1);
    expect(cafe.hits[0]).toMatchObject({
      kind: 'page',
      title: 'Over ons',
      url: '/over-ons',
      listItemTypeName: null,
    });
    expect(cafe.hits[0]?.snippetHtml).toContain('<mark>café</mark>');
    expect(cafe.hits[0]?.snippetHtml).not.toContain('<script>');
  });

  it('searches the English text for English visitors', async () => {
    const results = await search('q=bicycles', { 'accept-language': 'en' });
    expect(titles(results)).toEqual(['New bicycle for the community officer']);
    expect(titles(await search('q=terrace&lang=en'))).toEqual(['About us']);
  });

  it('forgives a typo through the title trigram fallback (isFuzzy)', async () => {
    const results = await search('q=fietsne');
    expect(results.isFuzzy).toBe(true);
    expect(titles(results)).toContain('Nieuwe fiets voor de wijkagent');
    const agent = await search('q=wijkagnet');
    expect(agent.isFuzzy).toBe(true);
    expect(titles(agent)).toEqual(['Nieuwe fiets voor de wijkagent']);
  });

  it('never shows unpublished pages or items, nor items published in the future, to visitors', async () => {
    const results = await search('q=fiets');
    expect(titles(results)).not.toContain('Fiets van de burgemeester');
    expect(titles(results)).not.toContain('Fietstocht in het voorjaar');
    expect(titles(await search('q=fietsplan'))).not.toContain('Geheim');
    expect(titles(await search('q=fietsplan', adminAuth))).toEqual(['Geheim']);
    expect(titles(await search('q=burgemeester', adminAuth))).toEqual(['Fiets van de burgemeester']);
  });

  it('filters by type and pages the hits', async () => {
    expect(titles(await search('q=fiets&type=evenement'))).toEqual(['Fietsenstalling bij het station']);
    const pagesOnly = await search('q=fiets&type=page');
    expect(pagesOnly.hits).toEqual([]);
    const second = await search('q=fiets&page=2');
    expect(second).toMatchObject({ pageNumber: 2, totalNumberOfItems: 2, hits: [] });
  });

  it('answers nothing for an empty or punctuation-only query and refuses a bad type', async () => {
    expect(await search('q=')).toMatchObject({ hits: [], totalNumberOfItems: 0, isFuzzy: false });
    expect((await search(`q=${encodeURIComponent(' , ; - ')}`)).hits).toEqual([]);
    expectApiError(
      await test.app.inject({ method: 'GET', url: '/api/search?q=x&type=DROP%20TABLE' }),
      400,
      'validation_failed',
    );
  });

  it('treats query syntax and hostile text as plain words', async () => {
    for (const q of ["'", '!', '&|', 'fiets:*', "fiets' | 'a", '\\', '<mark>', 'a'.repeat(400)]) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}`,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('reindexes changed pages, blocks and items before searching, whoever wrote them', async () => {
    const db = test.database.db;
    await db
      .update(buildingBlockInstances)
      .set({ content: { nl: { doc: paragraphs('Nu met een bibliotheek.') } } })
      .where(eq(buildingBlockInstances.id, textBlock));
    expect(titles(await search('q=bibliotheek'))).toEqual(['Over ons']);
    expect((await search('q=cafe')).hits).toEqual([]);
    await db
      .update(pages)
      .set({ title: { nl: 'Over het dorp' } })
      .where(eq(pages.name, 'over-ons'));
    expect(titles(await search('q=bibliotheek'))).toEqual(['Over het dorp']);
    await db.delete(listItems).where(eq(listItems.id, hiddenItem));
    expect(await refreshSearchIndex(db)).toBeGreaterThan(0);
    expect((await search('q=burgemeester', adminAuth)).hits).toEqual([]);
    await db
      .update(listItems)
      .set({ title: { nl: 'Fietsenmaker gezocht' } })
      .where(eq(listItems.listItemTypeName, 'evenement'));
    expect(titles(await search('q=fietsenmaker'))).toEqual(['Fietsenmaker gezocht']);
  });
});

describe('snippetToHtml', () => {
  it('escapes the text and turns only the headline markers into <mark>', () => {
    expect(snippetToHtml(`a <b>&"' \u0002x\u0003`)).toBe('a &lt;b&gt;&amp;&quot;&#39; <mark>x</mark>');
  });
});
