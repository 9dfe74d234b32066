import { and, asc, desc, eq, gt, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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
  users,
} from '../../db/schema.ts';

/** Reads of drafts, revisions and schedules: no decisions, no presentation. */

export async function findDraft(db: Executor, pageId: string): Promise<PageDraftRow | undefined> {
  const [row] = await db.select().from(pageDrafts).where(eq(pageDrafts.pageId, pageId)).limit(1);
  return row;
}

/** The number of the page's latest revision; null before its first publish. */
export async function latestRevisionNumber(db: Executor, pageId: string): Promise<number | null> {
  const [row] = await db
    .select({ highest: max(pageRevisions.number) })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId));
  return row?.highest ?? null;
}

export async function findRevision(
  db: Executor,
  pageId: string,
  number: number,
): Promise<PageRevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.pageId, pageId), eq(pageRevisions.number, number)))
    .limit(1);
  return row;
}

/** A page's revisions, newest first, without their documents. */
export async function listRevisions(db: Executor, pageId: string, limit: number) {
  return db
    .select({
      number: pageRevisions.number,
      changes: pageRevisions.changes,
      publishedBy: pageRevisions.publishedBy,
      publishedAt: pageRevisions.publishedAt,
      source: pageRevisions.source,
    })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId))
    .orderBy(desc(pageRevisions.number))
    .limit(limit);
}

/** The page's schedules still to run, soonest first. */
export async function pendingSchedules(db: Executor, pageId: string): Promise<PageScheduleRow[]> {
  return db
    .select()
    .from(pageSchedules)
    .where(and(eq(pageSchedules.pageId, pageId), isNull(pageSchedules.finishedAt)))
    .orderBy(asc(pageSchedules.runAt));
}

/** Schedules whose moment has come, oldest first. */
export async function dueSchedules(db: Executor, now: Date, limit: number): Promise<PageScheduleRow[]> {
  return db
    .select()
    .from(pageSchedules)
    .where(and(isNull(pageSchedules.finishedAt), lte(pageSchedules.runAt, now)))
    .orderBy(asc(pageSchedules.runAt))
    .limit(limit);
}

/** Display names of users ("removed user" is the presenter's: an erased id is missing here). */
export async function userNames(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`trim(concat_ws(' ', ${users.firstName}, nullif(${users.middleName}, ''), ${users.lastName}))`,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name || row.email]));
}

/** The draft holding a block (a block not published yet), with its page. */
export async function findDraftWithBlock(
  db: Executor,
  blockGuid: string,
): Promise<{ draft: PageDraftRow; page: PageRow } | undefined> {
  const [row] = await db
    .select({ draft: pageDrafts, page: pages })
    .from(pageDrafts)
    .innerJoin(pages, eq(pages.id, pageDrafts.pageId))
    .where(sql`${pageDrafts.document}->'blocks' @> ${JSON.stringify([{ guid: blockGuid }])}::jsonb`)
    .limit(1);
  return row;
}

/** The page's preview links that still work, newest first. */
export async function activePreviewLinks(db: Executor, pageId: string): Promise<PreviewLinkRow[]> {
  return db
    .select()
    .from(previewLinks)
    .where(and(eq(previewLinks.pageId, pageId), gt(previewLinks.expiresAt, new Date())))
    .orderBy(desc(previewLinks.createdAt), desc(previewLinks.id));
}

/** Whether a preview link is kept (not revoked) for this page and has not expired. */
export async function isPreviewLinkActive(db: Executor, link: { pageId: string; linkId: string }) {
  const [row] = await db
    .select({ id: previewLinks.id })
    .from(previewLinks)
    .where(
      and(
        eq(previewLinks.id, link.linkId),
        eq(previewLinks.pageId, link.pageId),
        gt(previewLinks.expiresAt, new Date()),
      ),
    );
  return row !== undefined;
}
