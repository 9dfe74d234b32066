import { sql } from 'drizzle-orm';
import type { Locale } from '../../../common/localized-text.ts';
import { LEGAL_PAGES, TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { type ContentChanges, contentVersion } from '../cache.ts';

type KeptPaths = { version: string; paths: Promise<Map<string, string>> };
const pagePathCaches = new WeakMap<object, Map<Locale, KeptPaths>>();

/** The node's content version and its log of changes, for a database handle (server/app.ts). */
type VersionSource = { current: () => Promise<string>; changes: ContentChanges };
const versionSources = new WeakMap<object, VersionSource>();

/**
 * Page paths on `db` follow the node's clock (no read of their own) and hold across versions that
 * changed no menu and no page's name or publication (those are `*`, issue 29's cache tags).
 */
export function keepPagePathsWith(db: Executor, source: VersionSource): void {
  versionSources.set(db, source);
}

/** Paths change only with `*` (menus, a page's name, kind or publication). */
const PATH_TAGS: ReadonlySet<string> = new Set();

/**
 * Where each page is served: its path in the "Top level menu" (the shallowest occurrence), or a
 * legal page's fixed path. Pages reachable neither way have no URL (their items have none either).
 * Lists and search ask for it on every request: it is kept per database handle and language for
 * the content version, and across later versions that changed none of it (with the node's clock,
 * `keepPagePathsWith`; otherwise one primary-key read of the version per request).
 * The map is shared: callers read it, never change it.
 */
export async function loadPagePaths(db: Executor, locale: Locale): Promise<Map<string, string>> {
  let cache = pagePathCaches.get(db);
  if (!cache) {
    cache = new Map();
    pagePathCaches.set(db, cache);
  }
  const source = versionSources.get(db);
  const version = source ? await source.current() : await contentVersion(db);
  const kept = cache.get(locale);
  if (kept) {
    if (kept.version === version || source?.changes.isAhead(kept.version, version)) return kept.paths;
    if (source?.changes.holds(PATH_TAGS, kept.version, version)) {
      kept.version = version; // the next lookup checks only the versions after this one
      return kept.paths;
    }
  }
  const made: KeptPaths = { version, paths: queryPagePaths(db, locale) };
  cache.set(locale, made);
  made.paths.catch(() => {
    if (cache.get(locale) === made) cache.delete(locale);
  });
  return made.paths;
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
