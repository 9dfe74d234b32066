import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  formSubmissions,
  forms,
  listItemTypes,
  menuItems,
  redirects,
  type TrashEntryRow,
  trashEntries,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { menuPaths } from '../menus/paths.ts';
import { menuRows } from '../menus/queries.ts';
import { dropRedirectsAt } from '../redirects/commands.ts';
import { runCommand } from '../write.ts';
import {
  anyOf,
  idsOf,
  readRows,
  SNAPSHOT_TABLES,
  type Snapshot,
  type SnapshotRow,
  type SnapshotTable,
  writeRows,
} from './snapshot.ts';

/**
 * The trash (issue 26). A delete command calls one of the `trash…` functions below first, inside
 * its own transaction: they read every row the deletion is about to remove or change and keep them
 * as one trash entry; the command then deletes as before. Restore writes the rows back as they were
 * (same ids, so links, lists and menus that name them work again); purging deletes the entry.
 */

type Writer = { db: Executor; actor: Actor };
export type TrashKind = TrashEntryRow['kind'];

/** How long an entry stays before the purge job removes it. */
export const TRASH_DAYS = 30;

async function keep(
  tx: Transaction,
  actor: Actor,
  entry: { kind: TrashKind; targetId: string; title: LocalizedText; snapshot: Snapshot; fileKeys?: string[] },
) {
  await tx.insert(trashEntries).values({
    kind: entry.kind,
    targetId: entry.targetId,
    title: entry.title,
    deletedBy: actor.user?.id ?? null,
    snapshot: entry.snapshot,
    fileKeys: entry.fileKeys ?? [],
  });
}

/** The paths the top-level menu serves for these items and the redirects that lead to or under them. */
async function redirectsInto(tx: Transaction, itemIds: ReadonlySet<string>): Promise<SnapshotRow[]> {
  if (itemIds.size === 0) return [];
  const paths = menuPaths(await menuRows(tx, TOP_LEVEL_MENU));
  const gone = [...itemIds].map((id) => paths.get(id)).filter((path): path is string => path !== undefined);
  if (gone.length === 0) return [];
  const conditions = gone.map((path) =>
    path === '/' ? sql`t.to_path = '/'` : sql`(t.to_path = ${path} OR starts_with(t.to_path, ${`${path}/`}))`,
  );
  const rows = await readRows(tx, 'redirects', sql.join(conditions, sql` OR `));
  if (rows.length > 0) await tx.delete(redirects).where(inArray(redirects.id, idsOf(rows)));
  return rows;
}

async function submissionLinks(tx: Transaction, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  const rows = await tx
    .select({ id: formSubmissions.id, listItemId: formSubmissions.listItemId })
    .from(formSubmissions)
    .where(inArray(formSubmissions.listItemId, itemIds));
  return rows.map((row) => ({ id: row.id, list_item_id: row.listItemId as string }));
}

/**
 * Before a page is deleted: the page, its blocks, drafts, revisions, schedules and preview links,
 * its lists' items (with their parents), its menu items and the place of their children (which
 * the deletion moves up), and the redirects that lead to its paths (removed here, back on restore).
 */
export async function trashPage(tx: Transaction, actor: Actor, page: { id: string; title: LocalizedText }) {
  const rows: Snapshot['rows'] = {};
  const byPage = sql`t.page_id = ${page.id}`;
  rows.pages = await readRows(tx, 'pages', sql`t.id = ${page.id}`);
  rows.building_block_instances = await readRows(tx, 'building_block_instances', byPage);
  for (const table of ['page_drafts', 'page_revisions', 'page_schedules', 'preview_links'] as const) {
    rows[table] = await readRows(tx, table, byPage);
  }
  const blockIds = idsOf(rows.building_block_instances);
  rows.list_items = blockIds.length > 0 ? await readRows(tx, 'list_items', anyOf('block_id', blockIds)) : [];
  const itemIds = idsOf(rows.list_items);
  rows.list_item_parents =
    itemIds.length > 0 ? await readRows(tx, 'list_item_parents', anyOf('item_id', itemIds)) : [];
  rows.menu_items = await readRows(tx, 'menu_items', byPage);
  const menuIds = idsOf(rows.menu_items);
  const children =
    menuIds.length > 0
      ? await readRows(
          tx,
          'menu_items',
          sql`${anyOf('parent_id', menuIds)} AND t.page_id IS DISTINCT FROM ${page.id}`,
        )
      : [];
  rows.redirects = await redirectsInto(tx, new Set(menuIds));
  const snapshot: Snapshot = {
    rows,
    movedMenuItems: children.map((child) => ({
      id: child.id as string,
      parent_id: child.parent_id as string | null,
      url_segment: child.url_segment as string,
      sort_id: child.sort_id as number,
    })),
    submissionLinks: await submissionLinks(tx, itemIds),
  };
  await keep(tx, actor, { kind: 'page', targetId: page.id, title: page.title, snapshot });
}

