import { type Locale, type LocalizedText, optional, pickLocale } from '../../../common/localized-text.ts';
import type { MenuNode } from '../../../common/site.ts';
import { isAllowedUrl } from '../../../common/urls.ts';
import type { MenuItemRow } from '../../db/schema.ts';
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
      ...optional('lang', item.nameLang),
      urlSegment: item.urlSegment,
      url: item.externalUrl ?? item.path,
      isExternal: item.externalUrl !== null,
      isVisible: item.isVisible,
      pageGuid: item.pageGuid,
      children: toMenuNodes(item.relatedMenuItems, onlyVisible),
    }));
}

/** A menu item as the admin screen edits it: names in both languages, the page's title, its path. */
export type AdminMenuItem = {
  guid: string;
  urlSegment: string;
  name: { nl: string; en?: string | undefined };
  pageGuid: string | null;
  pageTitle: string | null;
  pageIsPublished: boolean;
  externalUrl: string | null;
  isVisible: boolean;
  /** The site path (top-level menu: its own; other menus: the page's path there), or null. */
  path: string | null;
  relatedMenuItems: AdminMenuItem[];
};

type AdminRow = {
  item: MenuItemRow;
  pageTitle: LocalizedText | null;
  pageIsPublished: boolean | null;
};

/** The admin tree of a menu from its rows (sorted), paths given per item id and per page id. */
export function presentAdminTree(
  rows: readonly AdminRow[],
  locale: Locale,
  paths: { byItem: Map<string, string> | null; byPage: Map<string, string> },
): AdminMenuItem[] {
  const build = (parentId: string | null, depth: number): AdminMenuItem[] =>
    depth > 10
      ? []
      : rows
          .filter((row) => row.item.parentId === parentId)
          .map(({ item, pageTitle, pageIsPublished }) => ({
            guid: item.id,
            urlSegment: item.urlSegment,
            name: item.name,
            pageGuid: item.pageId,
            pageTitle: pageTitle ? pickLocale(pageTitle, locale) : null,
            pageIsPublished: pageIsPublished ?? false,
            externalUrl: item.externalUrl,
            isVisible: item.isVisible,
            path:
              item.externalUrl !== null
                ? null
                : paths.byItem
                  ? (paths.byItem.get(item.id) ?? null)
                  : item.pageId
                    ? (paths.byPage.get(item.pageId) ?? null)
                    : null,
            relatedMenuItems: build(item.id, depth + 1),
          }));
  return build(null, 0);
}

/**
 * A menu other than the top-level one (the footer menu) links to where its pages are served:
 * internal items take their page's path, and items whose page has none are left out.
 */
export function withPagePaths(items: MenuItemTree[], pagePaths: Map<string, string>): MenuItemTree[] {
  return items.flatMap((item) => {
    if (item.externalUrl !== null)
      return [{ ...item, relatedMenuItems: withPagePaths(item.relatedMenuItems, pagePaths) }];
    const path = item.pageGuid ? pagePaths.get(item.pageGuid) : undefined;
    return path === undefined
      ? []
      : [{ ...item, path, relatedMenuItems: withPagePaths(item.relatedMenuItems, pagePaths) }];
  });
}
