import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL_MENU } from '../../common/site.ts';
import { actorWith } from '../../test/actors.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { menus, pages, platformSettings, roles } from '../db/schema.ts';
import { type Actor, ANONYMOUS } from '../policies/index.ts';
import { createMenu, createMenuItem, createPage } from '../seed/builders.ts';
import { ContentChanges, contentVersion, LatestCache, LruCache, VersionedCache } from './cache.ts';
import { createSiteServices } from './site/services.ts';

describe('content version and the visitors’ cache', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('bumps the version on every change to pages, settings and menus, whoever writes', async () => {
    const { db } = database;
    const before = await contentVersion(db);
    const page = await createPage(db, { name: 'versie', title: 'Versie' });
    const afterInsert = await contentVersion(db);
    expect(afterInsert).not.toBe(before);
    await db.update(pages).set({ isPublished: false }).where(eq(pages.id, page.id));
    const afterUpdate = await contentVersion(db);
    expect(afterUpdate).not.toBe(afterInsert);
    await db.insert(platformSettings).values({ key: 'platformName', value: 'Nieuw' });
    expect(await contentVersion(db)).not.toBe(afterUpdate);
  });

  it('serves a visitor the cached page until the content changes, then the new one', async () => {
    const { db } = database;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const page = await createPage(db, { name: 'cache', title: 'Eerst' });
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'cache', name: 'Cache', pageId: page.id });
    const cache = new VersionedCache();
    const site = () => createSiteServices({ db, actor: ANONYMOUS, log: pino({ level: 'silent' }), cache });

    const first = await site().getPageByPath({ path: '/cache', locale: 'nl' });
    expect(first?.title).toBe('Eerst');
    expect(await site().getPageByPath({ path: '/cache', locale: 'nl' })).toBe(first);

    await db
      .update(pages)
      .set({ title: { nl: 'Daarna' } })
      .where(eq(pages.id, page.id));
    expect((await site().getPageByPath({ path: '/cache', locale: 'nl' }))?.title).toBe('Daarna');
  });

  it('keeps one value per key: a new content version replaces the old one', async () => {
    const cache = new VersionedCache();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return computed;
    };
    expect(await cache.get('1', 'menu', compute)).toBe(1);
    expect(await cache.get('1', 'menu', compute)).toBe(1);
    expect(await cache.get('2', 'menu', compute)).toBe(2);
    expect(await cache.get('2', 'menu', compute)).toBe(2);
    expect(cache.size).toBe(1);
    await expect(cache.get('3', 'menu', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('3', 'menu', compute)).toBe(3);
  });

  it('answers a request whose version lags with the later value, without computing it again (issue 29)', async () => {
    const changes = new ContentChanges();
    changes.record('1');
    changes.record('2', [{ version: '2', tags: ['page:a'] }]);
    const cache = new VersionedCache(changes);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return { value: computed, tags: new Set(['media-uses']) };
    };
    expect((await cache.getTracked('2', 'owners', compute)).value).toBe(1);
    // The clock's last read (1) while the read of 2 waits, then 2 again: one computation in all.
    expect((await cache.getTracked('1', 'owners', compute)).value).toBe(1);
    expect((await cache.getTracked('2', 'owners', compute)).value).toBe(1);
    expect(computed).toBe(1);
    // A version this node never read (or one from before a restore) is not taken for later.
    expect((await cache.getTracked('7', 'unread', compute)).value).toBe(2);
    expect((await cache.getTracked('2', 'unread', compute)).value).toBe(3);
    changes.record('1');
    expect((await cache.getTracked('1', 'owners', compute)).value).toBe(4);
  });

  it('shares views between actors with the same flags and roles, never across them', async () => {
    const { db } = database;
    const [role] = await db.insert(roles).values({ name: 'Kascommissie' }).returning();
    const roleId = role?.id ?? '';
    const menu =
      (await db.query.menus.findFirst({ where: eq(menus.name, TOP_LEVEL_MENU) })) ??
      (await createMenu(db, TOP_LEVEL_MENU));
    const page = await createPage(db, { name: 'kas', title: 'Kas' });
    await db
      .update(pages)
      .set({ roleIds: [roleId] })
      .where(eq(pages.id, page.id));
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'kas', name: 'Kas', pageId: page.id });
    const cache = new VersionedCache();
    const siteFor = (actor: Actor) =>
      createSiteServices({ db, actor, log: pino({ level: 'silent' }), cache });
    const member = actorWith({ id: '22222222-2222-4222-8222-222222222222', roleIds: [roleId] });
    const otherMember = actorWith({ id: '33333333-3333-4333-8333-333333333333', roleIds: [roleId] });
    const outsider = actorWith({ id: '44444444-4444-4444-8444-444444444444' });
    const seen = await siteFor(member).getPageByPath({ path: '/kas', locale: 'nl' });
    expect(seen?.title).toBe('Kas');
    expect(await siteFor(otherMember).getPageByPath({ path: '/kas', locale: 'nl' })).toBe(seen);
    expect(await siteFor(outsider).getPageByPath({ path: '/kas', locale: 'nl' })).toBeNull();
    expect(await siteFor(ANONYMOUS).getPageByPath({ path: '/kas', locale: 'nl' })).toBeNull();
    const admin = await siteFor(actorWith({ isAdmin: true })).getPageByPath({ path: '/kas', locale: 'nl' });
    expect(admin?.abilities.update).toBe(true);
    expect(seen?.abilities.update).toBe(false);
  });

  it('keeps the least recently used entries', () => {
    const lru = new LruCache<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
  });

  it('keeps one value per key for its version: a new version replaces it, an old one is never read', () => {
    const latest = new LatestCache<string | null>(2);
    latest.set('block|nl', 'v1', 'oud');
    expect(latest.get('block|nl', 'v1')).toBe('oud');
    expect(latest.get('block|nl', 'v2')).toBeUndefined();
    latest.set('block|nl', 'v2', null);
    expect(latest.get('block|nl', 'v2')).toBeNull();
    expect(latest.get('block|nl', 'v1')).toBeUndefined();
    // Forgetting an old version leaves the new value alone.
    latest.forget('block|nl', 'v1');
    expect(latest.get('block|nl', 'v2')).toBeNull();
    latest.forget('block|nl', 'v2');
    expect(latest.get('block|nl', 'v2')).toBeUndefined();
  });
});
