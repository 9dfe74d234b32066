import { randomUUID } from 'node:crypto';
import {
  type DraftBlock,
  describeChanges,
  MAX_SCHEDULE_AHEAD_MS,
  type PageChange,
  type PageDocument,
} from '../../../common/page-drafts.ts';
import type { PageRow, PreviewLinkRow } from '../../db/schema.ts';
import { serverSecret } from '../../db/server-secrets.ts';
import { AppError } from '../../errors.ts';
import { editablePage } from '../blocks/index.ts';
import { findBlockWithPage } from '../blocks/queries.ts';
import type { Ctx } from '../context.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { copyBlockImage } from '../media/commands.ts';
import { findMediaRows } from '../media/queries.ts';
import { checkPageOptions } from '../pages/index.ts';
import * as commands from './commands.ts';
import { findingsOf, publishedDocument } from './document.ts';
import { PREVIEW_HOURS, previewToken } from './preview.ts';
import {
  activePreviewLinks,
  findDraft,
  findDraftWithBlock,
  findRevision,
  latestRevisionNumber,
  listRevisions,
  pendingSchedules,
  userNames,
} from './queries.ts';
import {
  presentDraft,
  presentDraftVersion,
  presentPreviewLink,
  presentRevision,
  presentRevisionSummary,
  presentSchedule,
} from './view.ts';

/**
 * Drafts, revisions and scheduled publishing of pages and templates (issue 13): who may edit a
 * page's blocks may work on its draft, publish it, restore a revision and schedule. Visitors never
 * see any of it: they read the published page.
 */

export type DraftBase = commands.DraftBase;

/** The draft of a page, or (version 0) the published page as the document to start one from. */
export async function getDraft(ctx: Ctx, pageId: string) {
  const page = await editablePage(ctx, pageId);
  return presentCurrentDraft(ctx, page);
}

async function presentCurrentDraft(ctx: Ctx, page: PageRow) {
  const draft = await findDraft(ctx.db, page.id);
  const revision = await latestRevisionNumber(ctx.db, page.id);
  const schedules = await pendingSchedules(ctx.db, page.id);
  const document = draft?.document ?? (await publishedDocument(ctx.db, page));
  const names = await userNames(ctx.db, [
    draft?.updatedBy ?? page.updatedBy,
    ...schedules.map((row) => row.createdBy),
  ]);
  const findings = await findingsOf(ctx.db, document);
  const publishedChanges = draft ? await changesOutside(ctx, page, draft.basedOn) : [];
  return presentDraft({ page, draft, document, revision, schedules, names, findings, publishedChanges });
}

/**
 * What changed in the published page since the revision a draft started from, outside the draft
 * (the block calls of SPEC 7 and the page's settings write the published page at once): publishing
 * the draft would undo it, so the editor is told first. Nothing for a draft of a page published
 * before revisions existed.
 */
async function changesOutside(ctx: Ctx, page: PageRow, basedOn: number | null): Promise<PageChange[]> {
  if (basedOn === null) return [];
  const basis = await findRevision(ctx.db, page.id, basedOn);
  if (!basis) return [];
  return describeChanges(basis.document, await publishedDocument(ctx.db, page));
}

export async function saveDraft(
  ctx: Ctx,
  pageId: string,
  input: { base: DraftBase; document: PageDocument },
) {
  const page = await editablePage(ctx, pageId);
  // What the options name (templates, the social image) must exist, as for the page's own settings.
  await checkPageOptions(ctx, input.document.options, 'document.options');
  await commands.saveDraft(ctx, page, input);
  return presentCurrentDraft(ctx, page);
}

/**
 * Autosave of one block's content (issue 26): answers only what the next save needs (the new
 * version), not the whole draft, so that a save while typing stays cheap on a page of many blocks.
 */
export async function saveDraftBlockContent(
  ctx: Ctx,
  pageId: string,
  blockGuid: string,
  input: { base: DraftBase; content: unknown },
) {
  const page = await editablePage(ctx, pageId);
  const row = await commands.saveDraftBlockContent(ctx, page, { ...input, blockGuid });
  return presentDraftVersion(row);
}

