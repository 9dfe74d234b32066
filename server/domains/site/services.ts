import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isGuid } from '../../../common/guid.ts';
import type { Locale } from '../../../common/localized-text.ts';
import { fallbackLang, LOCALES, optional, pickLocale } from '../../../common/localized-text.ts';
import { imageUrl } from '../../../common/media.ts';
import { readPageSettings } from '../../../common/pages.ts';
import { optionalCookieCategories } from '../../../common/settings.ts';
import type { PageView, SiteServices, SiteShell, Viewer } from '../../../common/site.ts';
import { FOOTER_MENU, LEGAL_PAGES, TOP_LEVEL_MENU } from '../../../common/site.ts';
import type { Database } from '../../db/client.ts';
import type { BlockRow, PageRow, UserRow } from '../../db/schema.ts';
import { headerImages } from '../../db/schema.ts';
import { serverSecret } from '../../db/server-secrets.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Actor } from '../../policies/index.ts';
import { ANONYMOUS, abilities, can } from '../../policies/index.ts';
import { linksToItems } from '../blocks/links.ts';
import { prepareBlocks } from '../blocks/prepare.ts';
import { loadBlocks } from '../blocks/queries.ts';
import {
  contentVersion,
  type Dependencies,
  EVERY_ANSWER,
  type VersionedCache,
  viewerClassOf,
} from '../cache.ts';
import type { ClientInfo, Ctx } from '../context.ts';
import { pageWithDocument, rowsOfDocument } from '../drafts/document.ts';
import { readPreviewToken } from '../drafts/preview.ts';
import { findDraft, isPreviewLinkActive } from '../drafts/queries.ts';
import type { SubmittedFiles } from '../forms/files.ts';
import { deleteFromReceipt, hasFormBlocks, receiptFor, submitFromPage, withFormData } from '../forms/site.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { getItemPage, hasListBlocks, listStateKey, minuteBucket, withListData } from '../lists/site.ts';
import { loadMenuTree, type MenuItemTree } from '../menus/queries.ts';
import { filterMenuForVisitor, resolveMenuPath, toMenuNodes, withPagePaths } from '../menus/view.ts';
import { findVisiblePage } from '../pages/index.ts';
import { findPage } from '../pages/queries.ts';
import { findMovedPath } from '../redirects/index.ts';
import { redirectLocation } from '../redirects/view.ts';
import { searchSite } from '../search/queries.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import { readViewer } from './viewer.ts';

/** The public site's data, for one request's actor. Loaders reach it through the load context. */
/** What forms need of the request: the site's form blocks take submissions through their page. */
export type FormRequest = {
  mailer: Mailer;
  client: ClientInfo;
  /** The session's XSRF token (cookie sign-in), checked against the HTML form's `_xsrf` field. */
  xsrfToken: string | null;
  formSurveyCookie: string | undefined;
  isSecure: boolean;
  /** The files of a multipart form post (read by server/web.ts before React Router sees the body). */
  formFiles?: SubmittedFiles | 'tooLarge' | undefined;
};

