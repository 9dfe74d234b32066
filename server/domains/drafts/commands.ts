import { and, eq, isNull, lte } from 'drizzle-orm';
import { type DraftBlock, describeChanges, type PageDocument } from '../../../common/page-drafts.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  type PageDraftRow,
  type PageRevisionRow,
  type PageRow,
  type PageScheduleRow,
  type PreviewLinkRow,
  pageDrafts,
  pageRevisions,
  pageSchedules,
  pages,
  previewLinks,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { type CommandAction, contentScope, runCommand } from '../write.ts';
import { checkDocument, findingsOf, publishedDocument, writeDocument } from './document.ts';
import { findDraft, findRevision, latestRevisionNumber } from './queries.ts';

/**
 * Writes of drafts, revisions and schedules. A draft save names the version it started from
 * (0: no draft yet, then also the revision it saw): when another save or a publish came first, it
 * is refused with draft_stale and nothing is overwritten.
 */

type WriteCtx = { db: Executor; actor: Actor };

const stale = () => new AppError('draft_stale', 'the draft changed since this version');

export type DraftBase = { version: number; revision: number | null };

/** Publishing a document the accessibility check finds problems in needs the editor's confirmation. */
async function ensureAccessibleOrAccepted(
  tx: Executor,
  document: PageDocument,
  accepted: boolean,
): Promise<void> {
  if (accepted) return;
  const findings = await findingsOf(tx, document);
  if (findings.length > 0) {
    throw new AppError('accessibility_findings', `the draft has ${findings.length} accessibility finding(s)`);
  }
}

/** Refuses a base that is not the draft's (or, without a draft, the page's latest revision). */
async function ensureCurrent(
  tx: Executor,
  page: PageRow,
  base: DraftBase,
): Promise<PageDraftRow | undefined> {
  const draft = await findDraft(tx, page.id);
  if ((draft?.version ?? 0) !== base.version) throw stale();
  if (!draft && (await latestRevisionNumber(tx, page.id)) !== base.revision) throw stale();
  return draft;
}

export async function saveDraft(
  ctx: WriteCtx,
  page: PageRow,
  input: { base: DraftBase; document: PageDocument; restoredFrom?: number | undefined },
): Promise<PageDraftRow> {
  const action: CommandAction = input.restoredFrom === undefined ? 'page.saveDraft' : 'page.restoreRevision';
  return runCommand(
    ctx,
    {
      action,
      scope: 'private',
      target: page.id,
      data: (row) => ({
        version: row.version,
        ...(input.restoredFrom === undefined ? {} : { revision: input.restoredFrom }),
      }),
    },
    async (tx) => {
      const draft = await ensureCurrent(tx, page, input.base);
      const document = await checkDocument(tx, {
        actor: ctx.actor,
        page,
        document: input.document,
        checked: draft?.document,
      });
      return writeDraft(tx, { page, draft, document, basedOn: input.base.revision, actor: ctx.actor });
    },
  );
}

/**
 * Autosave of one block's content (issue 26): the draft (or, without one, the published page as its
 * start) with that block's content replaced; only that block is checked again. The same version
 * rule as a whole save: a stale base is refused (draft_stale) and nothing is overwritten.
 */
export async function saveDraftBlockContent(
  ctx: WriteCtx,
  page: PageRow,
  input: { base: DraftBase; blockGuid: string; content: unknown },
): Promise<PageDraftRow> {
  return runCommand(
    ctx,
    {
      action: 'page.saveDraft',
      scope: 'private',
      target: page.id,
      data: (row) => ({ version: row.version, block: input.blockGuid }),
    },
    async (tx) => {
      const draft = await ensureCurrent(tx, page, input.base);
      const start = draft?.document ?? (await publishedDocument(tx, page));
      if (!start.blocks.some((block) => block.guid === input.blockGuid)) {
        throw new AppError('not_found', 'the block is not in the draft');
      }
      const changed: PageDocument = {
        ...start,
        blocks: start.blocks.map((block) =>
          block.guid === input.blockGuid
            ? { ...block, content: input.content as DraftBlock['content'] }
            : block,
        ),
      };
      const document = await checkDocument(tx, { actor: ctx.actor, page, document: changed, checked: start });
      return writeDraft(tx, { page, draft, document, basedOn: input.base.revision, actor: ctx.actor });
    },
  );
}

