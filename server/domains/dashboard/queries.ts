import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  buildingBlockInstances,
  formSubmissions,
  forms,
  pageDrafts,
  pageSchedules,
  pages,
} from '../../db/schema.ts';

/**
 * Reads for the dashboard (issue 26): database in, rows out. The row filters narrow what is read to
 * what may concern the reader (`EditorScope`); the use-case still asks the policies of every row.
 */

/** Whose pages: every page (admins), or those whose edit roles a content manager holds. */
export type EditorScope = { all: true } | { all: false; roleIds: readonly string[] };

const hasAny = (column: SQL, values: readonly string[]) =>
  sql`coalesce(${column}, '[]'::jsonb) ?| array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** Pages the scope may edit; null: none at all (no roles). */
function editablePages(scope: EditorScope): SQL | undefined | null {
  if (scope.all) return undefined;
  if (scope.roleIds.length === 0) return null;
  return and(eq(pages.editPermission, 'roles'), hasAny(sql`${pages.editRoles}`, scope.roleIds));
}

const PAGE_FIELDS = {
  id: pages.id,
  title: pages.title,
  isPublished: pages.isPublished,
  editPermission: pages.editPermission,
  editRoles: pages.editRoles,
  roleIds: pages.roleIds,
} as const;

/** Pages with a draft this account saved last, newest first. */
export async function findDraftsBy(db: Executor, userId: string, scope: EditorScope, limit: number) {
  const filter = editablePages(scope);
  if (filter === null) return [];
  return db
    .select({ page: PAGE_FIELDS, savedAt: pageDrafts.updatedAt })
    .from(pageDrafts)
    .innerJoin(pages, eq(pages.id, pageDrafts.pageId))
    .where(and(eq(pages.kind, 'page'), eq(pageDrafts.updatedBy, userId), filter))
    .orderBy(desc(pageDrafts.updatedAt), asc(pages.id))
    .limit(limit);
}

/** Schedules still to run on pages of the scope, soonest first. */
export async function findPendingSchedules(db: Executor, scope: EditorScope, limit: number) {
  const filter = editablePages(scope);
  if (filter === null) return [];
  return db
    .select({
      page: PAGE_FIELDS,
      action: pageSchedules.action,
      runAt: pageSchedules.runAt,
      createdBy: pageSchedules.createdBy,
    })
    .from(pageSchedules)
    .innerJoin(pages, eq(pages.id, pageSchedules.pageId))
    .where(and(eq(pages.kind, 'page'), isNull(pageSchedules.finishedAt), filter))
    .orderBy(asc(pageSchedules.runAt), asc(pageSchedules.id))
    .limit(limit);
}

/**
 * Pages of the scope by their last change, newest first: the page itself (settings, a publish) or
 * its draft, whichever is later, and who made it.
 */
export async function findRecentlyChangedPages(db: Executor, scope: EditorScope, limit: number) {
  const filter = editablePages(scope);
  if (filter === null) return [];
  const changedAt = sql<Date>`greatest(${pages.updatedAt}, coalesce(${pageDrafts.updatedAt}, ${pages.updatedAt}))`;
  const rows = await db
    .select({
      page: PAGE_FIELDS,
      pageChangedAt: pages.updatedAt,
      pageChangedBy: pages.updatedBy,
      draftChangedAt: pageDrafts.updatedAt,
      draftChangedBy: pageDrafts.updatedBy,
    })
    .from(pages)
    .leftJoin(pageDrafts, eq(pageDrafts.pageId, pages.id))
    .where(and(eq(pages.kind, 'page'), filter))
    .orderBy(desc(changedAt), asc(pages.id))
    .limit(limit);
  return rows.map((row) => {
    const draftIsLater = row.draftChangedAt !== null && row.draftChangedAt > row.pageChangedAt;
    return {
      page: row.page,
      hasDraft: row.draftChangedAt !== null,
      changedAt: draftIsLater && row.draftChangedAt ? row.draftChangedAt : row.pageChangedAt,
      changedBy: draftIsLater ? row.draftChangedBy : row.pageChangedBy,
    };
  });
}

/** Forms: every form (admins), or those a content manager owns or holds an editor role of. */
export type FormScope = { all: true } | { all: false; userId: string; roleIds: readonly string[] };

/** The scope's forms, the most recently answered first, with their submissions since `since`. */
export async function findFormsWithNewSubmissions(
  db: Executor,
  scope: FormScope,
  since: Date,
  limit: number,
) {
  const filter = scope.all
    ? undefined
    : scope.roleIds.length === 0
      ? eq(forms.createdBy, scope.userId)
      : or(eq(forms.createdBy, scope.userId), hasAny(sql`${forms.settings}->'editorRoleIds'`, scope.roleIds));
  const rows = await db
    .select({
      id: forms.id,
      title: forms.title,
      createdBy: forms.createdBy,
      settings: forms.settings,
      currentVersion: forms.currentVersion,
      submissionCount: forms.submissionCount,
      lastSubmissionAt: forms.lastSubmissionAt,
    })
    .from(forms)
    .where(filter)
    .orderBy(sql`${forms.lastSubmissionAt} desc nulls last`, asc(forms.title), asc(forms.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const counts = await db
    .select({ formId: formSubmissions.formId, count: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(
      and(
        inArray(
          formSubmissions.formId,
          rows.map((row) => row.id),
        ),
        gt(formSubmissions.createdAt, since),
      ),
    )
    .groupBy(formSubmissions.formId);
  const byForm = new Map(counts.map((row) => [row.formId, row.count]));
  return rows.map((row) => ({ ...row, newSubmissions: byForm.get(row.id) ?? 0 }));
}

/** List blocks on pages (not templates), with their page: where items may be added. */
export async function findListBlocks(db: Executor, limit: number) {
  return db
    .select({
      id: buildingBlockInstances.id,
      options: buildingBlockInstances.options,
      content: buildingBlockInstances.content,
      page: PAGE_FIELDS,
    })
    .from(buildingBlockInstances)
    .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(and(eq(buildingBlockInstances.buildingBlockName, 'list'), eq(pages.kind, 'page')))
    .orderBy(
      sql`lower(${pages.title}->>'nl')`,
      asc(buildingBlockInstances.sortId),
      asc(buildingBlockInstances.id),
    )
    .limit(limit);
}
