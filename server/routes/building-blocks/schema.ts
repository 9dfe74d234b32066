import { z } from 'zod';
import { BLOCK_TYPE_NAMES } from '../../../common/blocks/index.ts';
import { ADD_PERMISSIONS } from '../../../common/blocks/permissions.ts';
import { LAYOUT_POSITIONS } from '../../../common/pages.ts';
import { guidSchema } from '../common-schemas.ts';

/** Every block type's content and options are objects; the type's own schema checks the rest. */
const contentObject = z.record(z.string(), z.unknown());

export const localizedBlockContent = z
  .object({ nl: contentObject, en: contentObject.optional() })
  .describe("The block's content per locale (Dutch required), checked against its type's content schema");

export const blockOptionsBody = z
  .record(z.string(), z.unknown())
  .describe("The block's options, checked against its type's options schema");

const sortIdSchema = z.number().int().min(0).max(1_000_000);

export const blockGuidParams = z.object({ guid: guidSchema });

export const createBlockBody = z
  .object({
    buildingBlockName: z.string().min(1).max(64),
    layoutPosition: z.enum(LAYOUT_POSITIONS),
    content: localizedBlockContent,
    options: blockOptionsBody.default({}),
    sortId: sortIdSchema.optional().describe('Position in its layout position; default: after the last'),
  })
  .meta({ id: 'BuildingBlockInstanceCreate' });

export const updateBlockBody = z
  .object({
    content: localizedBlockContent.optional(),
    options: blockOptionsBody.optional().describe('Replaces the options (the permissions are kept)'),
    layoutPosition: z.enum(LAYOUT_POSITIONS).optional(),
    sortId: sortIdSchema.optional(),
  })
  .meta({ id: 'BuildingBlockInstanceUpdate' });

export const reorderBlocksBody = z
  .object({
    position: z.enum(LAYOUT_POSITIONS),
    guids: z.array(guidSchema).max(500),
  })
  .meta({ id: 'BuildingBlockReorder' });

export const blockPermissionsBody = z
  .object({
    addPermission: z.enum(ADD_PERMISSIONS),
    addRoles: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  })
  .meta({ id: 'BuildingBlockPermissions' });

export const listBlocksQuery = z.object({ buildingBlockName: z.enum(BLOCK_TYPE_NAMES) });

export const blockSummarySchema = z
  .object({
    guid: z.string(),
    buildingBlockName: z.string(),
    title: z.string(),
    pageGuid: z.string(),
    pageName: z.string(),
    pageTitle: z.string(),
  })
  .meta({ id: 'BuildingBlockSummary' });
