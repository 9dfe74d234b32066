import type { FastifyBaseLogger } from 'fastify';
import { itemLanguagePaths } from '../../../common/discovery.ts';
import { isGuid } from '../../../common/guid.ts';
import { itemTypeLabel } from '../../../common/item-type-labels.ts';
import {
  isShortId,
  itemUrl,
  LIST_URL_KEYS,
  type ListBlockOptions,
  type ListPage,
  type ListUrlState,
  readListUrlState,
} from '../../../common/list-items.ts';
import type { Locale, Localized } from '../../../common/localized-text.ts';
import { optional, pickLocale } from '../../../common/localized-text.ts';
import type {
  BlockView,
  ItemPageResult,
  ListBlockData,
  PageView,
  WidgetBlockData,
} from '../../../common/site.ts';
import { slugify } from '../../../common/urls.ts';
import type { Executor } from '../../db/client.ts';
import type { PageRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, abilities, can } from '../../policies/index.ts';
import { prepareBlocks } from '../blocks/prepare.ts';
import { EVERY_ANSWER } from '../cache.ts';
import type { MenuItemTree } from '../menus/queries.ts';
import { getListPage } from './index.ts';
import { loadListContexts, readListOptions, resolveWidgetSource, widgetSourceGuid } from './lists.ts';
import { loadPagePaths } from './paths.ts';
import { findListItem, listChildren, listItemTypesInBlock, loadParentGuids } from './queries.ts';
import { itemBlockRows, toListItemView } from './view.ts';

/**
 * The list and widget blocks of a page view, rendered for one actor and the page URL's list state,
 * and item pages. Kept apart from the prepared block views (block-views.ts), which are shared by
 * everyone: these depend on who asks, what the URL says and the clock (scheduled and expiring items).
 */

const LIST_PARAM = new RegExp(`^[0-9a-f]{8}_(${LIST_URL_KEYS.join('|')})$`);

/** Whether any block of the view is a list or widget (only then does the URL state matter). */
export function hasListBlocks(view: PageView): boolean {
  return [...view.blocks, ...view.headerBlocks, ...view.footerBlocks].some(
    (block) => block.name === 'list' || block.name === 'widget',
  );
}

/**
 * The list state in a page URL's query as a cache key: only the recognised list parameters
 * (`{8 hex}_{page|sort|filter|q}`), values trimmed and capped, in a stable order, so junk query
 * strings share one entry.
 */
export function listStateKey(query: URLSearchParams | undefined): string {
  if (!query) return '';
  const entries: string[] = [];
  for (const [name, value] of query) {
    if (!LIST_PARAM.test(name)) continue;
    const trimmed = value.trim().slice(0, 200);
    if (trimmed) entries.push(`${name}=${encodeURIComponent(trimmed)}`);
  }
  return [...new Set(entries)].sort().slice(0, 40).join('&');
}

/** A minute: scheduled items appear and expired ones go within a minute in cached views. */
export function minuteBucket(now = Date.now()): number {
  return Math.floor(now / 60_000);
}

function stateQuery(state: ListUrlState) {
  return { pageNumber: state.page, sort_by: state.sort, filter: state.filter, searchFilter: state.q };
}

/**
 * The view with its list and widget blocks' data rendered (a new object; the input may be shared).
 * `tags` learns what that data was built from (issue 29): the items, and the pages of the list
 * blocks read (a widget shows the list of another page, by that list's options).
 */
