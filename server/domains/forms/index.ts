import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  checkAnswers,
  defaultLabelPaths,
  EMPTY_DEFINITION,
  FORM_PROOF,
  type FormDefinition,
  formDefinitionSchema,
  type PublicFormView,
  type RawAnswers,
} from '../../../common/forms/index.ts';
import {
  acceptsSubmissions,
  DEFAULT_FORM_SETTINGS,
  type FormSettings,
  formAvailability,
} from '../../../common/forms/settings.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import { type FormRow, formSubmissions, roles } from '../../db/schema.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import {
  abilities,
  audienceBarrier,
  authorize,
  ensureVisible,
  type FormForPolicy,
  isAdmin,
} from '../../policies/index.ts';
import type { TableQuery } from '../../routes/common-schemas.ts';
import { type Ctx, requireUser } from '../context.ts';
import { checkProof, newFormChallenge } from './challenge.ts';
import {
  createForm,
  createSubmission,
  deleteForm,
  deleteSubmissions,
  duplicateForm,
  markHandled,
  publishForm,
  updateForm,
} from './commands.ts';
import {
  checkFiles,
  findSubmissionFile,
  recordFiles,
  type SubmittedFiles,
  storeFiles,
  unstoreFiles,
} from './files.ts';
import {
  checkListItemQuestions,
  checkListItemSetting,
  listItemSettingOf,
  listItemStep,
  publishItemImage,
  submissionListItem,
} from './list-item.ts';
import { notifySubmission } from './notify.ts';
import {
  countByVersion,
  type FormSortKey,
  findForm,
  findForms,
  findSubmission,
  findSubmissions,
  findVersion,
  findVersions,
  formPolicyOf,
  hasSubmitted,
  isOnPublishedPage,
  type SubmissionSortKey,
} from './queries.ts';
import { tallyOf } from './tally.ts';
import {
  hasUnpublishedChanges,
  presentFormSummary,
  presentPublicForm,
  presentSubmission,
  presentSubmissionRow,
  presentVersions,
} from './view.ts';

/** Forms (issue 11): building, versions, who may fill them in and when, submissions and results. */

async function formOrNotFound(ctx: Pick<Ctx, 'db'>, id: string) {
  const found = await findForm(ctx.db, id);
  if (!found) throw new AppError('not_found', 'form not found');
  return found;
}

/** The form, when the actor may work on it (else 404 for those who may not see it, as if it did not exist). */
async function workableForm(ctx: Ctx, id: string, action: 'form.update' | 'form.viewResults') {
  // Visitors are asked to sign in; a signed-in user who may not work on this form does not learn it exists.
  authorize(ctx.actor, 'form.list');
  const found = await formOrNotFound(ctx, id);
  ensureVisible(ctx.actor, action, found.policy, 'form');
  return found;
}

const formAbilities = (ctx: Ctx, policy: FormForPolicy) => abilities('form', ctx.actor, policy);

export async function listForms(ctx: Ctx, query: TableQuery<FormSortKey>) {
  authorize(ctx.actor, 'form.list');
  const user = ctx.actor.user;
  if (!isAdmin(ctx.actor) && !user?.isContentManager) return { items: [], total: 0 };
  // A content manager's forms: those they own or whose editor roles they hold (canWorkOnForm),
  // never those on the pages they edit.
  const workableBy = user && !isAdmin(ctx.actor) ? { userId: user.id, roleIds: user.roleIds } : undefined;
  const { rows, total } = await findForms(ctx.db, { ...query, workableBy });
  const now = new Date();
  return {
    items: rows.map((row) => presentFormSummary(row, formAbilities(ctx, formPolicyOf(row)), now)),
    total,
  };
}

/** The builder's view of a form: draft, settings, versions and where it is placed. */
export async function getForm(ctx: Ctx, id: string) {
  const { form, policy, placements } = await workableForm(ctx, id, 'form.update');
  return presentForm(ctx, form, policy, placements);
}

