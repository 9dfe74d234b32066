import { itemUrl } from '../../../common/list-items.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import { linkReference } from '../../../common/urls.ts';
import { can } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { findLinkCandidates, type LinkCandidateRow } from './queries.ts';

/** How many pages and items the link picker shows for one search. */
export const LINK_SEARCH_LIMIT = 20;

export type LinkCandidate = {
  kind: 'page' | 'item';
  guid: string;
  /** What a link field stores: `page:<guid>` or `item:<guid>` (common/urls.ts). */
  value: string;
  title: { nl: string; en: string | null };
  /** Where it is served now in the request's language; null when it is served nowhere (yet). */
  path: string | null;
  /** Whether visitors see it: the page (and an item's page) published, an item published and due. */
  isPublished: boolean;
};

/**
 * The link picker's search (issue 26): pages and list items whose Dutch or English title holds
 * `q`, as far as the signed-in caller may see them (an unpublished page or item only for those who
 * may edit it), each with the value a link field stores and its current path.
 */
export async function searchLinkTargets(
  ctx: Ctx,
  input: { q: string },
): Promise<{ results: LinkCandidate[] }> {
  requireUser(ctx);
  const q = input.q.trim();
  if (q === '') return { results: [] };
  const [rows, paths] = await Promise.all([findLinkCandidates(ctx.db, q), loadPagePaths(ctx.db, ctx.locale)]);
  const now = new Date();
  const results: LinkCandidate[] = [];
  for (const row of rows) {
    if (!isVisible(ctx, row, now)) continue;
    const pagePath = paths.get(row.page.id) ?? null;
    const title = pickLocale(row.title, ctx.locale);
    results.push({
      kind: row.kind,
      guid: row.guid,
      value: linkReference(row.kind, row.guid),
      title: { nl: row.title.nl ?? '', en: row.title.en ?? null },
      path:
        pagePath === null
          ? null
          : row.kind === 'page'
            ? pagePath
            : itemUrl(pagePath, row.shortId ?? row.guid, title),
      isPublished:
        row.page.isPublished &&
        (row.kind === 'page' || (row.isPublished && (row.publishedOn === null || row.publishedOn <= now))),
    });
    if (results.length >= LINK_SEARCH_LIMIT) break;
  }
  return { results };
}

function isVisible(ctx: Ctx, row: LinkCandidateRow, now: Date): boolean {
  if (!can(ctx.actor, 'page.view', row.page)) return false;
  if (row.kind === 'page') return true;
  const isDue = row.isPublished && (row.publishedOn === null || row.publishedOn <= now);
  return isDue || can(ctx.actor, 'page.update', row.page);
}
