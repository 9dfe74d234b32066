import type { MenuNode } from '../../../common/site.ts';
import { isAllowedUrl } from '../../../common/urls.ts';
import type { PageForPolicy } from '../../policies/index.ts';
import type { MenuItemTree } from './queries.ts';

/** Menus as visitors and the site's shell see them: pure functions over the loaded tree. */

/**
 * Drops, with their subtree, items a visitor must not see (internal items whose page is unpublished)
 * and, for everyone, external items whose URL breaks the link rule (common/urls.ts): menu items have
 * no write route, so such a row was written by hand.
 */
export function filterMenuForVisitor(
  items: MenuItemTree[],
  seesUnpublished: boolean,
  /** page.view for the actor (members-only pages, issue 10): items of pages they may not view go. */
  canView: (page: PageForPolicy) => boolean = () => true,
): MenuItemTree[] {
  return items
    .filter((item) =>
      item.externalUrl !== null
        ? isAllowedUrl(item.externalUrl, 'link')
        : (seesUnpublished || item.pageGuid === null || item.pageIsPublished) &&
          (item.page == null || canView(item.page)),
    )
    .map((item) => ({
      ...item,
      relatedMenuItems: filterMenuForVisitor(item.relatedMenuItems, seesUnpublished, canView),
    }));
}

/**
 * Walks the menu along the path's segments (an empty first segment is home) and returns the chain
 * of items from the top level down to the one the path names.
 */
export function resolveMenuPath(items: MenuItemTree[], path: string): MenuItemTree[] | null {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) {
    const home = items.find((item) => item.urlSegment === '' && item.externalUrl === null);
    return home ? [home] : null;
  }
  const chain: MenuItemTree[] = [];
  let level = items;
  for (const segment of segments) {
    const next = level.find((item) => item.urlSegment === segment && item.externalUrl === null);
    if (!next) return null;
    chain.push(next);
    level = next.relatedMenuItems;
  }
  return chain;
}

/** The menu as the site's shell and sub menus render it. */
export function toMenuNodes(items: MenuItemTree[], onlyVisible: boolean): MenuNode[] {
  return items
    .filter((item) => !onlyVisible || item.isVisible)
    .map((item) => ({
      guid: item.guid,
      name: item.name,
      urlSegment: item.urlSegment,
      url: item.externalUrl ?? item.path,
      isExternal: item.externalUrl !== null,
      isVisible: item.isVisible,
      pageGuid: item.pageGuid,
      children: toMenuNodes(item.relatedMenuItems, onlyVisible),
    }));
}