async function presentForm(
  ctx: Ctx,
  form: FormRow,
  policy: FormForPolicy,
  placements: { id: string; name: string; kind: string }[],
) {
  const [versions, counts] = await Promise.all([
    findVersions(ctx.db, form.id),
    countByVersion(ctx.db, form.id),
  ]);
  const latest = versions.at(-1)?.definition ?? null;
  return {
    ...presentFormSummary(form, formAbilities(ctx, policy)),
    // Settings stored before a setting existed get its default.
    settings: { ...DEFAULT_FORM_SETTINGS, ...form.settings, listItem: listItemSettingOf(form.settings) },
    roles: await namedRoles(ctx, form.settings),
    draft: form.draft,
    hasUnpublishedChanges: hasUnpublishedChanges(form.draft, latest),
    versions: presentVersions(versions, counts),
    placements: placements
      .filter((page) => page.kind === 'page')
      .map((page) => ({ guid: page.id, name: page.name })),
  };
}

export async function addForm(
  ctx: Ctx,
  input: { title: string; settings?: FormSettings | undefined; draft?: FormDefinition | undefined },
) {
  requireUser(ctx);
  authorize(ctx.actor, 'form.create');
  const settings = input.settings ?? DEFAULT_FORM_SETTINGS;
  const draft = input.draft ?? EMPTY_DEFINITION;
  await checkListItemSetting(ctx, { settings, previous: null, draft });
  await checkRoles(ctx, settings);
  const form = await createForm(ctx, { title: input.title, settings, draft });
  return presentForm(ctx, form, formPolicyOf(form), []);
}

const ROLE_LISTS = ['audienceRoleIds', 'notifyRoleIds', 'editorRoleIds'] as const;

/** Role ids a form names must exist: a typo would lock everyone out or notify no one. */
async function checkRoles(ctx: Ctx, settings: FormSettings) {
  const named = [...new Set(ROLE_LISTS.flatMap((list) => settings[list] ?? []))];
  if (named.length === 0) return;
  const known = new Set((await ctx.db.select({ id: roles.id }).from(roles)).map((row) => row.id));
  const details: ErrorDetail[] = [];
  for (const list of ROLE_LISTS) {
    (settings[list] ?? []).forEach((role, index) => {
      if (!known.has(role))
        details.push({ path: `body/settings/${list}/${index}`, message: 'validation.roleMissing' });
    });
  }
  if (details.length > 0) throw new AppError('validation_failed', 'unknown role', details);
}

/**
 * The names of the roles a form's settings name, so that those who work on a form without seeing
 * every role (content managers) read names instead of ids.
 */
async function namedRoles(ctx: Pick<Ctx, 'db'>, settings: FormSettings) {
  const named = [...new Set(ROLE_LISTS.flatMap((list) => settings[list] ?? []))];
  if (named.length === 0) return [];
  const rows = await ctx.db
    .select({ guid: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, named));
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && a.every((role) => b.includes(role));

export async function changeForm(
  ctx: Ctx,
  id: string,
  input: {
    title?: string | undefined;
    settings?: FormSettings | undefined;
    draft?: FormDefinition | undefined;
  },
) {
  requireUser(ctx);
  const { form: current, policy, placements } = await workableForm(ctx, id, 'form.update');
  if (input.settings) {
    // Who works on the form is an admin's choice (like a page's rights): a content manager's save
    // keeps the roles as they are.
    if (!sameRoles(input.settings.editorRoleIds, current.settings.editorRoleIds ?? [])) {
      authorize(ctx.actor, 'form.changeRights');
    }
    await checkRoles(ctx, input.settings);
    await checkListItemSetting(ctx, {
      settings: input.settings,
      previous: current.settings,
      draft: input.draft ?? current.draft,
    });
  }
  const form = await updateForm(ctx, id, input);
  return presentForm(ctx, form, policy, placements);
}

export async function copyForm(ctx: Ctx, id: string, input: { title?: string | undefined }) {
  requireUser(ctx);
  authorize(ctx.actor, 'form.create');
  const { form: original } = await formOrNotFound(ctx, id);
  const title = input.title ?? `${original.title} (${ctx.locale === 'en' ? 'copy' : 'kopie'})`.slice(0, 200);
  const form = await duplicateForm(ctx, original, title);
  return presentForm(ctx, form, formPolicyOf(form), []);
}

export async function removeForm(ctx: Ctx, id: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'form.delete');
  await deleteForm(ctx, id);
}

