import { z } from 'zod';
import { listItemInputSchema } from '../../../common/list-item-schemas.ts';
import { LIST_SORT_KEYS, MAX_ITEMS_PER_PAGE } from '../../../common/list-items.ts';
import { errorResponseSchema, guidSchema, queryBoolean } from '../common-schemas.ts';

const localizedSchema = z.object({ nl: z.string(), en: z.string().optional() });
const abilitiesSchema = z.object({ update: z.boolean(), delete: z.boolean() });

export const listItemViewSchema = z
  .object({
    guid: z.string(),
    shortId: z.string(),
    title: z.string(),
    titleLang: z.enum(['nl', 'en']).optional().describe('Set when the title is the Dutch fallback'),
    listItemTypeName: z.string(),
    listItemTypeLabel: z.string().describe("The type's label in the request language"),
    parentGuids: z.array(z.string()),
    description: z.string(),
    descriptionLang: z
      .enum(['nl', 'en'])
      .optional()
      .describe('Set when the description is the Dutch fallback'),
    publishedOn: z.string(),
    periodEnd: z.string().nullable(),
    place: z
      .object({ name: z.string(), address: z.string() })
      .nullable()
      .describe('Where it takes place (issue 30), in the request language; null when no place is named'),
    highlight: z.boolean(),
    isExpired: z.boolean(),
    imageGuid: z.string().nullable(),
    blockGuid: z.string(),
    url: z.string().nullable(),
    abilities: abilitiesSchema.optional(),
    visibility: z
      .enum(['unpublished', 'scheduled'])
      .optional()
      .describe('For those who may edit: why visitors do not see the item (yet); absent when they do'),
  })
  .meta({ id: 'ListItemView' });

export const listItemDetailSchema = listItemViewSchema
  .extend({
    abilities: abilitiesSchema,
    titleTranslations: localizedSchema,
    metadata: z.object({ description: z.string(), descriptionTranslations: localizedSchema }),
    placeTranslations: z
      .object({ name: localizedSchema, address: z.string() })
      .nullable()
      .describe('The place with its name in every language, as the item editor edits it'),
    contentBuildingBlockInstances: z.array(
      z.object({
        guid: z.string(),
        buildingBlockName: z.string(),
        content: z.unknown().describe('Content per locale: { nl, en? }'),
        options: z.record(z.string(), z.unknown()),
        sortId: z.number().int(),
      }),
    ),
    isPublished: z.boolean(),
    sortId: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ListItem' });

export const listPageSchema = z
  .object({
    items: z.array(listItemViewSchema),
    pageNumber: z.number().int(),
    itemCount: z.number().int(),
    totalNumberOfItems: z.number().int(),
    sortBy: z.enum(LIST_SORT_KEYS),
    abilities: z.object({ addItem: z.boolean(), editItems: z.boolean() }).optional(),
  })
  .meta({ id: 'ListPage' });

/**
 * A list query (SPEC 7): pageNumber (default 1), itemCount (default: the block's defaultItemsPerPage;
 * capped at 100, 20 for widgets), sort_by (default: the block's defaultSortBy; an unknown key is
 * 400 invalid_sort), filter (the filter language of common/list-items.ts; 400 invalid_filter),
 * searchFilter (words in the title or description). The block's stored settings apply underneath.
 */
export const listQuerySchema = z
  .object({
    pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional(),
    itemCount: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .optional()
      .describe(`Capped at ${MAX_ITEMS_PER_PAGE} (20 for widgets)`),
    sort_by: z.string().max(100).optional(),
    filter: z.string().max(2000).optional(),
    searchFilter: z.string().max(200).optional(),
    showExpiredItems: z.union([z.boolean(), queryBoolean]).optional(),
    highlightOnly: z.union([z.boolean(), queryBoolean]).optional(),
    parentGuids: z.array(guidSchema).max(50).optional(),
  })
  .meta({ id: 'ListQuery' });

export const blockGuidParams = z.object({ blockGuid: guidSchema });
export const itemGuidParams = z.object({ guid: guidSchema });
export const shortIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(31)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a short id (under 32 characters: A-Z a-z 0-9 _ -)'),
});

export const listBodySchema = z.union([z.array(listItemInputSchema).min(1).max(100), listQuerySchema]);

export const listsBodySchema = z
  .record(guidSchema, z.string().max(4000))
  .refine((value) => Object.keys(value).length <= 20, 'at most 20 lists per call')
  .describe('Per list block guid: its query (the body of POST /api/listitem/list/{blockGuid}) JSON-encoded');

export const listsResponseSchema = z
  .record(z.string(), z.union([listPageSchema, errorResponseSchema, z.null()]))
  .describe('Per list block guid: its page of items, null for a missing list, or an error for a bad query');

export const metaResponseSchema = z.object({ totalNumberOfItems: z.number().int() });

export const itemTypeSchema = z
  .object({ name: z.string(), label: z.string(), labelTranslations: localizedSchema })
  .meta({ id: 'ListItemType' });

/** Moving one item of a manual list: before another item of the list, or to the end (null). */
export const reorderBodySchema = z.object({
  itemGuid: guidSchema,
  beforeGuid: guidSchema.nullable(),
});
export const reorderResponseSchema = z
  .object({ items: z.array(z.object({ guid: z.string(), sortId: z.number().int() })) })
  .meta({ id: 'ListReorderResult' });
