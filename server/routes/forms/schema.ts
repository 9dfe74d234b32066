import { z } from 'zod';
import { parseIsoDay } from '../../../common/dates.ts';
import { FORM_FIELD_KINDS, formDefinitionSchema } from '../../../common/forms/definition.ts';
import { FORM_PROOF } from '../../../common/forms/public.ts';
import {
  FORM_AUDIENCES,
  FORM_SETTING_LIMITS,
  FORM_VISIBILITY,
  formSettingsSchema,
} from '../../../common/forms/settings.ts';
import { guidSchema, nameSchema, pagedSchema, queryBoolean, tableQuerySchema } from '../common-schemas.ts';

export const formGuidParams = z.object({ guid: guidSchema });
export const versionParams = z.object({
  guid: guidSchema,
  version: z.coerce.number().int().min(1).max(1_000_000),
});
export const submissionParams = z.object({ guid: guidSchema, submissionGuid: guidSchema });

export const definitionSchema = formDefinitionSchema.meta({ id: 'FormDefinition' });
export const settingsSchema = formSettingsSchema.meta({ id: 'FormSettings' });
const titleSchema = nameSchema(FORM_SETTING_LIMITS.titleLength);

export const createFormBody = z
  .object({ title: titleSchema, settings: settingsSchema.optional(), draft: definitionSchema.optional() })
  .meta({ id: 'FormCreateBody' });
export const updateFormBody = z
  .object({
    title: titleSchema.optional(),
    settings: settingsSchema.optional(),
    draft: definitionSchema.optional(),
  })
  .meta({ id: 'FormUpdateBody' });
export const duplicateFormBody = z
  .object({ title: titleSchema.optional() })
  .meta({ id: 'FormDuplicateBody' });

const availabilitySchema = z.enum(['open', 'closed', 'open-future', 'close-future']);

export const formSummarySchema = z
  .object({
    guid: z.string(),
    title: z.string(),
    state: z.enum(FORM_VISIBILITY),
    openDate: z.string().nullable(),
    closeDate: z.string().nullable(),
    availability: availabilitySchema,
    audience: z.enum(FORM_AUDIENCES),
    currentVersion: z.number().int().nullable(),
    submissionCount: z.number().int(),
    lastSubmissionAt: z.string().nullable(),
    updatedAt: z.string(),
    abilities: z.object({
      update: z.boolean(),
      viewResults: z.boolean(),
      delete: z.boolean(),
      /** Whether the caller chooses the roles that work on the form (settings.editorRoleIds): admins. */
      changeRights: z.boolean(),
    }),
  })
  .meta({ id: 'FormSummary' });

const changesSchema = z.object({
  /** Question keys (what machines read); `labels` gives each its text, for people (issue 26). */
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
  labels: z.record(z.string(), z.object({ nl: z.string(), en: z.string().optional() })),
});

export const formSchema = formSummarySchema
  .extend({
    settings: settingsSchema,
    draft: definitionSchema,
    hasUnpublishedChanges: z.boolean(),
    versions: z.array(
      z.object({
        version: z.number().int(),
        publishedAt: z.string(),
        fieldCount: z.number().int(),
        submissionCount: z.number().int(),
        changes: changesSchema,
      }),
    ),
    placements: z.array(z.object({ guid: z.string(), name: z.string() })),
    /** The roles the settings name, with their names (for those who may not list every role). */
    roles: z.array(z.object({ guid: z.string(), name: z.string() })),
  })
  .meta({ id: 'Form' });

export const formTableQuery = tableQuerySchema(
  ['title', 'state', 'openDate', 'closeDate', 'submissions', 'lastSubmission'],
  'title',
);

export const formVersionSchema = z
  .object({ version: z.number().int(), publishedAt: z.string(), definition: definitionSchema })
  .meta({ id: 'FormVersion' });

export const publicFormSchema = z
  .object({
    guid: z.string(),
    title: z.string(),
    version: z.number().int(),
    definition: definitionSchema,
    availability: availabilitySchema,
    openDate: z.string().nullable(),
    closeDate: z.string().nullable(),
    barrier: z.enum(['signIn', 'verifyEmail', 'notForYou', 'alreadySubmitted', 'full']).nullable(),
    closingMessage: z.string().nullable(),
  })
  .meta({ id: 'PublicForm' });

