import { z } from 'zod';
import { ACCESSIBILITY_CODES } from '../../../common/accessibility-checks.ts';
import { MAX_COLUMNS } from '../../../common/blocks/columns.ts';
import { localizedTextSchema } from '../../../common/localized-text-schemas.ts';
import { pageOptionSchema } from '../../../common/page-schemas.ts';
import { LAYOUT_POSITIONS, PAGE_LAYOUTS } from '../../../common/pages.ts';
import { PREVIEW_HOURS } from '../../domains/drafts/preview.ts';
import { guidSchema, nameSchema } from '../common-schemas.ts';

/** The most blocks a page's document holds. */
const MAX_BLOCKS = 500;

export const draftBlockSchema = z
  .object({
    guid: guidSchema,
    name: nameSchema(64),
    position: z.enum(LAYOUT_POSITIONS),
    content: z.unknown().describe("Content per language, { nl, en? }, as the block type's schema has it"),
    options: z.record(z.string(), z.unknown()),
    parent: z
      .object({
        guid: guidSchema,
        column: z
          .number()
          .int()
          .min(0)
          .max(MAX_COLUMNS - 1),
      })
      .optional()
      .describe('A block in a column of a columns block (issue 31): that block and the column (0 …)'),
  })
  .meta({ id: 'DraftBlock' });

export const pageDocumentSchema = z
  .object({
    title: localizedTextSchema,
    description: localizedTextSchema.nullable(),
    layout: z.enum(PAGE_LAYOUTS),
    options: z.array(pageOptionSchema).max(50),
    blocks: z.array(draftBlockSchema).max(MAX_BLOCKS),
  })
  .meta({ id: 'PageDocument' });

/** What a write starts from: the draft's version (0: none yet) and, without a draft, the latest revision. */
const baseFields = {
  version: z.number().int().min(0).max(2_147_483_647),
  revision: z.number().int().min(1).max(2_147_483_647).nullable(),
};
export const draftBaseSchema = z.object(baseFields);

/** Publishing (now or at a moment) a draft with accessibility findings needs `acceptFindings: true`. */
const acceptFindings = z.boolean().default(false);
export const publishBody = z.object({ ...baseFields, acceptFindings });

export const saveDraftBody = z.object({ ...baseFields, document: pageDocumentSchema });

/** An autosave of one block's content (issue 26): the block's content per language, { nl, en? }. */
export const saveBlockContentBody = z.object({
  ...baseFields,
  content: z.unknown().describe("Content per language, { nl, en? }, as the block type's schema has it"),
});

export const draftBlockParams = z.object({ id: guidSchema, blockGuid: guidSchema });

export const draftVersionSchema = z
  .object({
    version: z.number().int(),
    basedOn: z.number().int().nullable(),
    hasDraft: z.literal(true),
    updatedAt: z.string(),
  })
  .meta({ id: 'PageDraftVersion' });

const personSchema = z
  .object({ guid: z.string(), name: z.string().nullable(), isRemoved: z.boolean() })
  .nullable();

export const scheduleSchema = z
  .object({
    guid: z.string(),
    action: z.enum(['publish', 'unpublish']),
    at: z.string(),
    draftVersion: z.number().int().nullable(),
    createdBy: personSchema,
  })
  .meta({ id: 'PageSchedule' });

const changeSchema = z.object({
  kind: z.enum([
    'title',
    'description',
    'options',
    'layout',
    'blockAdded',
    'blockRemoved',
    'blockChanged',
    'blockMoved',
  ]),
  guid: z.string().optional(),
  block: z.string().optional(),
  position: z.enum(LAYOUT_POSITIONS).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

export const draftSchema = z
  .object({
    pageGuid: z.string(),
    kind: z.enum(['page', 'template']),
    isPublished: z.boolean(),
    version: z.number().int(),
    hasDraft: z.boolean(),
    revision: z.number().int().nullable(),
    basedOn: z.number().int().nullable(),
    updatedAt: z.string(),
    updatedBy: personSchema,
    document: pageDocumentSchema,
    schedules: z.array(scheduleSchema),
    findings: z.array(
      z.object({
        code: z.enum(ACCESSIBILITY_CODES),
        blockGuid: z.string().nullable(),
        position: z.enum(LAYOUT_POSITIONS).nullable(),
        language: z.enum(['nl', 'en']).nullable(),
        details: z.record(z.string(), z.unknown()),
      }),
    ),
    publishedChanges: z
      .array(changeSchema)
      .describe(
        'What changed in the published page outside the draft since it started (block calls, page settings): publishing the draft undoes it',
      ),
  })
  .meta({ id: 'PageDraft' });

export const revisionSummarySchema = z
  .object({
    number: z.number().int(),
    publishedAt: z.string(),
    publishedBy: personSchema,
    source: z.enum(['manual', 'schedule']),
    changes: z.array(changeSchema),
  })
  .meta({ id: 'PageRevisionSummary' });

export const revisionSchema = revisionSummarySchema
  .extend({ document: pageDocumentSchema })
  .meta({ id: 'PageRevision' });

export const revisionParams = z.object({
  id: guidSchema,
  number: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const scheduleBody = z.object({
  ...baseFields,
  acceptFindings,
  action: z.enum(['publish', 'unpublish']),
  at: z.iso.datetime({ offset: true }),
});

export const scheduleParams = z.object({ id: guidSchema, scheduleId: guidSchema });

export const previewLinkBody = z
  .object({ hours: z.number().int().min(1).max(PREVIEW_HOURS.max).optional() })
  .nullish();

export const previewLinkSchema = z
  .object({
    guid: z.string(),
    url: z.string().describe('The path with the link’s token, to put after the site’s address'),
    createdAt: z.string(),
    expiresAt: z.string(),
    createdBy: personSchema,
  })
  .meta({ id: 'PreviewLink' });

export const previewLinkParams = z.object({ id: guidSchema, linkId: guidSchema });

export const copyBlockBody = z.object({ block: guidSchema });
