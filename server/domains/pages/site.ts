import { eq } from 'drizzle-orm';
import { type BlockView, isKnownBlockView } from '../../../common/blocks/index.ts';
import { isGuid } from '../../../common/guid.ts';
import type { Locale } from '../../../common/localized-text.ts';
import { fallbackLang, LOCALES, optional, pickLocale } from '../../../common/localized-text.ts';
import { imageUrl } from '../../../common/media.ts';
import { readPageSettings } from '../../../common/pages.ts';
import type { PageView } from '../../../common/site.ts';
import type { BlockRow, PageRow } from '../../db/schema.ts';
import { headerImages } from '../../db/schema.ts';
import { ANONYMOUS, abilities, can } from '../../policies/index.ts';
import { linksToItems } from '../blocks/links.ts';
import { prepareBlocks } from '../blocks/prepare.ts';
import { loadBlocks } from '../blocks/queries.ts';
import type { SiteScope } from '../context.ts';
import { pageWithDocument, rowsOfDocument } from '../drafts/document.ts';
import { findDraft } from '../drafts/queries.ts';
import type { MenuItemTree } from '../menus/queries.ts';
import type { SiteMenus } from '../menus/site.ts';
import { toMenuNodes } from '../menus/view.ts';
import { sitePlatformSettings } from '../settings/queries.ts';
import { findVisiblePage } from './index.ts';
import { findPage } from './queries.ts';

/**
 * The public site's half of pages: a page as the actor sees it (its blocks prepared, its templates,
 * header image, breadcrumbs and sub menu). Each view learns what it is built from (`tags`, issue
 * 29): its page's and its templates' blocks, and `items` when a block links to an item.
 */
export function sitePages({ db, actor, log, version }: SiteScope, menus: SiteMenus) {
  /** Blocks shown, prepared; `tags` learns their page and whether they link to an item. */
  const shownBlocks = async (rows: BlockRow[], pageId: string, locale: Locale, tags?: Set<string>) => {
    tags?.add(`page:${pageId}`);
    if (tags && linksToItems(rows)) tags.add('items');
    const views = await prepareBlocks(db, rows, locale, log);
    if (!rows.some((row) => row.buildingBlockName === 'reusable')) return views;
    return Promise.all(views.map((view) => withReusableBlock(view, locale, tags)));
  };

  /**
   * A reusable block (issue 31) with its template's published blocks, prepared (also one in a
   * column): the view then depends on `page:<template id>` too, so publishing the reusable block
   * refreshes every page that places it. One that is gone (or not a reusable block) shows nothing;
   * one placed inside another is passed over (the editor refuses it), so nothing nests further.
   * New objects: prepared views are shared.
   */
  const withReusableBlock = async (
    view: BlockView,
    locale: Locale,
    tags?: Set<string>,
  ): Promise<BlockView> => {
    if (!isKnownBlockView(view) || !view.data) return view;
    if (view.name === 'columns') {
      const columns = await Promise.all(
        view.data.columns.map((column) =>
          Promise.all(column.map((inner) => withReusableBlock(inner, locale, tags))),
        ),
      );
      return { ...view, data: { ...view.data, columns } };
    }
    if (view.name !== 'reusable') return view;
    const guid = view.data.templateGuid;
    tags?.add(`page:${guid}`);
    const template = await findPage(db, { id: guid }, 'template');
    if (template?.templateKind !== 'block') return { ...view, data: null };
    const rows = (await loadBlocks(db, [template.id])).filter((row) => row.buildingBlockName !== 'reusable');
    if (tags && linksToItems(rows)) tags.add('items');
    const blocks = await prepareBlocks(db, rows, locale, log);
    return { ...view, data: { templateGuid: guid, title: pickLocale(template.title, locale), blocks } };
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
    /** Learns what the view is built from (site/services.ts `cached`). */
    tags?: Set<string>,
  ): Promise<PageView> => {
    const { locale, path, chain } = input;
    const settings = readPageSettings(page.options);
    const siteSettings = await sitePlatformSettings(db, version);
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

  return {
    templateBlocks,
    buildPageView,
    buildDraftView,

    /** The page the menu serves at `path`, as the actor sees it. */
    async pageByPath(path: string, locale: Locale, tags: Set<string>) {
      const found = await menus.pageAtPath(path, locale);
      return found
        ? buildPageView(found.page, { locale, path: found.pagePath, chain: found.chain }, tags)
        : null;
    },

    /** A page by its unique name (served by a menu or not), as the actor sees it. */
    async pageByName(name: string, locale: Locale, tags: Set<string>) {
      if (!LOCALES.includes(locale)) return null;
      const page = await findVisiblePage(db, actor, { name });
      if (!page) return null;
      return buildPageView(page, { locale, path: '', chain: [] }, tags);
    },
  };
}

export type SitePages = ReturnType<typeof sitePages>;
