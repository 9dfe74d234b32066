import { sql } from 'drizzle-orm';
import { itemUrl } from '../../../common/list-items.ts';
import type { Locale, LocalizedText } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import { parseLinkReference } from '../../../common/urls.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { LatestCache } from '../cache.ts';
import { loadPagePaths } from '../lists/paths.ts';

/*
 * Internal links by reference (issue 26): a button, an image link or a rich-text link may hold
 * `page:<guid>` or `item:<guid>` (common/urls.ts) instead of a typed path. Such a value is resolved
 * to where its page or item is served now each time a page is built, so a link follows a page that
 * moved in the menu and an item whose title (and so its slug) changed. A target that is gone, not
 * published (yet) or served nowhere is not linked: rich text keeps the text, a button goes to `#`,
 * an image is shown without its link. The accessibility check before publishing names them.
 */

/** Why a reference is not linked; `ok` when it is. */
export type LinkState = 'ok' | 'gone' | 'unpublished' | 'unreachable';

export type LinkTarget = { state: LinkState; path: string | null };

/** Every reference a link value names, as the stored value (`page:<guid>`), to what it is now. */
export type LinkTargets = ReadonlyMap<string, LinkTarget>;

/** At most this many references are resolved per page build (more than any page holds). */
const MAX_REFERENCES = 1000;

/** The references in stored content or options (any depth; only strings that are references). */
export function referencesIn(value: unknown, found = new Set<string>(), depth = 0): Set<string> {
  if (depth > 120 || found.size >= MAX_REFERENCES) return found;
  if (typeof value === 'string') {
    if (parseLinkReference(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) referencesIn(item, found, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) referencesIn(item, found, depth + 1);
  }
  return found;
}

const rowReferences = new LatestCache<readonly string[]>(5000);

/** The references of a block row version (kept per row version: content only changes with it). */
export function blockReferences(row: {
  id: string;
  updatedAt: Date;
  content: unknown;
  options: unknown;
}): readonly string[] {
  const version = String(row.updatedAt.getTime());
  let references = rowReferences.get(row.id, version);
  if (!references) {
    const found = referencesIn(row.content);
    referencesIn(row.options, found);
    references = [...found].sort();
    rowReferences.set(row.id, version, references);
  }
  return references;
}

/** Whether any of the blocks links to a list item (what it shows then follows the item: issue 29). */
export function linksToItems(rows: readonly Parameters<typeof blockReferences>[0][]): boolean {
  return rows.some((row) => blockReferences(row).some((value) => parseLinkReference(value)?.kind === 'item'));
}

/**
 * Where each reference goes now, in `locale`: a published page's path (menu or legal page), an item's
 * URL under its list's page while the item and its page are published. Two reads at most (pages,
 * items) plus the page paths, which are kept per content version.
 */
export async function resolveLinks(
  db: Executor,
  references: Iterable<string>,
  locale: Locale,
): Promise<Map<string, LinkTarget>> {
  const pageGuids: string[] = [];
  const itemGuids: string[] = [];
  for (const value of references) {
    const reference = parseLinkReference(value);
    if (!reference) continue;
    (reference.kind === 'page' ? pageGuids : itemGuids).push(reference.guid);
    if (pageGuids.length + itemGuids.length >= MAX_REFERENCES) break;
  }
  const targets = new Map<string, LinkTarget>();
  if (pageGuids.length === 0 && itemGuids.length === 0) return targets;
  const paths = await loadPagePaths(db, locale);
  if (pageGuids.length > 0) {
    const rows = await queryRows<{ id: string; is_published: boolean }>(
      db,
      sql`SELECT id, is_published FROM pages
          WHERE kind = 'page' AND id = ANY(${`{${pageGuids.join(',')}}`}::uuid[])`,
    );
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const guid of pageGuids) {
      const row = found.get(guid);
      const path = paths.get(guid) ?? null;
      targets.set(`page:${guid}`, {
        state: !row ? 'gone' : !row.is_published ? 'unpublished' : path === null ? 'unreachable' : 'ok',
        path: row?.is_published ? path : null,
      });
    }
  }
  if (itemGuids.length > 0) {
    const rows = await queryRows<{
      id: string;
      short_id: string;
      title: LocalizedText;
      is_published: boolean;
      is_due: boolean;
      page_id: string;
      page_published: boolean;
    }>(
      db,
      sql`SELECT li.id, li.short_id, li.title, li.is_published, li.published_on <= now() AS is_due,
            p.id AS page_id, p.is_published AS page_published
          FROM list_items li
          JOIN building_block_instances b ON b.id = li.block_id
          JOIN pages p ON p.id = b.page_id
          WHERE li.id = ANY(${`{${itemGuids.join(',')}}`}::uuid[])`,
    );
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const guid of itemGuids) {
      const row = found.get(guid);
      const pagePath = row ? (paths.get(row.page_id) ?? null) : null;
      const isPublished = Boolean(row?.is_published && row.is_due && row.page_published);
      targets.set(`item:${guid}`, {
        state: !row ? 'gone' : !isPublished ? 'unpublished' : pagePath === null ? 'unreachable' : 'ok',
        path:
          row && isPublished && pagePath !== null
            ? itemUrl(pagePath, row.short_id, pickLocale(row.title, locale))
            : null,
      });
    }
  }
  return targets;
}

/**
 * The href a visitor gets for a stored link value: the value itself when it is no reference, the
 * target's current path, or null when the reference is not to be linked (gone, unpublished, unknown).
 */
export function linkResolver(targets: LinkTargets | undefined): (href: string) => string | null {
  return (href) => {
    if (!parseLinkReference(href)) return href;
    return targets?.get(href)?.path ?? null;
  };
}

/** What a set of targets means for the blocks that hold these references: part of their cache key. */
export function targetsKey(references: readonly string[], targets: LinkTargets | undefined): string {
  return references.map((reference) => targets?.get(reference)?.path ?? '-').join('|');
}
