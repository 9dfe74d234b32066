import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type TrashEntryRow, trashEntries } from '../../db/schema.ts';

/** The trash, newest deletion first (without the snapshots: the list never shows them). */
export async function findEntries(db: Executor) {
  return db
    .select({
      id: trashEntries.id,
      kind: trashEntries.kind,
      targetId: trashEntries.targetId,
      title: trashEntries.title,
      deletedBy: trashEntries.deletedBy,
      deletedAt: trashEntries.deletedAt,
    })
    .from(trashEntries)
    .orderBy(desc(trashEntries.deletedAt), desc(trashEntries.id));
}
export type TrashListRow = Awaited<ReturnType<typeof findEntries>>[number];

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
