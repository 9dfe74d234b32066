import { sql } from 'drizzle-orm';
import type { Locale } from '../../../common/localized-text.ts';
import { LEGAL_PAGES, TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { keptUntilEveryAnswerChanges } from '../cache.ts';

/**
 * Where each page is served: its path in the "Top level menu" (the shallowest occurrence), or a
 * legal page's fixed path. Pages reachable neither way have no URL (their items have none either).
 * Lists and search ask for it on every request: it changes only with menus and pages' names and
 * publication (`*`), so it is kept until such a change (keptUntilEveryAnswerChanges).
 * The map is shared: callers read it, never change it.
 */
export function loadPagePaths(
  db: Executor,
  locale: Locale,
  /** The version the answer is made for, when the caller knows it (SiteScope's). */
  version?: () => Promise<string>,
): Promise<Map<string, string>> {
  return keptUntilEveryAnswerChanges(db, `page-paths|${locale}`, () => queryPagePaths(db, locale), version);
}

/** The page paths, read from the menu tree (one query). Paths are built like loadMenuTree's. */
async function queryPagePaths(db: Executor, locale: Locale): Promise<Map<string, string>> {
  const legal = Object.values(LEGAL_PAGES);
  const legalNames = `{${legal.map((entry) => entry.name).join(',')}}`;
  const rows = await queryRows<{ page_id: string; path: string | null; name: string | null }>(
    db,
    sql`
    WITH RECURSIVE tree AS (
      SELECT mi.id, mi.page_id, mi.external_url, mi.sort_id, 1 AS depth,
        CASE WHEN mi.url_segment = '' THEN '/' ELSE regexp_replace('/' || mi.url_segment, '/+$', '') END AS path
      FROM menu_items mi JOIN menus m ON m.id = mi.menu_id
      WHERE m.name = ${TOP_LEVEL_MENU} AND mi.parent_id IS NULL
      UNION ALL
      SELECT c.id, c.page_id, c.external_url, c.sort_id, t.depth + 1,
        regexp_replace(CASE WHEN t.path = '/' THEN '' ELSE t.path END || '/' || c.url_segment, '/+$', '')
      FROM menu_items c JOIN tree t ON c.parent_id = t.id
      WHERE t.depth < 11
    )
    SELECT page_id, path, NULL AS name FROM (
      SELECT DISTINCT ON (page_id) page_id, path, depth, sort_id FROM tree
      WHERE page_id IS NOT NULL AND external_url IS NULL
      ORDER BY page_id, depth, sort_id
    ) menu_paths
    UNION ALL
    SELECT id, NULL, name FROM pages WHERE name = ANY(${legalNames}::text[])`,
  );
  const paths = new Map<string, string>();
  for (const row of rows) {
    if (row.path !== null) paths.set(row.page_id, row.path);
  }
  for (const row of rows) {
    const entry = legal.find((candidate) => candidate.name === row.name);
    if (entry && !paths.has(row.page_id)) paths.set(row.page_id, entry.path(locale));
  }
  return paths;
}
