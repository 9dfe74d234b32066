import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL_MENU } from '../../common/site.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/helpers.ts';
import { type DatabaseHandle, queryRows } from '../db/client.ts';
import { buildingBlockInstances, menus, pages } from '../db/schema.ts';
import { ANONYMOUS } from '../policies/index.ts';
import {
  createBlock,
  createListItem,
  createListItemType,
  createMenu,
  createMenuItem,
  createPage,
} from '../seed/builders.ts';
import { ContentChanges, contentVersion, readContentVersion, VersionedCache } from './cache.ts';
import { createSiteServices } from './site/services.ts';

const text = (words: string) => ({
  nl: { doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] } },
});

describe('cache tags (issue 29): what each content version changed', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /** The tags the database noted for the version the last write made. */
  async function tagsOfLatest(): Promise<string[] | undefined> {
    const version = await contentVersion(database.db);
    const rows = await queryRows<{ tags: string[] }>(
      database.db,
      sql`SELECT tags FROM content_changes WHERE version = ${version}::bigint`,
    );
    return rows[0]?.tags.slice().sort();
  }

  /** The latest version's tags of pages, blocks and the rest; the words it named, apart. */
  async function latest(): Promise<{ tags: string[]; words: string[] }> {
    const all = (await tagsOfLatest()) ?? [];
    return {
      tags: all.filter((tag) => !tag.startsWith('word:')),
      words: all.filter((tag) => tag.startsWith('word:')).map((tag) => tag.slice('word:'.length)),
    };
  }

  it('notes the page of a changed block, both pages of a moved one, items, and * for anything else', async () => {
    const { db } = database;
    const a = await createPage(db, { name: 'tag-a', title: 'A' });
    expect(await tagsOfLatest()).toEqual(['*']); // a page's own fields: every answer may show them
    const b = await createPage(db, { name: 'tag-b', title: 'B' });
    const block = await createBlock(db, { pageId: a.id, name: 'text', content: text('Een') });
    expect((await latest()).tags).toEqual([`block:${block.id}`, `page:${a.id}`]);
    await db
      .update(buildingBlockInstances)
      .set({ content: text('Twee') })
      .where(eq(buildingBlockInstances.id, block.id));
    expect((await latest()).tags).toEqual([`block:${block.id}`, `page:${a.id}`]);
    await db
      .update(buildingBlockInstances)
      .set({ pageId: b.id })
      .where(eq(buildingBlockInstances.id, block.id));
    // (and the owner of what was uploaded for it: media-uses)
    expect((await latest()).tags).toEqual(
      [`block:${block.id}`, 'media-uses', `page:${a.id}`, `page:${b.id}`].sort(),
    );
    // A list placed: which items search finds changed, which it cannot follow word by word.
    const list = await createBlock(db, { pageId: b.id, name: 'list', options: {} });
    expect((await latest()).tags).toContain('search');
    await createListItem(db, { blockId: list.id, title: 'Nieuws' });
    expect(await tagsOfLatest()).toContain('items');
    await createMenu(db, 'Voettekst');
    expect(await tagsOfLatest()).toEqual(['*']);
  });

  it('notes one version per transaction with the tags of all its writes, and nothing for a private write', async () => {
    const { db } = database;
    const a = await createPage(db, { name: 'tx-a', title: 'A' });
    const b = await createPage(db, { name: 'tx-b', title: 'B' });
    const before = Number(await contentVersion(db));
    const [one, two] = await db.transaction(async (tx) => [
      await createBlock(tx, { pageId: a.id, name: 'text', content: text('Een') }),
      await createBlock(tx, { pageId: b.id, name: 'text', content: text('Twee') }),
    ]);
    expect(Number(await contentVersion(db))).toBe(before + 1);
    expect((await latest()).tags).toEqual(
      [`block:${one?.id}`, `block:${two?.id}`, `page:${a.id}`, `page:${b.id}`].sort(),
    );

    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('bouwsteen.write_scope', 'private', true)`);
      await createBlock(tx, { pageId: a.id, name: 'text', content: text('Concept') });
    });
    expect(Number(await contentVersion(db))).toBe(before + 1);
    // An update of no rows is no change.
    await db.update(buildingBlockInstances).set({ sortId: 1 }).where(eq(buildingBlockInstances.id, a.id));
    expect(Number(await contentVersion(db))).toBe(before + 1);
  });

  it('notes a page’s own layout or options as that page, and what other answers read of it as *', async () => {
    const { db } = database;
    const page = await createPage(db, { name: 'eigen', title: 'Eigen' });
    await db.update(pages).set({ layout: '25-75', updatedAt: new Date() }).where(eq(pages.id, page.id));
    expect(await tagsOfLatest()).toEqual([`page:${page.id}`]);
    await db
      .update(pages)
      .set({ options: [{ name: 'showFooter', value: 'false' }] })
      .where(eq(pages.id, page.id));
    expect(await tagsOfLatest()).toEqual([`page:${page.id}`]);
    // The same title written again (publishing a draft writes every field) is no change of it.
    await db
      .update(pages)
      .set({ title: { nl: 'Eigen' }, layout: '100' })
      .where(eq(pages.id, page.id));
    expect(await tagsOfLatest()).toEqual([`page:${page.id}`]);
    for (const change of [
      { title: { nl: 'Anders' } },
      { isPublished: false },
      { roleIds: ['leden'] },
      { editPermission: 'roles' as const },
    ]) {
      await db.update(pages).set(change).where(eq(pages.id, page.id));
      expect(await tagsOfLatest(), JSON.stringify(change)).toEqual(['*']);
    }
  });

  it('notes media-uses when a block or page may name other assets, not for a text edit', async () => {
    const { db } = database;
    const page = await createPage(db, { name: 'beeld', title: 'Beeld' });
    const other = await createPage(db, { name: 'beeld-2', title: 'Beeld 2' });
    const asset = '4f8e2c1a-9b3d-4e5f-8a7b-6c5d4e3f2a1b';
    const second = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const hasUses = async () => ((await tagsOfLatest()) ?? []).includes('media-uses');
    const writer = await createBlock(db, { pageId: page.id, name: 'text', content: text('Een') });
    expect(await hasUses()).toBe(false);
    await db
      .update(buildingBlockInstances)
      .set({ content: text('Twee') })
      .where(eq(buildingBlockInstances.id, writer.id));
    expect(await hasUses()).toBe(false);
    const image = await createBlock(db, { pageId: page.id, name: 'image', options: { imageGuid: asset } });
    expect(await hasUses()).toBe(true);
    // Options that name the same asset (its size), and the same asset in capitals: no other use.
    await db
      .update(buildingBlockInstances)
      .set({ options: { imageGuid: asset.toUpperCase(), size: 'small' } })
      .where(eq(buildingBlockInstances.id, image.id));
    expect(await hasUses()).toBe(false);
    for (const change of [
      { options: { imageGuid: second } },
      { pageId: other.id },
      { content: { nl: { guid: asset } } },
    ]) {
      await db.update(buildingBlockInstances).set(change).where(eq(buildingBlockInstances.id, image.id));
      expect(await hasUses(), JSON.stringify(change)).toBe(true);
    }
    await db.delete(buildingBlockInstances).where(eq(buildingBlockInstances.id, writer.id));
    expect(await hasUses()).toBe(true); // a removed block may have owned an upload
    await db
      .update(pages)
      .set({ options: [{ name: 'socialImage', value: asset }] })
      .where(eq(pages.id, page.id));
    expect(await tagsOfLatest()).toEqual(['media-uses', `page:${page.id}`]);
    await db
      .update(pages)
      .set({
        options: [
          { name: 'socialImage', value: asset },
          { name: 'showFooter', value: 'false' },
        ],
      })
      .where(eq(pages.id, page.id));
    expect(await tagsOfLatest()).toEqual([`page:${page.id}`]);
  });

  it('names the words a block’s text gained or lost, as written and stemmed, in both languages', async () => {
    const { db } = database;
    const page = await createPage(db, { name: 'woorden', title: 'Woorden' });
    const block = await createBlock(db, {
      pageId: page.id,
      name: 'text',
      content: text('De fietsen staan buiten'),
    });
    // Everything a new block says (stop words of one language are words of the other).
    expect((await latest()).words).toEqual(expect.arrayContaining(['fietsen', 'fiets', 'staan', 'buiten']));
    await db
      .update(buildingBlockInstances)
      .set({ content: text('De fietsen staan binnen') })
      .where(eq(buildingBlockInstances.id, block.id));
    const edit = await latest();
    expect(edit.words).toEqual(expect.arrayContaining(['buiten', 'binnen']));
    expect(edit.words).not.toContain('fietsen');
    expect(edit.words).not.toContain('staan');
    expect(edit.tags).not.toContain('search');
    // An English text: its stems too.
    await db
      .update(buildingBlockInstances)
      .set({ content: { ...text('De fietsen staan binnen'), en: text('Bikes are parked inside').nl } })
      .where(eq(buildingBlockInstances.id, block.id));
    expect((await latest()).words).toEqual(expect.arrayContaining(['bike', 'bikes', 'park', 'parked']));
    // Only an option changed: no word.
    await db
      .update(buildingBlockInstances)
      .set({ options: { width: 'wide' } })
      .where(eq(buildingBlockInstances.id, block.id));
    expect((await latest()).words).toEqual([]);
    // Too many words at once to follow: `search`.
    const many = Array.from({ length: 250 }, (_, index) => `woord${index}x`).join(' ');
    await db
      .update(buildingBlockInstances)
      .set({ content: text(many) })
      .where(eq(buildingBlockInstances.id, block.id));
    expect(await latest()).toEqual({
      tags: [`block:${block.id}`, `page:${page.id}`, 'search'].sort(),
      words: [],
    });
    // A download block's documents are searched too: its options are `search`.
    const download = await createBlock(db, { pageId: page.id, name: 'download', options: {} });
    expect((await latest()).tags).toContain('search');
    await db
      .update(buildingBlockInstances)
      .set({ options: { documentGuids: [] } })
      .where(eq(buildingBlockInstances.id, download.id));
    expect((await latest()).tags).toContain('search');
    // A reusable block's text is searched with the page that places it (issue 31): placing,
    // re-pointing or removing one is `search`; its own content names no words.
    const kept = await createPage(db, {
      name: 'tag-kept',
      title: 'Kept',
      kind: 'template',
      templateKind: 'block',
    });
    const placed = await createBlock(db, {
      pageId: page.id,
      name: 'reusable',
      content: { nl: {} },
      options: { templateId: kept.id },
    });
    expect((await latest()).tags).toContain('search');
    await db
      .update(buildingBlockInstances)
      .set({ options: { templateId: null } })
      .where(eq(buildingBlockInstances.id, placed.id));
    expect((await latest()).tags).toContain('search');
    await db.delete(buildingBlockInstances).where(eq(buildingBlockInstances.id, placed.id));
    expect((await latest()).tags).toContain('search');
  });
});

describe('ContentChanges: whether an answer still holds', () => {
  const row = (version: number, ...tags: string[]) => ({ version: String(version), tags });

  it('holds across versions that changed other things, not across one that changed its own', () => {
    const changes = new ContentChanges();
    changes.record('10');
    changes.record('12', [row(11, 'page:a'), row(12, 'items')]);
    expect(changes.holds(new Set(['page:b']), '10', '12')).toBe(true);
    expect(changes.holds(new Set(['page:a']), '10', '12')).toBe(false);
    expect(changes.holds(new Set(['page:b', 'items']), '11', '12')).toBe(false);
    expect(changes.holds(new Set(['page:b']), '12', '12')).toBe(true);
    // Not tracked: only its own version.
    expect(changes.holds(null, '10', '12')).toBe(false);
    expect(changes.holds(new Set(['page:b', '*']), '10', '12')).toBe(false);
    expect(changes.holds(null, '12', '12')).toBe(true);
  });

  it('takes a version without a row, or with *, for a change of everything', () => {
    const changes = new ContentChanges();
    changes.record('1');
    changes.record('3', [row(3, 'page:a')]); // 2 has no row (SQL by hand, a restore)
    expect(changes.holds(new Set(['page:b']), '1', '3')).toBe(false);
    expect(changes.holds(new Set(['page:b']), '2', '3')).toBe(true);
    changes.record('4', [row(4, '*')]);
    expect(changes.holds(new Set(['page:b']), '3', '4')).toBe(false);
  });

  it('knows nothing before its first read, past what it has read, or of a later version asked for an earlier one', () => {
    const changes = new ContentChanges();
    changes.record('5');
    changes.record('6', [row(6, 'page:a')]);
    expect(changes.holds(new Set(['page:b']), '4', '6')).toBe(false);
    expect(changes.holds(new Set(['page:b']), '5', '7')).toBe(false);
    expect(changes.holds(new Set(['page:b']), '6', '5')).toBe(false);
  });

  it('never lets an answer from before a restore (the version went back) hold after it', () => {
    const changes = new ContentChanges();
    changes.record('100');
    changes.record('101', [row(101, 'page:a')]);
    changes.record('40'); // restored
    changes.record('102', [row(102, 'page:a')]);
    expect(changes.holds(new Set(['page:b']), '100', '102')).toBe(false);
    expect(changes.holds(new Set(['page:b']), '101', '102')).toBe(false);
    changes.record('103', [row(103, 'page:a')]);
    expect(changes.holds(new Set(['page:b']), '102', '103')).toBe(true);
  });

  it('reads a changed word as every query stem that finds it (a stem matches as a prefix)', () => {
    const changes = new ContentChanges();
    changes.record('1');
    changes.record('2', [row(2, 'page:a', 'word:fietsenstalling')]);
    const search = (...stems: string[]) =>
      new Set(['search', 'items', ...stems.map((stem) => `term:${stem}`)]);
    expect(changes.holds(search('fiets'), '1', '2')).toBe(false);
    expect(changes.holds(search('fietsenstalling'), '1', '2')).toBe(false);
    expect(changes.holds(search('stalling'), '1', '2')).toBe(true);
    expect(changes.holds(search('fietsenstallingen'), '1', '2')).toBe(true);
    changes.record('3', [row(3, 'page:b', `word:${'x'.repeat(101)}`)]);
    expect(changes.holds(search('zwembad'), '2', '3')).toBe(false);
    expect(changes.holds(new Set(['page:c']), '2', '3')).toBe(true);
  });

  it('forgets the oldest versions past its capacity', () => {
    const changes = new ContentChanges(3);
    changes.record('1');
    for (let version = 2; version <= 5; version += 1) changes.record(String(version), [row(version, 'x')]);
    expect(changes.holds(new Set(['y']), '1', '5')).toBe(false);
    expect(changes.holds(new Set(['y']), '2', '5')).toBe(true);
  });
});

describe('the site’s views keep what a change did not touch (issue 29)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('an edit of page A leaves page B’s view; items refresh the pages with lists; a menu change refreshes all', async () => {
    const { db } = database;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const template = await createPage(db, { name: 'kop', title: 'Kop', kind: 'template' });
    const templateBlock = await createBlock(db, { pageId: template.id, name: 'text', content: text('Kop') });
    const a = await createPage(db, {
      name: 'pagina-a',
      title: 'A',
      options: { templateHeader: template.id },
    });
    const b = await createPage(db, { name: 'pagina-b', title: 'B' });
    const blockA = await createBlock(db, { pageId: a.id, name: 'text', content: text('Eerst') });
    const list = await createBlock(db, { pageId: b.id, name: 'list', options: {} });
    await createListItemType(db, { name: 'nieuws' }); // a new type is a change of everything
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'a', name: 'A', pageId: a.id });
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'b', name: 'B', pageId: b.id });

    const changes = new ContentChanges();
    const cache = new VersionedCache(changes);
    const told: (ReadonlySet<string> | null)[] = [];
    const site = () =>
      createSiteServices({
        db,
        actor: ANONYMOUS,
        log: pino({ level: 'silent' }),
        cache,
        currentVersion: () => readContentVersion(db, changes),
        onDepends: (tags) => told.push(tags),
      });
    const view = (path: string) => site().getPageByPath({ path, locale: 'nl' });

    const firstA = await view('/a');
    const firstB = await view('/b');
    expect(told.at(-1)).toEqual(new Set([`page:${b.id}`, 'items']));
    expect(await view('/a')).toBe(firstA);

    // Page A's block: A is made again, B is not.
    await db
      .update(buildingBlockInstances)
      .set({ content: text('Daarna'), updatedAt: new Date() })
      .where(eq(buildingBlockInstances.id, blockA.id));
    const secondA = await view('/a');
    expect(secondA).not.toBe(firstA);
    expect(JSON.stringify(secondA?.blocks)).toContain('Daarna');
    expect(await view('/b')).toBe(firstB);

    // A block of A's header template: A again, B still not.
    await db
      .update(buildingBlockInstances)
      .set({ content: text('Nieuwe kop'), updatedAt: new Date() })
      .where(eq(buildingBlockInstances.id, templateBlock.id));
    const thirdA = await view('/a');
    expect(thirdA).not.toBe(secondA);
    expect(JSON.stringify(thirdA?.headerBlocks)).toContain('Nieuwe kop');
    expect(await view('/b')).toBe(firstB);

    // An item: the page with the list, not A.
    await createListItem(db, { blockId: list.id, title: 'Nieuw bericht' });
    const secondB = await view('/b');
    expect(secondB).not.toBe(firstB);
    expect(JSON.stringify(secondB?.blocks)).toContain('Nieuw bericht');
    expect(await view('/a')).toBe(thirdA);

    // A menu change: everything.
    await db.update(menus).set({ updatedAt: new Date() }).where(eq(menus.id, menu.id));
    expect(await view('/a')).not.toBe(thirdA);
    expect(await view('/b')).not.toBe(secondB);
  });

  it('keeps a search answer across edits that touch none of its words or matches', async () => {
    const { db } = database;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const page = async (name: string, words: string) => {
      const made = await createPage(db, { name, title: name, isPublished: true });
      await createMenuItem(db, { menuId: menu.id, urlSegment: name, name, pageId: made.id });
      const block = await createBlock(db, { pageId: made.id, name: 'text', content: text(words) });
      return { page: made, block };
    };
    const stalling = await page('stalling', 'De fietsenstalling is open');
    const bad = await page('zwembad', 'Het zwembad is open');
    const other = await page('bibliotheek', 'De bibliotheek leent boeken uit');

    const changes = new ContentChanges();
    const told: (ReadonlySet<string> | null)[] = [];
    const search = async (q: string) => {
      const version = await readContentVersion(db, changes);
      const results = await createSiteServices({
        db,
        actor: ANONYMOUS,
        log: pino({ level: 'silent' }),
        cache: new VersionedCache(changes),
        currentVersion: () => readContentVersion(db, changes),
        onDepends: (tags) => told.push(tags),
      }).search({ q, locale: 'nl' });
      return { results, version, tags: told.at(-1) ?? null };
    };
    const holds = async (answer: { version: string; tags: ReadonlySet<string> | null }) =>
      changes.holds(answer.tags, answer.version, await readContentVersion(db, changes));
    const setText = (block: { id: string }, words: string) =>
      db
        .update(buildingBlockInstances)
        .set({ content: text(words) })
        .where(eq(buildingBlockInstances.id, block.id));

    const first = await search('fiets');
    expect(first.results.hits.map((hit) => hit.title)).toEqual(['stalling']);
    expect(first.tags).toEqual(expect.any(Set));
    // Dutch stems "fiets" to fiet, which "fietsenstalling" starts with.
    expect([...(first.tags ?? [])]).toEqual(
      expect.arrayContaining(['term:fiet', `page:${stalling.page.id}`]),
    );

    // Another page's words that the query does not find, its layout: the answer holds.
    await setText(bad.block, 'Het zwembad is dicht');
    await db.update(pages).set({ layout: '25-75' }).where(eq(pages.id, other.page.id));
    expect(await holds(first)).toBe(true);
    // A matching page's text (its snippet and rank): it does not.
    await setText(stalling.block, 'De fietsenstalling is dicht');
    expect(await holds(first)).toBe(false);

    // Another page gains a word the query finds: the answer does not hold, and the next finds both.
    const second = await search('fiets');
    await setText(bad.block, 'Fietsen in het zwembad');
    expect(await holds(second)).toBe(false);
    const third = await search('fiets');
    expect(third.results.hits.map((hit) => hit.title).sort()).toEqual(['stalling', 'zwembad']);
    // A title anywhere: every answer (it is `*`).
    await db
      .update(pages)
      .set({ title: { nl: 'Boeken' } })
      .where(eq(pages.id, other.page.id));
    expect(await holds(third)).toBe(false);
  });
});

describe('the public API cache keeps a list’s answer while its block and the items stay (issue 29)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers from the cache across an edit elsewhere, not across one of its items or its block', async () => {
    const { db } = test.database;
    const page = await createPage(db, { name: 'lijsten', title: 'Lijsten' });
    const other = await createPage(db, { name: 'elders', title: 'Elders' });
    const list = await createBlock(db, { pageId: page.id, name: 'list', options: {} });
    const elsewhere = await createBlock(db, { pageId: other.id, name: 'text', content: text('Elders') });
    await createListItemType(db, { name: 'nieuws' });
    await createListItem(db, { blockId: list.id, title: 'Eerste' });
    const read = () =>
      test.app.inject({ method: 'POST', url: `/api/listitem/list/${list.id}`, payload: { pageNumber: 1 } });

    expect((await read()).headers['x-cache']).toBeUndefined();
    expect((await read()).headers['x-cache']).toBe('hit');
    await db
      .update(buildingBlockInstances)
      .set({ content: text('Anders'), updatedAt: new Date() })
      .where(eq(buildingBlockInstances.id, elsewhere.id));
    expect((await read()).headers['x-cache']).toBe('hit');

    await createListItem(db, { blockId: list.id, title: 'Tweede' });
    const afterItem = await read();
    expect(afterItem.headers['x-cache']).toBeUndefined();
    expect(afterItem.body).toContain('Tweede');
    expect((await read()).headers['x-cache']).toBe('hit');

    await db
      .update(buildingBlockInstances)
      .set({ options: { itemCount: 1 }, updatedAt: new Date() })
      .where(eq(buildingBlockInstances.id, list.id));
    expect((await read()).headers['x-cache']).toBeUndefined();
  });
});

describe('readContentVersion', () => {
  it('reads one at a time, so a read that began earlier never records an older version after a newer one', async () => {
    const changes = new ContentChanges();
    const order: string[] = [];
    const slow = changes.inTurn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('first');
    });
    const quick = changes.inTurn(async () => {
      order.push('second');
    });
    await Promise.all([slow, quick]);
    expect(order).toEqual(['first', 'second']);
    // A failed turn does not stop the next.
    await expect(changes.inTurn(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await changes.inTurn(async () => 'on')).toBe('on');
  });
});
