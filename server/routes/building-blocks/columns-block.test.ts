import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnsBlockData } from '../../../common/blocks/columns.ts';
import { BLOCK_TYPES } from '../../../common/blocks/index.ts';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import type { DraftBlock, PageChange, PageDocument } from '../../../common/page-drafts.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { distinctPng, imageUpload } from '../../../test/uploads.ts';
import { buildingBlockInstances } from '../../db/schema.ts';
import { prepareBlocks } from '../../domains/blocks/prepare.ts';
import { loadBlocks } from '../../domains/blocks/queries.ts';
import { refreshSearchIndex } from '../../domains/search/queries.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/*
 * The columns block (issue 31) through the drafts API: a columns block holds blocks of the page in
 * its columns (each names it and its column); what a save takes and refuses (a column holds no
 * columns block, no list or widget; a child's columns block must be in the same document; hostile
 * parents: 400 `validation_failed` at the block), what publishing writes (parent_id, column_index;
 * removing the columns block removes its blocks), what visitors get (the children prepared in
 * their columns, in order), that search, where-used and the accessibility check see the children
 * as any block, and what the revision says of a move between columns.
 */

type Draft = {
  version: number;
  revision: number | null;
  document: PageDocument;
  findings: { code: string; blockGuid: string; language: string }[];
};
type Revision = { number: number; changes: PageChange[] };

let test: TestApp;
let dataDir: string;
let admin: Browser;
let menuId = '';
let counter = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-columns-test-'));
  test = await createTestApp({ config: { dataDir } });
  await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
  admin = await signInAs(test.app, 'beheer@example.nl');
  menuId = (await createMenu(test.database.db, TOP_LEVEL_MENU)).id;
});

afterAll(async () => {
  await test.close();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (browser: Browser) => ({ cookie: browser.cookie, 'x-xsrf-token': browser.xsrf });

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    headers: as(admin),
    ...(payload === undefined ? {} : { payload: payload as object }),
  }) as Promise<LightMyRequestResponse>;
}

async function upload(name: string): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/a/upload?library',
    ...imageUpload(await distinctPng(640, 480), name, as(admin)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { guid: string }).guid;
}

const text = (nl: string, en?: string) => ({
  nl: { doc: paragraphs(nl) },
  ...(en ? { en: { doc: paragraphs(en) } } : {}),
});

/** A published page in the main menu without blocks, and its (empty) draft. */
async function newPage() {
  counter += 1;
  const page = await createPage(test.database.db, {
    name: `kolommen-${counter}`,
    title: `Kolommen ${counter}`,
  });
  await createMenuItem(test.database.db, {
    menuId,
    urlSegment: `kolommen-${counter}`,
    name: `Kolommen ${counter}`,
    pageId: page.id,
  });
  const draft = (await call('GET', `/api/pages/${page.id}/draft`)).json() as Draft;
  return { id: page.id, draft };
}

const save = (id: string, base: Pick<Draft, 'version' | 'revision'>, blocks: DraftBlock[]) =>
  call('PUT', `/api/pages/${id}/draft`, {
    version: base.version,
    revision: base.revision,
    document: { ...(base as Draft).document, blocks },
  });

async function saved(id: string, base: Draft, blocks: DraftBlock[]): Promise<Draft> {
  const response = await save(id, base, blocks);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Draft;
}

