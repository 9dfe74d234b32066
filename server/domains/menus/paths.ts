/** Site paths of menu items: pure functions over the item rows (no I/O). */

export type PathRow = {
  id: string;
  parentId: string | null;
  urlSegment: string;
  externalUrl: string | null;
  sortId?: number;
};

/** Each internal item's path, built like loadMenuTree's ("/" for the home item); external items have none. */
export function menuPaths(rows: readonly PathRow[]): Map<string, string> {
  const children = new Map<string | null, PathRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  const paths = new Map<string, string>();
  const walk = (parentId: string | null, parentPath: string, depth: number) => {
    if (depth > 10) return;
    for (const row of children.get(parentId) ?? []) {
      const path =
        parentPath === '' && row.urlSegment === ''
          ? '/'
          : `${parentPath}/${row.urlSegment}`.replace(/\/+$/, '') || '/';
      if (row.externalUrl === null) paths.set(row.id, path);
      walk(row.id, path === '/' ? '' : path, depth + 1);
    }
  };
  walk(null, '', 0);
  return paths;
}

/** The ids of an item and every item under it. */
export function subtreeIds(rows: readonly PathRow[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && ids.has(row.parentId) && !ids.has(row.id)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Levels of an item (1 at the top level). */
export function depthOf(rows: readonly PathRow[], id: string | null): number {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let depth = 0;
  let current = id;
  while (current !== null && depth <= 64) {
    depth += 1;
    current = byId.get(current)?.parentId ?? null;
  }
  return depth;
}

/** How many levels the subtree below (and including) an item has. */
export function heightOf(rows: readonly PathRow[], id: string): number {
  const kids = rows.filter((row) => row.parentId === id);
  return 1 + Math.max(0, ...kids.map((kid) => heightOf(rows, kid.id)));
}

/** Old path → new path for every item whose path changed (the redirects a change needs). */
export function movedPaths(before: Map<string, string>, after: Map<string, string>): [string, string][] {
  const moved: [string, string][] = [];
  for (const [id, oldPath] of before) {
    const newPath = after.get(id);
    if (newPath !== undefined && newPath !== oldPath) moved.push([oldPath, newPath]);
  }
  return moved;
}
