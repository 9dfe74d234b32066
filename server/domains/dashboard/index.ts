import { readBlockPermissions } from '../../../common/blocks/permissions.ts';
import { abilities, can, isAdmin, type PageForPolicy } from '../../policies/index.ts';
import { findUserNames } from '../accounts/queries.ts';
import { type Ctx, requireUser } from '../context.ts';
import { formPolicyOf } from '../forms/queries.ts';
import { loadPagePaths } from '../lists/paths.ts';
import {
  type EditorScope,
  type FormScope,
  findDraftsBy,
  findFormsWithNewSubmissions,
  findListBlocks,
  findPendingSchedules,
  findRecentlyChangedPages,
} from './queries.ts';
import { listTitle, presentDashboardPage, presentWho } from './view.ts';

/** How far back "new submissions" reach. */
export const NEW_SUBMISSIONS_DAYS = 7;
const PANEL_SIZE = 10;
/** Read a little more than a panel shows: the policies have the last word on every row. */
const READ_SIZE = 50;
const LIST_BLOCKS_READ = 500;

/**
 * The dashboard (issue 26): where every signed-in user starts. Admins see the whole site; a content
 * manager the pages they may edit, the forms they work on and the lists they may add to, exactly
 * as the policies decide (each row is asked `page.update`, `form.viewResults`, `list.addItem`); a
 * plain user sees only lists open to them. The row filters of the queries only narrow the reading.
 */
export async function getDashboard(ctx: Ctx) {
  const user = requireUser(ctx);
  const actor = ctx.actor;
  const admin = isAdmin(actor);
  const editorScope: EditorScope = admin ? { all: true } : { all: false, roleIds: user.roleIds };
  const formScope: FormScope | null = admin
    ? { all: true }
    : user.isContentManager
      ? { all: false, userId: user.id, roleIds: user.roleIds }
      : null;
  const since = new Date(Date.now() - NEW_SUBMISSIONS_DAYS * 24 * 60 * 60 * 1000);

  const [paths, drafts, schedules, recent, formRows, listBlocks] = await Promise.all([
    loadPagePaths(ctx.db, ctx.locale),
    findDraftsBy(ctx.db, user.id, editorScope, READ_SIZE),
    findPendingSchedules(ctx.db, editorScope, READ_SIZE),
    findRecentlyChangedPages(ctx.db, editorScope, READ_SIZE),
    formScope ? findFormsWithNewSubmissions(ctx.db, formScope, since, READ_SIZE) : Promise.resolve([]),
    findListBlocks(ctx.db, LIST_BLOCKS_READ),
  ]);

  const editable = <T extends { page: PageForPolicy }>(rows: T[]) =>
    rows.filter((row) => can(actor, 'page.update', row.page)).slice(0, PANEL_SIZE);
  const myDrafts = editable(drafts);
  const pending = editable(schedules);
  const changed = editable(recent);
  const workable = formRows
    .map((form) => ({ form, policy: formPolicyOf(form) }))
    .filter(({ policy }) => can(actor, 'form.viewResults', policy))
    .slice(0, PANEL_SIZE);
  const lists = listBlocks
    .filter((block) =>
      can(actor, 'list.addItem', { page: block.page, permissions: readBlockPermissions(block.options) }),
    )
    .slice(0, PANEL_SIZE);

  const names = await findUserNames(ctx.db, [
    ...changed.flatMap((row) => (row.changedBy ? [row.changedBy] : [])),
    ...pending.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
  ]);
  const page = (row: { page: Parameters<typeof presentDashboardPage>[0] }) =>
    presentDashboardPage(row.page, paths.get(row.page.id) ?? null);

  return {
    drafts: myDrafts.map((row) => ({ page: page(row), savedAt: row.savedAt.toISOString() })),
    scheduled: pending.map((row) => ({
      page: page(row),
      action: row.action,
      runAt: row.runAt.toISOString(),
      by: presentWho(row.createdBy, names, ctx.locale),
    })),
    recentPages: changed.map((row) => ({
      page: page(row),
      hasDraft: row.hasDraft,
      changedAt: row.changedAt.toISOString(),
      by: presentWho(row.changedBy, names, ctx.locale),
    })),
    forms: workable.map(({ form, policy }) => ({
      guid: form.id,
      title: form.title,
      currentVersion: form.currentVersion,
      submissions: form.submissionCount,
      newSubmissions: form.newSubmissions,
      lastSubmissionAt: form.lastSubmissionAt?.toISOString() ?? null,
      abilities: abilities('form', actor, policy),
    })),
    lists: lists.map((block) => ({
      blockGuid: block.id,
      title: listTitle(block.content, block.page.title, ctx.locale),
      page: page(block),
    })),
    newSubmissionsDays: NEW_SUBMISSIONS_DAYS,
    can: {
      createPage: can(actor, 'page.create'),
      createForm: can(actor, 'form.create'),
      administerPages: can(actor, 'page.administer'),
    },
  };
}
export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
