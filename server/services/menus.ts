import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../common/localized-text.ts';
import { pickLocale } from '../../common/localized-text.ts';
import type { Executor } from '../db/client.ts';
import { menuItems, menus, pages } from '../db/schema.ts';

/** A menu item with everything the API and the site need, children nested. */
export type MenuItemTree = {
  guid: string;
  urlSegment: string;
  name: string;
  pageGuid: string | null;
  pageName: string | null;
  pageIsPublished: boolean;
  externalUrl: string | null;
  isVisible: boolean;
  sortId: number;
  /** Site path of an internal item; "/" for home. */
  path: string;
  relatedMenuItems: MenuItemTree[];
};

export type MenuTree = { guid: string; name: string; menuItems: MenuItemTree[] };

export async function loadMenuTree(db: Executor, name: string, locale: Locale): Promise<MenuTree | null> {
  const [menu] = await db.select().from(menus).where(eq(menus.name, name)).limit(1);
  if (!menu) return null;
  const rows = await db
    .select({ item: menuItems, pageName: pages.name, pageIsPublished: pages.isPublished })
    .from(menuItems)
    .leftJoin(pages, eq(pages.id, menuItems.pageId))
    .where(eq(menuItems.menuId, menu.id))
    .orderBy(asc(menuItems.sortId), asc(menuItems.urlSegment));

  const byParent = new Map<string | null, typeof rows>();
  for (const row of rows) {
    const siblings = byParent.get(row.item.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.item.parentId, siblings);
  }
  const build = (parentId: string | null, parentPath: string, depth: number): MenuItemTree[] =>
    depth > 10
      ? []
      : (byParent.get(parentId) ?? []).map(({ item, pageName, pageIsPublished }) => {
          const path =
            parentPath === '' && item.urlSegment === ''
              ? '/'
              : `${parentPath}/${item.urlSegment}`.replace(/\/+$/, '');
          return {
            guid: item.id,
            urlSegment: item.urlSegment,
            name: pickLocale(item.name, locale),
            pageGuid: item.pageId,
            pageName: pageName ?? null,
            pageIsPublished: pageIsPublished ?? false,
            externalUrl: item.externalUrl,
            isVisible: item.isVisible,
            sortId: item.sortId,
            path,
            relatedMenuItems: build(item.id, path === '/' ? '' : path, depth + 1),
          };
        });
  return { guid: menu.id, name: menu.name, menuItems: build(null, '', 0) };
}

/** Drops items a visitor must not see: internal items whose page is unpublished, with their subtree. */
export function filterMenuForVisitor(items: MenuItemTree[], seesUnpublished: boolean): MenuItemTree[] {
  if (seesUnpublished) return items;
  return items
    .filter((item) => item.externalUrl !== null || item.pageGuid === null || item.pageIsPublished)
    .map((item) => ({ ...item, relatedMenuItems: filterMenuForVisitor(item.relatedMenuItems, false) }));
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