export function createSiteServices(deps: {
  db: Database;
  actor: Actor;
  /** The signed-in user, if any (visitors have none). */
  user?: UserRow | null;
  log: FastifyBaseLogger;
  /** Views kept per content version and per flags and roles of the actor (server/domains/cache.ts). */
  cache?: VersionedCache | undefined;
  /** Told of every site search (statistics count the terms and the ones that found nothing). */
  onSearch?: ((search: { q: string; page?: number | undefined; total: number }) => void) | undefined;
  /** Forms (issue 11); without it form blocks show their forms but posts are refused. */
  request?: FormRequest | undefined;
  /** Told when what is served depends on this visitor (forms): the page cache must not keep it. */
  onVisitorSpecific?: (() => void) | undefined;
  /** The content version as the node knows it (app.contentVersion); read from the database without it. */
  currentVersion?: (() => Promise<string>) | undefined;
  /**
   * Told what each answer was built from (cache tags, issue 29; null: not tracked, so anything):
   * the page cache keeps a page until a change touches one of them.
   */
  onDepends?: ((tags: Dependencies) => void) | undefined;
  /** The viewer to show instead of reading the user's own (a members' page's stand-in). */
  viewer?: Viewer | undefined;
}): SiteServices {
  const { db, actor, user = null, log, cache, onSearch, request, onVisitorSpecific, currentVersion } = deps;
  const depend = (tags: Dependencies) => deps.onDepends?.(tags);
  const untracked = <T>(work: T): T => {
    depend(null);
    return work;
  };
  const formCtx = (locale: Locale): Ctx => {
    if (!request) throw new AppError('service_unavailable', 'forms need the request');
    return { db, actor, user, locale, log, mailer: request.mailer, client: request.client };
  };

  // What the site shows depends on who asks only through the policies, and they read an actor's
  // flags and roles, never who it is (forms, which do, are filled per request below). So everyone
  // with the same flags and roles (all visitors alike) shares the views while the content version
  // stays the same: one read of the version per request replaces the page's queries.
  //
  // Each view names what it was built from (`tags`: the pages whose blocks it shows, `items` when
  // it shows list items or links to one), so a change elsewhere leaves it cached (issue 29); the
  // request is told, and so is `into` (a view built on this one).
  let version: Promise<string> | undefined;
  const viewerClass = viewerClassOf(actor);
  const cached = async <T>(
    key: string,
    compute: (tags: Set<string>) => Promise<T>,
    into?: Set<string>,
  ): Promise<T> => {
    const tracked = async () => {
      const tags = new Set<string>();
      return { value: await compute(tags), tags };
    };
    let made: { value: T; tags: Dependencies };
    if (!cache) made = await tracked();
    else {
      version ??= currentVersion ? currentVersion() : contentVersion(db);
      const current = await version;
      made = await cache.getTracked(current, `${viewerClass}|${key}`, tracked);
    }
    depend(made.tags);
    if (into) for (const tag of made.tags ?? [EVERY_ANSWER]) into.add(tag);
    return made.value;
  };

  const menuFor = async (locale: Locale, name = TOP_LEVEL_MENU) => {
    const tree = await loadMenuTree(db, name, locale);
    return filterMenuForVisitor(tree?.menuItems ?? [], can(actor, 'page.listUnpublished'), (page) =>
      can(actor, 'page.view', page),
    );
  };

  /** The footer menu: its items link to where their pages are served. */
  const footerMenuFor = async (locale: Locale) => {
    const items = await menuFor(locale, FOOTER_MENU);
    return items.length === 0 ? [] : withPagePaths(items, await loadPagePaths(db, locale));
  };

  /** Blocks shown, prepared; `tags` learns their page and whether they link to an item. */
  const shownBlocks = async (rows: BlockRow[], pageId: string, locale: Locale, tags?: Set<string>) => {
    tags?.add(`page:${pageId}`);
    if (tags && linksToItems(rows)) tags.add('items');
    return prepareBlocks(db, rows, locale, log);
  };

  const templateBlocks = async (guid: string | null, locale: Locale, tags?: Set<string>) => {
    if (!guid || !isGuid(guid)) return [];
    const template = await findPage(db, { id: guid }, 'template');
    if (!template) return [];
    return shownBlocks(await loadBlocks(db, [template.id]), template.id, locale, tags);
  };

  const buildPageView = async (
    page: PageRow,
    input: {
      locale: Locale;
      path: string;
      chain: MenuItemTree[];
      /** The blocks to show instead of the stored ones (a draft's). */
      rows?: BlockRow[] | undefined;
    },
    /** Learns what the view is built from (see `cached`). */
    tags?: Set<string>,
  ): Promise<PageView> => {
    const { locale, path, chain } = input;
    const settings = readPageSettings(page.options);
    const siteSettings = await getPlatformSettings(db);
    const [blocks, headerBlocks, footerBlocks, headerImage] = await Promise.all([
      (input.rows ? Promise.resolve(input.rows) : loadBlocks(db, [page.id])).then((rows) =>
        shownBlocks(rows, page.id, locale, tags),
      ),
      templateBlocks(settings.templateHeader ?? (siteSettings.defaultHeaderGuid || null), locale, tags),
      templateBlocks(settings.footerGuid ?? (siteSettings.defaultFooterGuid || null), locale, tags),
      settings.headerImage && isGuid(settings.headerImage)
        ? db.select().from(headerImages).where(eq(headerImages.id, settings.headerImage)).limit(1)
        : Promise.resolve([]),
    ]);
    const extraFooter = await templateBlocks(settings.templateFooter, locale, tags);
    const image = headerImage[0];
    const top = chain[0];
    return {
      guid: page.id,
      name: page.name,
      title: pickLocale(page.title, locale),
      ...optional('titleLang', fallbackLang(page.title, locale)),
      description: page.description ? pickLocale(page.description, locale) : '',
      layout: page.layout,
      settings,
      blocks,
      breadcrumbs: chain.map((item) => ({
        name: item.name,
        url: item.path,
        ...optional('lang', item.nameLang),
      })),
      subMenu: top ? toMenuNodes(top.relatedMenuItems, true) : [],
      headerImage: image
        ? {
            guid: image.id,
            imageUrl: image.imageGuid ? imageUrl(image.imageGuid) : null,
            title: pickLocale(image.title, locale),
            text: image.text ? pickLocale(image.text, locale) : '',
            ...optional('lang', fallbackLang(image.title, locale)),
          }
        : null,
      headerBlocks,
      footerBlocks: [...extraFooter, ...footerBlocks],
      path,
      contentLocale: locale,
      // A draft's list blocks may not exist yet; a page off the menu has no feed (discovery/index.ts).
      feedsPublic: !input.rows && chain.length > 0 && can(ANONYMOUS, 'page.view', page),
      abilities: abilities('page', actor, page),
    };
  };

  /** The page (or template) as its draft has it, if it has one: what edit mode and previews show. */
  const buildDraftView = async (
    page: PageRow,
    input: { locale: Locale; path: string; chain: MenuItemTree[] },
  ): Promise<PageView> => {
    const draft = await findDraft(db, page.id);
    if (!draft) return { ...(await buildPageView(page, input)), feedsPublic: false };
    return buildPageView(pageWithDocument(page, draft.document), {
      ...input,
      rows: rowsOfDocument(page, draft.document, draft.updatedAt),
    });
  };

  /** Edit mode and preview links show a page's forms as a preview (issue 26): never sent from there. */
  const withEditForms = (view: PageView, locale: Locale, mode: 'edit' | 'preview') =>
    hasFormBlocks(view)
      ? withFormData({ db, actor, locale }, { view, browserCookie: undefined, xsrf: undefined, mode })
      : view;

  return {
    async getViewer() {
      if (!user) return null;
      // A members' page is rendered with a stand-in (server/http/member-pages.ts): the viewer's
      // flags, and placeholders for what is theirs alone, filled in for each request.
      if (deps.viewer) return deps.viewer;
      depend(null); // one person's: never part of a shared answer
      return readViewer(db, actor, user);
    },

    getShell: ({ locale }) => cached(`shell|${locale}`, (tags) => getShell(locale, tags)),
    async getPageByPath({ path, locale, query }) {
      const pageTags = new Set<string>();
      let view = await cached(
        `path|${locale}|${path}`,
        (tags) => getPageByPath(path, locale, tags),
        pageTags,
      );
      if (view && hasListBlocks(view)) {
        const listed = view;
        // Lists depend on the URL's list state and on the clock (scheduled and expiring items): only
        // the recognised list parameters and the minute are part of the key.
        const state = listStateKey(query);
        view = await cached(`lists|${locale}|${path}|${state}|${minuteBucket()}`, async (tags) => {
          for (const tag of pageTags) tags.add(tag);
          return withListData(
            db,
            { view: listed, actor, locale, query: query ?? new URLSearchParams(), log },
            tags,
          );
        });
      }
      // Forms depend on the visitor (audience, one per person) and the moment (open and close):
      // filled for each request, never shared.
      if (view && hasFormBlocks(view)) {
        onVisitorSpecific?.();
        view = await withFormData(
          { db, actor, locale },
          { view, browserCookie: request?.formSurveyCookie, xsrf: request?.xsrfToken ?? undefined },
        );
      }
      return view;
    },
    getItemPage: ({ path, id, slug, locale }) =>
      cached(`item|${locale}|${path}|${id}|${slug ?? ''}|${minuteBucket()}`, async (tags) => {
        tags.add('items');
        const found = await pageAtPath(path, locale);
        if (!found) return null;
        return getItemPage(db, {
          actor,
          locale,
          id,
          slug,
          ...found,
          buildPageView: (page, input) => buildPageView(page, input, tags),
          log,
        });
      }),
    search: async ({ q, locale, page, type }) => {
      depend(null); // results come from every page and item: any change may move them
      const results = await searchSite(db, {
        actor,
        q,
        locale,
        page,
        type,
        pagePaths: await loadPagePaths(db, locale),
      });
      onSearch?.({ q, page, total: results.totalNumberOfItems });
      return results;
    },
    getPageByName: ({ name, locale }) =>
      cached(`name|${locale}|${name}`, (tags) => getPageByName(name, locale, tags)),
    // Kept per path only (the query is the visitor's, so it is not part of the key).
    findRedirect: async ({ path, search }) => {
      // Redirects, paths and menus are changes every answer depends on (`*`): no tag of its own.
      const found = await cached(`redirect|${path}`, () => findMovedPath(db, path));
      return found ? redirectLocation(found.toPath, found.suffix, search) : null;
    },
    async isMembersOnlyPath({ path }) {
      const tree = await loadMenuTree(db, TOP_LEVEL_MENU, 'nl');
      // Published pages only, whoever may view them: the chain ends at the path's page, if any.
      const chain = resolveMenuPath(filterMenuForVisitor(tree?.menuItems ?? [], false), path);
      const page = chain?.at(-1)?.page;
      return Boolean(page?.isPublished && (page.roleIds?.length ?? 0) > 0);
    },
    // Forms, edit mode, previews and templates are never shared (not tracked: anything).
    submitForm: ({ fields, locale, fromPreview }) =>
      untracked(
        submitFromPage(formCtx(locale), {
          fields,
          fromPreview,
          browserCookie: request?.formSurveyCookie,
          sessionXsrf: request?.xsrfToken ?? null,
          isSecure: request?.isSecure ?? false,
          files: request?.formFiles,
        }),
      ),
    async getReceipt({ guid, locale }) {
      depend(null);
      const receipt = await receiptFor(formCtx(locale), guid);
      return receipt && request?.xsrfToken ? { ...receipt, xsrf: request.xsrfToken } : receipt;
    },
    deleteReceipt: ({ guid, xsrf, locale }) =>
      untracked(deleteFromReceipt(formCtx(locale), guid, { xsrf, sessionXsrf: request?.xsrfToken ?? null })),
    // Edit mode (issue 13): the page as its draft has it, for those who may edit it; never cached.
    async getEditView({ path, locale, query }) {
      depend(null);
      if (!LOCALES.includes(locale)) return null;
      const found = await pageAtPath(path, locale);
      if (!found || !can(actor, 'block.edit', found.page)) return null;
      const view = await withEditForms(
        await buildDraftView(found.page, { locale, path: found.pagePath, chain: found.chain }),
        locale,
        'edit',
      );
      return hasListBlocks(view)
        ? withListData(db, { view, actor, locale, query: query ?? new URLSearchParams(), log })
        : view;
    },

    // Issue 26: any page by its guid, served by a menu or not (a new page, a legal page).
    async getEditViewOf({ guid, locale, query }) {
      depend(null);
      if (!LOCALES.includes(locale) || !isGuid(guid)) return null;
      const page = await findVisiblePage(db, actor, { id: guid });
      if (!page || !can(actor, 'block.edit', page)) return null;
      const legal = Object.values(LEGAL_PAGES).find((entry) => entry.name === page.name);
      const menuPath = legal ? undefined : (await loadPagePaths(db, locale)).get(page.id);
      if (menuPath !== undefined) {
        const found = await pageAtPath(menuPath, locale);
        if (found?.page.id === page.id) return this.getEditView({ path: menuPath, locale, query });
      }
      const view = await withEditForms(
        await buildDraftView(page, { locale, path: legal ? legal.path(locale) : '', chain: [] }),
        locale,
        'edit',
      );
      return hasListBlocks(view)
        ? withListData(db, { view, actor, locale, query: query ?? new URLSearchParams(), log })
        : view;
    },

    // Preview links (issue 13): the page's draft for whoever has a valid link; never cached.
    async getPreview({ path, token, locale, query }) {
      depend(null);
      if (!LOCALES.includes(locale)) return null;
      const link = readPreviewToken(await serverSecret(db, 'previewLink'), token, Date.now());
      // A revoked link (its row deleted) shows the published page, as an expired one does.
      if (!link || !(await isPreviewLinkActive(db, link))) return null;
      const { pageId } = link;
      // The page need not be published yet: its place in the menu, hidden or not, gives its path.
      const tree = await loadMenuTree(db, TOP_LEVEL_MENU, locale);
      const chain = resolveMenuPath(filterMenuForVisitor(tree?.menuItems ?? [], true), path);
      const target = chain?.at(-1);
      if (!chain || !target || target.pageGuid !== pageId) return null;
      const page = await findPage(db, { id: pageId }, 'page');
      if (!page) return null;
      const view = await withEditForms(
        await buildDraftView(page, { locale, path: target.path, chain }),
        locale,
        'preview',
      );
      const shown = hasListBlocks(view)
        ? await withListData(db, { view, actor, locale, query: query ?? new URLSearchParams(), log })
        : view;
      return { ...shown, abilities: { update: false, changeRights: false, chooseSocialImage: false } };
    },

    // Admin pages (issue 10): never cached (only admins edit templates).
    async getTemplateView({ guid, locale }) {
      depend(null);
      if (!LOCALES.includes(locale) || !isGuid(guid)) return null;
      const template = await findVisiblePage(db, actor, { id: guid }, 'template');
      if (!template || !can(actor, 'block.edit', template)) return null;
      return buildDraftView(template, { locale, path: '', chain: [] });
    },
  };

  async function getShell(locale: Locale, tags: Set<string>): Promise<SiteShell> {
    const [settings, menu, footerMenu] = await Promise.all([
      getPlatformSettings(db),
      menuFor(locale),
      footerMenuFor(locale),
    ]);
    const defaultFooterBlocks = await templateBlocks(settings.defaultFooterGuid || null, locale, tags);
    const legalNames: Record<keyof typeof LEGAL_PAGES, { nl: string; en: string }> = {
      termsOfUse: { nl: 'Gebruiksvoorwaarden', en: 'Terms of use' },
      privacy: { nl: 'Privacyverklaring', en: 'Privacy statement' },
      accessibility: { nl: 'Toegankelijkheid', en: 'Accessibility' },
      cookieStatement: { nl: 'Cookieverklaring', en: 'Cookie statement' },
    };
    return {
      locale,
      settings,
      menu: toMenuNodes(menu, true),
      footerMenu: toMenuNodes(footerMenu, true),
      optionalCookieCategories: optionalCookieCategories(settings),
      legalLinks: (Object.keys(LEGAL_PAGES) as (keyof typeof LEGAL_PAGES)[]).map((key) => ({
        key,
        name: legalNames[key][locale],
        url: LEGAL_PAGES[key].path(locale),
      })),
      defaultFooterBlocks,
    };
  }

  /** The page the menu serves at `path`, if the actor may see it, with its menu chain. */
  async function pageAtPath(path: string, locale: Locale) {
    const menu = await menuFor(locale);
    const chain = resolveMenuPath(menu, path);
    const target = chain?.at(-1);
    if (!chain || !target?.pageGuid) return null;
    const page = await findVisiblePage(db, actor, { id: target.pageGuid });
    return page ? { page, chain, pagePath: target.path } : null;
  }

  async function getPageByPath(path: string, locale: Locale, tags: Set<string>) {
    const found = await pageAtPath(path, locale);
    return found
      ? buildPageView(found.page, { locale, path: found.pagePath, chain: found.chain }, tags)
      : null;
  }

  async function getPageByName(name: string, locale: Locale, tags: Set<string>) {
    if (!LOCALES.includes(locale)) return null;
    const page = await findVisiblePage(db, actor, { name });
    if (!page) return null;
    return buildPageView(page, { locale, path: '', chain: [] }, tags);
  }
}