/** The draft becomes the next version; a draft with no question cannot be published. */
export async function publish(ctx: Ctx, id: string) {
  requireUser(ctx);
  const { form, policy, placements } = await workableForm(ctx, id, 'form.update');
  const parsed = formDefinitionSchema.safeParse(form.draft);
  if (
    !parsed.success ||
    !parsed.data.fields.some(
      (field) => field.kind !== 'heading' && field.kind !== 'helpText' && field.kind !== 'pageBreak',
    )
  ) {
    throw new AppError('validation_failed', 'nothing to publish', [
      { path: 'body/draft', message: 'validation.formEmpty' },
    ]);
  }
  // Placeholder choices ("Optie 1", "Option 2") never reach visitors (issue 26).
  const placeholders = defaultLabelPaths(parsed.data);
  if (placeholders.length > 0) {
    throw new AppError(
      'validation_failed',
      'placeholder choice labels',
      placeholders.map(({ path, field, option }) => ({
        path: `body/draft/${path.replaceAll('.', '/')}`,
        message: path.endsWith('.en') ? 'validation.formDefaultLabelEn' : 'validation.formDefaultLabel',
        params: {
          number: option + 1,
          question: pickLocale(parsed.data.fields[field]?.label ?? { nl: '' }, ctx.locale),
        },
      })),
    );
  }
  checkListItemQuestions(form.settings, parsed.data);
  const published = await publishForm(ctx, form.id);
  return presentForm(ctx, published.form, policy, placements);
}

export async function getVersion(ctx: Ctx, id: string, version: number) {
  await workableForm(ctx, id, 'form.viewResults');
  const row = await findVersion(ctx.db, id, version);
  if (!row) throw new AppError('not_found', 'version not found');
  return { version: row.version, publishedAt: row.publishedAt.toISOString(), definition: row.definition };
}

/** A published version is never changed: the API answers every attempt with 409. */
export async function refuseVersionChange(ctx: Ctx, id: string, version: number): Promise<never> {
  requireUser(ctx);
  await workableForm(ctx, id, 'form.update');
  if (!(await findVersion(ctx.db, id, version))) throw new AppError('not_found', 'version not found');
  throw new AppError('version_published');
}

/** The form-survey cookie's value as stored (a hash: the cookie itself is never kept). */
export function browserTokenOf(cookie: string | undefined): string | null {
  if (!cookie || !/^[A-Za-z0-9_-]{16,64}$/.test(cookie)) return null;
  return createHash('sha256').update(cookie).digest('hex');
}

export const newBrowserCookie = () => randomBytes(18).toString('base64url');

/**
 * What a visitor gets of a form: its current version, whether it is open (SPEC 4, at this moment:
 * the open and close moments act on every node without a restart), and why they may not fill it in.
 * Null when the form does not exist or was never published.
 */
export async function getPublicForm(
  ctx: Pick<Ctx, 'db' | 'actor' | 'locale'>,
  id: string,
  input: { browserCookie?: string | undefined; now?: Date } = {},
): Promise<PublicFormView | null> {
  const found = await findForm(ctx.db, id);
  const current = found?.form.currentVersion ?? null;
  if (!found || current === null) return null;
  const { form } = found;
  const version = await findVersion(ctx.db, form.id, current);
  if (!version) return null;
  const barrier = await barrierOf(ctx, form, input.browserCookie);
  return presentPublicForm(form, version, {
    locale: ctx.locale,
    barrier,
    ...(input.now ? { now: input.now } : {}),
  });
}

/**
 * A form as edit mode and preview links show it (issue 26): the published version, or the draft of
 * a form never published, whatever the moment and whoever looks (no barrier: nothing can be sent
 * from these views). Null when the form does not exist or has nothing to show yet.
 */
export async function getFormPreview(
  ctx: Pick<Ctx, 'db' | 'locale'>,
  id: string,
): Promise<PublicFormView | null> {
  const found = await findForm(ctx.db, id);
  if (!found) return null;
  const { form } = found;
  const version =
    form.currentVersion === null ? null : await findVersion(ctx.db, form.id, form.currentVersion);
  if (version) return presentPublicForm(form, version, { locale: ctx.locale, barrier: null });
  const draft = formDefinitionSchema.safeParse(form.draft);
  if (!draft.success || draft.data.fields.length === 0) return null;
  return presentPublicForm(
    form,
    { formId: form.id, version: 0, definition: draft.data, publishedAt: form.updatedAt, publishedBy: null },
    { locale: ctx.locale, barrier: null },
  );
}

