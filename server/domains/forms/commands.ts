import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Answers, FormDefinition } from '../../../common/forms/index.ts';
import type { FormSettings } from '../../../common/forms/settings.ts';
import type { Executor } from '../../db/client.ts';
import {
  type FormRow,
  type FormSubmissionRow,
  formSubmissions,
  forms,
  formVersions,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { trashForm } from '../trash/commands.ts';
import { runCommand } from '../write.ts';

type Writer = { db: Executor; actor: Actor };

export async function createForm(
  ctx: Writer,
  input: { title: string; settings: FormSettings; draft: FormDefinition },
): Promise<FormRow> {
  return runCommand(
    ctx,
    { action: 'form.create', scope: 'private', target: (row) => row.id, data: { title: input.title } },
    async (tx) => {
      const [row] = await tx
        .insert(forms)
        .values({ ...input, createdBy: ctx.actor.user?.id ?? null })
        .returning();
      if (!row) throw new AppError('internal_error', 'form not created');
      return row;
    },
  );
}

/** A copy with the original's draft (or, never edited since, its latest version) and settings, never published. */
export async function duplicateForm(ctx: Writer, original: FormRow, title: string): Promise<FormRow> {
  return runCommand(
    ctx,
    {
      action: 'form.duplicate',
      scope: 'private',
      target: (row) => row.id,
      data: { originalGuid: original.id, title },
    },
    async (tx) => {
      const [row] = await tx
        .insert(forms)
        .values({
          title,
          settings: original.settings,
          draft: original.draft,
          createdBy: ctx.actor.user?.id ?? null,
        })
        .returning();
      if (!row) throw new AppError('internal_error', 'form not duplicated');
      return row;
    },
  );
}

export async function updateForm(
  ctx: Writer,
  id: string,
  input: {
    title?: string | undefined;
    settings?: FormSettings | undefined;
    draft?: FormDefinition | undefined;
  },
): Promise<FormRow> {
  return runCommand(
    ctx,
    { action: 'form.update', scope: 'private', target: id, data: { changed: Object.keys(input) } },
    async (tx) => {
      const [row] = await tx
        .update(forms)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(forms.id, id))
        .returning();
      if (!row) throw new AppError('not_found', 'form not found');
      return row;
    },
  );
}

/**
 * The draft becomes the next version. Under the form's row lock, so two publishes never take the
 * same number; the version row never changes afterwards.
 */
export async function publishForm(ctx: Writer, id: string): Promise<{ form: FormRow; version: number }> {
  return runCommand(
    ctx,
    {
      action: 'form.publish',
      scope: 'private',
      target: id,
      data: (result) => ({ version: result.version }),
    },
    async (tx) => {
      const [locked] = await tx.select().from(forms).where(eq(forms.id, id)).for('update');
      if (!locked) throw new AppError('not_found', 'form not found');
      const version = (locked.currentVersion ?? 0) + 1;
      await tx.insert(formVersions).values({
        formId: id,
        version,
        definition: locked.draft,
        publishedBy: ctx.actor.user?.id ?? null,
      });
      const [form] = await tx
        .update(forms)
        .set({ currentVersion: version, updatedAt: new Date() })
        .where(eq(forms.id, id))
        .returning();
      if (!form) throw new AppError('not_found', 'form not found');
      return { form, version };
    },
  );
}

export async function deleteForm(ctx: Writer, id: string): Promise<void> {
  await runCommand(ctx, { action: 'form.delete', scope: 'private', target: id }, async (tx) => {
    // To the trash first (issue 26); submissions go with their versions (foreign keys cascade).
    await trashForm(tx, ctx.actor, id);
    const [row] = await tx.delete(forms).where(eq(forms.id, id)).returning({ id: forms.id });
    if (!row) throw new AppError('not_found', 'form not found');
  });
}

export type NewSubmission = {
  formId: string;
  version: number;
  answers: Answers;
  locale: 'nl' | 'en';
  userId: string | null;
  browserToken: string | null;
  clientHash: string | null;
  /** The nonce of the proof-of-work answer that came with it (anonymous submissions with JavaScript). */
  proofNonce?: string | null;
  /** What it adds to the dashboard counts (tallyOf). */
  tally: string[];
};

/**
 * Stores a submission. Submissions to one form are taken one at a time (the form's row lock), so
 * the maximum and one-per-person hold under any number of concurrent submitters and nodes.
 */