export async function discardDraft(ctx: Ctx, pageId: string, base: DraftBase) {
  const page = await editablePage(ctx, pageId);
  await commands.discardDraft(ctx, page, base);
  return presentCurrentDraft(ctx, page);
}

/** Publishes the draft: the page visitors see becomes it, and it is kept as the next revision. */
export async function publishDraft(
  ctx: Ctx,
  pageId: string,
  base: DraftBase,
  options: { acceptFindings: boolean },
) {
  const page = await editablePage(ctx, pageId);
  const revision = await commands.publishDraft(ctx, page, base, options);
  return presentRevisionSummary(revision, await userNames(ctx.db, [revision.publishedBy]));
}

export async function unpublishPage(ctx: Ctx, pageId: string) {
  const page = await editablePage(ctx, pageId);
  await commands.unpublishPage(ctx, page);
  return presentCurrentDraft(ctx, { ...page, isPublished: false });
}

const REVISIONS_SHOWN = 200;

export async function listPageRevisions(ctx: Ctx, pageId: string) {
  const page = await editablePage(ctx, pageId);
  const rows = await listRevisions(ctx.db, page.id, REVISIONS_SHOWN);
  const names = await userNames(
    ctx.db,
    rows.map((row) => row.publishedBy),
  );
  return rows.map((row) => presentRevisionSummary(row, names));
}

export async function getPageRevision(ctx: Ctx, pageId: string, number: number) {
  const page = await editablePage(ctx, pageId);
  const row = await findRevision(ctx.db, page.id, number);
  if (!row) throw new AppError('not_found', 'revision not found');
  return presentRevision(row, await userNames(ctx.db, [row.publishedBy]));
}

/** A revision's document becomes the draft (a new version of it); publishing it is a next step. */
export async function restorePageRevision(ctx: Ctx, pageId: string, number: number, base: DraftBase) {
  const page = await editablePage(ctx, pageId);
  const row = await findRevision(ctx.db, page.id, number);
  if (!row) throw new AppError('not_found', 'revision not found');
  await commands.saveDraft(ctx, page, { base, document: row.document, restoredFrom: number });
  return presentCurrentDraft(ctx, page);
}

export async function schedulePage(
  ctx: Ctx,
  pageId: string,
  input: { action: 'publish' | 'unpublish'; at: string; base: DraftBase; acceptFindings: boolean },
) {
  const page = await editablePage(ctx, pageId);
  const at = new Date(input.at);
  const now = Date.now();
  if (!(at.getTime() > now && at.getTime() <= now + MAX_SCHEDULE_AHEAD_MS)) {
    throw new AppError('validation_failed', 'the moment is not between now and a year from now', [
      { path: 'at', message: 'validation.scheduleMoment' },
    ]);
  }
  const row = await commands.schedule(ctx, page, {
    action: input.action,
    at,
    base: input.base,
    acceptFindings: input.acceptFindings,
  });
  return presentSchedule(row, await userNames(ctx.db, [row.createdBy]));
}

export async function cancelPageSchedule(ctx: Ctx, pageId: string, scheduleId: string) {
  const page = await editablePage(ctx, pageId);
  await commands.cancelSchedule(ctx, page, scheduleId);
}

/**
 * A link that shows the page's draft (as it is when opened) to anyone who has it, until it
 * expires or is revoked: for a colleague or a client to look at before publishing. It is kept, so the
 * share dialog lists it (issue 34).
 */
export async function createPreviewLink(ctx: Ctx, pageId: string, hours: number = PREVIEW_HOURS.standard) {
  const page = await editablePage(ctx, pageId);
  const path = await previewPath(ctx, page);
  const row = await commands.createPreviewLink(ctx, page, hours);
  const secret = await serverSecret(ctx.db, 'previewLink');
  return presentPreviewLink(row, previewUrl(secret, path, row), await userNames(ctx.db, [row.createdBy]));
}

/** The page's preview links that still work, newest first, with who made them. */
export async function listPreviewLinks(ctx: Ctx, pageId: string) {
  const page = await editablePage(ctx, pageId);
  const path = await previewPath(ctx, page);
  const rows = await activePreviewLinks(ctx.db, page.id);
  const secret = await serverSecret(ctx.db, 'previewLink');
  const names = await userNames(
    ctx.db,
    rows.map((row) => row.createdBy),
  );
  return rows.map((row) => presentPreviewLink(row, previewUrl(secret, path, row), names));
}