export async function withListData(
  db: Executor,
  input: { view: PageView; actor: Actor; locale: Locale; query: URLSearchParams; log: FastifyBaseLogger },
  tags?: Set<string>,
): Promise<PageView> {
  const { view, actor, locale, query, log } = input;
  const all = [...view.blocks, ...view.headerBlocks, ...view.footerBlocks];
  const listGuids = all
    .filter((block) => block.name === 'list' || block.name === 'widget')
    .map((block) => block.guid);
  const contexts = await loadListContexts(db, listGuids);
  const sourceGuids = [...contexts.values()]
    .filter((list) => list.block.buildingBlockName === 'widget')
    .map((list) => widgetSourceGuid(list.block))
    .filter((guid) => !contexts.has(guid));
  for (const [guid, list] of await loadListContexts(db, sourceGuids)) contexts.set(guid, list);
  const pagePaths = await loadPagePaths(db, locale);

  const prepare = async (block: BlockView): Promise<BlockView> => {
    const list = contexts.get(block.guid);
    if (!list || (block.name !== 'list' && block.name !== 'widget')) return block;
    const content = list.block.content as Localized<{ title?: unknown }> | null;
    const title = content ? String(pickLocale(content, locale)?.title ?? '') : '';
    try {
      if (block.name === 'widget') {
        const source = await resolveWidgetSource(db, actor, list, contexts);
        const page = source
          ? await getListPage(db, { actor, list, source, query: {}, locale, pagePaths })
          : null;
        const data: WidgetBlockData = {
          title,
          items: page?.items ?? [],
          moreUrl: source && source !== list && source.page ? (pagePaths.get(source.page.id) ?? null) : null,
        };
        return { ...block, data } as BlockView;
      }
      const options = readListOptions(list.block);
      let state = readListUrlState(query, block.guid);
      const hasState = Object.keys(state).length > 0;
      let page: ListPage | null = null;
      if (!options.lazyLoad || hasState) {
        try {
          page = await getListPage(db, { actor, list, query: stateQuery(state), locale, pagePaths });
        } catch (error) {
          // A bad filter in a shared link shows the list as it is by default, not an error page.
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          state = {};
          page = await getListPage(db, { actor, list, query: {}, locale, pagePaths });
        }
      }
      const data: ListBlockData = {
        title,
        options: options as ListBlockOptions,
        state,
        page,
        pagePath: view.path,
        ...(await itemTypesOfList(db, list.block.id, locale)),
        abilities: abilities('list', actor, list.policy),
      };
      return { ...block, data } as BlockView;
    } catch (error) {
      log.warn({ err: error, guid: block.guid }, 'list block could not be rendered');
      return { ...block, data: null };
    }
  };
  const prepareAll = (blocks: BlockView[]) => Promise.all(blocks.map(prepare));
  const [blocks, headerBlocks, footerBlocks] = await Promise.all([
    prepareAll(view.blocks),
    prepareAll(view.headerBlocks),
    prepareAll(view.footerBlocks),
  ]);
  if (tags) {
    tags.add('items');
    for (const list of contexts.values()) tags.add(list.page ? `page:${list.page.id}` : EVERY_ANSWER);
  }
  return { ...view, blocks, headerBlocks, footerBlocks };
}

/**
 * `{path}/i/{id}/{slug}`: the item on a list of the page at `path`, or a redirect to its canonical
 * URL (short id and the slug of its title in this language), or null for anything the actor may
 * not see (unknown, unpublished, scheduled, on another page).
 */
export async function getItemPage(
  db: Executor,
  input: {
    actor: Actor;
    locale: Locale;
    id: string;
    slug: string | null;
    page: PageRow;
    chain: MenuItemTree[];
    pagePath: string;
    buildPageView: (
      page: PageRow,
      input: { locale: Locale; path: string; chain: MenuItemTree[] },
    ) => Promise<PageView>;
    log: FastifyBaseLogger;
  },
): Promise<ItemPageResult | null> {
  const { actor, locale, id, page } = input;
  const where = isShortId(id) ? { shortId: id } : isGuid(id) ? { id: id.toLowerCase() } : null;
  if (!where) return null;
  const found = await findListItem(db, where);
  if (!found || found.list.page?.id !== page.id) return null;
  const now = new Date();
  if (!can(actor, 'listItem.view', { ...found.item, list: found.list.policy, now })) return null;
  const title = pickLocale(found.item.title, locale);
  const canonical = itemUrl(input.pagePath, found.item.shortId, title);
  if (id !== found.item.shortId || (input.slug ?? '') !== slugify(title)) {
    return { kind: 'redirect', location: canonical };
  }
  const pagePaths = new Map([[page.id, input.pagePath]]);
  const [pageView, parents, children] = await Promise.all([
    input.buildPageView(page, { locale, path: input.pagePath, chain: input.chain }),
    loadParentGuids(db, [found.item.id]),
    listChildren(db, { actor, parent: found, locale, pagePaths: await loadPagePaths(db, locale), now }),
  ]);
  const options = readListOptions(found.list.block);
  const itemAbilities = abilities('listItem', actor, { ...found.item, list: found.list.policy });
  const item = toListItemView(found.item, {
    parentGuids: parents.get(found.item.id) ?? [],
    locale,
    pagePath: pagePaths.get(page.id) ?? null,
    options,
    now,
    abilities: itemAbilities.update ? itemAbilities : undefined,
  });
  return {
    kind: 'item',
    view: {
      item,
      blocks: await prepareBlocks(db, itemBlockRows(found.item), locale, input.log),
      page: {
        ...pageView,
        breadcrumbs: [
          ...pageView.breadcrumbs,
          { name: item.title, url: canonical, ...optional('lang', item.titleLang) },
        ],
      },
      children,
      abilities: itemAbilities,
      modifiedOn: found.item.updatedAt.toISOString(),
      paths: itemLanguagePaths({
        nl: itemUrl(input.pagePath, found.item.shortId, pickLocale(found.item.title, 'nl')),
        en: itemUrl(input.pagePath, found.item.shortId, pickLocale(found.item.title, 'en')),
      }),
    },
  };
}

/** The list's item types for its filter, each with its label in the reader's language. */
async function itemTypesOfList(db: Executor, blockId: string, locale: Locale) {
  const types = await listItemTypesInBlock(db, blockId);
  return {
    itemTypes: types.map((type) => type.name),
    itemTypeLabels: Object.fromEntries(
      types.map((type) => [type.name, itemTypeLabel(type.name, type.label, locale)]),
    ),
  };
}
