import { asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type TrashEntryRow, trashEntries } from '../../db/schema.ts';

export type TrashSortKey = 'deletedAt' | 'title' | 'kind';

/** One page of the trash (without the snapshots: the list never shows them), and how many match. */
export async function findEntries(
  db: Executor,
  query: {
    page: number;
    pageSize: number;
    sortBy: TrashSortKey;
    sortDirection: 'asc' | 'desc';
    search?: string | undefined;
  },
) {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
  const where: SQL | undefined = pattern
    ? or(
        ilike(sql`${trashEntries.title}->>'nl'`, pattern),
        ilike(sql`coalesce(${trashEntries.title}->>'en', '')`, pattern),
      )
    : undefined;
  const column = {
    deletedAt: sql`${trashEntries.deletedAt}`,
    title: sql`lower(${trashEntries.title}->>'nl')`,
    kind: sql`${trashEntries.kind}`,
  }[query.sortBy];
  const order = query.sortDirection === 'asc' ? asc(column) : desc(column);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: trashEntries.id,
        kind: trashEntries.kind,
        targetId: trashEntries.targetId,
        title: trashEntries.title,
        deletedBy: trashEntries.deletedBy,
        deletedAt: trashEntries.deletedAt,
      })
      .from(trashEntries)
      .where(where)
      .orderBy(order, desc(trashEntries.deletedAt), asc(trashEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(trashEntries).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
export type TrashListRow = Awaited<ReturnType<typeof findEntries>>['rows'][number];

export async function findEntry(db: Executor, id: string): Promise<TrashEntryRow | undefined> {
  const [row] = await db.select().from(trashEntries).where(eq(trashEntries.id, id)).limit(1);
  return row;
}

/** Of these form-file storage keys, those a trashed form's submissions keep (the sweep leaves them). */
export async function trashedFileKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: sql<string>`unnest(${trashEntries.fileKeys})` })
    .from(trashEntries)
    .where(sql`${trashEntries.fileKeys} && ${`{${keys.join(',')}}`}::text[]`);
  const wanted = new Set(keys);
  return new Set(rows.map((row) => row.key).filter((key) => wanted.has(key)));
}
