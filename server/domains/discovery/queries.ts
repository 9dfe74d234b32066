import { sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import { LEGAL_PAGES } from '../../../common/site.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { loadPagePaths } from '../lists/paths.ts';

/**
 * What search engines may list (issue 30): only what an anonymous visitor sees. A page: published,
 * not members-only (no view roles), not "hidden from search engines", served at a path (a menu's
 * or a legal page's). An item: published, its publication passed, not expired (its period ended,
 * or its list counts it recent for fewer days than it has been out), on a list block of such a
 * page. Trashed records are not in these tables at all (server/domains/trash).
 */

/** The row filter of an indexable page (`p` is the pages row). */
const INDEXABLE_PAGE = sql`p.kind = 'page' AND p.is_published AND p.role_ids = '[]'::jsonb
  AND NOT (p.options @> '[{"name":"noindex","value":"true"}]'::jsonb)`;

/** The row filter of an item a visitor sees now (`i` the item, `b` its list block). */
const visibleItem = (now: Date) => sql`i.is_published AND i.published_on <= ${now.toISOString()}::timestamptz
  AND (i.period_end IS NULL OR i.period_end > ${now.toISOString()}::timestamptz)
  AND (i.period_end IS NOT NULL OR NOT (b.options ? 'itemsRecentForDays')
    OR jsonb_typeof(b.options->'itemsRecentForDays') <> 'number'
    OR i.published_on + make_interval(days => (b.options->>'itemsRecentForDays')::int) > ${now.toISOString()}::timestamptz)`;

export type IndexablePage = {
  id: string;
  /** Where each language version is served. */
  paths: { nl: string; en: string };
  lastModified: Date;
};

/** Indexable pages with their paths, the home page first, then by path. */
export async function indexablePages(db: Executor): Promise<IndexablePage[]> {
  const [nlPaths, enPaths, rows] = await Promise.all([
    loadPagePaths(db, 'nl'),
    loadPagePaths(db, 'en'),
    queryRows<{ id: string; updated_at: Date | string }>(
      db,
      sql`SELECT p.id, p.updated_at FROM pages p WHERE ${INDEXABLE_PAGE}`,
    ),
  ]);
  const pages: IndexablePage[] = [];
  for (const row of rows) {
    const nl = nlPaths.get(row.id);
    const en = enPaths.get(row.id);
    if (nl === undefined || en === undefined) continue;
    pages.push({ id: row.id, paths: { nl, en }, lastModified: new Date(row.updated_at) });
  }
  return pages.sort((a, b) =>
    a.paths.nl === '/' ? -1 : b.paths.nl === '/' ? 1 : a.paths.nl.localeCompare(b.paths.nl),
  );
}

/** Whether a path is a legal page's fixed path (they have one per language). */
export function isLegalPath(path: string): boolean {
  return Object.values(LEGAL_PAGES).some((entry) => entry.path('nl') === path || entry.path('en') === path);
}

export type IndexableList = {
  blockId: string;
  pageId: string;
  items: number;
  lastModified: Date | null;
};

/** The list blocks of indexable pages, with how many items a visitor sees in each now. */
export async function indexableLists(db: Executor, pageIds: string[], now: Date): Promise<IndexableList[]> {
  if (pageIds.length === 0) return [];
  const rows = await queryRows<{
    block_id: string;
    page_id: string;
    items: number | string;
    last_modified: Date | string | null;
  }>(
    db,
    sql`SELECT b.id AS block_id, b.page_id, count(i.id) AS items,
        max(greatest(i.updated_at, i.published_on)) AS last_modified
      FROM building_block_instances b
      JOIN pages p ON p.id = b.page_id
      LEFT JOIN list_items i ON i.block_id = b.id AND ${visibleItem(now)}
      WHERE b.building_block_name = 'list' AND b.page_id = ANY(${`{${pageIds.join(',')}}`}::uuid[])
        AND ${INDEXABLE_PAGE}
      GROUP BY b.id, b.page_id
      ORDER BY b.page_id, b.id`,
  );
  return rows.map((row) => ({
    blockId: row.block_id,
    pageId: row.page_id,
    items: Number(row.items),
    lastModified: row.last_modified === null ? null : new Date(row.last_modified),
  }));
}

export type IndexableItem = {
  shortId: string;
  title: LocalizedText;
  lastModified: Date;
};

/** One stretch of a list's visible items (by id, so the stretches of a sitemap split stay put). */
export async function indexableItems(
  db: Executor,
  input: { blockId: string; offset: number; limit: number; now: Date },
): Promise<IndexableItem[]> {
  const rows = await queryRows<{ short_id: string; title: LocalizedText; last_modified: Date | string }>(
    db,
    sql`SELECT i.short_id, i.title, greatest(i.updated_at, i.published_on) AS last_modified
      FROM list_items i JOIN building_block_instances b ON b.id = i.block_id
      WHERE i.block_id = ${input.blockId} AND ${visibleItem(input.now)}
      ORDER BY i.id
      LIMIT ${input.limit} OFFSET ${input.offset}`,
  );
  return rows.map((row) => ({
    shortId: row.short_id,
    title: row.title,
    lastModified: new Date(row.last_modified),
  }));
}

/** The list blocks of visible pages that hold news (the site-wide feed's lists). */
export async function newsListIds(db: Executor, newsTypes: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT b.id FROM building_block_instances b JOIN pages p ON p.id = b.page_id
      WHERE b.building_block_name = 'list' AND p.kind = 'page' AND p.is_published AND p.role_ids = '[]'::jsonb
        AND EXISTS (SELECT 1 FROM list_items i WHERE i.block_id = b.id
          AND i.list_item_type_name = ANY(${`{${newsTypes.join(',')}}`}::text[]))
      ORDER BY b.id`,
  );
  return rows.map((row) => row.id);
}
