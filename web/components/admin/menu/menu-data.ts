import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type MenuSummary = components['schemas']['MenuSummary'];
export type AdminMenu = components['schemas']['AdminMenu'];
export type AdminMenuItem = components['schemas']['AdminMenuItem'];

/** The menus screen's queries; every write invalidates ['admin', 'menus'] (and redirects when paths move). */
export const menuQueries = {
  list: queryOptions({
    queryKey: ['admin', 'menus', 'list'],
    queryFn: () => unwrap(api.GET('/api/menus')),
  }),
  menu: (guid: string) =>
    queryOptions({
      queryKey: ['admin', 'menus', 'tree', guid],
      queryFn: () => unwrap(api.GET('/api/menus/{guid}', { params: { path: { guid } } })),
    }),
  pages: queryOptions({
    queryKey: ['admin', 'menus', 'pages'],
    queryFn: () => unwrap(api.GET('/api/pages', { params: { query: {} } })),
  }),
};

/** One row of the tree as the sortable list shows it: depth-first, with its depth and parent. */
export type FlatItem = { item: AdminMenuItem; depth: number; parentId: string | null };

export function flatten(items: AdminMenuItem[], depth = 0, parentId: string | null = null): FlatItem[] {
  return items.flatMap((item) => [
    { item, depth, parentId },
    ...flatten(item.relatedMenuItems, depth + 1, item.guid),
  ]);
}

/** How many items hang below an item. */
export function countBelow(item: AdminMenuItem): number {
  return item.relatedMenuItems.reduce((sum, child) => sum + 1 + countBelow(child), 0);
}

/**
 * Where a dragged item lands: the flat list without the item's own sub-items, the item moved to
 * the row it is over, its depth from the horizontal offset (one level per `indent` px), kept
 * between what the rows above and below allow. Answers the new parent and the position among its
 * new siblings: what POST /api/menuitems/{guid}/move takes.
 */
export function projectMove(
  flat: FlatItem[],
  activeId: string,
  overId: string,
  offsetX: number,
  indent: number,
): { parentGuid: string | null; position: number } | null {
  const active = flat.find((row) => row.item.guid === activeId);
  if (!active) return null;
  const below = new Set(flatten(active.item.relatedMenuItems).map((row) => row.item.guid));
  const rows = flat.filter((row) => !below.has(row.item.guid));
  const from = rows.findIndex((row) => row.item.guid === activeId);
  const to = rows.findIndex((row) => row.item.guid === overId);
  if (from < 0 || to < 0) return null;
  const moved = [...rows];
  const [taken] = moved.splice(from, 1);
  moved.splice(to, 0, taken as FlatItem);
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const wanted = active.depth + Math.round(offsetX / indent);
  const maxDepth = previous ? previous.depth + 1 : 0;
  const minDepth = next ? next.depth : 0;
  const depth = Math.max(minDepth, Math.min(maxDepth, wanted));
  let parentGuid: string | null = null;
  if (depth > 0 && previous) {
    if (depth === previous.depth) parentGuid = previous.parentId;
    else if (depth > previous.depth) parentGuid = previous.item.guid;
    else {
      const ancestor = moved
        .slice(0, to)
        .reverse()
        .find((row) => row.depth === depth);
      parentGuid = ancestor?.parentId ?? null;
    }
  }
  const position = moved
    .slice(0, to)
    .filter((row) => row.depth === depth && row.parentId === parentGuid).length;
  return { parentGuid, position };
}

/**
 * The row a keyboard move is over, as a tree (issue 35): the arrows step over the rows one by one,
 * but an item keeps its level, so a row deeper than the item counts as its ancestor at the item's
 * level, and moving down over a row goes past that row's sub-items. Without this, one ArrowUp past
 * a nested row nested the item under that row's parent (its address changed unasked). Nesting by
 * keyboard is the indent buttons' work.
 */
export function keyboardOver(flat: FlatItem[], activeId: string, overId: string): string {
  const from = flat.findIndex((row) => row.item.guid === activeId);
  const to = flat.findIndex((row) => row.item.guid === overId);
  const active = flat[from];
  if (!active || to < 0) return overId;
  let index = to;
  for (let row = flat[index]; row && row.depth > active.depth; row = flat[index]) {
    const parentId = row.parentId;
    index = flat.findIndex((entry) => entry.item.guid === parentId);
    if (index < 0) return overId;
  }
  if (to > from) {
    const depth = flat[index]?.depth ?? 0;
    while (index + 1 < flat.length && (flat[index + 1]?.depth ?? 0) > depth) index += 1;
  }
  return flat[index]?.item.guid ?? overId;
}

/** Where a move puts an item, in words a screen reader can say (issue 35). */
export type MovePlace = {
  parentGuid: string | null;
  position: number;
  /** The sibling it comes after (null: first among its siblings). */
  after: FlatItem | null;
  /** Its new parent (null: the top level). */
  parent: FlatItem | null;
  /** It gets another parent, so another address (`path`: the new one, when it has one). */
  isParentChanged: boolean;
  isUnchanged: boolean;
  path: string | null;
};

/** `projectMove` with what the announcements say of it: after which item, under which, the new address. */
export function describeMove(
  flat: FlatItem[],
  activeId: string,
  overId: string,
  offsetX: number,
  indent: number,
): MovePlace | null {
  const active = flat.find((row) => row.item.guid === activeId);
  const target = projectMove(flat, activeId, overId, offsetX, indent);
  if (!active || !target) return null;
  const siblings = flat.filter((row) => row.parentId === target.parentGuid && row.item.guid !== activeId);
  const parent =
    target.parentGuid === null ? null : (flat.find((row) => row.item.guid === target.parentGuid) ?? null);
  const isParentChanged = target.parentGuid !== active.parentId;
  const currentPosition = flat.filter((row) => row.parentId === active.parentId).indexOf(active);
  const parentPath = parent === null ? '' : parent.item.path;
  return {
    ...target,
    after: target.position > 0 ? (siblings[target.position - 1] ?? null) : null,
    parent,
    isParentChanged,
    isUnchanged: !isParentChanged && target.position === currentPosition,
    path:
      active.item.externalUrl !== null || parentPath === null
        ? null
        : `${parentPath.replace(/\/$/, '')}/${active.item.urlSegment}`,
  };
}

/** The field messages of a 400/409 answer, by body field (`body/urlSegment` → urlSegment). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const details = (error.body as { error?: { details?: { path: string; message: string }[] } } | undefined)
    ?.error?.details;
  return Object.fromEntries(
    (details ?? []).map((detail) => [detail.path.replace(/^body\//, ''), detail.message]),
  );
}
