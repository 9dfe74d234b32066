import { isGuid } from '../../../common/guid.ts';
import type { Locale } from '../../../common/localized-text.ts';
import { LOCALES } from '../../../common/localized-text.ts';
import type { PageView } from '../../../common/site.ts';
import { LEGAL_PAGES } from '../../../common/site.ts';
import { serverSecret } from '../../db/server-secrets.ts';
import { can } from '../../policies/index.ts';
import type { SiteScope } from '../context.ts';
import { hasFormBlocks, withFormData } from '../forms/site.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { hasListBlocks, withListData } from '../lists/site.ts';
import type { SiteMenus } from '../menus/site.ts';
import { findVisiblePage } from '../pages/index.ts';
import { findPage } from '../pages/queries.ts';
import type { SitePages } from '../pages/site.ts';
import { readPreviewToken } from './preview.ts';
import { isPreviewLinkActive } from './queries.ts';

/**
 * The public site's half of drafts: edit mode (issue 13), a page by its guid in edit mode (issue
 * 26), preview links and template editing. All show a draft to one person: never kept in a shared
 * cache (the site services say so: not tracked).
 */
export function siteDrafts(scope: SiteScope, menus: SiteMenus, pages: SitePages) {
  const { db, actor, log } = scope;

  /** Edit mode and preview links show a page's forms as a preview (issue 26): never sent from there. */
  const withEditForms = (view: PageView, locale: Locale, mode: 'edit' | 'preview') =>
    hasFormBlocks(view)
      ? withFormData({ db, actor, locale }, { view, browserCookie: undefined, xsrf: undefined, mode })
      : view;

  /** The view with its lists filled for the URL's list state. */
  const withLists = async (view: PageView, locale: Locale, query: URLSearchParams | undefined) =>
    hasListBlocks(view)
      ? withListData(db, { view, actor, locale, query: query ?? new URLSearchParams(), log })
      : view;

  /** Edit mode: the page the menu serves at `path` as its draft has it, for those who may edit it. */
  const editView = async (path: string, locale: Locale, query: URLSearchParams | undefined) => {
    if (!LOCALES.includes(locale)) return null;
    const found = await menus.pageAtPath(path, locale);
    if (!found || !can(actor, 'block.edit', found.page)) return null;
    const draft = await pages.buildDraftView(found.page, {
      locale,
      path: found.pagePath,
      chain: found.chain,
    });
    return withLists(await withEditForms(draft, locale, 'edit'), locale, query);
  };

  return {
    editView,

    /** Any page by its guid, served by a menu or not (a new page, a legal page). */
    async editViewOf(guid: string, locale: Locale, query: URLSearchParams | undefined) {
      if (!LOCALES.includes(locale) || !isGuid(guid)) return null;
      const page = await findVisiblePage(db, actor, { id: guid });
      if (!page || !can(actor, 'block.edit', page)) return null;
      const legal = Object.values(LEGAL_PAGES).find((entry) => entry.name === page.name);
      const menuPath = legal ? undefined : (await loadPagePaths(db, locale)).get(page.id);
      if (menuPath !== undefined) {
        const found = await menus.pageAtPath(menuPath, locale);
        if (found?.page.id === page.id) return editView(menuPath, locale, query);
      }
      const draft = await pages.buildDraftView(page, {
        locale,
        path: legal ? legal.path(locale) : '',
        chain: [],
      });
      return withLists(await withEditForms(draft, locale, 'edit'), locale, query);
    },

    /** A preview link: the page's draft for whoever has a valid link. */
    async preview(path: string, token: string, locale: Locale, query: URLSearchParams | undefined) {
      if (!LOCALES.includes(locale)) return null;
      const signed = readPreviewToken(await serverSecret(db, 'previewLink'), token, Date.now());
      // A revoked link (its row deleted) shows the published page, as an expired one does.
      const link = signed && (await isPreviewLinkActive(db, signed)) ? signed : null;
      // The page need not be published yet: its place in the menu, hidden or not, gives its path.
      const chain = await menus.chainOfAnyPage(path, locale);
      const target = chain?.at(-1);
      if (!chain || !target?.pageGuid || !can(actor, 'page.preview', { link, pageId: target.pageGuid }))
        return null;
      const page = await findPage(db, { id: target.pageGuid }, 'page');
      if (!page) return null;
      const draft = await pages.buildDraftView(page, { locale, path: target.path, chain });
      const shown = await withLists(await withEditForms(draft, locale, 'preview'), locale, query);
      return { ...shown, abilities: { update: false, changeRights: false, chooseSocialImage: false } };
    },

    /** Admin pages (issue 10): a template's draft, for those who may edit it. */
    async templateView(guid: string, locale: Locale) {
      if (!LOCALES.includes(locale) || !isGuid(guid)) return null;
      const template = await findVisiblePage(db, actor, { id: guid }, 'template');
      if (!template || !can(actor, 'block.edit', template)) return null;
      const view = await pages.buildDraftView(template, { locale, path: '', chain: [] });
      return template.templateKind ? { ...view, templateKind: template.templateKind } : view;
    },
  };
}
