import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Executor, preparedPer, queryRows } from '../../db/client.ts';
import { buildingBlockInstances, menuItems, menus, type PageRow, pages, roles } from '../../db/schema.ts';

/** Reads of pages and templates: no decisions, no presentation. */

export async function findPage(
  db: Executor,
  where: { id: string } | { name: string },
  kind: PageRow['kind'] = 'page',
): Promise<PageRow | undefined> {
  const [row] =
    'id' in where
      ? await pageById(db).execute({ value: where.id, kind })
      : await pageByName(db).execute({ value: where.name, kind });
  return row;
}

/** A page or template by one column and its kind: every render reads a few (the page, its templates), prepared once. */
const pageBy = (column: typeof pages.id | typeof pages.name, statement: string) =>
  preparedPer((db) =>
    db
      .select()
      .from(pages)
      .where(and(eq(column, sql.placeholder('value')), eq(pages.kind, sql.placeholder('kind'))))
      .limit(1)
      .prepare(statement),
  );
const pageById = pageBy(pages.id, 'page_by_id');
const pageByName = pageBy(pages.name, 'page_by_name');

/** A page or a template by id (blocks live on both). */
export async function findPageOrTemplate(db: Executor, id: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id)).limit(1);
  return row;
}

export async function listPages(db: Executor): Promise<PageRow[]> {
  return db.select().from(pages).where(eq(pages.kind, 'page')).orderBy(asc(pages.name));
}

// Admin pages (issue 10): the admin table, what deleting a page breaks, templates and their use.

export type AdminPageSortKey = 'title' | 'path' | 'isPublished' | 'layout' | 'updatedAt';

export type AdminPageRow = {
  id: string;
  name: string;
  title: LocalizedText;
  path: string | null;
  is_published: boolean;
  layout: PageRow['layout'];
  updated_at: string | Date;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_by_exists: boolean;
  edit_permission: 'admins' | 'roles';
  edit_roles: string[];
  role_ids: string[];
};

/**
 * Paths of pages in the "Top level menu" (the shallowest occurrence), built like loadMenuTree's:
 * the recursive part walks the menu items only, a few hundred rows at most.
 */
const menuPathsCte = sql`
  tree AS (
    SELECT mi.id, mi.page_id, mi.external_url, mi.sort_id, 1 AS depth,
      CASE WHEN mi.url_segment = '' THEN '/' ELSE regexp_replace('/' || mi.url_segment, '/+$', '') END AS path
    FROM menu_items mi JOIN menus m ON m.id = mi.menu_id
    WHERE m.name = ${TOP_LEVEL_MENU} AND mi.parent_id IS NULL
    UNION ALL
    SELECT c.id, c.page_id, c.external_url, c.sort_id, t.depth + 1,
      regexp_replace(CASE WHEN t.path = '/' THEN '' ELSE t.path END || '/' || c.url_segment, '/+$', '')
    FROM menu_items c JOIN tree t ON c.parent_id = t.id
    WHERE t.depth < 11
  ),
  menu_paths AS (
    SELECT DISTINCT ON (page_id) page_id, path FROM tree
    WHERE page_id IS NOT NULL AND external_url IS NULL
    ORDER BY page_id, depth, sort_id
  )`;

/**
 * One page of the admin table of pages (the total comes from countAdminPages: a window count
 * would make every query read all pages): the page row, its menu path and who changed it last. Sorting by title uses the nl title
 * (pages_kind_title_idx); search matches the title in either language and the path.
 */
