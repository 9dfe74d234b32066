import { z } from 'zod';
import {
  DEFAULT_ITEMS_PER_PAGE,
  DEFAULT_SORT_BY,
  ITEM_TYPE_NAME_PATTERN,
  LIST_SORT_KEYS,
  MAX_ITEMS_PER_PAGE,
} from './list-items.ts';

/*
 * The schemas of lists and items, apart from the rules in ./list-items.ts, so that the browser's
 * public pages, which use only the rules, do not load zod.
 */

/** Options of list and widget blocks (SPEC 3). */
export const listBlockOptionsSchema = z.object({
  /** automatic: items follow the sort key; manual: editors order them by hand. */
  sortOrder: z.enum(['automatic', 'manual']).default('automatic'),
  /** Sort of the items listed under a parent item (on the parent's item page). */
  nestedSortOrder: z.enum(LIST_SORT_KEYS).default('publishedOn_desc'),
  defaultItemsPerPage: z.number().int().min(1).max(MAX_ITEMS_PER_PAGE).default(DEFAULT_ITEMS_PER_PAGE),
  defaultSortBy: z.enum(LIST_SORT_KEYS).default(DEFAULT_SORT_BY),
  defaultParentGuids: z.array(z.uuid()).max(50).default([]),
  showExpiredItemsByDefault: z.boolean().default(false),
  /** Without its own period end, an item counts as expired this many days after publishedOn. */
  itemsRecentForDays: z.number().int().min(1).max(36500).nullable().default(null),
  lazyLoad: z.boolean().default(false),
  /** Only items whose period has not ended (items with a period end in the future). */
  hasActiveItems: z.boolean().default(false),
  /** A stored filter, in the same language as the `filter` parameter. */
  filter: z.string().max(200).default(''),
  highlightOnly: z.boolean().default(false),
});
export type ListBlockOptions = z.infer<typeof listBlockOptionsSchema>;

const localizedTitle = z.object({
  nl: z.string().trim().min(1).max(200),
  en: z.string().trim().max(200).optional(),
});
const localizedDescription = z.object({ nl: z.string().max(2000), en: z.string().max(2000).optional() });

/** One of an item's own blocks as the item API takes and returns it (content per locale). */
export const listItemBlockSchema = z.object({
  guid: z.uuid().optional(),
  buildingBlockName: z.string().min(1).max(100),
  content: z.record(z.string(), z.unknown()).describe('Content per locale: { nl, en? }'),
  options: z.record(z.string(), z.unknown()).default({}),
  sortId: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});

/**
 * An item as `POST /api/listitem/list/{blockGuid}` (an array of them) and `PUT /api/listitem/{guid}`
 * take it. Translatable fields are `{ nl, en? }`; an unknown listItemTypeName creates the type.
 */
export const listItemInputSchema = z.object({
  title: localizedTitle,
  listItemTypeName: z.string().regex(ITEM_TYPE_NAME_PATTERN, 'validation.itemType'),
  parentGuids: z.array(z.uuid()).max(50).default([]),
  metadata: z.object({ description: localizedDescription }).default({ description: { nl: '' } }),
  contentBuildingBlockInstances: z.array(listItemBlockSchema).max(50).default([]),
  /** ISO date-time; defaults to now. */
  publishedOn: z.iso.datetime({ offset: true }).optional(),
  periodEnd: z.iso.datetime({ offset: true }).nullable().default(null),
  /** Where it takes place (issue 30): a name per language and an address line; empty or null for none. */
  place: z
    .object({
      name: z
        .object({ nl: z.string().trim().max(200), en: z.string().trim().max(200).optional() })
        .default({ nl: '' }),
      address: z.string().trim().max(300).default(''),
    })
    .nullable()
    .default(null),
  highlight: z.boolean().default(false),
  isPublished: z.boolean().default(true),
  sortId: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  imageGuid: z.uuid().nullable().default(null),
});
export type ListItemInput = z.input<typeof listItemInputSchema>;
