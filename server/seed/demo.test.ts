import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPE_NAMES } from '../../common/blocks/index.ts';
import type { Localized } from '../../common/localized-text.ts';
import { PAGE_LAYOUTS } from '../../common/pages.ts';
import { LEGAL_PAGES, TOP_LEVEL_MENU } from '../../common/site.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/client.ts';
import {
  auditEvents,
  buildingBlockInstances,
  headerImages,
  media,
  menuItems,
  menus,
  pages,
  platformSettings,
} from '../db/schema.ts';
import { getPlatformSettings } from '../domains/settings/queries.ts';
import { FsMediaStorage } from '../media/storage.ts';
import { createPage } from './builders.ts';
import { hasPage, seedDemoSite } from './demo.ts';

describe('seedDemoSite', () => {
  let database: DatabaseHandle;
  let firstResult: boolean;
  let mediaRoot: string;
  let storage: FsMediaStorage;
  beforeAll(async () => {
    database = await createTestDatabase();
    mediaRoot = await mkdtemp(path.join(tmpdir(), 'bouwsteen-demo-media-'));
    storage = new FsMediaStorage(mediaRoot);
    firstResult = await seedDemoSite({ db: database.db, storage });
  });
  afterAll(async () => {
    await database.close();
    await rm(mediaRoot, { recursive: true, force: true });
  });

  it('stores its picture through the media storage and uses it in the image block and header image', async () => {
    const [image] = await database.db.select().from(media).where(eq(media.fileName, 'lindendorp.jpg'));
    expect(image).toMatchObject({ purpose: 'public', format: 'jpeg', width: 2400, height: 1350 });
    expect(await storage.has(image!.contentHash)).toBe(true);
    const [block] = await database.db
      .select()
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.buildingBlockName, 'image'));
    expect(block?.options).toMatchObject({ imageGuid: image!.id, width: 2400, height: 1350 });
    const [header] = await database.db.select().from(headerImages);
    expect(header?.imageGuid).toBe(image!.id);
  });

  const tables = [
    pages,
    buildingBlockInstances,
    menus,
    menuItems,
    headerImages,
    platformSettings,
    auditEvents,
  ];
  const rowCounts = async () =>
    Promise.all(
      tables.map(async (table) => (await database.db.select({ value: count() }).from(table))[0]?.value),
    );

  it('seeds an empty database and says so', async () => {
    expect(firstResult).toBe(true);
    expect(await hasPage(database.db, 'home')).toBe(true);
  });

  it('seeds nothing the second time', async () => {
    const before = await rowCounts();
    expect(await seedDemoSite({ db: database.db })).toBe(false);
    expect(await rowCounts()).toEqual(before);
  });

  it('seeds nothing into a database that already has a page', async () => {
    const other = await createTestDatabase();
    try {
      await createPage(other.db, { name: 'eigen', title: 'Eigen pagina' });
      expect(await seedDemoSite({ db: other.db })).toBe(false);
      expect(await hasPage(other.db, 'home')).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('has every layout, each with blocks in the side columns it has', async () => {
    const all = await database.db.select().from(pages).where(eq(pages.kind, 'page'));
    const blocks = await database.db.select().from(buildingBlockInstances);
    const positionsOf = (pageId: string) =>
      new Set(blocks.filter((block) => block.pageId === pageId).map((block) => block.layoutPosition));
    for (const layout of PAGE_LAYOUTS) {
      const withLayout = all.filter((page) => page.layout === layout);
      expect(withLayout.length, `pages with layout ${layout}`).toBeGreaterThan(0);
    }
    const sideColumns = { '25-75': ['left'], '75-25': ['right'], '25-50-25': ['left', 'right'] } as const;
    for (const [layout, positions] of Object.entries(sideColumns)) {
      const hasAll = all
        .filter((page) => page.layout === layout)
        .some((page) => positions.every((position) => positionsOf(page.id).has(position)));
      expect(hasAll, `a ${layout} page with blocks in ${positions.join(' and ')}`).toBe(true);
    }
  });

  it('has a menu three levels deep with one external link and one hidden item', async () => {
    const [menu] = await database.db.select().from(menus).where(eq(menus.name, TOP_LEVEL_MENU));
    expect(menu).toBeDefined();
    const items = await database.db.select().from(menuItems).where(eq(menuItems.menuId, menu!.id));
    const byId = new Map(items.map((item) => [item.id, item]));
    const depthOf = (item: (typeof items)[number]): number =>
      item.parentId ? 1 + depthOf(byId.get(item.parentId)!) : 1;
    expect(Math.max(...items.map(depthOf))).toBe(3);
    const external = items.filter((item) => item.externalUrl !== null);
    expect(external).toHaveLength(1);
    expect(external[0]?.externalUrl).toMatch(/^https:\/\//);
    expect(items.filter((item) => !item.isVisible)).toHaveLength(1);
    const home = items.find((item) => item.urlSegment === '' && item.parentId === null);
    expect(home?.pageId).toBeTruthy();
  });

  it('has a header and a footer template, and names the footer as the site default', async () => {
    const templates = await database.db.select().from(pages).where(eq(pages.kind, 'template'));
    expect(templates.map((template) => template.name).sort()).toEqual([
      'footer',
      'header-banner',
      'openingstijden-dorpshuis',
    ]);
    const settings = await getPlatformSettings(database.db);
    expect(settings.defaultFooterGuid).toBe(templates.find((template) => template.name === 'footer')?.id);
    const home = (await database.db.select().from(pages).where(eq(pages.name, 'home')))[0];
    expect(home?.options).toContainEqual({
      name: 'templateHeader',
      value: templates.find((template) => template.name === 'header-banner')?.id,
    });
  });

  it('has the four legal pages; terms and privacy are dated 14 maart 2023', async () => {
    const names = Object.values(LEGAL_PAGES).map((page) => page.name);
    const legal = await database.db.select().from(pages).where(inArray(pages.name, names));
    expect(legal.map((page) => page.name).sort()).toEqual([...names].sort());
    expect(legal.every((page) => page.isPublished)).toBe(true);
    const textOf = async (name: string) => {
      const page = legal.find((row) => row.name === name)!;
      const blocks = await database.db
        .select()
        .from(buildingBlockInstances)
        .where(eq(buildingBlockInstances.pageId, page.id));
      return JSON.stringify(blocks.map((block) => (block.content as Localized<unknown>).nl));
    };
    expect(await textOf(LEGAL_PAGES.termsOfUse.name)).toContain('14 maart 2023');
    expect(await textOf(LEGAL_PAGES.privacy.name)).toContain('14 maart 2023');
  });

  it('shows a gallery of three described library images (issue 27)', async () => {
    const [gallery] = await database.db
      .select()
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.buildingBlockName, 'gallery'));
    const guids = (gallery?.options as { imageGuids?: string[] } | undefined)?.imageGuids ?? [];
    expect(guids).toHaveLength(3);
    const assets = await database.db.select().from(media).where(inArray(media.id, guids));
    expect(assets.map((asset) => asset.purpose)).toEqual(['library', 'library', 'library']);
    for (const asset of assets) {
      expect(asset.alt.nl && asset.alt.en && asset.caption.nl && asset.title).toBeTruthy();
      expect(await storage.has(asset.contentHash)).toBe(true);
    }
  });

  it('uses every block type', async () => {
    const rows = await database.db
      .selectDistinct({ name: buildingBlockInstances.buildingBlockName })
      .from(buildingBlockInstances);
    expect(rows.map((row) => row.name).sort()).toEqual([...BLOCK_TYPE_NAMES].sort());
  });

  it('has a reusable block (issue 31) on two pages', async () => {
    const [template] = await database.db
      .select()
      .from(pages)
      .where(eq(pages.name, 'openingstijden-dorpshuis'));
    expect(template?.templateKind).toBe('block');
    const uses = await database.db
      .select({ pageId: buildingBlockInstances.pageId })
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.buildingBlockName, 'reusable'));
    expect(uses.every((use) => use.pageId !== template?.id)).toBe(true);
    expect(new Set(uses.map((use) => use.pageId)).size).toBe(2);
  });

  it('has an unpublished page, a header image and the site identity settings', async () => {
    const unpublished = await database.db.select().from(pages).where(eq(pages.isPublished, false));
    expect(unpublished.length).toBeGreaterThan(0);
    expect(await database.db.select().from(headerImages)).toHaveLength(1);
    const settings = await getPlatformSettings(database.db);
    expect(settings.platformName).toBe('Dorpsvereniging De Linde');
    expect(settings.colorScheme).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('records the seed as an audit event', async () => {
    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'site.seed'));
    expect(events).toHaveLength(1);
  });
});