async function barrierOf(ctx: Pick<Ctx, 'db' | 'actor'>, form: FormRow, browserCookie: string | undefined) {
  const audience = audienceBarrier(ctx.actor, form.settings);
  if (audience) return audience;
  const { maxSubmissions, onePerPerson } = form.settings;
  if (maxSubmissions !== null && form.submissionCount >= maxSubmissions) return 'full' as const;
  if (onePerPerson) {
    const userId = ctx.actor.user?.id ?? null;
    const browserToken = userId ? null : browserTokenOf(browserCookie);
    if (await hasSubmitted(ctx.db, form.id, { userId, browserToken })) return 'alreadySubmitted' as const;
  }
  return null;
}

/** A proof-of-work challenge for a visitor about to fill a form in (anyone may ask; it costs them work). */
export function formChallenge(ctx: Ctx) {
  return newFormChallenge(ctx.db);
}

export type SubmitInput = {
  version: number;
  answers: RawAnswers;
  /** The honeypot: a field people never see; a bot that fills it in is told "thanks" and nothing is kept. */
  website?: string | undefined;
  browserCookie?: string | undefined;
  /** The proof-of-work answer (FORM_POST_FIELDS.proof), base64; anonymous visitors with JavaScript send one. */
  proof?: string | undefined;
  /** Files for the file questions, as received (multipart), by question key. */
  files?: SubmittedFiles | undefined;
};

export type SubmitResult =
  | { kind: 'stored'; guid: string }
  /** A bot filled in the honeypot: it gets an answer that looks like success, nothing is stored. */
  | { kind: 'ignored' };

/**
 * A visitor's submission: the form must be published, open (SPEC 4), for this visitor (audience),
 * not full and not answered before by them (limits), and every answer right by the rules of the
 * version they saw (one message per field, in the request's language).
 */
