import { z } from 'zod';
import { LAYOUT_POSITIONS, PAGE_LAYOUTS, pageOptionSchema } from '../../../common/pages.ts';
import { guidSchema, nameSchema, queryBoolean, queryList } from '../common-schemas.ts';

const localizedSchema = z.object({ nl: z.string(), en: z.string().optional() });

export const blockInstanceSchema = z
  .object({
    guid: z.string(),
    pageGuid: z.string().nullable(),
    buildingBlockName: z.string(),
    options: z.record(z.string(), z.unknown()),
    content: z.unknown().describe('Content per locale: { nl, en? }'),
    layoutPosition: z.enum(LAYOUT_POSITIONS),
    sortId: z.number().int(),
  })
  .meta({ id: 'BuildingBlockInstance' });

export const pageSchema = z
  .object({
    guid: z.string(),
    name: z.string(),
    title: z.string(),
    titleTranslations: localizedSchema,
    description: z.string(),
    isPublished: z.boolean(),
    isTemplate: z.boolean(),
    layout: z.enum(PAGE_LAYOUTS),
    options: z.array(z.object({ name: z.string(), value: z.string() })),
    editPermission: z.enum(['admins', 'roles']),
    editRoles: z.array(z.string()),
    roleIds: z.array(z.string()),
    updatedAt: z.string(),
    abilities: z.object({ update: z.boolean() }),
    buildingBlockInstances: z.array(blockInstanceSchema).optional(),
  })
  .meta({ id: 'Page' });

export const listPagesQuery = z.object({
  IncludeBbis: queryBoolean.optional(),
  FilterBbisByBuildingBlocks: queryList(50).optional(),
});

export const pageIdParams = z.object({ id: guidSchema });
export const pageWithNameQuery = z.object({ name: nameSchema(200) });

export const pageResponse = z
  .object({
    page: pageSchema,
    listMetadata: z
      .record(z.string(), z.object({ totalNumberOfItems: z.number().int() }))
      .describe('Per list block on the page: how many items it has'),
  })
  .meta({ id: 'PageWithMetadata' });

export const pageSettingsBody = z
  .object({
    titleTranslations: z
      .object({ nl: z.string().trim().min(1).max(200), en: z.string().trim().max(200).optional() })
      .optional(),
    isPublished: z.boolean().optional(),
    layout: z.enum(PAGE_LAYOUTS).optional(),
    options: z.array(pageOptionSchema).max(50).optional(),
    moveHiddenBlocksTo: z
      .enum(LAYOUT_POSITIONS)
      .optional()
      .describe(
        'With a new layout: move the blocks of the side columns it hides to the end of this position',
      ),
  })
  .meta({ id: 'PageSettingsUpdate' });