/**
 * Revokes a preview link before it expires: whoever opens it from now on sees the published page, as
 * with an expired link. Who may make links for the page may revoke any of them.
 */
export async function revokePreviewLink(ctx: Ctx, pageId: string, linkId: string) {
  const page = await editablePage(ctx, pageId);
  await commands.revokePreviewLink(ctx, page, linkId);
}

/** Where the page is previewed: its place in the menu (hidden or not). */
async function previewPath(ctx: Ctx, page: PageRow): Promise<string> {
  const path = page.kind === 'page' ? (await loadPagePaths(ctx.db, ctx.locale)).get(page.id) : undefined;
  if (!path) throw new AppError('not_found', 'the page has no place in the menu to preview it at');
  return path;
}

const previewUrl = (secret: string, path: string, row: PreviewLinkRow) =>
  `${path}?preview=${previewToken(secret, row)}`;

/**
 * A copy of a block, for this page's draft: of a block on this page (duplicate) or on another page
 * the actor may edit (copy to another page), as its own draft has it if it has one. A new guid, and
 * an image block's image recorded again for the copy (a block names only its own uploads). Nothing
 * is saved: the editor puts the copy in the draft where it wants it.
 */
export async function copyBlock(ctx: Ctx, pageId: string, blockGuid: string): Promise<DraftBlock> {
  await editablePage(ctx, pageId);
  return copyOfBlock(ctx, await findBlockToCopy(ctx, blockGuid));
}

/**
 * A block as a copy for another draft (or a reusable block's first version, issue 31): a new
 * guid, and an image block's own upload recorded again for it. The caller has authorised.
 */
export async function copyOfBlock(ctx: Ctx, source: DraftBlock): Promise<DraftBlock> {
  const guid = randomUUID();
  const options = { ...source.options };
  const imageGuid = options.imageGuid;
  if (source.name === 'image' && typeof imageGuid === 'string') {
    const original = (await findMediaRows(ctx.db, [imageGuid])).get(imageGuid.toLowerCase());
    if (original?.purpose === 'block') {
      options.imageGuid = (await copyBlockImage(ctx, { source: original, blockGuid: guid })).id;
    }
  }
  return { guid, name: source.name, position: source.position, content: source.content, options };
}

/**
 * A copy of a block with, for a columns block (issue 31), copies of the blocks in its columns after
 * it, each naming the copy: a reusable block's first version. Same rules as `copyBlock`.
 */
export async function copyBlockAndItsColumns(
  ctx: Ctx,
  pageId: string,
  blockGuid: string,
): Promise<DraftBlock[]> {
  await editablePage(ctx, pageId);
  const { block, document } = await findBlockAndDocument(ctx, blockGuid);
  const copy = await copyOfBlock(ctx, block);
  const inColumns: DraftBlock[] = [];
  for (const child of document.blocks) {
    if (child.parent?.guid !== block.guid) continue;
    const childCopy = await copyOfBlock(ctx, child);
    inColumns.push({ ...childCopy, parent: { guid: copy.guid, column: child.parent.column } });
  }
  return [copy, ...inColumns];
}

async function findBlockToCopy(ctx: Ctx, blockGuid: string): Promise<DraftBlock> {
  return (await findBlockAndDocument(ctx, blockGuid)).block;
}

/** The block, in the document of its page's draft (or published page) the actor may edit. */
async function findBlockAndDocument(ctx: Ctx, blockGuid: string) {
  const live = await findBlockWithPage(ctx.db, blockGuid);
  const pageId = live?.page.id ?? (await findDraftWithBlock(ctx.db, blockGuid))?.page.id;
  if (!pageId) throw new AppError('not_found', 'building block instance not found');
  const page = await editablePage(ctx, pageId);
  const draft = await findDraft(ctx.db, page.id);
  const document = draft?.document ?? (await publishedDocument(ctx.db, page));
  const block = document.blocks.find((candidate) => candidate.guid === blockGuid);
  if (!block) throw new AppError('not_found', 'building block instance not found');
  return { block, document };
}
