import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../common/localized-text.ts';
import { pickLocale } from '../../common/localized-text.ts';
import { type Database, type Executor, queryRows } from '../db/client.ts';
import { auditEvents, buildingBlockInstances, pages } from '../db/schema.ts';
import type { Actor } from '../policies/index.ts';
import { canViewPage, pageAbilities } from '../policies/index.ts';

export type PageRow = typeof pages.$inferSelect;
export type BlockRow = typeof buildingBlockInstances.$inferSelect;

export async function findPage(
  db: Executor,
  where: { id: string } | { name: string },
  kind: PageRow['kind'] = 'page',
): Promise<PageRow | undefined> {
  const condition = 'id' in where ? eq(pages.id, where.id) : eq(pages.name, where.name);
  const [row] = await db
    .select()
    .from(pages)
    .where(and(condition, eq(pages.kind, kind)))
    .limit(1);
  return row;
}

/** A page the actor may see, or undefined: unknown and not-visible are the same to the caller (404). */
export async function findVisiblePage(
  db: Executor,
  actor: Actor,
  where: { id: string } | { name: string },
  kind: PageRow['kind'] = 'page',
): Promise<PageRow | undefined> {
  const page = await findPage(db, where, kind);
  return page && canViewPage(actor, page) ? page : undefined;
}

export async function listVisiblePages(db: Executor, actor: Actor): Promise<PageRow[]> {
  const rows = await db.select().from(pages).where(eq(pages.kind, 'page')).orderBy(asc(pages.name));
  return rows.filter((page) => canViewPage(actor, page));
}

export async function loadBlocks(db: Executor, pageIds: string[], names?: string[]): Promise<BlockRow[]> {
  if (pageIds.length === 0) return [];
  const conditions = [inArray(buildingBlockInstances.pageId, pageIds)];
  if (names?.length) conditions.push(inArray(buildingBlockInstances.buildingBlockName, names));
  return db
    .select()
    .from(buildingBlockInstances)
    .where(and(...conditions))
    .orderBy(asc(buildingBlockInstances.layoutPosition), asc(buildingBlockInstances.sortId));
}

export function presentBlock(row: BlockRow) {
  return {
    guid: row.id,
    pageGuid: row.pageId,
    buildingBlockName: row.buildingBlockName,
    options: row.options,
    content: row.content ?? null,
    layoutPosition: row.layoutPosition,
    sortId: row.sortId,
  };
}

export function presentPage(page: PageRow, actor: Actor, locale: Locale, blocks?: BlockRow[]) {
  return {
    guid: page.id,
    name: page.name,
    title: pickLocale(page.title, locale),
    titleTranslations: page.title,
    description: page.description ? pickLocale(page.description, locale) : '',
    isPublished: page.isPublished,
    isTemplate: page.kind === 'template',
    layout: page.layout,
    options: page.options,
    editPermission: page.editPermission,
    editRoles: page.editRoles,
    roleIds: page.roleIds,
    updatedAt: page.updatedAt.toISOString(),
    abilities: pageAbilities(actor, page),
    ...(blocks ? { buildingBlockInstances: blocks.map(presentBlock) } : {}),
  };
}

/**
 * Fingerprint of everything a page shows besides its own blocks: settings, menus (and the pages they
 * link to, whose publication decides which items a visitor sees), header images and templates.
 * Counts are included so that a deletion changes it too.
 */
export async function siteContentVersion(db: Executor): Promise<string> {
  const rows = await queryRows<{ version: string }>(
    db,
    sql`
    SELECT concat_ws('|',
      (SELECT concat(max(updated_at), ':', count(*)) FROM platform_settings),
      (SELECT concat(max(updated_at), ':', count(*)) FROM menus),
      (SELECT concat(max(updated_at), ':', count(*)) FROM menu_items),
      (SELECT concat(max(p.updated_at), ':', count(*), ':', count(*) FILTER (WHERE p.is_published))
         FROM pages p WHERE p.id IN (SELECT page_id FROM menu_items)),
      (SELECT concat(max(updated_at), ':', count(*)) FROM header_images),
      (SELECT concat(max(p.updated_at), ':', count(*)) FROM pages p WHERE p.kind = 'template'),
      (SELECT concat(max(b.updated_at), ':', count(*)) FROM building_block_instances b
         JOIN pages p ON p.id = b.page_id WHERE p.kind = 'template')
    ) AS version`,
  );
  return String(rows[0]?.version ?? '');
}

/** The `cache-token` of a page: changes whenever the page, its blocks or anything else it shows changes. */
export function cacheToken(body: unknown, siteVersion: string): string {
  return createHash('sha256')
    .update(JSON.stringify(body))
    .update(siteVersion)
    .digest('base64url')
    .slice(0, 22);
}

export type PageSettingsUpdate = {
  titleTranslations?: { nl: string; en?: string | undefined } | undefined;
  isPublished?: boolean | undefined;
  layout?: PageRow['layout'] | undefined;
  options?: { name: string; value: string }[] | undefined;
};

/** Changes a page's own settings in one transaction, with an audit event. */
export async function updatePageSettings(options: {
  db: Database;
  page: PageRow;
  actorId: string;
  update: PageSettingsUpdate;
}): Promise<PageRow> {
  const { db, page, update } = options;
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(pages)
      .set({
        ...(update.titleTranslations
          ? {
              title: {
                nl: update.titleTranslations.nl,
                ...(update.titleTranslations.en ? { en: update.titleTranslations.en } : {}),
              },
            }
          : {}),
        ...(update.isPublished !== undefined ? { isPublished: update.isPublished } : {}),
        ...(update.layout ? { layout: update.layout } : {}),
        ...(update.options ? { options: update.options } : {}),
        updatedAt: new Date(),
      })
      .where(eq(pages.id, page.id))
      .returning();
    await tx.insert(auditEvents).values({
      actorId: options.actorId,
      action: 'update',
      entityType: 'page',
      entityId: page.id,
      data: { fields: Object.keys(update) },
    });
    return saved ?? page;
  });
}
