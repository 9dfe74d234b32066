import type { FastifyBaseLogger } from 'fastify';
import { columnCountOf } from '../../../common/blocks/columns.ts';
import {
  BLOCK_TYPES,
  type BlockTypeName,
  type BlockView,
  isBlockTypeName,
  type KnownBlockView,
} from '../../../common/blocks/index.ts';
import { withoutDisallowedLinks } from '../../../common/blocks/rich-text.ts';
import type { Locale, Localized } from '../../../common/localized-text.ts';
import { FALLBACK_LOCALE, fallbackLang, pickedLocale, pickLocale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import type { BlockRow } from '../../db/schema.ts';
import { LatestCache } from '../cache.ts';
import { type BlockAssets, blockAssetGuids, loadBlockAssets } from '../media/block-assets.ts';
import { blockReferences, type LinkTargets, linkResolver, resolveLinks, targetsKey } from './links.ts';
import { SERVER_BLOCK_TYPES } from './types/index.ts';

const loggedUnknownNames = new Set<string>();

// Preparing a block (schema checks, rich text to HTML) costs milliseconds; a block's view only
// changes with its row, so it is kept per block and language, for its row version (one view each:
// a new version replaces the old). `null` remembers a skipped block.
const preparedBlocks = new LatestCache<BlockView | null>(5000);

/**
 * Turns stored block instances into what the site renders: content in the visitor's language,
 * prepared by the type's server half (rich text to HTML, videos to their embed URL, image sources).
 * A block whose content does not fit its schema is left out (and logged), so one bad block never
 * breaks a page; a block of an unknown type is kept without data (edit mode can still remove it).
 */
export function toBlockViews(
  rows: BlockRow[],
  locale: Locale,
  log: FastifyBaseLogger,
  /** Where the blocks' page and item references go now (links.ts); without: none is linked. */
  targets?: LinkTargets,
  /** The library assets image blocks show (issue 27); without: the blocks' own values stand. */
  assets?: BlockAssets,
): BlockView[] {
  const views: BlockView[] = [];
  for (const row of rows) {
    const references = blockReferences(row);
    const assetGuids = assets ? blockAssetGuids([row]) : [];
    // A block with references is kept per row version and where its references go now; one with
    // an image per the versions of record of its assets.
    const key = `${row.id}|${locale}`;
    const version = `${row.updatedAt.getTime()}${
      references.length > 0 ? `|${targetsKey(references, targets)}` : ''
    }${assetGuids.map((guid) => `|${guid}@${assets?.get(guid)?.stamp ?? ''}`).join('')}`;
    let view = preparedBlocks.get(key, version);
    if (view === undefined) {
      view = toBlockView(row, locale, log, targets, assets);
      preparedBlocks.set(key, version, view);
    }
    if (view) views.push(view);
  }
  return withChildrenInColumns(rows, views);
}

/**
 * The blocks of columns blocks in their columns (issue 31): each child's view leaves the list and
 * goes into its columns block's column, in the rows' order (by sort id, as the page numbers them); a
 * columns block whose columns show nothing is left out, as any block with nothing to show. New
 * objects: the prepared views are shared. A child whose parent is not among the rows, or is no
 * columns block, stays a block of its own.
 */
function withChildrenInColumns(rows: BlockRow[], views: BlockView[]): BlockView[] {
  if (!views.some((view) => view.name === 'columns') && !rows.some((row) => row.parentId)) return views;
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const columnsOf = new Map<string, BlockView[][]>();
  for (const view of views) {
    if (view.name === 'columns') {
      columnsOf.set(
        view.guid,
        Array.from({ length: columnCountOf(rowOf.get(view.guid)?.options) }, () => []),
      );
    }
  }
  const sortOf = (view: BlockView) => rowOf.get(view.guid)?.sortId ?? 0;
  const shown: BlockView[] = [];
  const parentOf = (view: BlockView) => {
    const row = rowOf.get(view.guid);
    return row?.parentId &&
      rowOf.has(row.parentId) &&
      rowOf.get(row.parentId)?.buildingBlockName === 'columns'
      ? row
      : undefined;
  };
  for (const view of [...views].sort((a, b) => sortOf(a) - sortOf(b))) {
    const child = parentOf(view);
    if (!child?.parentId) continue;
    const columns = columnsOf.get(child.parentId);
    // A child of a columns block that shows nothing itself (content that no longer fits) goes with it.
    if (!columns) continue;
    const column = Math.min(Math.max(child.columnIndex ?? 0, 0), columns.length - 1);
    columns[column]?.push(view);
  }
  for (const view of views) {
    if (parentOf(view)) continue;
    const columns = columnsOf.get(view.guid);
    if (!columns || view.name !== 'columns' || !view.data) {
      shown.push(view);
      continue;
    }
    shown.push({
      ...view,
      data: columns.some((column) => column.length > 0) ? { ...view.data, columns } : null,
    });
  }
  return shown;
}

/**
 * toBlockViews with the blocks' page and item references resolved first (one or two reads, only
 * when a block holds one): what every page build uses, so a link follows a moved page.
 */
export async function prepareBlocks(
  db: Executor,
  rows: BlockRow[],
  locale: Locale,
  log: FastifyBaseLogger,
): Promise<BlockView[]> {
  const references = new Set(rows.flatMap((row) => blockReferences(row)));
  const targets = references.size > 0 ? await resolveLinks(db, references, locale) : undefined;
  const assetGuids = blockAssetGuids(rows);
  const assets = assetGuids.length > 0 ? await loadBlockAssets(db, assetGuids, locale) : new Map();
  return toBlockViews(rows, locale, log, targets, assets);
}

function toBlockView(
  row: BlockRow,
  locale: Locale,
  log: FastifyBaseLogger,
  targets: LinkTargets | undefined,
  assets: BlockAssets | undefined,
): BlockView | null {
  const contentLang = fallbackLang(row.content as Localized<unknown> | null, locale);
  const base = {
    guid: row.id,
    position: row.layoutPosition,
    sortId: row.sortId,
    ...(contentLang ? { contentLang } : {}),
  };
  const name = row.buildingBlockName;
  if (!isBlockTypeName(name)) {
    if (!loggedUnknownNames.has(name)) {
      loggedUnknownNames.add(name);
      log.warn({ buildingBlockName: name, guid: row.id }, 'unknown building block type; it renders nothing');
    }
    return { ...base, name, options: {}, data: null };
  }
  const view = prepareKnown(name, row, locale, log, targets, assets);
  if (!view) {
    log.warn(
      { guid: row.id, buildingBlockName: name },
      'building block content does not match its schema; skipped',
    );
    return null;
  }
  return { ...base, ...view } as KnownBlockView;
}

/** The type's schemas read the stored row; its server half prepares what visitors get. */
function prepareKnown<N extends BlockTypeName>(
  name: N,
  row: BlockRow,
  locale: Locale,
  log: FastifyBaseLogger,
  targets: LinkTargets | undefined,
  assets: BlockAssets | undefined,
) {
  const type = BLOCK_TYPES[name];
  const options = type.options.safeParse(row.options ?? {});
  const localizedContent = (row.content ?? { nl: {} }) as Localized<unknown>;
  const stored = pickLocale(localizedContent, locale);
  let content = type.content.safeParse(stored);
  // Rich text saved before the link rule covered its links: without those links (their text stays).
  if (!content.success) content = type.content.safeParse(withoutDisallowedLinks(stored));
  if (!options.success || !content.success) return null;
  const isTranslation = pickedLocale(localizedContent, locale) !== FALLBACK_LOCALE;
  const data = SERVER_BLOCK_TYPES[name].prepare({
    content: content.data as never,
    dutch: () => {
      const dutch = isTranslation ? type.content.safeParse(localizedContent.nl) : undefined;
      return dutch?.success ? (dutch.data as never) : undefined;
    },
    options: options.data as never,
    link: linkResolver(targets),
    asset: (guid: string) => (assets ? (assets.get(guid.toLowerCase())?.asset ?? null) : undefined),
    onError: (error) => log.warn({ err: error, guid: row.id }, 'rich text could not be rendered'),
  });
  return { name, options: options.data, data };
}
