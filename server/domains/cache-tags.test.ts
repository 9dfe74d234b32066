import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL_MENU } from '../../common/site.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/helpers.ts';
import { type DatabaseHandle, queryRows } from '../db/client.ts';
import { buildingBlockInstances, menus } from '../db/schema.ts';
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

  it('notes the page of a changed block, both pages of a moved one, items, and * for anything else', async () => {
    const { db } = database;
    const a = await createPage(db, { name: 'tag-a', title: 'A' });
    expect(await tagsOfLatest()).toEqual(['*']); // a page's own fields: every answer may show them
    const b = await createPage(db, { name: 'tag-b', title: 'B' });
    const block = await createBlock(db, { pageId: a.id, name: 'text', content: text('Een') });
    expect(await tagsOfLatest()).toEqual([`block:${block.id}`, `page:${a.id}`]);
    await db
      .update(buildingBlockInstances)
      .set({ content: text('Twee') })
      .where(eq(buildingBlockInstances.id, block.id));
    expect(await tagsOfLatest()).toEqual([`block:${block.id}`, `page:${a.id}`]);
    await db
      .update(buildingBlockInstances)
      .set({ pageId: b.id })
      .where(eq(buildingBlockInstances.id, block.id));
    expect(await tagsOfLatest()).toEqual([`block:${block.id}`, `page:${a.id}`, `page:${b.id}`].sort());
    const list = await createBlock(db, { pageId: b.id, name: 'list', options: {} });
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
    expect(await tagsOfLatest()).toEqual(
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

    // What is not tracked says so: a search may show any page.
    told.length = 0;
    await site().search({ q: 'kop', locale: 'nl' });
    expect(told).toContain(null);
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