/** Answers by field key: text, a number, or the chosen values of a multiple choice. */
const answerValue = z.union([
  z.string().max(20_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(200)).max(100),
]);
export const submitBody = z
  .object({
    version: z.number().int().min(1).max(1_000_000),
    answers: z
      .record(z.string().max(40), answerValue)
      .refine((answers) => Object.keys(answers).length <= 200, {
        message: 'validation.maxItems',
      }),
    /** The honeypot (hidden from people): leave empty. */
    website: z.string().max(500).optional(),
    /** The proof-of-work answer: base64 of `{ challenge, solution }` (GET /api/forms/challenge). */
    proof: z.string().max(FORM_PROOF.maxLength).optional(),
  })
  .meta({ id: 'FormSubmitBody' });

const hexText = z.string().regex(/^[0-9a-f]+$/);
export const formChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: hexText,
      salt: hexText,
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: hexText,
      keySignature: hexText.optional(),
      expiresAt: z.number().int(),
    }),
    signature: hexText,
  })
  .meta({ id: 'FormChallenge' });

export const submitResult = z
  .object({ guid: z.string().nullable(), receiptUrl: z.string().nullable() })
  .meta({ id: 'FormSubmitResult' });

const answerRowSchema = z.object({
  key: z.string(),
  kind: z.enum(FORM_FIELD_KINDS),
  label: z.string(),
  value: z.union([z.string(), z.number(), z.array(z.string())]).nullable(),
  text: z.string(),
});

export const submissionSchema = z
  .object({
    guid: z.string(),
    formGuid: z.string(),
    formTitle: z.string(),
    version: z.number().int(),
    createdAt: z.string(),
    locale: z.enum(['nl', 'en']),
    handledAt: z.string().nullable(),
    isAnonymous: z.boolean(),
    answers: z.array(answerRowSchema),
    abilities: z.object({ delete: z.boolean() }),
    /** The list item the submission became, while it exists (for those who read the results). */
    listItem: z
      .object({
        guid: z.string(),
        title: z.string(),
        isPublished: z.boolean(),
        url: z.string().nullable(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'FormSubmission' });

export const submissionRowSchema = z
  .object({
    guid: z.string(),
    version: z.number().int(),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
    isAnonymous: z.boolean(),
    preview: z.array(z.object({ label: z.string(), text: z.string() })),
  })
  .meta({ id: 'FormSubmissionRow' });
export const submissionPageSchema = pagedSchema(submissionRowSchema).meta({ id: 'FormSubmissionPage' });

const isoDay = z
  .string()
  .max(64)
  .refine((value) => parseIsoDay(value) !== null, 'validation.isoDate');
export const dayRangeQuery = {
  from: isoDay.optional().describe('First day (YYYY-MM-DD, Europe/Amsterdam)'),
  to: isoDay.optional().describe('Last day (YYYY-MM-DD, Europe/Amsterdam), included'),
};

export const submissionTableQuery = tableQuerySchema(['createdAt', 'version', 'handled'], 'createdAt').extend(
  {
    sortDirection: z.enum(['asc', 'desc']).default('desc'),
    version: z.coerce.number().int().min(1).max(1_000_000).optional(),
    handled: queryBoolean.optional(),
    ...dayRangeQuery,
  },
);

export const submissionIdsBody = z
  .object({ guids: z.array(guidSchema).min(1).max(1000) })
  .meta({ id: 'FormSubmissionIds' });
export const handleBody = submissionIdsBody
  .extend({ handled: z.boolean() })
  .meta({ id: 'FormSubmissionHandleBody' });
export const countSchema = z.object({ count: z.number().int() }).meta({ id: 'FormSubmissionCount' });

const choiceStats = z.object({
  key: z.string(),
  kind: z.enum(FORM_FIELD_KINDS),
  label: z.string(),
  type: z.literal('choice'),
  answered: z.number().int(),
  options: z.array(
    z.object({ value: z.string(), label: z.string(), count: z.number().int(), percentage: z.number() }),
  ),
});
const numberStats = z.object({
  key: z.string(),
  kind: z.enum(FORM_FIELD_KINDS),
  label: z.string(),
  type: z.literal('number'),
  answered: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  distribution: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
const textStats = z.object({
  key: z.string(),
  kind: z.enum(FORM_FIELD_KINDS),
  label: z.string(),
  type: z.literal('text'),
  answered: z.number().int(),
  latest: z.array(z.object({ text: z.string(), at: z.string() })),
});

export const dashboardSchema = z
  .object({
    guid: z.string(),
    title: z.string(),
    version: z.number().int(),
    publishedAt: z.string(),
    total: z.number().int(),
    perDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
    fields: z.array(z.discriminatedUnion('type', [choiceStats, numberStats, textStats])),
  })
  .meta({ id: 'FormDashboard' });
