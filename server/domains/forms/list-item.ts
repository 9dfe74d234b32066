import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { Answers, FormDefinition } from '../../../common/forms/index.ts';
import {
  type FormListItemField,
  type FormListItemSettings,
  type FormSettings,
  listItemFieldProblems,
} from '../../../common/forms/settings.ts';
import { listItemInputSchema } from '../../../common/list-item-schemas.ts';
import { itemUrl } from '../../../common/list-items.ts';
import { type Locale, pickLocale } from '../../../common/localized-text.ts';
import type { ImageFormat } from '../../../common/media.ts';
import type { Executor } from '../../db/client.ts';
import { type FormRow, type FormSubmissionRow, formSubmissions, type ListItemRow } from '../../db/schema.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import { probeImage } from '../../media/transform.ts';
import { type Actor, can } from '../../policies/index.ts';
import type { Ctx } from '../context.ts';
import { createListItems, type ListItemWrite, updateListItem } from '../lists/commands.ts';
import { type ListContext, loadListContexts } from '../lists/lists.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { findListItem } from '../lists/queries.ts';
import { recordUpload } from '../media/commands.ts';
import type { StoredFile, SubmittedFiles } from './files.ts';

/**
 * What a submission becomes (issue 11, content kind ListItem): besides (or instead of) being saved
 * and mailed, each submission can make an unpublished item in a list, its title and description
 * taken from the answers. The list's editors approve it by publishing it as any other item.
 */

/**
 * A form's list item setting (forms saved before the setting existed have none; settings saved
 * before the image existed have no image question).
 */
export function listItemSettingOf(settings: FormSettings): FormListItemSettings | null {
  const setting = settings.listItem ?? null;
  return setting && { ...setting, imageField: setting.imageField ?? null };
}

const FIELD_MESSAGES: Record<FormListItemField, string> = {
  titleField: 'validation.formListItemTitle',
  descriptionField: 'validation.formListItemDescription',
  imageField: 'validation.formListItemImage',
};

/** The list block a setting names, when it is (still) a list. */
async function targetList(db: Executor, blockGuid: string): Promise<ListContext | null> {
  const list = (await loadListContexts(db, [blockGuid])).get(blockGuid);
  return list?.block.buildingBlockName === 'list' ? list : null;
}

/**
 * Checks a form's list item setting before it is saved: the list is a list block, one whose items
 * the actor may edit when they choose it (so nobody routes submissions into a list they cannot
 * approve in; keeping a list someone else chose is fine), and the mapped questions are in the
 * draft with a kind that fits. One validation error names every problem by its field.
 */
export async function checkListItemSetting(
  ctx: { db: Executor; actor: Actor },
  input: { settings: FormSettings; previous: FormSettings | null; draft: FormDefinition },
): Promise<void> {
  const setting = listItemSettingOf(input.settings);
  if (!setting) return;
  const at = 'body/settings/listItem';
  const details: ErrorDetail[] = [];
  const list = await targetList(ctx.db, setting.blockGuid);
  const isNewList = setting.blockGuid !== (input.previous && listItemSettingOf(input.previous))?.blockGuid;
  if (!list || (isNewList && !can(ctx.actor, 'list.editItems', list.policy))) {
    details.push({ path: `${at}/blockGuid`, message: 'validation.formList' });
  }
  for (const problem of listItemFieldProblems(input.draft, setting)) {
    details.push({ path: `${at}/${problem.field}`, message: FIELD_MESSAGES[problem.field] });
  }
  if (details.length > 0)
    throw new AppError('validation_failed', 'the list item setting does not fit', details);
}

/** Publishing keeps the questions that fill the list item, with kinds that fit. */
export function checkListItemQuestions(settings: FormSettings, definition: FormDefinition): void {
  const setting = listItemSettingOf(settings);
  if (!setting) return;
  const problems = listItemFieldProblems(definition, setting);
  if (problems.length === 0) return;
  throw new AppError(
    'validation_failed',
    'the questions that fill the list item are missing',
    problems.map((problem) => ({
      path: 'body/draft',
      message: 'validation.formListItemQuestion',
      params: { key: problem.key },
    })),
  );
}

const TITLE_LENGTH = 200;
const DESCRIPTION_LENGTH = 2000;