/** Stores the next version of a draft (or its first); throws draft_stale when another save came first. */
async function writeDraft(
  tx: Executor,
  input: {
    page: PageRow;
    draft: PageDraftRow | undefined;
    document: PageDocument;
    basedOn: number | null;
    actor: Actor;
  },
): Promise<PageDraftRow> {
  const { page, draft, document } = input;
  const now = new Date();
  const updatedBy = input.actor.user?.id ?? null;
  const [row] = draft
    ? await tx
        .update(pageDrafts)
        .set({ version: draft.version + 1, document, updatedBy, updatedAt: now })
        .where(and(eq(pageDrafts.pageId, page.id), eq(pageDrafts.version, draft.version)))
        .returning()
    : await tx
        .insert(pageDrafts)
        .values({ pageId: page.id, version: 1, document, basedOn: input.basedOn, updatedBy, updatedAt: now })
        .onConflictDoNothing()
        .returning();
  // Another save between the check and this write (on another connection): it came first.
  if (!row) throw stale();
  return row;
}

export async function discardDraft(ctx: WriteCtx, page: PageRow, base: DraftBase): Promise<void> {
  await runCommand(
    ctx,
    { action: 'page.discardDraft', scope: 'private', target: page.id, data: { version: base.version } },
    async (tx) => {
      await ensureCurrent(tx, page, base);
      await tx.delete(pageDrafts).where(eq(pageDrafts.pageId, page.id));
    },
  );
}

/**
 * Publishes the draft (or, without one, the page as it is): writes it to the page visitors see,
 * keeps it as the next revision with what changed since the last one, and ends the draft and any
 * scheduled publish it supersedes.
 */
export async function publishDraft(
  ctx: WriteCtx,
  page: PageRow,
  base: DraftBase,
  options: { acceptFindings: boolean },
): Promise<PageRevisionRow> {
  return runCommand(
    ctx,
    {
      action: 'page.publish',
      scope: 'public',
      target: page.id,
      data: (revision) => ({ revision: revision.number, version: base.version }),
    },
    async (tx) => {
      const draft = await ensureCurrent(tx, page, base);
      const published = draft?.document ?? (await publishedDocument(tx, page));
      const document = await checkDocument(tx, { actor: ctx.actor, page, document: published });
      await ensureAccessibleOrAccepted(tx, document, options.acceptFindings);
      return publishDocument(tx, {
        actor: ctx.actor,
        page,
        document,
        source: 'manual',
        draftVersion: draft?.version ?? null,
      });
    },
  );
}

/** The publish itself, inside a command's transaction (by hand, or a schedule's). */
async function publishDocument(
  tx: Transaction,
  input: {
    actor: Actor;
    page: PageRow;
    document: PageDocument;
    source: 'manual' | 'schedule';
    /** The draft this publishes, which ends with it (a later version of it stays: edits since a schedule). */
    draftVersion: number | null;
    publishedBy?: string | null;
  },
): Promise<PageRevisionRow> {
  const { page } = input;
  const latest = await latestRevisionNumber(tx, page.id);
  const previous =
    latest === null
      ? page.isPublished
        ? await publishedDocument(tx, page)
        : null
      : ((await findRevision(tx, page.id, latest))?.document ?? null);
  await writeDocument(tx, { actor: input.actor, page, document: input.document, isPublished: true });
  const [revision] = await tx
    .insert(pageRevisions)
    .values({
      pageId: page.id,
      number: (latest ?? 0) + 1,
      document: input.document,
      changes: describeChanges(previous, input.document),
      publishedBy: input.publishedBy === undefined ? (input.actor.user?.id ?? null) : input.publishedBy,
      source: input.source,
    })
    .returning();
  if (!revision) throw new AppError('internal_error', 'revision not kept');
  if (input.draftVersion !== null) {
    await tx
      .delete(pageDrafts)
      .where(and(eq(pageDrafts.pageId, page.id), eq(pageDrafts.version, input.draftVersion)));
  }
  await finishPending(tx, page.id, 'publish', 'superseded');
  return revision;
}

