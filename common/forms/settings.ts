import { z } from 'zod';
import { emailSchema } from '../contact-schemas.ts';
import { ITEM_TYPE_NAME_PATTERN } from '../list-items.ts';
import { localized } from '../localized-text-schemas.ts';
import { FORM_LIMITS, type FormDefinition, type FormInputKind } from './definition.ts';
import { acceptedFileTypes, type FormFileType } from './files.ts';

/**
 * Who may fill a form in, when, how often, and what a submission becomes (SPEC 3 and 4): the
 * settings beside a form's questions. They are not versioned: closing a form or changing who is
 * told acts at once on the version visitors see.
 */

/** SPEC 3 enumerations. */
export const FORM_VISIBILITY = ['Open', 'Closed', 'Custom'] as const;
export const FORM_AUDIENCES = ['Admin', 'Roles', 'Users', 'Public', 'Verify'] as const;
export const FORM_ACTION_KINDS = ['Save', 'Notify'] as const;
export const CONTENT_KINDS = ['ListItem', 'FormSubmission'] as const;
export type FormVisibility = (typeof FORM_VISIBILITY)[number];
export type FormAudience = (typeof FORM_AUDIENCES)[number];

/** The required cookie that remembers, per browser, which public forms were filled in (SPEC 9). */
export const FORM_SURVEY_COOKIE = 'form-survey';
export const FORM_SURVEY_COOKIE_DAYS = 365;

/** Bounds of the settings (design). */
export const FORM_SETTING_LIMITS = {
  titleLength: 200,
  maxSubmissions: 1_000_000,
  notifyAddresses: 20,
  retentionDays: 3650,
  closingMessageLength: 2000,
} as const;

/** SPEC 4: what a form's open state gives at a moment. */
export type FormAvailability = 'open' | 'closed' | 'open-future' | 'close-future';

export type FormOpenState = {
  state: FormVisibility;
  openDate: Date | string | null;
  closeDate: Date | string | null;
};

const moment = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * SPEC 4, in its order: Closed gives closed; Custom with no open or close date gives open; Custom
 * with a past close date gives closed; Custom with a future open date gives open-future; otherwise
 * close-future. Open is open. A moment is past once it has come: the form closes at its close
 * moment and opens at its open moment.
 */
export function formAvailability(openState: FormOpenState, now: Date = new Date()): FormAvailability {
  if (openState.state === 'Closed') return 'closed';
  if (openState.state === 'Open') return 'open';
  const open = moment(openState.openDate);
  const close = moment(openState.closeDate);
  if (open === null && close === null) return 'open';
  if (close !== null && close <= now.getTime()) return 'closed';
  if (open !== null && open > now.getTime()) return 'open-future';
  return 'close-future';
}

/** Whether a form in this state takes submissions: open, or open until its close moment. */
export const acceptsSubmissions = (availability: FormAvailability) =>
  availability === 'open' || availability === 'close-future';

/**
 * What a submission may also become (content kind ListItem): an item of a list, unpublished until
 * one of the list's editors publishes it. Which questions fill the item, by the kinds that fit
 * (an item's title is one line; its description may be longer; its image comes from a file
 * question that accepts images).
 */
export const FORM_LIST_ITEM_FIELD_KINDS = {
  titleField: ['shortText'],
  descriptionField: ['shortText', 'longText'],
  imageField: ['file'],
} as const satisfies Record<string, readonly FormInputKind[]>;
export type FormListItemField = keyof typeof FORM_LIST_ITEM_FIELD_KINDS;

export const formListItemSchema = z.object({
  /** The list block the items go to; its page's editors approve them. */
  blockGuid: z.uuid({ message: 'validation.formList' }),
  /** The items' type (one of GET /api/listitemtypes). */
  listItemTypeName: z.string().regex(ITEM_TYPE_NAME_PATTERN, 'validation.itemType'),
  /** The short text question whose answer is the item's title. */
  titleField: z.string().regex(FORM_LIMITS.keyPattern, 'validation.formListItemTitle'),
  /** The short or long text question whose answer is the item's description (null: none). */
  descriptionField: z
    .string()
    .regex(FORM_LIMITS.keyPattern, 'validation.formListItemDescription')
    .nullable()
    .default(null),
  /**
   * The file question whose image is the item's image (null: none; a PDF answer gives none).
   * Forms saved before it existed have none.
   */
  imageField: z
    .string()
    .regex(FORM_LIMITS.keyPattern, 'validation.formListItemImage')
    .nullable()
    .default(null),
});
export type FormListItemSettings = z.output<typeof formListItemSchema>;

/** A question as the list item mapping looks at it. */
export type ListItemQuestion = { kind: string; fileTypes?: readonly FormFileType[] | undefined };

