import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../../../common/accessibility-checks.ts';
import type { CardsBlockData } from '../../../common/blocks/cards.ts';
import { BLOCK_TYPES } from '../../../common/blocks/index.ts';
import type { PageDocument } from '../../../common/page-drafts.ts';
import type { SearchResults } from '../../../common/site.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { distinctPng, imageUpload } from '../../../test/uploads.ts';
import { buildingBlockInstances, pageDrafts } from '../../db/schema.ts';
import { prepareBlocks } from '../../domains/blocks/prepare.ts';
import { refreshSearchIndex } from '../../domains/search/queries.ts';
import { validationText } from '../../errors.ts';
import { createListItem, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/*
 * The cards block (issue 31) through the API: what it takes and gives back, what it refuses (hostile
 * or oversized input: 400 `validation_failed` naming the field, an image that is no asset the block
 * may name), what visitors get of it (the cards with a title in their language, in order, each
 * image a focal-point crop of its library asset with the asset's alt text unless the card has its
 * own, each link resolved), its images as uses of their assets (where-used, the unused filter,
 * delete), that the search index reads its texts and that the accessibility check knows its
 * headings, images and links.
 */

const GONE = '6b1d3c9e-2f6a-4c1e-9a8b-0c5d7e3f1a2b';

let test: TestApp;
let dataDir: string;
let admin: Browser;
let linkedPage: { id: string; path: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-cards-test-'));
  test = await createTestApp({ config: { dataDir } });
  const { db } = test.database;
  await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
  admin = await signInAs(test.app, 'beheer@example.nl');
  // A published page in the main menu, for the cards' links by reference.
  const page = await createPage(db, { name: 'markt', title: { nl: 'Markt', en: 'Market' } });
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  await createMenuItem(db, { menuId: menu.id, urlSegment: 'markt', name: 'Markt', pageId: page.id });
  linkedPage = { id: page.id, path: '/markt' };
});

afterAll(async () => {
  await test.close();
  await rm(dataDir, { recursive: true, force: true });
});

const png = (width = 800, height = 600) => distinctPng(width, height);

const as = (browser: Browser) => ({ cookie: browser.cookie, 'x-xsrf-token': browser.xsrf });

async function upload(name: string): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/a/upload?library',
    ...imageUpload(await png(), name, as(admin)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { guid: string }).guid;
}