export async function submit(ctx: Ctx, id: string, input: SubmitInput): Promise<SubmitResult> {
  const found = await findForm(ctx.db, id);
  const current = found?.form.currentVersion ?? null;
  if (!found || current === null) throw new AppError('not_found', 'form not found');
  const { form } = found;
  if (ctx.user && !ctx.user.isActive) throw new AppError('account_inactive');
  const audience = audienceBarrier(ctx.actor, form.settings);
  if (audience === 'signIn') throw new AppError('unauthorized');
  if (audience) throw new AppError('forbidden', `not for this visitor: ${audience}`);
  if (!acceptsSubmissions(formAvailability(form.settings))) throw new AppError('form_closed');
  // A form no visitor can come across takes submissions only when its settings say so (issue 34).
  if (!form.settings.acceptsSubmissionsOffPage && !(await isOnPublishedPage(ctx.db, form.id))) {
    throw new AppError('form_not_on_page', 'the form is on no published page');
  }
  // The version the visitor saw, as long as it is a published one (a new one may have come since).
  if (input.version < 1 || input.version > current) {
    throw new AppError('validation_failed', 'unknown version', [
      { path: 'body/version', message: 'validation.formVersion' },
    ]);
  }
  const version = await findVersion(ctx.db, form.id, input.version);
  if (!version) throw new AppError('not_found', 'version not found');
  const files = await checkFiles(version.definition, input.answers, input.files, ctx.locale);
  const checked = checkAnswers(version.definition, files.raw);
  const { answers } = checked;
  const order = version.definition.fields.map((field) => field.key);
  const problems = [...checked.problems, ...files.problems].sort(
    (a, b) => order.indexOf(a.field) - order.indexOf(b.field),
  );
  if (problems.length > 0) {
    throw new AppError(
      'validation_failed',
      'answers do not fit the form',
      problems.map((problem) => ({
        path: `body/answers/${problem.field}`,
        message: problem.message.key,
        params: problem.message.params,
      })),
    );
  }
  if (input.website) {
    ctx.log.info({ form: form.id }, 'form submission caught by the honeypot');
    return { kind: 'ignored' };
  }
  // Signed-in people are known; anonymous ones prove some work, or get a smaller allowance.
  const proof = ctx.user ? null : await checkProof(ctx.db, input.proof);
  if (proof?.kind === 'invalid') throw new AppError('proof_failed', 'wrong or expired proof of work');
  const clientHash = createHash('sha256').update(`${form.id}:${ctx.client.ip}`).digest('hex');
  const since = new Date(Date.now() - FORM_PROOF.windowMinutes * 60_000);
  const [recent] = await ctx.db
    .select({
      all: sql<number>`count(*)::int`,
      // Anonymous ones without a proof (visitors without JavaScript, or bots that skip the work).
      unproved: sql<number>`(count(*) filter (where ${formSubmissions.proofNonce} is null and ${formSubmissions.userId} is null))::int`,
    })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.formId, form.id),
        eq(formSubmissions.clientHash, clientHash),
        gte(formSubmissions.createdAt, since),
      ),
    );
  const tooMany =
    (recent?.all ?? 0) >= FORM_PROOF.withProof ||
    (proof?.kind === 'missing' && (recent?.unproved ?? 0) >= FORM_PROOF.withoutProof);
  if (tooMany && !isAdmin(ctx.actor)) {
    throw new AppError('rate_limited', 'too many submissions from this address');
  }
  const userId = ctx.user?.id ?? null;
  // Only the files of questions shown (a hidden question's file is dropped like its answer).
  const stored =
    input.files && files.checked.length > 0
      ? await storeFiles(
          input.files.storage,
          files.checked.filter((entry) => Object.hasOwn(answers, entry.key)),
        )
      : [];
  // The list item's image, when the form maps one (a copy in the public media storage).
  const image = await publishItemImage(ctx, { form, files: input.files, stored });
  const listStep = listItemStep(ctx, { form, answers, image });
  const row = await createSubmission(
    ctx,
    {
      formId: form.id,
      version: version.version,
      answers,
      locale: ctx.locale,
      userId,
      browserToken: userId ? null : browserTokenOf(input.browserCookie),
      clientHash,
      proofNonce: proof?.kind === 'valid' ? proof.nonce : null,
      tally: tallyOf(version.definition, answers),
    },
    { maxSubmissions: form.settings.maxSubmissions, onePerPerson: form.settings.onePerPerson },
    async (tx, submission) => {
      await recordFiles(tx, submission, stored);
      // Instead of or besides Save: the submission also becomes an unpublished list item.
      await listStep?.(tx, submission);
    },
  ).catch(async (error: unknown) => {
    if (input.files) await unstoreFiles(input.files.storage, stored);
    throw error;
  });
  if (form.settings.actions.includes('Notify')) {
    // Mail is sent after the submission is safe; a mail that fails is logged, the submission stays.
    await notifySubmission(ctx, { form, definition: version.definition, submission: row }).catch((error) =>
      ctx.log.error({ err: error, form: form.id }, 'form notification failed'),
    );
  }
  return { kind: 'stored', guid: row.id };
}

/** Whose a submission is and the form it answers, for the rules. */
async function submissionWithForm(ctx: Ctx, submissionId: string) {
  const submission = await findSubmission(ctx.db, submissionId);
  if (!submission) throw new AppError('not_found', 'submission not found');
  const found = await formOrNotFound(ctx, submission.formId);
  const version = await findVersion(ctx.db, submission.formId, submission.version);
  if (!version) throw new AppError('not_found', 'submission not found');
  return { submission, ...found, definition: version.definition };
}

/**
 * A receipt (`submission/{submissionGuid}`): the submitter's (by session; an anonymous one by its
 * unguessable link) and those who read the form's results. Anyone else: not found.
 */
export async function getReceipt(ctx: Ctx, submissionId: string) {
  const { submission, form, policy, definition } = await submissionWithForm(ctx, submissionId);
  const resource = { userId: submission.userId, form: policy };
  if (submission.userId !== null) ensureVisible(ctx.actor, 'formSubmission.view', resource, 'submission');
  const isOwn = submission.userId === null || submission.userId === ctx.actor.user?.id;
  return presentSubmission(submission, {
    title: form.title,
    definition,
    locale: ctx.locale,
    canDelete: isOwn,
  });
}