export async function unpublishPage(ctx: WriteCtx, page: PageRow): Promise<PageRow> {
  return runCommand(
    ctx,
    { action: 'page.unpublish', scope: contentScope(page.isPublished), target: page.id },
    async (tx) => {
      const [row] = await tx
        .update(pages)
        .set({ isPublished: false, updatedAt: new Date(), updatedBy: ctx.actor.user?.id ?? null })
        .where(eq(pages.id, page.id))
        .returning();
      await finishPending(tx, page.id, 'unpublish', 'superseded');
      return row ?? page;
    },
  );
}

async function finishPending(
  tx: Executor,
  pageId: string,
  action: 'publish' | 'unpublish',
  outcome: string,
): Promise<void> {
  await tx
    .update(pageSchedules)
    .set({ finishedAt: new Date(), outcome })
    .where(
      and(
        eq(pageSchedules.pageId, pageId),
        eq(pageSchedules.action, action),
        isNull(pageSchedules.finishedAt),
      ),
    );
}

/**
 * A publish (of the draft at `base`, as it is now) or an unpublish at `at`; it replaces a pending
 * one of the same kind.
 */
export async function schedule(
  ctx: WriteCtx,
  page: PageRow,
  input: { action: 'publish' | 'unpublish'; at: Date; base: DraftBase; acceptFindings: boolean },
): Promise<PageScheduleRow> {
  return runCommand(
    ctx,
    {
      action: 'page.schedule',
      scope: 'private',
      target: page.id,
      data: { action: input.action, at: input.at.toISOString() },
    },
    async (tx) => {
      let document: PageDocument | null = null;
      let draftVersion: number | null = null;
      if (input.action === 'publish') {
        const draft = await ensureCurrent(tx, page, input.base);
        const current = draft?.document ?? (await publishedDocument(tx, page));
        document = await checkDocument(tx, { actor: ctx.actor, page, document: current });
        await ensureAccessibleOrAccepted(tx, document, input.acceptFindings);
        draftVersion = draft?.version ?? 0;
      }
      await finishPending(tx, page.id, input.action, 'replaced');
      const [row] = await tx
        .insert(pageSchedules)
        .values({
          pageId: page.id,
          action: input.action,
          runAt: input.at,
          document,
          draftVersion,
          createdBy: ctx.actor.user?.id ?? null,
        })
        .returning();
      if (!row) throw new AppError('internal_error', 'schedule not kept');
      return row;
    },
  );
}

export async function cancelSchedule(ctx: WriteCtx, page: PageRow, id: string): Promise<void> {
  await runCommand(
    ctx,
    { action: 'page.cancelSchedule', scope: 'private', target: page.id, data: { schedule: id } },
    async (tx) => {
      const [row] = await tx
        .update(pageSchedules)
        .set({ finishedAt: new Date(), outcome: 'cancelled' })
        .where(
          and(eq(pageSchedules.id, id), eq(pageSchedules.pageId, page.id), isNull(pageSchedules.finishedAt)),
        )
        .returning({ id: pageSchedules.id });
      if (!row) throw new AppError('not_found', 'schedule not found');
    },
  );
}

/**
 * Keeps a new preview link of the page (issue 34: so it can be listed and revoked); the links of the
 * page that have expired go with it.
 */
