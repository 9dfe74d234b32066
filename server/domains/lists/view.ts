import { listItemTypeLabel } from '../../../common/item-type-labels.ts';
import { itemUrl, type ListBlockOptions, type ListItemView } from '../../../common/list-items.ts';
import type { Locale, LocalizedText } from '../../../common/localized-text.ts';
import { fallbackLang, optional, pickLocale } from '../../../common/localized-text.ts';
import type { BlockRow, ListItemRow } from '../../db/schema.ts';
import { type Actor, abilities } from '../../policies/index.ts';
import { type ListContext, readListOptions } from './lists.ts';

/** Items as the API and the site show them (no I/O). */

export type ListItemWithList = {
  item: ListItemRow & { listItemTypeLabel?: LocalizedText | null | undefined };
  list: ListContext;
};

export function isItemExpired(
  item: Pick<ListItemRow, 'periodEnd' | 'publishedOn'>,
  options: Pick<ListBlockOptions, 'itemsRecentForDays'>,
  now: Date,
): boolean {
  if (item.periodEnd) return item.periodEnd.getTime() <= now.getTime();
  if (options.itemsRecentForDays) {
    return item.publishedOn.getTime() + options.itemsRecentForDays * 86_400_000 <= now.getTime();
  }
  return false;
}

export type ItemListRow = Omit<ListItemRow, 'content' | 'createdAt'>;

export function toListItemView(
  row: ItemListRow & { listItemTypeLabel?: LocalizedText | null | undefined },
  input: {
    parentGuids: string[];
    locale: Locale;
    pagePath: string | null;
    options: Pick<ListBlockOptions, 'itemsRecentForDays'>;
    now: Date;
    abilities?: { update: boolean; delete: boolean } | undefined;
  },
): ListItemView {
  const title = pickLocale(row.title, input.locale);
  return {
    guid: row.id,
    shortId: row.shortId,
    title,
    ...optional('titleLang', fallbackLang(row.title, input.locale)),
    listItemTypeName: row.listItemTypeName,
    // The type's own label (admin, issue 10), else the catalogue's name: never the raw name.
    listItemTypeLabel: row.listItemTypeLabel
      ? pickLocale(row.listItemTypeLabel, input.locale)
      : listItemTypeLabel(row.listItemTypeName, input.locale),
    parentGuids: input.parentGuids,
    description: pickLocale(row.description, input.locale),
    ...optional('descriptionLang', fallbackLang(row.description, input.locale)),
    publishedOn: row.publishedOn.toISOString(),
    periodEnd: row.periodEnd ? row.periodEnd.toISOString() : null,
    place: row.place ? { name: pickLocale(row.place.name, input.locale), address: row.place.address } : null,
    highlight: row.highlight,
    isExpired: isItemExpired(row, input.options, input.now),
    imageGuid: row.imageGuid,
    blockGuid: row.blockId,
    url: input.pagePath === null ? null : itemUrl(input.pagePath, row.shortId, title),
    ...(input.abilities ? { abilities: input.abilities } : {}),
    ...(input.abilities ? optional('visibility', itemVisibility(row, input.now)) : {}),
  };
}

/** Why visitors do not see an item: hidden, or published from a moment still to come (issue 13). */
function itemVisibility(row: Pick<ItemListRow, 'isPublished' | 'publishedOn'>, now: Date) {
  if (!row.isPublished) return 'unpublished' as const;
  return row.publishedOn.getTime() > now.getTime() ? ('scheduled' as const) : undefined;
}
/** The item as the item API returns it: the view plus what an editor needs (all translations, blocks). */
export function presentListItemDetail(
  found: ListItemWithList,
  input: { actor: Actor; locale: Locale; parentGuids: string[]; pagePath: string | null; now?: Date },
) {
  const { item, list } = found;
  const options = readListOptions(list.block);
  const itemAbilities = abilities('listItem', input.actor, { ...item, list: list.policy });
  return {
    ...toListItemView(item, {
      parentGuids: input.parentGuids,
      locale: input.locale,
      pagePath: input.pagePath,
      options,
      now: input.now ?? new Date(),
      abilities: itemAbilities,
    }),
    abilities: itemAbilities,
    titleTranslations: item.title,
    metadata: {
      description: pickLocale(item.description, input.locale),
      descriptionTranslations: item.description,
    },
    placeTranslations: item.place,
    contentBuildingBlockInstances: item.content.map((block) => ({
      guid: block.guid,
      buildingBlockName: block.buildingBlockName,
      content: block.content,
      options: block.options,
      sortId: block.sortId,
    })),
    isPublished: item.isPublished,
    sortId: item.sortId,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** An item's own blocks as block rows, so the page renderer (toBlockViews) prepares them like page blocks. */
export function itemBlockRows(item: ListItemRow): BlockRow[] {
  return [...item.content]
    .sort((a, b) => a.sortId - b.sortId)
    .map((block) => ({
      id: block.guid,
      pageId: null,
      buildingBlockName: block.buildingBlockName,
      options: block.options,
      content: block.content,
      layoutPosition: 'main' as const,
      sortId: block.sortId,
      parentId: null,
      columnIndex: null,
      updatedAt: item.updatedAt,
    }));
}
