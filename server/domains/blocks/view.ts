import type { BlockRow } from '../../db/schema.ts';

/** A block as the API returns it (SPEC 3 names). */
export function presentBlock(row: BlockRow) {
  return {
    guid: row.id,
    pageGuid: row.pageId,
    buildingBlockName: row.buildingBlockName,
    options: row.options,
    content: row.content ?? null,
    layoutPosition: row.layoutPosition,
    sortId: row.sortId,
  };
}
