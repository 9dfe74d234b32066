import type { SearchResults } from '../../../common/site.ts';
import type { Ctx } from '../context.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { searchSite } from './queries.ts';

/**
 * Site search for the actor: only what they may see, in their language; only pages (and items on
 * pages) that have a URL are found. `tags` learns what the answer depends on (searchSite).
 */
export async function search(
  ctx: Ctx,
  input: { q: string; page?: number | undefined; type?: string | undefined },
  tags?: Set<string>,
): Promise<SearchResults> {
  return searchSite(ctx.db, {
    actor: ctx.actor,
    q: input.q,
    locale: ctx.locale,
    page: input.page,
    type: input.type,
    pagePaths: await loadPagePaths(ctx.db, ctx.locale),
    tags,
  });
}
