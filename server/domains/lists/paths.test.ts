import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildingBlockInstances } from '../../db/schema.ts';
import { createBlock, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';
import { ContentChanges, followNodeClock, readContentVersion } from '../cache.ts';
import { loadPagePaths } from './paths.ts';

describe('page paths (issue 29)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('are kept across an edit of a page’s blocks and made again when a menu changes', async () => {
    const { db } = database;
    const changes = new ContentChanges();
    followNodeClock(db, { current: () => readContentVersion(db, changes), changes });
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const page = await createPage(db, { name: 'paden', title: 'Paden' });
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'paden', name: 'Paden', pageId: page.id });
    const block = await createBlock(db, { pageId: page.id, name: 'text', content: { nl: 'Eerst' } });

    const first = await loadPagePaths(db, 'nl');
    expect(first.get(page.id)).toBe('/paden');
    // A block's text changed (`page:<id>`, no `*`): the same map, no query.
    await db
      .update(buildingBlockInstances)
      .set({ content: { nl: 'Daarna' } })
      .where(eq(buildingBlockInstances.id, block.id));
    expect(await loadPagePaths(db, 'nl')).toBe(first);
    // A menu item moved (`*`): made again.
    const other = await createPage(db, { name: 'ander', title: 'Ander' });
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'ander', name: 'Ander', pageId: other.id });
    const second = await loadPagePaths(db, 'nl');
    expect(second).not.toBe(first);
    expect(second.get(other.id)).toBe('/ander');
  });
});