/** Before a list item is deleted: the item, its parents and the submissions that became it. */
export async function trashListItem(
  tx: Transaction,
  actor: Actor,
  item: { id: string; title: LocalizedText },
) {
  const snapshot: Snapshot = {
    rows: {
      list_items: await readRows(tx, 'list_items', sql`t.id = ${item.id}`),
      list_item_parents: await readRows(tx, 'list_item_parents', sql`t.item_id = ${item.id}`),
    },
    submissionLinks: await submissionLinks(tx, [item.id]),
  };
  await keep(tx, actor, { kind: 'listItem', targetId: item.id, title: item.title, snapshot });
}

/** Before a form is deleted: the form, its versions, submissions and their files (whose bytes stay). */
export async function trashForm(tx: Transaction, actor: Actor, formId: string) {
  const formRows = await readRows(tx, 'forms', sql`t.id = ${formId}`);
  const [form] = formRows;
  if (!form) return;
  const submissions = await readRows(tx, 'form_submissions', sql`t.form_id = ${formId}`);
  const ids = idsOf(submissions);
  const files =
    ids.length > 0 ? await readRows(tx, 'form_submission_files', anyOf('submission_id', ids)) : [];
  const snapshot: Snapshot = {
    rows: {
      forms: formRows,
      form_versions: await readRows(tx, 'form_versions', sql`t.form_id = ${formId}`),
      form_submissions: submissions,
      form_submission_files: files,
    },
  };
  await keep(tx, actor, {
    kind: 'form',
    targetId: formId,
    title: { nl: String(form.title) },
    snapshot,
    fileKeys: files.map((file) => String(file.storage_key)),
  });
}

/** Before a menu item is deleted: it and every item under it, and the redirects to their paths. */
export async function trashMenuItem(
  tx: Transaction,
  actor: Actor,
  item: { id: string; name: LocalizedText },
  subtree: ReadonlySet<string>,
) {
  const ids = [...subtree];
  const snapshot: Snapshot = {
    rows: {
      menu_items: await readRows(tx, 'menu_items', anyOf('id', ids)),
      redirects: await redirectsInto(tx, subtree),
    },
  };
  await keep(tx, actor, { kind: 'menuItem', targetId: item.id, title: item.name, snapshot });
}

// Restore

/** Columns that name a user and are set to null when the account is erased. */
const USER_COLUMNS: Partial<Record<SnapshotTable, string[]>> = {
  forms: ['created_by'],
  form_versions: ['published_by'],
  form_submissions: ['handled_by'],
  redirects: ['created_by'],
};

const restoreRefused = (message: string) =>
  new AppError('conflict', `the trashed record cannot be restored: ${message}`, [{ path: 'guid', message }]);

/**
 * Brings the rows back as they were. What changed since is followed as the live foreign keys
 * would have: an erased account's submissions stay gone and its name becomes null elsewhere, a
 * submission's list item that is gone stays unlinked. Refused (409) when the record's place is
 * gone (its page, list, menu or parent item) or taken (a page name, a menu segment).
 */