/**
 * Whether a question can fill this part of a list item: one of the kinds that fit, and for the
 * image a file question that accepts images (one that does not say accepts both).
 */
export const fitsListItemField = (field: FormListItemField, question: ListItemQuestion) =>
  (FORM_LIST_ITEM_FIELD_KINDS[field] as readonly string[]).includes(question.kind) &&
  (field !== 'imageField' || acceptedFileTypes(question).includes('image'));

/** The mapped questions a form's questions lack, or have of a kind that does not fit. */
export function listItemFieldProblems(
  definition: Pick<FormDefinition, 'fields'>,
  listItem: FormListItemSettings,
): { field: FormListItemField; key: string }[] {
  const questions = new Map<string, ListItemQuestion>(
    definition.fields.map((question) => [question.key, question]),
  );
  return (['titleField', 'descriptionField', 'imageField'] as const).flatMap((field) => {
    // Settings stored before the image existed lack it: no image.
    const key = listItem[field] ?? null;
    if (key === null) return [];
    const question = questions.get(key);
    return question && fitsListItemField(field, question) ? [] : [{ field, key }];
  });
}

export const formSettingsSchema = z
  .object({
    state: z.enum(FORM_VISIBILITY).default('Open'),
    openDate: z.iso.datetime({ offset: true }).nullable().default(null),
    closeDate: z.iso.datetime({ offset: true }).nullable().default(null),
    audience: z.enum(FORM_AUDIENCES).default('Public'),
    /** The roles whose members may fill it in (audience Roles). */
    audienceRoleIds: z.array(z.string().min(1).max(100)).max(50).default([]),
    /** One submission per user (per browser, through the form-survey cookie, for visitors). */
    onePerPerson: z.boolean().default(false),
    /** No more submissions once this many came in (null: no maximum). */
    maxSubmissions: z.number().int().min(1).max(FORM_SETTING_LIMITS.maxSubmissions).nullable().default(null),
    /** What visitors read when the form is closed or full. */
    closingMessage: localized(z.string().trim().max(FORM_SETTING_LIMITS.closingMessageLength))
      .nullable()
      .default(null),
    /**
     * What a submission does: Save stores it; Notify mails it (SPEC 3 action kinds). None at all
     * only when it becomes a list item instead.
     */
    actions: z.array(z.enum(FORM_ACTION_KINDS)).max(2).default(['Save']),
    notifyEmails: z.array(emailSchema).max(FORM_SETTING_LIMITS.notifyAddresses).default([]),
    notifyRoleIds: z.array(z.string().min(1).max(100)).max(50).default([]),
    /** A copy of the answers to the submitter (an answer to an e-mail field, or the account's address). */
    copyToSubmitter: z.boolean().default(false),
    /** Submissions older than this many days are deleted (null: kept until deleted by hand). */
    retentionDays: z.number().int().min(1).max(FORM_SETTING_LIMITS.retentionDays).nullable().default(null),
    /** Each submission also becomes an unpublished item of a list (null: it does not). */
    listItem: formListItemSchema.nullable().default(null),
    /**
     * The roles whose content managers work on the form besides its owner and the admins: build
     * and publish it, change its settings, read, export, mark and delete its submissions (issue
     * 34). Only admins change this list. Placing the form on a page grants nothing.
     */
    editorRoleIds: z.array(z.string().min(1).max(100)).max(50).default([]),
    /**
     * Whether the form takes submissions while it is on no published page (through the API, for a
     * form filled in elsewhere). Off: a form that no visitor can see takes none (issue 34).
     */
    acceptsSubmissionsOffPage: z.boolean().default(false),
  })
  .superRefine((settings, ctx) => {
    if (
      settings.openDate &&
      settings.closeDate &&
      new Date(settings.openDate).getTime() >= new Date(settings.closeDate).getTime()
    ) {
      ctx.addIssue({ code: 'custom', path: ['closeDate'], message: 'validation.dateOrder' });
    }
    if (settings.audience === 'Roles' && settings.audienceRoleIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['audienceRoleIds'], message: 'validation.audienceRoles' });
    }
    if (
      settings.actions.includes('Notify') &&
      settings.notifyEmails.length === 0 &&
      settings.notifyRoleIds.length === 0 &&
      !settings.copyToSubmitter
    ) {
      ctx.addIssue({ code: 'custom', path: ['notifyEmails'], message: 'validation.notifyTarget' });
    }
    if (settings.actions.length === 0 && settings.listItem === null) {
      ctx.addIssue({ code: 'custom', path: ['actions'], message: 'validation.formActions' });
    }
  });
export type FormSettings = z.output<typeof formSettingsSchema>;
export type FormSettingsInput = z.input<typeof formSettingsSchema>;

export const DEFAULT_FORM_SETTINGS: FormSettings = formSettingsSchema.parse({});