async function publish(id: string, base: Pick<Draft, 'version' | 'revision'>) {
  const response = await call('POST', `/api/pages/${id}/draft:publish`, {
    version: base.version,
    revision: base.revision,
    acceptFindings: true,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const columns = (guid: string, options: Record<string, unknown> = {}): DraftBlock => ({
  guid,
  name: 'columns',
  position: 'main',
  content: null,
  options,
});
const child = (
  guid: string,
  parent: string,
  column: number,
  block: Partial<DraftBlock> = {},
): DraftBlock => ({
  guid,
  name: 'text',
  position: 'main',
  content: text(`Tekst ${guid.slice(0, 4)}`),
  options: {},
  parent: { guid: parent, column },
  ...block,
});

describe('the columns block', () => {
  it('takes two or three columns and a width pattern, with defaults, and has no texts of its own', () => {
    const { options, content, isLocalized } = BLOCK_TYPES.columns;
    expect(options.parse({})).toEqual({ count: '2', widths: 'equal' });
    expect(options.parse({ count: '3', widths: 'wideEnd' })).toEqual({ count: '3', widths: 'wideEnd' });
    for (const wrong of [
      { count: '4' },
      { count: 2 },
      { count: '1' },
      { widths: 'half' },
      { widths: null },
    ]) {
      expect(options.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
    }
    expect(content.parse({})).toEqual({});
    expect(isLocalized).toBe(false);
  });

  it('saves a text and an image side by side, publishes them as blocks of the page in their columns, and gives visitors each column’s blocks in order', async () => {
    const { id, draft } = await newPage();
    const image = await upload('kolom.png');
    const [grid, left, second, right] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const start = await saved(id, draft, [
      {
        guid: randomUUID(),
        name: 'text',
        position: 'main',
        content: text('Boven de kolommen'),
        options: {},
      },
      columns(grid, { widths: 'wideStart' }),
      // Out of reading order on purpose: the saved document puts each block after its columns block.
      child(right, grid, 1, {
        name: 'image',
        content: { nl: { alt: 'Het plein met de kastanjes', caption: '' } },
        options: { imageGuid: image },
      }),
      child(left, grid, 0, { content: text('Linkerkolom Kastanjeplein', 'Left column') }),
      child(second, grid, 0, { content: text('Tweede blok links') }),
    ]);
    expect(start.document.blocks.map((block) => [block.name, block.parent?.column ?? null])).toEqual([
      ['text', null],
      ['columns', null],
      ['text', 0],
      ['text', 0],
      ['image', 1],
    ]);
    await publish(id, start);

    const rows = await loadBlocks(test.database.db, [id]);
    const row = (guid: string) => rows.find((found) => found.id === guid);
    expect(row(left)).toMatchObject({ parentId: grid, columnIndex: 0 });
    expect(row(right)).toMatchObject({ parentId: grid, columnIndex: 1 });
    expect(row(grid)).toMatchObject({ parentId: null, columnIndex: null });

    // Visitors: the columns block in the main area, its columns' blocks prepared inside it.
    const views = await prepareBlocks(test.database.db, rows, 'nl', test.app.log);
    expect(views.map((view) => view.name)).toEqual(['text', 'columns']);
    const data = views[1]?.data as ColumnsBlockData;
    expect(data.count).toBe('2');
    expect(data.widths).toBe('wideStart');
    expect(data.columns.map((column) => column.map((view) => view.guid))).toEqual([[left, second], [right]]);
    expect(JSON.stringify(data.columns[0]?.[0]?.data)).toContain('Linkerkolom Kastanjeplein');
    expect(data.columns[1]?.[0]).toMatchObject({
      name: 'image',
      data: { alt: 'Het plein met de kastanjes' },
    });
    const english = await prepareBlocks(test.database.db, rows, 'en', test.app.log);
    expect(JSON.stringify(english)).toContain('Left column');

    // The pages' JSON names each block's columns block and column.
    const listed = (await test.app.inject({ method: 'GET', url: '/api/pages?IncludeBbis=true' })).json() as {
      guid: string;
      buildingBlockInstances?: { guid: string; parentGuid: string | null; columnIndex: number | null }[];
    }[];
    const blocks = listed.find((found) => found.guid === id)?.buildingBlockInstances ?? [];
    expect(blocks.find((block) => block.guid === right)).toMatchObject({ parentGuid: grid, columnIndex: 1 });
    expect(blocks.find((block) => block.guid === grid)).toMatchObject({
      parentGuid: null,
      columnIndex: null,
    });

    // Search finds the page by a child's words; the library lists the page as the image's use.
    await refreshSearchIndex(test.database.db);
    const search = (await test.app.inject({ method: 'GET', url: '/api/search?q=kastanjeplein' })).json() as {
      hits: { guid?: string; url?: string }[];
    };
    expect(search.hits.length).toBe(1);
    const uses = (await call('GET', `/api/media/${image}/uses`)).json() as { uses: { guid: string }[] };
    expect(uses.uses.map((use) => use.guid)).toContain(id);
  });

  it('gives a columns block without blocks no data (visitors see nothing), and shows three columns when asked', async () => {
    const { id, draft } = await newPage();
    const [empty, three, only] = [randomUUID(), randomUUID(), randomUUID()];
    const start = await saved(id, draft, [
      columns(empty),
      columns(three, { count: '3' }),
      child(only, three, 2, { content: text('Alleen rechts') }),
    ]);
    await publish(id, start);
    const views = await prepareBlocks(
      test.database.db,
      await loadBlocks(test.database.db, [id]),
      'nl',
      test.app.log,
    );
    // The empty one stays a block without data (visitors see nothing of it; edit mode shows its columns).
    expect(views.map((view) => [view.guid, view.data === null])).toEqual([
      [empty, true],
      [three, false],
    ]);
    expect((views[1]?.data as ColumnsBlockData | undefined)?.columns.map((column) => column.length)).toEqual([
      0, 0, 1,
    ]);
  });

  it('refuses a columns block in a column, a list or widget in a column, and a child whose columns block is not in the document, at the block', async () => {
    const { id, draft } = await newPage();
    const [grid, inner, textBlock] = [randomUUID(), randomUUID(), randomUUID()];
    const refused = async (blocks: DraftBlock[], at: string, message: string) => {
      const response = await save(id, draft, blocks);
      expectApiError(response, 400, 'validation_failed');
      const issues =
        (response.json() as { error: { details?: { path: string; message: string }[] } }).error.details ?? [];
      expect(issues, response.body).toContainEqual(expect.objectContaining({ path: at }));
      expect(response.body).toContain(message);
    };
    // Not nested further: a columns block in a column, and a block in a column of that one.
    await refused(
      [columns(grid), child(inner, grid, 0, { name: 'columns', content: null })],
      'document.blocks.1.parent',
      'kolommenblok',
    );
    await refused(
      [columns(grid), { ...columns(inner), parent: { guid: grid, column: 1 } }, child(textBlock, inner, 0)],
      'document.blocks.1.parent',
      'kolommenblok',
    );
    // Lists and widgets stay blocks of the page itself.
    await refused(
      [columns(grid), child(inner, grid, 0, { name: 'list', content: { nl: { title: 'Nieuws' } } })],
      'document.blocks.1.name',
      'lijst of widget',
    );
    // A parent that is not in the document, is no columns block, or is the block itself.
    await refused([child(inner, randomUUID(), 0)], 'document.blocks.0.parent', 'kolommenblok op deze pagina');
    await refused(
      [
        { guid: textBlock, name: 'text', position: 'main', content: text('Gewoon'), options: {} },
        child(inner, textBlock, 0),
      ],
      'document.blocks.1.parent',
      'kolommenblok op deze pagina',
    );
    await refused(
      [child(inner, inner, 0, { name: 'columns', content: null })],
      'document.blocks.0.parent',
      'kolommenblok op deze pagina',
    );
    // The draft was not changed by any of these.
    expect(((await call('GET', `/api/pages/${id}/draft`)).json() as Draft).version).toBe(draft.version);
  });

  it('answers 400, never 5xx, to hostile parents (wrong shapes, columns out of range, foreign guids)', async () => {
    const { id, draft } = await newPage();
    const grid = randomUUID();
    for (const parent of [
      { guid: grid, column: 3 },
      { guid: grid, column: -1 },
      { guid: grid, column: 1.5 },
      { guid: grid, column: '0' },
      { guid: 'not-a-guid', column: 0 },
      { guid: grid },
      'columns',
      [grid, 0],
      { guid: grid, column: 2 ** 40 },
    ]) {
      const response = await call('PUT', `/api/pages/${id}/draft`, {
        version: draft.version,
        revision: draft.revision,
        document: {
          ...draft.document,
          blocks: [columns(grid), { ...child(randomUUID(), grid, 0), parent }],
        },
      });
      expect(response.statusCode, JSON.stringify(parent)).toBe(400);
    }
    // A column past the block's count (3 → 2 columns) is its last column.
    const start = await saved(id, draft, [columns(grid, { count: '2' }), child(randomUUID(), grid, 2)]);
    expect(start.document.blocks[1]?.parent).toEqual({ guid: grid, column: 1 });
    // A block of another page's columns block is refused as a block on another page.
    const other = await newPage();
    const foreign = await saved(other.id, other.draft, [columns(randomUUID())]);
    await publish(other.id, foreign);
    const foreignGrid = foreign.document.blocks[0]?.guid ?? '';
    const response = await save(id, start, [child(randomUUID(), foreignGrid, 0)]);
    expectApiError(response, 400, 'validation_failed');
  });

  it('removes a columns block with its blocks (draft, publish and the block API), and keeps a block moved out of it', async () => {
    const { id, draft } = await newPage();
    const [grid, kept, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const first = await saved(id, draft, [columns(grid), child(kept, grid, 0), child(gone, grid, 1)]);
    await publish(id, first);
    // The kept block leaves its column for the main area; the columns block goes with its other block.
    const current = (await call('GET', `/api/pages/${id}/draft`)).json() as Draft;
    const keptBlock = current.document.blocks.find((block) => block.guid === kept) as DraftBlock;
    const { parent: _parent, ...loose } = keptBlock;
    const second = await saved(id, current, [loose]);
    await publish(id, second);
    const rows = await loadBlocks(test.database.db, [id]);
    expect(rows.map((row) => [row.id, row.parentId])).toEqual([[kept, null]]);

    // Through the block API: deleting a columns block deletes what its columns hold (the foreign key).
    const again = (await call('GET', `/api/pages/${id}/draft`)).json() as Draft;
    const grid2 = randomUUID();
    const third = await saved(id, again, [
      ...again.document.blocks,
      columns(grid2),
      child(randomUUID(), grid2, 0),
    ]);
    await publish(id, third);
    expect((await call('DELETE', `/api/buildingblockinstance/${grid2}`)).statusCode).toBeLessThan(300);
    const left = await test.database.db
      .select({ id: buildingBlockInstances.id })
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.pageId, id));
    expect(left.map((row) => row.id)).toEqual([kept]);
  });

  it('puts a deleted page with a columns block in the trash and brings it back with its columns as they were', async () => {
    const { id, draft } = await newPage();
    const [grid, inside] = [randomUUID(), randomUUID()];
    await publish(id, await saved(id, draft, [columns(grid, { count: '3' }), child(inside, grid, 2)]));
    const before = await loadBlocks(test.database.db, [id]);
    expect((await call('DELETE', `/api/pages/${id}`)).statusCode).toBe(204);
    expect(await loadBlocks(test.database.db, [id])).toEqual([]);
    const entries = (await call('GET', '/api/trash?sortBy=deletedAt&sortDirection=desc')).json() as {
      items: { guid: string; targetGuid: string }[];
    };
    const entry = entries.items.find((row) => row.targetGuid === id);
    expect((await call('POST', `/api/trash/${entry?.guid}/restore`)).statusCode).toBe(204);
    const after = await loadBlocks(test.database.db, [id]);
    expect(after.map((row) => [row.id, row.parentId, row.columnIndex])).toEqual(
      before.map((row) => [row.id, row.parentId, row.columnIndex]),
    );
    expect(after.find((row) => row.id === inside)).toMatchObject({ parentId: grid, columnIndex: 2 });
  });

  it('says in the revision that a block moved to another column, and the accessibility check reads the blocks in the columns', async () => {
    const { id, draft } = await newPage();
    const image = await upload('zonder-alt.png');
    const [grid, heading, photo] = [randomUUID(), randomUUID(), randomUUID()];
    const h4 = {
      nl: {
        doc: {
          type: 'doc',
          content: [{ type: 'heading', attrs: { level: 4 }, content: [{ type: 'text', text: 'Te diep' }] }],
        },
      },
    };
    const first = await saved(id, draft, [
      columns(grid),
      child(heading, grid, 0, { content: h4 }),
      child(photo, grid, 1, {
        name: 'image',
        content: { nl: { alt: '', caption: '' } },
        options: { imageGuid: image },
      }),
    ]);
    // The image without alt text and the heading that skips levels, inside the columns, are found.
    const codes = first.findings.map((finding) => [finding.code, finding.blockGuid]);
    expect(codes).toContainEqual(['imageAlt', photo]);
    expect(codes.some(([code, guid]) => guid === heading && String(code).startsWith('heading'))).toBe(true);
    await publish(id, first);

    const moved = await saved(
      id,
      (await call('GET', `/api/pages/${id}/draft`)).json() as Draft,
      first.document.blocks.map((block) =>
        block.guid === photo ? { ...block, parent: { guid: grid, column: 0 } } : block,
      ),
    );
    expect(moved.document.blocks.map((block) => block.guid)).toEqual([grid, heading, photo]);
    await publish(id, moved);
    const revisions = (await call('GET', `/api/pages/${id}/revisions`)).json() as
      | { revisions: Revision[] }
      | Revision[];
    const list = Array.isArray(revisions) ? revisions : revisions.revisions;
    const latest = list.reduce((a, b) => (a.number > b.number ? a : b));
    expect(latest.changes).toContainEqual(expect.objectContaining({ kind: 'blockMoved', guid: photo }));
  });
});
