import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { listItems, listItemTypes } from '../../db/schema.ts';

/** Item types (SPEC 3) for the admin table: with how many items use each. */

export type ItemTypeSortKey = 'name' | 'label' | 'itemCount';
export type ItemTypeQuery = {
  page: number;
  pageSize: number;
  sortBy: ItemTypeSortKey;
  sortDirection: 'asc' | 'desc';
  search?: string | undefined;
};

const itemCount = sql<number>`(SELECT count(*)::int FROM ${listItems} WHERE ${listItems.listItemTypeName} = ${listItemTypes.name})`;

export async function pageItemTypes(db: Executor, query: ItemTypeQuery, locale: Locale) {
  const label = sql<string>`coalesce(${listItemTypes.label}->>${locale}, ${listItemTypes.label}->>'nl')`;
  const pattern = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = pattern
    ? sql`(${listItemTypes.name} ILIKE ${pattern} OR ${listItemTypes.label}->>'nl' ILIKE ${pattern} OR ${listItemTypes.label}->>'en' ILIKE ${pattern})`
    : undefined;
  const column =
    query.sortBy === 'label' ? label : query.sortBy === 'itemCount' ? itemCount : listItemTypes.name;
  const order = query.sortDirection === 'desc' ? desc(column) : asc(column);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ name: listItemTypes.name, label: listItemTypes.label, itemCount })
      .from(listItemTypes)
      .where(where)
      .orderBy(order, asc(listItemTypes.name))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(listItemTypes).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findItemType(db: Executor, name: string) {
  const [row] = await db
    .select({ name: listItemTypes.name, label: listItemTypes.label, itemCount })
    .from(listItemTypes)
    .where(eq(listItemTypes.name, name))
    .limit(1);
  return row;
}