async function writeBack(tx: Transaction, snapshot: Snapshot) {
  const rows = { ...snapshot.rows };
  const userIds = new Set<string>();
  for (const [table, columns] of Object.entries(USER_COLUMNS)) {
    for (const row of rows[table as SnapshotTable] ?? []) {
      for (const column of columns) if (typeof row[column] === 'string') userIds.add(row[column] as string);
    }
  }
  for (const row of rows.form_submissions ?? [])
    if (typeof row.user_id === 'string') userIds.add(row.user_id);
  const existing = new Set(
    userIds.size === 0
      ? []
      : (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(inArray(users.id, [...userIds]))
        ).map((row) => row.id),
  );
  for (const [table, columns] of Object.entries(USER_COLUMNS)) {
    const list = rows[table as SnapshotTable];
    if (!list) continue;
    rows[table as SnapshotTable] = list.map((row) => {
      const copy = { ...row };
      for (const column of columns)
        if (typeof copy[column] === 'string' && !existing.has(copy[column])) copy[column] = null;
      return copy;
    });
  }
  if (rows.form_submissions) {
    rows.form_submissions = rows.form_submissions.filter(
      (row) => typeof row.user_id !== 'string' || existing.has(row.user_id),
    );
    const kept = new Set(idsOf(rows.form_submissions));
    rows.form_submission_files = (rows.form_submission_files ?? []).filter((row) =>
      kept.has(String(row.submission_id)),
    );
    const items = idsOf(rows.form_submissions, 'list_item_id');
    const live = new Set(
      items.length === 0
        ? []
        : (await readRows(tx, 'list_items', anyOf('id', items))).map((row) => String(row.id)),
    );
    rows.form_submissions = rows.form_submissions.map((row) =>
      typeof row.list_item_id === 'string' && !live.has(row.list_item_id)
        ? { ...row, list_item_id: null }
        : row,
    );
  }
  // An item type nobody used while the item was away may have been deleted: it comes back too.
  const typeNames = [...new Set((rows.list_items ?? []).map((row) => String(row.list_item_type_name)))];
  if (typeNames.length > 0) {
    await tx
      .insert(listItemTypes)
      .values(typeNames.map((name) => ({ name, label: { nl: name } })))
      .onConflictDoNothing();
  }
  for (const table of SNAPSHOT_TABLES) {
    const list = rows[table];
    if (!list || list.length === 0) continue;
    if (table === 'redirects') continue;
    await writeRows(tx, table, list);
  }
  for (const moved of snapshot.movedMenuItems ?? []) {
    await tx
      .update(menuItems)
      .set({
        parentId: moved.parent_id,
        urlSegment: moved.url_segment,
        sortId: moved.sort_id,
        updatedAt: new Date(),
      })
      .where(eq(menuItems.id, moved.id));
  }
  for (const link of snapshot.submissionLinks ?? []) {
    await tx
      .update(formSubmissions)
      .set({ listItemId: link.list_item_id })
      .where(and(eq(formSubmissions.id, link.id), isNull(formSubmissions.listItemId)));
  }
  if (rows.forms) {
    for (const id of idsOf(rows.forms)) {
      await tx
        .update(forms)
        .set({
          submissionCount: sql`(select count(*)::int from ${formSubmissions} where ${formSubmissions.formId} = ${id})`,
        })
        .where(eq(forms.id, id));
    }
  }
  if (rows.menu_items || rows.redirects) {
    // Redirects that led here come back unless another took their path; a path served again is no redirect.
    await writeRows(tx, 'redirects', rows.redirects ?? [], { onConflictDoNothing: true });
    await dropRedirectsAt(tx, menuPaths(await menuRows(tx, TOP_LEVEL_MENU)).values());
  }
}

/** The SQLSTATE of a database error, whether the driver threw it or Drizzle wrapped it. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

export async function restoreEntry(ctx: Writer, entry: TrashEntryRow): Promise<void> {
  try {
    await runCommand(
      ctx,
      {
        action: 'trash.restore',
        scope: 'public',
        target: entry.id,
        data: { kind: entry.kind, targetGuid: entry.targetId, title: entry.title },
      },
      async (tx) => {
        const [claimed] = await tx
          .delete(trashEntries)
          .where(eq(trashEntries.id, entry.id))
          .returning({ id: trashEntries.id });
        if (!claimed) throw new AppError('not_found', 'trash entry not found');
        await writeBack(tx, entry.snapshot as Snapshot);
      },
    );
  } catch (error) {
    const state = sqlState(error);
    if (state === '23503') throw restoreRefused('validation.trashPlaceGone');
    if (state === '23505') throw restoreRefused('validation.trashPlaceTaken');
    throw error;
  }
}

export async function purgeEntry(ctx: Writer, entry: TrashEntryRow): Promise<void> {
  await runCommand(
    ctx,
    {
      action: 'trash.purge',
      scope: 'private',
      target: entry.id,
      data: { kind: entry.kind, targetGuid: entry.targetId, title: entry.title },
    },
    async (tx) => {
      const [gone] = await tx
        .delete(trashEntries)
        .where(eq(trashEntries.id, entry.id))
        .returning({ id: trashEntries.id });
      if (!gone) throw new AppError('not_found', 'trash entry not found');
    },
  );
}

/** The purge job's work: every entry deleted before `before` goes for good; returns how many. */
export async function purgeOlderThan(ctx: Writer, before: Date): Promise<number> {
  return runCommand(
    ctx,
    {
      action: 'trash.purge',
      scope: 'private',
      target: (ids: string[]) => ids,
      data: { expired: true },
    },
    async (tx) => {
      const rows = await tx
        .delete(trashEntries)
        .where(lt(trashEntries.deletedAt, before))
        .returning({ id: trashEntries.id });
      return rows.map((row) => row.id);
    },
  ).then((ids) => ids.length);
}