export async function createPreviewLink(
  ctx: WriteCtx,
  page: PageRow,
  hours: number,
): Promise<PreviewLinkRow> {
  // One clock reading for both ends, so a link lasts exactly the hours chosen.
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + hours * 3_600_000);
  return runCommand(
    ctx,
    {
      action: 'page.createPreviewLink',
      scope: 'private',
      target: page.id,
      data: (row: PreviewLinkRow) => ({ link: row.id, expiresAt: row.expiresAt.toISOString() }),
    },
    async (tx) => {
      await tx
        .delete(previewLinks)
        .where(and(eq(previewLinks.pageId, page.id), lte(previewLinks.expiresAt, createdAt)));
      const [row] = await tx
        .insert(previewLinks)
        .values({ pageId: page.id, createdAt, expiresAt, createdBy: ctx.actor.user?.id ?? null })
        .returning();
      return row!;
    },
  );
}

/** Revokes a preview link of the page: from now on it shows the published page, as an expired one. */
export async function revokePreviewLink(ctx: WriteCtx, page: PageRow, id: string): Promise<void> {
  await runCommand(
    ctx,
    { action: 'page.revokePreviewLink', scope: 'private', target: page.id, data: { link: id } },
    async (tx) => {
      const [row] = await tx
        .delete(previewLinks)
        .where(and(eq(previewLinks.id, id), eq(previewLinks.pageId, page.id)))
        .returning({ id: previewLinks.id });
      if (!row) throw new AppError('not_found', 'preview link not found');
    },
  );
}

/**
 * A schedule the publishing job could not carry out is marked failed (not tried forever), as a
 * command of the system actor (issue 28): one audit event naming the page, unless another node
 * finished the schedule first.
 */
export async function markScheduleFailed(db: Executor, row: PageScheduleRow, node: string): Promise<boolean> {
  const actor: Actor = { user: null };
  return runCommand(
    { db, actor },
    {
      action: 'page.scheduleFailed',
      scope: 'private',
      target: (marked) => (marked ? row.pageId : []),
      data: { schedule: row.id, action: row.action, runAt: row.runAt.toISOString() },
    },
    async (tx) => {
      const marked = await tx
        .update(pageSchedules)
        .set({ finishedAt: new Date(), claimedBy: node, outcome: 'failed' })
        .where(and(eq(pageSchedules.id, row.id), isNull(pageSchedules.finishedAt)))
        .returning({ id: pageSchedules.id });
      return marked.length > 0;
    },
  );
}

/**
 * Carries out one due schedule, if this node claims it: the claim (finished_at set where it was
 * null) and the publish or unpublish are one transaction, so exactly one node does it, and a node
 * that stops half-way leaves it for the next check. Returns what happened, or null when another
 * node had it.
 */
export async function runSchedule(
  db: Executor,
  row: PageScheduleRow,
  node: string,
): Promise<'published' | 'unpublished' | null> {
  const actor: Actor = { user: null };
  return runCommand(
    { db, actor },
    {
      action: row.action === 'publish' ? 'page.publish' : 'page.unpublish',
      scope: 'public',
      target: (outcome) => (outcome === null ? [] : row.pageId),
      actorId: row.createdBy,
      data: { schedule: row.id, runAt: row.runAt.toISOString() },
    },
    async (tx) => {
      const outcome = row.action === 'publish' ? 'published' : 'unpublished';
      const [claimed] = await tx
        .update(pageSchedules)
        .set({ finishedAt: new Date(), claimedBy: node, outcome })
        .where(and(eq(pageSchedules.id, row.id), isNull(pageSchedules.finishedAt)))
        .returning({ id: pageSchedules.id });
      if (!claimed) return null;
      const [page] = await tx.select().from(pages).where(eq(pages.id, row.pageId)).limit(1);
      if (!page) return null;
      if (row.action === 'unpublish') {
        await tx
          .update(pages)
          .set({ isPublished: false, updatedAt: new Date() })
          .where(eq(pages.id, page.id));
        return outcome;
      }
      const document = row.document ?? (await publishedDocument(tx, page));
      await publishDocument(tx, {
        actor,
        page,
        document,
        source: 'schedule',
        draftVersion: row.draftVersion || null,
        publishedBy: row.createdBy,
      });
      return outcome;
    },
  );
}