function call(
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method,
    url,
    headers: as(admin),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let pageCounter = 0;
async function newPage() {
  pageCounter += 1;
  return createPage(test.database.db, { name: `kaarten-${pageCounter}`, title: `Kaarten ${pageCounter}` });
}

const add = async (content: unknown, options: unknown = {}) =>
  call('POST', `/api/pages/${(await newPage()).id}/buildingblockinstances`, {
    buildingBlockName: 'cards',
    layoutPosition: 'main',
    content,
    options,
  });

async function cardsData(blockGuid: string, locale: 'nl' | 'en' = 'nl') {
  const rows = await test.database.db
    .select()
    .from(buildingBlockInstances)
    .where(eq(buildingBlockInstances.id, blockGuid));
  const [view] = await prepareBlocks(test.database.db, rows, locale, test.app.log);
  return (view as unknown as { data: CardsBlockData | null } | undefined)?.data ?? null;
}

const twoCards = {
  nl: {
    cards: {
      markt: { title: 'Lindenmarkt', text: 'Elke zaterdag\nop het plein.' },
      quiz: { title: 'Dorpsquiz', text: '' },
    },
  },
};

describe('the cards block', () => {
  it('takes 1 to 12 cards with distinct keys, 2 to 4 columns, and texts per card', () => {
    const { options, content } = BLOCK_TYPES.cards;
    const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(options.parse({})).toEqual({ columns: '3', cards: [{ key: 'k1', imageGuid: null }] });
    expect(content.safeParse(BLOCK_TYPES.cards.newContent()).success).toBe(false); // the title is asked
    expect(
      options.parse({ cards: [{ key: 'a', imageGuid: guid.toUpperCase(), href: `page:${guid}` }] }).cards,
    ).toEqual([{ key: 'a', imageGuid: guid, href: `page:${guid}` }]);
    expect(options.safeParse({ cards: [] }).success).toBe(false);
    expect(
      options.safeParse({ cards: Array.from({ length: 13 }, (_, i) => ({ key: `k${i}` })) }).success,
    ).toBe(false);
    expect(options.safeParse({ cards: [{ key: 'a' }, { key: 'a' }] }).success).toBe(false);
    expect(options.safeParse({ cards: [{ key: '__proto__' }] }).success).toBe(false);
    expect(options.safeParse({ columns: '1' }).success).toBe(false);
    expect(options.safeParse({ columns: '5' }).success).toBe(false);
    expect(options.safeParse({ cards: [{ key: 'a', imageGuid: '../etc/passwd' }] }).success).toBe(false);
    expect(content.parse({ cards: { a: { title: ' Markt ' } } })).toEqual({
      cards: { a: { title: 'Markt', text: '', alt: '' } },
    });
    expect(content.safeParse({ cards: { a: { title: 'x'.repeat(201) } } }).success).toBe(false);
    expect(content.safeParse({ cards: { a: { title: 'x', text: 'y'.repeat(501) } } }).success).toBe(false);
    expect(content.safeParse({ cards: { 'Not A Key': { title: 'x' } } }).success).toBe(false);
    const thirteen = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`k${i}`, { title: 'x' }]));
    expect(content.safeParse({ cards: thirteen }).success).toBe(false);
  });

  it('saves a cards block with its options and gives it back', async () => {
    const image = await upload('markt.png');
    const options = {
      columns: '2',
      cards: [
        { key: 'markt', imageGuid: image.toUpperCase(), href: `page:${linkedPage.id}` },
        { key: 'quiz', imageGuid: null, href: 'https://www.example.org/quiz' },
      ],
    };
    const response = await add(twoCards, options);
    expect(response.statusCode, response.body).toBe(201);
    const block = response.json() as { guid: string };
    expect(block).toMatchObject({
      buildingBlockName: 'cards',
      options: {
        columns: '2',
        cards: [
          { key: 'markt', imageGuid: image },
          { key: 'quiz', imageGuid: null },
        ],
      },
    });
    const visitor = await test.app.inject({ method: 'GET', url: `/api/buildingblockinstance/${block.guid}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({
      buildingBlockName: 'cards',
      content: { nl: { cards: { markt: { title: 'Lindenmarkt', alt: '' }, quiz: { title: 'Dorpsquiz' } } } },
    });
  });

  const hostileLinks = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://10.0.0.1/',
    'http://[::ffff:0:7f00:1]/',
    '/\\evil.example',
    'page:../../admin',
    '',
  ];

  it.each([
    [
      'a card without a title',
      { nl: { cards: { k1: { title: '' } } } },
      {},
      'content.nl.cards.k1.title',
      null,
    ],
    [
      'a card title over 200 characters',
      { nl: { cards: { k1: { title: 'x'.repeat(201) } } } },
      {},
      'content.nl.cards.k1.title',
      null,
    ],
    [
      'a card text over 500 characters',
      { nl: { cards: { k1: { title: 'x', text: 'y'.repeat(501) } } } },
      {},
      'content.nl.cards.k1.text',
      null,
    ],
    [
      'an HTML-typed card title',
      { nl: { cards: { k1: { title: { html: '<script>alert(1)</script>' } } } } },
      {},
      'content.nl.cards.k1.title',
      null,
    ],
    [
      'a card key that is no key',
      { nl: { cards: { '<img src=x onerror=alert(1)>': { title: 'x' } } } },
      {},
      'content.nl.cards',
      null,
    ],
    ['no cards', twoCards, { cards: [] }, 'options.cards', null],
    [
      'thirteen cards',
      twoCards,
      { cards: Array.from({ length: 13 }, (_, index) => ({ key: `k${index}` })) },
      'options.cards',
      null,
    ],
    ['two cards with one key', twoCards, { cards: [{ key: 'a' }, { key: 'a' }] }, 'options.cards', null],
    ['five columns', twoCards, { columns: '5' }, 'options.columns', null],
    [
      'an image that is no guid',
      twoCards,
      { cards: [{ key: 'a', imageGuid: '../../etc/passwd' }] },
      'options.cards.0.imageGuid',
      null,
    ],
    ...hostileLinks.map((href): [string, object, object, string, string] => [
      `a card linking to ${JSON.stringify(href)}`,
      twoCards,
      {
        cards: [
          { key: 'markt', href: '/markt' },
          { key: 'quiz', href },
        ],
      },
      'options.cards.1.href',
      'validation.link',
    ]),
  ])('answers 400 to %s, naming the field', async (_case, content, options, field, key) => {
    const body = expectApiError(await add(content, options), 400, 'validation_failed');
    if (key) expect(body.error.details).toContainEqual({ path: field, message: validationText(key, 'nl') });
    else
      expect(body.error.details?.map((detail) => detail.path)).toContainEqual(expect.stringContaining(field));
  });

  it('answers 400 to an image that is no asset of the library, at its card', async () => {
    const known = await upload('bekend.png');
    const body = expectApiError(
      await add(twoCards, {
        cards: [
          { key: 'markt', imageGuid: known },
          { key: 'quiz', imageGuid: GONE },
        ],
      }),
      400,
      'validation_failed',
    );
    expect(body.error.details).toContainEqual({
      path: 'options.cards.1.imageGuid',
      message: validationText('validation.blockImage', 'nl'),
    });
  });

  it('answers 400 to replacing a card’s link with a javascript: URL (PUT), and keeps the old one', async () => {
    const options = { cards: [{ key: 'markt', href: '/markt' }, { key: 'quiz' }] };
    const created = (await add(twoCards, options)).json() as { guid: string };
    const body = expectApiError(
      await call('PUT', `/api/buildingblockinstance/${created.guid}`, {
        options: { cards: [{ key: 'markt', href: 'javascript:alert(document.cookie)' }, { key: 'quiz' }] },
      }),
      400,
      'validation_failed',
    );
    expect(body.error.details).toContainEqual({
      path: 'options.cards.0.href',
      message: validationText('validation.link', 'nl'),
    });
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/buildingblockinstance/${created.guid}`,
    });
    expect(stored.json()).toMatchObject({
      options: { cards: [{ key: 'markt', href: '/markt' }, { key: 'quiz' }] },
    });
  });

  it("gives visitors the titled cards in order, each image a focal-point crop with the library's alt text unless the card has its own, each link resolved", async () => {
    const described = await upload('plein.png');
    const decorative = await upload('streep.png');
    await call('PATCH', `/api/media/${described}`, { alt: { nl: 'Het plein', en: 'The square' } });
    await call('PATCH', `/api/media/${decorative}`, { isDecorative: true });
    const created = (
      await add(
        {
          nl: {
            cards: {
              plein: { title: 'Het plein', text: '  Midden in het dorp.  ' },
              streep: { title: 'Versiering', alt: 'Slingers boven de straat' },
              weg: { title: 'Weg', text: 'Naar een pagina die er niet meer is.' },
              los: { title: 'Zonder kaart in de opties' },
            },
          },
          en: {
            cards: {
              plein: { title: 'The square', alt: 'Our square' },
              weg: { title: 'Gone' },
            },
          },
        },
        {
          columns: '4',
          cards: [
            { key: 'plein', imageGuid: described, href: `page:${linkedPage.id}` },
            { key: 'streep', imageGuid: decorative, href: 'mailto:info@example.nl' },
            { key: 'weg', href: `page:${GONE}` },
          ],
        },
      )
    ).json() as { guid: string };

    const nl = await cardsData(created.guid);
    expect(nl?.columns).toBe('4');
    expect(nl?.sizes).toBe(
      '(max-width: 599.98px) 100vw, (max-width: 1023.98px) 50vw, (max-width: 1440px) 25vw, 360px',
    );
    expect(nl?.cards.map((card) => [card.key, card.title, card.href])).toEqual([
      ['plein', 'Het plein', linkedPage.path],
      ['streep', 'Versiering', 'mailto:info@example.nl'],
      // A page that is gone: the card shows, without a link.
      ['weg', 'Weg', null],
    ]);
    expect(nl?.cards[0]).toMatchObject({
      text: 'Midden in het dorp.',
      image: {
        // A 4:3 crop around the asset's focal point, with the file version (cached for good).
        src: `/a/${described}?width=400&height=300&fit=cover&v=1`,
        srcSet: `/a/${described}?width=400&height=300&fit=cover&v=1 400w, /a/${described}?width=800&height=600&fit=cover&v=1 800w`,
        alt: 'Het plein',
      },
    });
    // The card's own alt text over a decorative asset's silence; no image: none.
    expect(nl?.cards[1]?.image?.alt).toBe('Slingers boven de straat');
    expect(nl?.cards[2]?.image).toBeNull();

    // In English the English texts; a card not translated yet in Dutch, marked so (lang nl).
    const en = await cardsData(created.guid, 'en');
    expect(en?.cards.map((card) => [card.key, card.title, card.image?.alt ?? null, card.lang])).toEqual([
      ['plein', 'The square', 'Our square', undefined],
      ['streep', 'Versiering', 'Slingers boven de straat', 'nl'],
      ['weg', 'Gone', null, undefined],
    ]);
  });

  it('shows the Dutch cards on an English page without a translation, and nothing without a titled card', async () => {
    const dutch = (await add(twoCards, { cards: [{ key: 'quiz' }, { key: 'markt' }] })).json() as {
      guid: string;
    };
    expect((await cardsData(dutch.guid, 'en'))?.cards.map((card) => card.title)).toEqual([
      'Dorpsquiz',
      'Lindenmarkt',
    ]);
    const untitled = (await add({ nl: { cards: { other: { title: 'Elders' } } } }, {})).json() as {
      guid: string;
    };
    expect(await cardsData(untitled.guid)).toBeNull();
  });

  it('shows a card added after the translation in Dutch (lang nl) on the English page, beside the translated ones', async () => {
    const block = (
      await add(
        { ...twoCards, en: { cards: { markt: { title: 'Linden market', text: 'Every Saturday.' } } } },
        { cards: [{ key: 'markt' }, { key: 'quiz' }] },
      )
    ).json() as { guid: string };
    const english = await cardsData(block.guid, 'en');
    expect(english?.cards.map(({ title, lang }) => ({ title, lang }))).toEqual([
      { title: 'Linden market', lang: undefined },
      { title: 'Dorpsquiz', lang: 'nl' },
    ]);
    expect((await cardsData(block.guid, 'nl'))?.cards.every((card) => card.lang === undefined)).toBe(true);
  });

  it('lists a card’s image as a use of its asset: where-used, not unused, delete refused while used, and when confirmed the card keeps all but its image', async () => {
    const kept = await upload('blijft.png');
    const gone = await upload('weg.png');
    const page = await newPage();
    const created = await call('POST', `/api/pages/${page.id}/buildingblockinstances`, {
      buildingBlockName: 'cards',
      layoutPosition: 'main',
      content: twoCards,
      options: {
        cards: [
          { key: 'markt', imageGuid: gone, href: '/markt' },
          { key: 'quiz', imageGuid: kept },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const blockGuid = (created.json() as { guid: string }).guid;

    const uses = (await call('GET', `/api/media/${gone}/uses`)).json() as {
      uses: { kind: string; guid: string }[];
    };
    expect(uses.uses).toEqual([expect.objectContaining({ kind: 'page', guid: page.id })]);
    const unused = (await call('GET', '/api/media?unused=true&pageSize=100')).json() as {
      assets: { guid: string }[];
    };
    expect(unused.assets.map((asset) => asset.guid)).not.toContain(gone);
    expect(unused.assets.map((asset) => asset.guid)).not.toContain(kept);

    expectApiError(await call('DELETE', `/api/media/${gone}`), 409, 'media_in_use');
    expect((await call('DELETE', `/api/media/${gone}?force=true`)).statusCode).toBe(204);
    const [block] = await test.database.db
      .select({ options: buildingBlockInstances.options })
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.id, blockGuid));
    expect(block?.options).toEqual({
      columns: '3',
      cards: [
        { key: 'markt', imageGuid: null, href: '/markt' },
        { key: 'quiz', imageGuid: kept },
      ],
    });
    const data = await cardsData(blockGuid);
    expect(data?.cards.map((card) => [card.title, card.image?.src ?? null, card.href])).toEqual([
      ['Lindenmarkt', null, '/markt'],
      ['Dorpsquiz', `/a/${kept}?width=400&height=300&fit=cover&v=1`, null],
    ]);
  });

  it('finds a card’s image in a list item’s own cards block and in a page draft: where-used and the unused filter agree', async () => {
    const { db } = test.database;
    const inItem = await upload('gebruikt-item.png');
    const inDraft = await upload('gebruikt-concept.png');
    const host = await createPage(db, { name: 'kaarten-lijst', title: 'Lijst', blocks: [{ name: 'list' }] });
    const item = await createListItem(db, {
      blockId: host.blocks[0]?.id ?? '',
      title: 'Met kaarten',
      content: [
        {
          guid: crypto.randomUUID(),
          buildingBlockName: 'cards',
          content: { nl: { cards: { a: { title: 'Kaart' } } } },
          options: { cards: [{ key: 'a', imageGuid: inItem }] },
          sortId: 10,
        },
      ],
    });
    const drafted = await createPage(db, { name: 'kaarten-in-concept', title: 'Concept' });
    await db.insert(pageDrafts).values({
      pageId: drafted.id,
      version: 1,
      document: {
        title: { nl: 'Concept' },
        description: null,
        layout: '100',
        options: [],
        blocks: [{ name: 'cards', options: { cards: [{ key: 'a', imageGuid: inDraft }] } }],
      } as unknown as PageDocument,
    });
    const unused = (await call('GET', '/api/media?unused=true&search=gebruikt-&pageSize=100')).json() as {
      assets: { guid: string }[];
    };
    expect(unused.assets.map((asset) => asset.guid)).not.toContain(inItem);
    expect(unused.assets.map((asset) => asset.guid)).not.toContain(inDraft);
    const usesOf = async (guid: string) =>
      ((await call('GET', `/api/media/${guid}/uses`)).json() as { uses: { kind: string; guid: string }[] })
        .uses;
    expect(await usesOf(inItem)).toEqual([expect.objectContaining({ kind: 'item', guid: item.id })]);
    expect(await usesOf(inDraft)).toEqual([expect.objectContaining({ kind: 'page', guid: drafted.id })]);
  });

  it("counts a card image without alt text, a vague card title as link text and a broken link as findings before publishing, and reads the asset's alt text", async () => {
    type Draft = {
      version: number;
      revision: number | null;
      document: { blocks: { guid: string; name: string; content: unknown; options: unknown }[] };
      findings: { code: string; blockGuid: string; language: string; details: unknown }[];
    };
    const undescribed = await upload('dorp.png');
    const page = await createPage(test.database.db, {
      name: 'kaarten-concept',
      title: 'Kaarten concept',
      blocks: [{ name: 'cards', content: twoCards, options: { cards: [{ key: 'markt' }, { key: 'quiz' }] } }],
    });
    const blockGuid = page.blocks[0]?.id ?? '';
    const start = (await call('GET', `/api/pages/${page.id}/draft`)).json() as Draft;
    const save = async (base: Draft, content: unknown, options: unknown) => {
      const response = await call('PUT', `/api/pages/${page.id}/draft`, {
        version: base.version,
        revision: base.revision,
        document: {
          ...base.document,
          blocks: base.document.blocks.map((block) =>
            block.guid === blockGuid ? { ...block, content, options } : block,
          ),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Draft;
    };

    const saved = await save(
      start,
      {
        nl: { cards: { markt: { title: 'Lees meer' }, quiz: { title: 'Dorpsquiz' } } },
        en: { cards: { markt: { title: 'The market' }, quiz: { title: 'Quiz' } } },
      },
      {
        columns: '3',
        cards: [
          { key: 'markt', imageGuid: undescribed, href: '/markt' },
          { key: 'quiz', href: `page:${GONE}` },
        ],
      },
    );
    expect(saved.findings.map((finding) => [finding.code, finding.language, finding.details])).toEqual([
      ['imageAlt', 'nl', { reason: 'missing', text: '', isLinked: false }],
      ['vagueLinkText', 'nl', { text: 'Lees meer', href: '/markt' }],
      // The links are the same in both languages: a broken one is named once.
      ['brokenLink', 'nl', { reason: 'gone', text: 'Dorpsquiz', href: `page:${GONE}` }],
      ['imageAlt', 'en', { reason: 'missing', text: '', isLinked: false }],
    ]);
    // The draft names the image: where-used lists the page (its draft).
    const uses = (await call('GET', `/api/media/${undescribed}/uses`)).json() as {
      uses: { kind: string; guid: string }[];
    };
    expect(uses.uses).toEqual([expect.objectContaining({ kind: 'page', guid: page.id })]);

    // The library's alt text, clear titles and a link that leads somewhere: nothing to say.
    await call('PATCH', `/api/media/${undescribed}`, { alt: { nl: 'Het dorp', en: 'The village' } });
    const fixed = await save(
      saved,
      saved.document.blocks.find((block) => block.guid === blockGuid)?.content ?? null,
      {
        columns: '3',
        cards: [
          { key: 'markt', imageGuid: undescribed, href: '/markt' },
          { key: 'quiz', href: `page:${linkedPage.id}` },
        ],
      },
    );
    expect(fixed.findings.map((finding) => finding.code)).toEqual(['vagueLinkText']);
  });

  it('tells the accessibility check its headings (each card title an h2), and leaves out what it does not show', () => {
    const headingDoc = (level: number, title: string) => ({
      type: 'doc',
      content: [{ type: 'heading', attrs: { level }, content: [{ type: 'text', text: title }] }],
    });
    const cards = {
      guid: 'cards',
      name: 'cards',
      position: 'main' as const,
      sortId: 10,
      content: {
        nl: { cards: { a: { title: 'Markt' }, b: { title: '' }, c: { title: 'Klik hier' } } },
        en: { cards: { a: { title: 'Market' } } },
      },
      options: {
        cards: [
          { key: 'a', imageGuid: GONE, href: '/markt' },
          { key: 'b', href: 'https://www.example.org/' },
          { key: 'c', href: '/klik' },
          { key: '__proto__', href: '/x' },
        ],
      },
    };
    const after = {
      guid: 'text',
      name: 'text',
      position: 'main' as const,
      sortId: 20,
      content: { nl: { doc: headingDoc(3, 'Openingstijden') } },
      options: {},
    };
    const findings = (blocks: (typeof cards | typeof after)[]) =>
      checkAccessibility({ layout: '100', blocks, colours: { colorScheme: '#1f6fb2' } })
        .filter((finding) => finding.blockGuid)
        .map((finding) => [finding.code, finding.blockGuid, finding.language, finding.details]);
    // After the cards' h2 titles an h3 follows on; without them it would skip a level.
    expect(findings([after])).toEqual([
      ['headingSkip', 'text', 'nl', { from: 1, to: 3, text: 'Openingstijden' }],
    ]);
    // A card without a title shows nothing (no empty link); an image the library does not have
    // shows nothing either; a vague title is the link's text.
    expect(findings([cards, after])).toEqual([
      ['vagueLinkText', 'cards', 'nl', { text: 'Klik hier', href: '/klik' }],
    ]);
  });

  it('makes the card titles and texts searchable', async () => {
    const { db } = test.database;
    const page = await createPage(db, {
      name: 'uitjes',
      title: 'Uitjes',
      blocks: [
        {
          name: 'cards',
          content: {
            nl: {
              cards: {
                a: { title: 'Klompenpad', text: 'Een wandeling langs de molens.' },
                b: { title: 'Fietsroute', text: 'Langs de dijk naar het veer.' },
              },
            },
          },
          options: { columns: '2', cards: [{ key: 'a' }, { key: 'b' }] },
        },
      ],
    });
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'uitjes', name: 'Uitjes', pageId: page.id });
    await refreshSearchIndex(db);
    for (const words of ['Klompenpad', 'molens', 'Fietsroute', 'dijk']) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(words)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(
        (response.json() as SearchResults).hits.map((hit) => hit.title),
        words,
      ).toContain('Uitjes');
    }
  });
});