export async function queryAdminPages(
  db: Executor,
  query: {
    page: number;
    pageSize: number;
    sortBy: AdminPageSortKey;
    sortDirection: 'asc' | 'desc';
    search?: string | undefined;
  },
): Promise<AdminPageRow[]> {
  const direction = query.sortDirection === 'desc' ? sql`DESC` : sql`ASC`;
  const order = {
    title: sql`lower(p.title->>'nl') ${direction}`,
    path: sql`mp.path ${direction} NULLS LAST, lower(p.title->>'nl') ASC`,
    isPublished: sql`p.is_published ${direction}, lower(p.title->>'nl') ASC`,
    layout: sql`p.layout ${direction}, lower(p.title->>'nl') ASC`,
    updatedAt: sql`p.updated_at ${direction}`,
  }[query.sortBy];
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const limit = sql`LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
  const columns = sql`p.id, p.name, p.title, mp.path, p.is_published, p.layout, p.updated_at, p.updated_by,
      nullif(trim(concat_ws(' ', u.first_name, nullif(u.middle_name, ''), u.last_name)), '') AS updated_by_name,
      (u.id IS NOT NULL) AS updated_by_exists,
      p.edit_permission, p.edit_roles, p.role_ids`;
  if (query.sortBy === 'path') {
    // Sorted by the menu path: every matching page needs its path before the page can be cut.
    const search = pattern
      ? sql`AND (p.title->>'nl' ILIKE ${pattern} OR coalesce(p.title->>'en', '') ILIKE ${pattern} OR coalesce(mp.path, '') ILIKE ${pattern})`
      : sql``;
    return queryRows<AdminPageRow>(
      db,
      sql`
      WITH RECURSIVE ${menuPathsCte}
      SELECT ${columns}
      FROM pages p
      LEFT JOIN menu_paths mp ON mp.page_id = p.id
      LEFT JOIN users u ON u.id = p.updated_by
      WHERE p.kind = 'page' ${search}
      ORDER BY ${order}, p.id ASC
      ${limit}`,
    );
  }
  // Any other order: cut the page from the pages table alone (its indexes, no joins), then add the
  // paths and names of those rows only. A deep page no longer sorts every page with its joins.
  const search = pattern
    ? sql`AND (p.title->>'nl' ILIKE ${pattern} OR coalesce(p.title->>'en', '') ILIKE ${pattern}
        OR p.id IN (SELECT page_id FROM menu_paths WHERE path ILIKE ${pattern}))`
    : sql``;
  return queryRows<AdminPageRow>(
    db,
    sql`
    WITH RECURSIVE ${menuPathsCte},
    slice AS (
      SELECT p.id FROM pages p
      WHERE p.kind = 'page' ${search}
      ORDER BY ${order}, p.id ASC
      ${limit}
    )
    SELECT ${columns}
    FROM slice s
    JOIN pages p ON p.id = s.id
    LEFT JOIN menu_paths mp ON mp.page_id = p.id
    LEFT JOIN users u ON u.id = p.updated_by
    ORDER BY ${order}, p.id ASC`,
  );
}

/** How many pages match the admin table's search. */
export async function countAdminPages(db: Executor, search: string | undefined): Promise<number> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await queryRows<{ total: string | number }>(
    db,
    pattern
      ? sql`
    WITH RECURSIVE ${menuPathsCte}
    SELECT count(*) AS total FROM pages p
    WHERE p.kind = 'page' AND (p.title->>'nl' ILIKE ${pattern} OR coalesce(p.title->>'en', '') ILIKE ${pattern}
      OR p.id IN (SELECT page_id FROM menu_paths WHERE path ILIKE ${pattern}))`
      : sql`SELECT count(*) AS total FROM pages p WHERE p.kind = 'page'`,
  );
  return Number(rows[0]?.total ?? 0);
}

/** The page's menu items (in any menu) with their menu's name. */
export async function findMenuItemsOfPage(db: Executor, pageId: string) {
  return db
    .select({ item: menuItems, menuName: menus.name })
    .from(menuItems)
    .innerJoin(menus, eq(menus.id, menuItems.menuId))
    .where(eq(menuItems.pageId, pageId))
    .orderBy(asc(menus.name), asc(menuItems.sortId));
}

/** The page's list blocks with how many items each holds. */
export async function findListBlocksOfPage(db: Executor, pageId: string) {
  return db
    .select({
      id: buildingBlockInstances.id,
      options: buildingBlockInstances.options,
      itemCount: sql<number>`(SELECT count(*)::int FROM list_items li WHERE li.block_id = "building_block_instances"."id")`,
    })
    .from(buildingBlockInstances)
    .where(
      and(eq(buildingBlockInstances.pageId, pageId), eq(buildingBlockInstances.buildingBlockName, 'list')),
    )
    .orderBy(asc(buildingBlockInstances.layoutPosition), asc(buildingBlockInstances.sortId));
}

export async function listTemplates(db: Executor): Promise<PageRow[]> {
  return db
    .select()
    .from(pages)
    .where(eq(pages.kind, 'template'))
    .orderBy(asc(pages.templateKind), sql`lower(${pages.title}->>'nl')`);
}

/**
 * A page placing reusable block `templateId` (issue 31), as a published block or in its draft: the
 * page whose id is `page`, or any page; `inColumn`, only in a column of a columns block.
 */
function placesReusableBlock(templateId: string, where: { page?: SQL; inColumn?: boolean }): SQL {
  const inDraft = JSON.stringify([
    { name: 'reusable', options: { templateId }, ...(where.inColumn ? { parent: {} } : {}) },
  ]);
  const ofPage = (column: SQL) => (where.page ? sql`AND ${column} = ${where.page}` : sql``);
  return sql`(EXISTS (SELECT 1 FROM building_block_instances b
      WHERE b.building_block_name = 'reusable' AND b.options->>'templateId' = ${templateId}
        ${ofPage(sql`b.page_id`)} ${where.inColumn ? sql`AND b.parent_id IS NOT NULL` : sql``})
    OR EXISTS (SELECT 1 FROM page_drafts d WHERE d.document->'blocks' @> ${inDraft}::jsonb
        ${ofPage(sql`d.page_id`)}))`;
}

/**
 * The pages and templates that place reusable block `templateId` (issue 31), published or in their
 * draft, by title; at most `limit`.
 */
export async function findPagesUsingReusableBlock(db: Executor, templateId: string, limit = 100) {
  return db
    .select({ id: pages.id, kind: pages.kind, title: pages.title })
    .from(pages)
    .where(
      sql`${pages.id} <> ${templateId} AND ${placesReusableBlock(templateId, { page: sql`${pages.id}` })}`,
    )
    .orderBy(sql`lower(${pages.title}->>'nl')`)
    .limit(limit);
}

/** Whether a page places reusable block `templateId` in a column, published or in its draft. */
export async function isReusableBlockPlacedInColumn(db: Executor, templateId: string): Promise<boolean> {
  const [row] = await queryRows<{ placed: boolean }>(
    db,
    sql`SELECT ${placesReusableBlock(templateId, { inColumn: true })} AS placed`,
  );
  return row?.placed === true;
}

/** The pages whose options name the template (as header, footer or extra footer), at most `limit`. */
export async function findPagesUsingTemplate(db: Executor, templateId: string, limit = 20) {
  return db
    .select({ id: pages.id, title: pages.title })
    .from(pages)
    .where(
      and(
        eq(pages.kind, 'page'),
        sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${pages.options}) o
          WHERE o->>'name' IN ('templateHeader', 'templateFooter', 'footerGuid') AND o->>'value' = ${templateId})`,
      ),
    )
    .limit(limit);
}

export async function findRoleNames(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Page names in use that start with `base`, to make a new one unique. */
export async function findNamesLike(db: Executor, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ name: pages.name })
    .from(pages)
    .where(
      sql`${pages.name} = ${base} OR ${pages.name} LIKE ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`}`,
    );
  return new Set(rows.map((row) => row.name));
}