const textAnswer = (answers: Answers, key: string | null) => {
  const value = key === null ? undefined : answers[key];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The item a submission becomes: unpublished, the mapped answers as title and description (cut to
 * an item's bounds). An older version may lack the title question, or the visitor left it empty:
 * then the form's title names the item, for the editor to rename.
 */
export function listItemFromAnswers(
  setting: FormListItemSettings,
  input: { formTitle: string; answers: Answers },
): ListItemWrite {
  const title = textAnswer(input.answers, setting.titleField).slice(0, TITLE_LENGTH).trim();
  const description = textAnswer(input.answers, setting.descriptionField).slice(0, DESCRIPTION_LENGTH);
  return listItemInputSchema.parse({
    title: { nl: title || input.formTitle.slice(0, TITLE_LENGTH) },
    listItemTypeName: setting.listItemTypeName,
    metadata: { description: { nl: description } },
    isPublished: false,
  });
}

/**
 * The step of a submission's command that makes its list item, in the submission's transaction,
 * through the list's own create command (audited, naming the submission). The item's work runs in
 * a savepoint: if it fails (the list was deleted since the setting was saved), only the item is
 * rolled back and logged, and the submission is kept. Undefined when the form makes no item.
 */
export function listItemStep(
  ctx: Pick<Ctx, 'actor' | 'log'>,
  input: { form: FormRow; answers: Answers; image?: ItemImage | null | undefined },
): ((tx: Executor, submission: FormSubmissionRow) => Promise<void>) | undefined {
  const setting = listItemSettingOf(input.form.settings);
  if (!setting) return undefined;
  return async (tx, submission) => {
    try {
      await tx.transaction(async (savepoint) => {
        const list = await targetList(savepoint, setting.blockGuid);
        if (!list) throw new AppError('not_found', 'the list of the form no longer exists');
        const item = listItemFromAnswers(setting, { formTitle: input.form.title, answers: input.answers });
        const [created] = await createListItems({ db: savepoint, actor: ctx.actor }, list, [item], {
          formGuid: input.form.id,
          formSubmissionGuid: submission.id,
        });
        if (!created) throw new AppError('internal_error', 'list item not created');
        if (input.image) {
          await attachImage({ db: savepoint, actor: ctx.actor, log: ctx.log }, input.image, {
            list,
            item: created,
            write: item,
            submission,
          });
        }
        await savepoint
          .update(formSubmissions)
          .set({ listItemId: created.id })
          .where(eq(formSubmissions.id, submission.id));
        submission.listItemId = created.id;
      });
    } catch (error) {
      // A list deleted since the setting was saved is the admin's to fix; anything else is ours.
      const isListGone = error instanceof AppError && error.code === 'not_found';
      ctx.log[isListGone ? 'warn' : 'error'](
        { err: error, form: input.form.id, submission: submission.id },
        'the list item of a form submission was not made',
      );
    }
  };
}

/** The image a submission's file question gives its list item, copied into the public media storage. */
export type ItemImage = {
  contentHash: string;
  fileName: string;
  format: ImageFormat;
  width: number;
  height: number;
  size: number;
};

/**
 * Copies (never moves: the submission keeps its own file) the image answering the question a form
 * maps to its list item's image into the public media storage, content-addressed as any upload,
 * before the submission's transaction. Null when the form maps no image, the question was not
 * answered, or it was answered with a PDF. A failure is logged and gives no image: it never costs
 * the submission.
 */
export async function publishItemImage(
  ctx: Pick<Ctx, 'log'>,
  input: { form: FormRow; files: SubmittedFiles | undefined; stored: readonly StoredFile[] },
): Promise<ItemImage | null> {
  const key = listItemSettingOf(input.form.settings)?.imageField ?? null;
  const file = key === null ? undefined : input.stored.find((entry) => entry.key === key);
  if (!input.files || !file || file.sniffed.type !== 'image') return null;
  const { storage, mediaStorage } = input.files;
  const temp = await mediaStorage.tempPath();
  try {
    const hash = createHash('sha256');
    const hasher = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    await pipeline(storage.get(file.storageKey), hasher, createWriteStream(temp));
    const image = await probeImage(temp);
    const { size } = await stat(temp);
    const contentHash = hash.digest('hex');
    await mediaStorage.put(contentHash, temp);
    return { contentHash, fileName: file.file.fileName, ...image, size };
  } catch (error) {
    await rm(temp, { force: true });
    ctx.log.error(
      { err: error, form: input.form.id },
      'the image of a form submission was not copied to media',
    );
    return null;
  }
}

/**
 * Gives a new list item its image: the media row (purpose item, owned by the item: only the list's
 * editors see it until the item is published, see findItemPage) and the item's image, through the
 * lists' own update command. In a savepoint of its own: an image that fails leaves the item without
 * one.
 */
async function attachImage(
  ctx: Pick<Ctx, 'actor' | 'log'> & { db: Executor },
  image: ItemImage,
  input: { list: ListContext; item: ListItemRow; write: ListItemWrite; submission: FormSubmissionRow },
): Promise<void> {
  try {
    await ctx.db.transaction(async (savepoint) => {
      const writer = { db: savepoint, actor: ctx.actor };
      const row = await recordUpload(writer, {
        ...image,
        purpose: 'item',
        ownerGuid: input.item.id,
        uploadedBy: input.submission.userId,
      });
      await updateListItem(
        writer,
        { item: input.item, list: input.list },
        { ...input.write, imageGuid: row.id },
      );
    });
  } catch (error) {
    ctx.log.error(
      { err: error, item: input.item.id, submission: input.submission.id },
      'the image of a list item made from a form submission was not set',
    );
  }
}

/** The item a submission became, while it exists, for those who read the results. */
export async function submissionListItem(
  db: Executor,
  submission: FormSubmissionRow,
  locale: Locale,
): Promise<{ guid: string; title: string; isPublished: boolean; url: string | null } | null> {
  if (!submission.listItemId) return null;
  const found = await findListItem(db, { id: submission.listItemId });
  if (!found) return null;
  const { item, list } = found;
  const title = pickLocale(item.title, locale);
  const pagePath = list.page ? (await loadPagePaths(db, locale)).get(list.page.id) : undefined;
  return {
    guid: item.id,
    title,
    isPublished: item.isPublished,
    url: pagePath === undefined ? null : itemUrl(pagePath, item.shortId, title),
  };
}
