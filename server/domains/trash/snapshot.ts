import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * A trashed record's rows (issue 26), read and written back by PostgreSQL itself: `to_jsonb(row)`
 * keeps every column as the table has it (columns added later included), and
 * `jsonb_populate_recordset(null::table, rows)` turns them back into rows of that table. Only the
 * tables below are ever read or written, in this order on restore (parents before children).
 */
export const SNAPSHOT_TABLES = [
  'pages',
  'building_block_instances',
  'page_drafts',
  'page_revisions',
  'page_schedules',
  'preview_links',
  'menu_items',
  'list_items',
  'list_item_parents',
  'forms',
  'form_versions',
  'form_submissions',
  'form_submission_files',
  'redirects',
] as const;
export type SnapshotTable = (typeof SNAPSHOT_TABLES)[number];
export type SnapshotRow = Record<string, unknown>;

/** What a deletion removed or changed, enough to write it back as it was. */
export type Snapshot = {
  rows: Partial<Record<SnapshotTable, SnapshotRow[]>>;
  /**
   * Menu items the deletion moved (the children of a deleted page's menu items move up to its
   * place): their parent, segment and order before, restored when the item comes back.
   */
  movedMenuItems?: { id: string; parent_id: string | null; url_segment: string; sort_id: number }[];
  /** Submissions that named a deleted list item (their link was set to null): which item. */
  submissionLinks?: { id: string; list_item_id: string }[];
};

/** The rows of `table` that `where` (SQL over the alias `t`) picks, as JSON objects. */
export async function readRows(db: Executor, table: SnapshotTable, where: SQL): Promise<SnapshotRow[]> {
  const result = await db.execute(
    sql`SELECT coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) AS rows FROM ${sql.identifier(table)} t WHERE ${where}`,
  );
  const [first] = (result as unknown as { rows: { rows: SnapshotRow[] | string }[] }).rows;
  const rows = first?.rows ?? [];
  return typeof rows === 'string' ? (JSON.parse(rows) as SnapshotRow[]) : rows;
}

/** Writes rows back into `table` as they were (same ids). */
export async function writeRows(
  db: Executor,
  table: SnapshotTable,
  rows: readonly SnapshotRow[],
  options: { onConflictDoNothing?: boolean } = {},
) {
  if (rows.length === 0) return;
  const name = sql.identifier(table);
  const onConflict = options.onConflictDoNothing ? sql` ON CONFLICT DO NOTHING` : sql``;
  await db.execute(
    sql`INSERT INTO ${name} SELECT * FROM jsonb_populate_recordset(null::${name}, ${JSON.stringify(rows)}::jsonb)${onConflict}`,
  );
}

/** `column = ANY(ids)` for the alias `t`, with the ids as a uuid array. */
export const anyOf = (column: string, ids: readonly string[]): SQL =>
  sql`${sql.raw(`t.${column}`)} = ANY(${`{${ids.join(',')}}`}::uuid[])`;

export const idsOf = (rows: readonly SnapshotRow[], column = 'id'): string[] =>
  rows.map((row) => row[column]).filter((value): value is string => typeof value === 'string');
