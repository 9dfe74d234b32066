import { z } from 'zod';
import { guidSchema } from '../common-schemas.ts';
import { draftBlockSchema } from '../page-drafts/schema.ts';
import { titleBody } from '../pages/schema.ts';

const localizedSchema = z.object({ nl: z.string(), en: z.string().optional() });

export const reusableBlockParams = z.object({ id: guidSchema });

export const reusableBlockSchema = z
  .object({
    guid: z.string(),
    title: localizedSchema,
    updatedAt: z.string(),
    /** How many pages and templates place it (published or in their draft). */
    useCount: z.number().int(),
  })
  .meta({ id: 'ReusableBlock' });

export const reusableBlockUsesSchema = reusableBlockSchema
  .extend({
    pages: z.array(
      z.object({
        guid: z.string(),
        title: z.string(),
        isTemplate: z.boolean(),
        /** Where the page (or template) is edited. */
        editUrl: z.string(),
      }),
    ),
  })
  .meta({ id: 'ReusableBlockUses' });

export const newReusableBlockBody = z
  .object({
    title: titleBody,
    /** The page (or template) whose draft holds the block. */
    page: guidSchema,
    block: guidSchema,
  })
  .meta({ id: 'NewReusableBlock' });

export const reusableCopiesBody = z
  .object({
    /** The page (or template) whose draft the copies are for. */
    page: guidSchema,
  })
  .meta({ id: 'ReusableBlockCopyRequest' });

export const reusableCopiesSchema = z
  .object({ blocks: z.array(draftBlockSchema) })
  .meta({ id: 'ReusableBlockCopies' });
