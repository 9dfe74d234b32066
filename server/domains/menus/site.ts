import type { Locale } from '../../../common/localized-text.ts';
import { FOOTER_MENU, TOP_LEVEL_MENU } from '../../../common/site.ts';
import { can } from '../../policies/index.ts';
import { keptUntilEveryAnswerChanges } from '../cache.ts';
import type { SiteScope } from '../context.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { findVisiblePage } from '../pages/index.ts';
import { loadMenuTree } from './queries.ts';
import { filterMenuForVisitor, resolveMenuPath, withPagePaths } from './view.ts';

/**
 * The public site's half of menus: the menus as the actor may see them, and where a page is
 * served. A page's path comes from here only (SPEC 2: the menu decides a page's URL).
 */
export function siteMenus({ db, actor, version }: SiteScope) {
  // A menu's tree changes only with `*` (menus, and its pages' names, publication and rights).
  const treeOf = (name: string, locale: Locale) =>
    keptUntilEveryAnswerChanges(
      db,
      `menu-tree|${name}|${locale}`,
      () => loadMenuTree(db, name, locale),
      version,
    );
  const menuFor = async (locale: Locale, name = TOP_LEVEL_MENU) => {
    const tree = await treeOf(name, locale);
    return filterMenuForVisitor(tree?.menuItems ?? [], can(actor, 'page.listUnpublished'), (page) =>
      can(actor, 'page.view', page),
    );
  };

  return {
    menuFor,

    /** The footer menu: its items link to where their pages are served. */
    async footerMenuFor(locale: Locale) {
      const items = await menuFor(locale, FOOTER_MENU);
      return items.length === 0 ? [] : withPagePaths(items, await loadPagePaths(db, locale, version));
    },

    /** The page the menu serves at `path`, if the actor may see it, with its menu chain. */
    async pageAtPath(path: string, locale: Locale) {
      const chain = resolveMenuPath(await menuFor(locale), path);
      const target = chain?.at(-1);
      if (!chain || !target?.pageGuid) return null;
      const page = await findVisiblePage(db, actor, { id: target.pageGuid });
      return page ? { page, chain, pagePath: target.path } : null;
    },

    /**
     * The menu chain to `path` whatever its pages' state (hidden, unpublished): where a preview
     * link shows a page that is not published yet.
     */
    async chainOfAnyPage(path: string, locale: Locale) {
      const tree = await treeOf(TOP_LEVEL_MENU, locale);
      return resolveMenuPath(filterMenuForVisitor(tree?.menuItems ?? [], true), path);
    },

    /** Whether `path` serves a published page for members only (roles), whoever asks. */
    async isMembersOnlyPath(path: string) {
      const tree = await treeOf(TOP_LEVEL_MENU, 'nl');
      // Published pages only, whoever may view them: the chain ends at the path's page, if any.
      const chain = resolveMenuPath(filterMenuForVisitor(tree?.menuItems ?? [], false), path);
      const page = chain?.at(-1)?.page;
      return page !== undefined && page !== null && can(actor, 'page.membersOnly', page);
    },
  };
}

export type SiteMenus = ReturnType<typeof siteMenus>;
