import { asc, eq, sql } from 'drizzle-orm';
import { fallbackLang, type Locale, optional, pickLocale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { type MenuItemRow, menuItems, menus, pages } from '../../db/schema.ts';
import type { PageForPolicy } from '../../policies/index.ts';

/** A menu item with everything the API and the site need, children nested. */
export type MenuItemTree = {
  guid: string;
  urlSegment: string;
  name: string;
  /** `nl` when the name is the Dutch fallback of a missing English one. */
  nameLang?: Locale;
  pageGuid: string | null;
  pageName: string | null;
  pageIsPublished: boolean;
  /** The page as page.view decides on it (members-only pages, issue 10); null for external items. */
  page?: PageForPolicy | null | undefined;
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
    .select({
      item: menuItems,
      pageName: pages.name,
      pageIsPublished: pages.isPublished,
      pageEditPermission: pages.editPermission,
      pageEditRoles: pages.editRoles,
      pageRoleIds: pages.roleIds,
    })
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
      : (byParent.get(parentId) ?? []).map((row) => {
          const { item, pageName, pageIsPublished } = row;
          const path =
            parentPath === '' && item.urlSegment === ''
              ? '/'
              : `${parentPath}/${item.urlSegment}`.replace(/\/+$/, '');
          return {
            guid: item.id,
            urlSegment: item.urlSegment,
            name: pickLocale(item.name, locale),
            ...optional('nameLang', fallbackLang(item.name, locale)),
            pageGuid: item.pageId,
            pageName: pageName ?? null,
            pageIsPublished: pageIsPublished ?? false,
            page:
              row.pageEditPermission === null
                ? null
                : {
                    isPublished: pageIsPublished ?? false,
                    editPermission: row.pageEditPermission,
                    editRoles: row.pageEditRoles ?? [],
                    roleIds: row.pageRoleIds ?? [],
                  },
            externalUrl: item.externalUrl,
            isVisible: item.isVisible,
            sortId: item.sortId,
            path,
            relatedMenuItems: build(item.id, path === '/' ? '' : path, depth + 1),
          };
        });
  return { guid: menu.id, name: menu.name, menuItems: build(null, '', 0) };
}

/** The item rows of a menu by name (empty when there is no such menu), for path computations. */
export async function menuRows(db: Executor, name: string): Promise<MenuItemRow[]> {
  return db
    .select({ item: menuItems })
    .from(menuItems)
    .innerJoin(menus, eq(menus.id, menuItems.menuId))
    .where(eq(menus.name, name))
    .orderBy(asc(menuItems.sortId), asc(menuItems.urlSegment))
    .then((rows) => rows.map((row) => row.item));
}

/** Every named menu with how many items it has. */
export async function findMenus(db: Executor) {
  return db
    .select({ id: menus.id, name: menus.name, itemCount: sql<number>`count(${menuItems.id})::int` })
    .from(menus)
    .leftJoin(menuItems, eq(menuItems.menuId, menus.id))
    .groupBy(menus.id)
    .orderBy(asc(menus.name));
}

export async function findMenu(db: Executor, id: string) {
  const [menu] = await db.select().from(menus).where(eq(menus.id, id)).limit(1);
  return menu;
}

export async function findMenuItem(db: Executor, id: string) {
  const [item] = await db.select().from(menuItems).where(eq(menuItems.id, id)).limit(1);
  return item;
}

/** A menu's items as the admin screen needs them: names in both languages, the page's title. */
export async function loadAdminRows(db: Executor, menuId: string) {
  return db
    .select({ item: menuItems, pageTitle: pages.title, pageIsPublished: pages.isPublished })
    .from(menuItems)
    .leftJoin(pages, eq(pages.id, menuItems.pageId))
    .where(eq(menuItems.menuId, menuId))
    .orderBy(asc(menuItems.sortId), asc(menuItems.urlSegment));
}
