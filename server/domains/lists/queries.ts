import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ListItemView } from '../../../common/list-items.ts';
import type { Locale, LocalizedText } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { buildingBlockInstances, listItemParents, listItems, listItemTypes, pages } from '../../db/schema.ts';
import { type Actor, can, type ListForPolicy } from '../../policies/index.ts';
import { readListOptions, toListContext } from './lists.ts';
import { listColumns, orderBy } from './query.ts';
import { type ListItemWithList, toListItemView } from './view.ts';

/** Reads of single items, their parents and children, and the item types. */

export async function loadParentGuids(db: Executor, itemIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (itemIds.length === 0) return result;
  const rows = await db
    .select({ itemId: listItemParents.itemId, parentGuid: listItemParents.parentGuid })
    .from(listItemParents)
    .where(inArray(listItemParents.itemId, itemIds))
    .orderBy(asc(listItemParents.parentGuid));
  for (const row of rows) {
    const list = result.get(row.itemId) ?? [];
    list.push(row.parentGuid);
    result.set(row.itemId, list);
  }
  return result;
}
/** Item types in use in a list (for its filter control), with the admin's labels. */
export async function listItemTypesInBlock(
  db: Executor,
  blockId: string,
): Promise<{ name: string; label: LocalizedText }[]> {
  const rows = await db
    .select({ name: listItemTypes.name, label: listItemTypes.label })
    .from(listItemTypes)
    .where(
      sql`EXISTS (SELECT 1 FROM ${listItems} WHERE ${listItems.blockId} = ${blockId} AND ${listItems.listItemTypeName} = ${listItemTypes.name})`,
    )
    .orderBy(asc(listItemTypes.name));
  return rows;
}

export async function listAllItemTypes(db: Executor) {
  return db.select().from(listItemTypes).orderBy(asc(listItemTypes.name));
}
export async function findListItem(
  db: Executor,
  where: { id: string } | { shortId: string },
): Promise<ListItemWithList | null> {
  const [row] = await db
    .select({ item: listItems, block: buildingBlockInstances, page: pages, typeLabel: listItemTypes.label })
    .from(listItems)
    .innerJoin(buildingBlockInstances, eq(buildingBlockInstances.id, listItems.blockId))
    .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .leftJoin(listItemTypes, eq(listItemTypes.name, listItems.listItemTypeName))
    .where('id' in where ? eq(listItems.id, where.id) : eq(listItems.shortId, where.shortId))
    .limit(1);
  if (!row) return null;
  return {
    item: { ...row.item, listItemTypeLabel: row.typeLabel },
    list: toListContext(row.block, row.page),
  };
}
/** Visible items that name this item as a parent, in the order the list's nestedSortOrder asks. */
export async function listChildren(
  db: Executor,
  input: {
    actor: Actor;
    parent: ListItemWithList;
    locale: Locale;
    pagePaths: Map<string, string>;
    now?: Date;
  },
): Promise<ListItemView[]> {
  const now = input.now ?? new Date();
  const options = readListOptions(input.parent.list.block);
  const rows = await db
    .select({ ...listColumns, pageId: buildingBlockInstances.pageId, page: pages })
    .from(listItemParents)
    .innerJoin(listItems, eq(listItems.id, listItemParents.itemId))
    .innerJoin(buildingBlockInstances, eq(buildingBlockInstances.id, listItems.blockId))
    .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(eq(listItemParents.parentGuid, input.parent.item.id))
    .orderBy(...orderBy(options.nestedSortOrder, input.locale, false), sql`${listItems.id}`)
    .limit(200);
  const visible = rows.filter((row) => {
    const policy: ListForPolicy = { page: row.page, permissions: { addPermission: 'admins', addRoles: [] } };
    if (!can(input.actor, 'list.view', policy)) return false;
    if (can(input.actor, 'list.editItems', policy)) return true;
    return row.isPublished && row.publishedOn.getTime() <= now.getTime();
  });
  const parents = await loadParentGuids(
    db,
    visible.map((row) => row.id),
  );
  return visible.slice(0, 50).map((row) =>
    toListItemView(row, {
      parentGuids: parents.get(row.id) ?? [],
      locale: input.locale,
      pagePath: row.pageId ? (input.pagePaths.get(row.pageId) ?? null) : null,
      options,
      now,
    }),
  );
}