/**
 * A file a submission sent: for those who may see its receipt (the submitter by session or by its
 * unguessable link, and those who read the form's results); anyone else: not found.
 */
export async function getSubmissionFile(ctx: Ctx, submissionId: string, fieldKey: string) {
  const { submission, policy } = await submissionWithForm(ctx, submissionId);
  const resource = { userId: submission.userId, form: policy };
  if (submission.userId !== null) ensureVisible(ctx.actor, 'formSubmission.view', resource, 'submission');
  const file = await findSubmissionFile(ctx.db, submission.id, fieldKey);
  if (!file) throw new AppError('not_found', 'file not found');
  return file;
}

/** The submitter deletes their own submission (from the receipt); admins use the table. */
export async function deleteOwnSubmission(ctx: Ctx, submissionId: string) {
  const { submission, policy } = await submissionWithForm(ctx, submissionId);
  const resource = { userId: submission.userId, form: policy };
  if (submission.userId !== null) {
    ensureVisible(ctx.actor, 'formSubmission.view', resource, 'submission');
    if (submission.userId !== ctx.actor.user?.id) authorize(ctx.actor, 'formSubmission.manage', resource);
  }
  await deleteSubmissions(ctx, submission.formId, [submission.id]);
}

export type SubmissionQuery = TableQuery<SubmissionSortKey> & {
  version?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  handled?: boolean | undefined;
};

/** Midnight in Europe/Amsterdam at the start of a calendar day (`to`: of the day after). */
export function amsterdamDayStart(day: string, after = false): Date {
  const base = new Date(`${day}T12:00:00Z`);
  if (after) base.setUTCDate(base.getUTCDate() + 1);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(base);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 12);
  // Noon UTC reads as 13:00 or 14:00 in Amsterdam: midnight is that offset before UTC midnight.
  const offsetHours = hour - 12;
  const midnight = new Date(`${base.toISOString().slice(0, 10)}T00:00:00Z`);
  return new Date(midnight.getTime() - offsetHours * 3_600_000);
}

export async function listSubmissions(ctx: Ctx, id: string, query: SubmissionQuery) {
  const { form } = await workableForm(ctx, id, 'form.viewResults');
  const { rows, total } = await findSubmissions(ctx.db, {
    ...query,
    formId: form.id,
    from: query.from ? amsterdamDayStart(query.from) : undefined,
    to: query.to ? amsterdamDayStart(query.to, true) : undefined,
  });
  const definitions = new Map(
    (await findVersions(ctx.db, form.id)).map((row) => [row.version, row.definition]),
  );
  return {
    items: rows.map((row) => presentSubmissionRow(row, definitions.get(row.version), ctx.locale)),
    total,
  };
}

export async function getSubmission(ctx: Ctx, id: string, submissionId: string) {
  const found = await submissionWithForm(ctx, submissionId);
  if (found.form.id !== id) throw new AppError('not_found', 'submission not found');
  ensureVisible(ctx.actor, 'form.viewResults', found.policy, 'form');
  return {
    ...presentSubmission(found.submission, {
      title: found.form.title,
      definition: found.definition,
      locale: ctx.locale,
      canDelete: true,
    }),
    listItem: await submissionListItem(ctx.db, found.submission, ctx.locale),
  };
}

export async function handleSubmissions(ctx: Ctx, id: string, input: { guids: string[]; handled: boolean }) {
  requireUser(ctx);
  await workableForm(ctx, id, 'form.viewResults');
  const owned = await ownSubmissionIds(ctx, id, input.guids);
  return { count: owned.length === 0 ? 0 : await markHandled(ctx, owned, input.handled) };
}

export async function removeSubmissions(ctx: Ctx, id: string, guids: string[]) {
  requireUser(ctx);
  await workableForm(ctx, id, 'form.viewResults');
  const owned = await ownSubmissionIds(ctx, id, guids);
  return { count: owned.length === 0 ? 0 : await deleteSubmissions(ctx, id, owned) };
}

/** The ids among these that are submissions of this form (others are ignored, never touched). */
async function ownSubmissionIds(ctx: Ctx, formId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), inArray(formSubmissions.id, ids)));
  return rows.map((row) => row.id);
}
