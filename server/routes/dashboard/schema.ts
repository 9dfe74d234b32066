import { z } from 'zod';

/** A part of an activity sentence: text, or a link to what it names (null: the reader may not go there). */
const sentencePartSchema = z
  .object({ text: z.string(), href: z.string().nullable() })
  .meta({ id: 'SentencePart' });

/** Who did something; "removed user" (isRemoved) when that account was erased; null: the system. */
export const activityActorSchema = z
  .object({ guid: z.string().nullable(), name: z.string(), isRemoved: z.boolean() })
  .nullable();

/**
 * An audit event as a sentence in the reader's language (issue 26): "Anna wijzigde de pagina
 * Nieuws", its parts with links where the reader may go, and the event's own fields.
 */
export const activityEventSchema = z
  .object({
    id: z.string(),
    at: z.string(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    actor: activityActorSchema,
    sentence: z.string(),
    parts: z.array(sentencePartSchema),
  })
  .meta({ id: 'ActivityEvent' });

const localizedTitle = z.object({ nl: z.string(), en: z.string() });

const dashboardPageSchema = z
  .object({
    guid: z.string(),
    title: localizedTitle,
    /** Where the page is served (null: in no menu; edit it from the admin pages table). */
    path: z.string().nullable(),
    isPublished: z.boolean(),
  })
  .meta({ id: 'DashboardPage' });

export const dashboardSchema = z
  .object({
    /** Pages with a draft I saved last. */
    drafts: z.array(z.object({ page: dashboardPageSchema, savedAt: z.string() })),
    /** Publishes and unpublishes still to run, soonest first. */
    scheduled: z.array(
      z.object({
        page: dashboardPageSchema,
        action: z.enum(['publish', 'unpublish']),
        runAt: z.string(),
        by: activityActorSchema,
      }),
    ),
    /** The pages I may edit by their last change (the page or its draft), newest first. */
    recentPages: z.array(
      z.object({
        page: dashboardPageSchema,
        hasDraft: z.boolean(),
        changedAt: z.string(),
        by: activityActorSchema,
      }),
    ),
    /** The forms I work on, the most recently answered first. */
    forms: z.array(
      z.object({
        guid: z.string(),
        title: z.string(),
        currentVersion: z.number().int().nullable(),
        submissions: z.number().int(),
        /** Submissions in the last `newSubmissionsDays` days. */
        newSubmissions: z.number().int(),
        lastSubmissionAt: z.string().nullable(),
        abilities: z.object({
          update: z.boolean(),
          viewResults: z.boolean(),
          delete: z.boolean(),
          changeRights: z.boolean(),
        }),
      }),
    ),
    /** Lists I may add items to, with the page that shows them. */
    lists: z.array(z.object({ blockGuid: z.string(), title: z.string(), page: dashboardPageSchema })),
    newSubmissionsDays: z.number().int(),
    /** What the quick links offer, as the policies decide. */
    can: z.object({ createPage: z.boolean(), createForm: z.boolean(), administerPages: z.boolean() }),
  })
  .meta({ id: 'Dashboard' });