export async function createSubmission(
  ctx: Writer,
  input: NewSubmission,
  limits: { maxSubmissions: number | null; onePerPerson: boolean },
  after?: (tx: Executor, row: FormSubmissionRow) => Promise<void>,
): Promise<FormSubmissionRow> {
  return runCommand(
    ctx,
    {
      action: 'formSubmission.create',
      scope: 'private',
      target: (row) => row.id,
      data: { formGuid: input.formId, version: input.version },
      actorId: input.userId,
    },
    async (tx) => {
      const [form] = await tx
        .select({ count: forms.submissionCount })
        .from(forms)
        .where(eq(forms.id, input.formId))
        .for('update');
      if (!form) throw new AppError('not_found', 'form not found');
      if (limits.maxSubmissions !== null && form.count >= limits.maxSubmissions)
        throw new AppError('form_full');
      if (limits.onePerPerson && (input.userId || input.browserToken)) {
        const [earlier] = await tx
          .select({ id: formSubmissions.id })
          .from(formSubmissions)
          .where(
            and(
              eq(formSubmissions.formId, input.formId),
              input.userId
                ? eq(formSubmissions.userId, input.userId)
                : eq(formSubmissions.browserToken, input.browserToken ?? ''),
            ),
          )
          .limit(1);
        if (earlier) throw new AppError('already_submitted');
      }
      if (input.proofNonce) {
        // A proof counts once (the unique index stops a replay racing in on another form).
        const [used] = await tx
          .select({ id: formSubmissions.id })
          .from(formSubmissions)
          .where(eq(formSubmissions.proofNonce, input.proofNonce))
          .limit(1);
        if (used) throw new AppError('proof_failed', 'proof of work used before');
      }
      const [row] = await tx.insert(formSubmissions).values(input).returning();
      if (!row) throw new AppError('internal_error', 'submission not stored');
      await tx
        .update(forms)
        .set({ submissionCount: sql`${forms.submissionCount} + 1`, lastSubmissionAt: row.createdAt })
        .where(eq(forms.id, input.formId));
      await after?.(tx, row);
      return row;
    },
  );
}

export async function markHandled(ctx: Writer, ids: readonly string[], handled: boolean): Promise<number> {
  return runCommand(
    ctx,
    { action: 'formSubmission.handle', scope: 'private', target: ids, data: { handled } },
    async (tx) => {
      const rows = await tx
        .update(formSubmissions)
        .set(
          handled
            ? { handledAt: new Date(), handledBy: ctx.actor.user?.id ?? null }
            : { handledAt: null, handledBy: null },
        )
        .where(inArray(formSubmissions.id, [...ids]))
        .returning({ id: formSubmissions.id });
      return rows.length;
    },
  );
}

/** Keeps a form's count in step after submissions went. */
async function recount(tx: Executor, formIds: Iterable<string>) {
  for (const formId of new Set(formIds)) {
    await tx
      .update(forms)
      .set({
        submissionCount: sql`(select count(*)::int from ${formSubmissions} where ${formSubmissions.formId} = ${formId})`,
        lastSubmissionAt: sql`(select max(${formSubmissions.createdAt}) from ${formSubmissions} where ${formSubmissions.formId} = ${formId})`,
      })
      .where(eq(forms.id, formId));
  }
}

export async function deleteSubmissions(
  ctx: Writer,
  formId: string,
  ids: readonly string[],
): Promise<number> {
  return runCommand(ctx, { action: 'formSubmission.delete', scope: 'private', target: ids }, async (tx) => {
    await tx.select({ id: forms.id }).from(forms).where(eq(forms.id, formId)).for('update');
    const rows = await tx
      .delete(formSubmissions)
      .where(and(eq(formSubmissions.formId, formId), inArray(formSubmissions.id, [...ids])))
      .returning({ id: formSubmissions.id });
    await recount(tx, [formId]);
    return rows.length;
  });
}

/** Deletes one form's submissions older than `before` (the retention job); the number deleted. */
/**
 * The retention job (issue 28: audited as the system actor) forgets the per-address hashes of the
 * submission limit on submissions made before `before`; one audit event when any went.
 */
export async function forgetSubmissionAddresses(ctx: Writer, before: Date): Promise<number> {
  return runCommand(
    ctx,
    {
      action: 'formSubmission.forgetAddresses',
      scope: 'private',
      target: (count) => (count > 0 ? null : []),
      data: (count) => ({ before: before.toISOString(), count }),
    },
    async (tx) => {
      const rows = await tx
        .update(formSubmissions)
        .set({ clientHash: null })
        .where(and(isNotNull(formSubmissions.clientHash), lt(formSubmissions.createdAt, before)))
        .returning({ id: formSubmissions.id });
      return rows.length;
    },
  );
}

export async function expireSubmissions(ctx: Writer, formId: string, before: Date): Promise<number> {
  return runCommand(
    ctx,
    {
      action: 'formSubmission.expire',
      scope: 'private',
      target: null,
      data: (count) => ({ formGuid: formId, before: before.toISOString(), count }),
    },
    async (tx) => {
      await tx.select({ id: forms.id }).from(forms).where(eq(forms.id, formId)).for('update');
      const rows = await tx
        .delete(formSubmissions)
        .where(and(eq(formSubmissions.formId, formId), lt(formSubmissions.createdAt, before)))
        .returning({ id: formSubmissions.id });
      if (rows.length > 0) await recount(tx, [formId]);
      return rows.length;
    },
  );
}
