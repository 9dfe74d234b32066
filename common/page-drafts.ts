import type { Localized, LocalizedText } from './localized-text.ts';
import type { LayoutPosition, PageLayout, PageOption } from './pages.ts';

/**
 * Drafts, revisions and scheduled publishing of pages and templates (issue 13). Editing changes a
 * page's draft: a whole document of its settings and blocks. Visitors, search and lists read only
 * the published page (the pages and building_block_instances tables); "publish" writes the draft
 * there and keeps it as a numbered revision.
 */

/** One block of a draft. Within a position, blocks show in the order of the document. */
export type DraftBlock = {
  /** Kept when published: a published block keeps its guid (list items, links and media name it). */
  guid: string;
  name: string;
  position: LayoutPosition;
  /** Per language, as the block type's content schema has it. */
  content: Localized<unknown> | null;
  options: Record<string, unknown>;
  /**
   * A block in a column of a columns block (issue 31): that block's guid and the column (0 …). Its
   * position is its columns block's; within a column, blocks show in the order of the document.
   */
  parent?: BlockParent | undefined;
};

/** The columns block a block sits in, and which of its columns (0 …). */
export type BlockParent = { guid: string; column: number };

/**
 * The blocks in reading order: each block that has children (a columns block) followed by them,
 * column by column, at its position; the others as they come. A child whose parent the list lacks
 * stays where it is (the server refuses such a document). Saving and publishing keep a document in
 * this order, so the place of a block in the list is the place it reads in.
 */
export function withChildrenInPlace(blocks: readonly DraftBlock[]): DraftBlock[] {
  const guids = new Set(blocks.map((block) => block.guid));
  const children = new Map<string, DraftBlock[]>();
  const isChild = (block: DraftBlock) =>
    block.parent !== undefined && guids.has(block.parent.guid) && block.parent.guid !== block.guid;
  for (const block of blocks) {
    if (!isChild(block)) continue;
    const parentGuid = (block.parent as BlockParent).guid;
    children.set(parentGuid, [...(children.get(parentGuid) ?? []), block]);
  }
  const ordered: DraftBlock[] = [];
  const placed = new Set<DraftBlock>();
  const place = (block: DraftBlock, position: DraftBlock['position']) => {
    if (placed.has(block)) return;
    placed.add(block);
    ordered.push(block.position === position ? block : { ...block, position });
    const own = (children.get(block.guid) ?? [])
      .map((child, index) => ({ child, index }))
      .sort((a, b) => (a.child.parent?.column ?? 0) - (b.child.parent?.column ?? 0) || a.index - b.index);
    for (const { child } of own) place(child, position);
  };
  for (const block of blocks) if (!isChild(block)) place(block, block.position);
  // Blocks that name each other as parents (a loop) reach no top: they stay as they came.
  for (const block of blocks) if (!placed.has(block)) ordered.push(block);
  return ordered;
}

/** What a draft or a revision holds: everything about a page that visitors see. */
export type PageDocument = {
  title: LocalizedText;
  description: LocalizedText | null;
  layout: PageLayout;
  options: PageOption[];
  blocks: DraftBlock[];
};

/** What a publish changed, block by block; the editor puts it in words ("Tekst gewijzigd in Hoofdinhoud"). */
export type PageChange =
  | { kind: 'title' | 'description' | 'options' }
  | { kind: 'layout'; from: PageLayout; to: PageLayout }
  | {
      kind: 'blockAdded' | 'blockRemoved' | 'blockChanged';
      guid: string;
      block: string;
      position: LayoutPosition;
    }
  | {
      kind: 'blockMoved';
      guid: string;
      block: string;
      position: LayoutPosition;
      from: LayoutPosition;
    };

/** The latest moment a schedule may name, from now: a year. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * What changed from `before` to `after`, in the order a reader scans a page: the page's settings,
 * then each block in the order of `after` (added, changed, moved), then the removed ones.
 */
export function describeChanges(before: PageDocument | null, after: PageDocument): PageChange[] {
  const changes: PageChange[] = [];
  if (!before || !sameJson(before.title, after.title)) changes.push({ kind: 'title' });
  if (before && !sameJson(before.description, after.description)) changes.push({ kind: 'description' });
  if (before && before.layout !== after.layout) {
    changes.push({ kind: 'layout', from: before.layout, to: after.layout });
  }
  if (before && !sameJson(before.options, after.options)) changes.push({ kind: 'options' });
  const earlier = new Map((before?.blocks ?? []).map((block) => [block.guid, block]));
  const reordered = reorderedBlocks(before?.blocks ?? [], after.blocks);
  for (const block of after.blocks) {
    const old = earlier.get(block.guid);
    const named = { guid: block.guid, block: block.name, position: block.position };
    if (!old) {
      changes.push({ kind: 'blockAdded', ...named });
      continue;
    }
    if (!sameJson(old.content, block.content) || !sameJson(old.options, block.options)) {
      changes.push({ kind: 'blockChanged', ...named });
    }
    if (old.position !== block.position || reordered.has(block.guid) || !sameJson(old.parent, block.parent)) {
      changes.push({ kind: 'blockMoved', ...named, from: old.position });
    }
  }
  const kept = new Set(after.blocks.map((block) => block.guid));
  for (const block of before?.blocks ?? []) {
    if (!kept.has(block.guid)) {
      changes.push({ kind: 'blockRemoved', guid: block.guid, block: block.name, position: block.position });
    }
  }
  return changes;
}

/**
 * The blocks that changed places within a position they stayed in: of the blocks both documents
 * have there, those outside the longest run they keep in the same order. Removing or adding a
 * block moves no other.
 */
function reorderedBlocks(before: DraftBlock[], after: DraftBlock[]): Set<string> {
  const positionAfter = new Map(after.map((block) => [block.guid, block.position]));
  const moved = new Set<string>();
  const positions = new Set(before.map((block) => block.position));
  for (const position of positions) {
    const stays = (block: DraftBlock) =>
      block.position === position && positionAfter.get(block.guid) === position;
    const old = before.filter(stays).map((block) => block.guid);
    const kept = new Set(old);
    const now = after
      .filter((block) => block.position === position && kept.has(block.guid))
      .map((block) => block.guid);
    const inOrder = longestCommonSubsequence(old, now);
    for (const guid of now) if (!inOrder.has(guid)) moved.add(guid);
  }
  return moved;
}

function longestCommonSubsequence(a: string[], b: string[]): Set<string> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] as number[];
      row[j] =
        a[i] === b[j]
          ? ((lengths[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((lengths[i + 1] as number[])[j] as number, row[j + 1] as number);
    }
  }
  const common = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      common.add(a[i] as string);
      i += 1;
      j += 1;
    } else if (((lengths[i + 1] as number[])[j] as number) >= ((lengths[i] as number[])[j + 1] as number)) {
      i += 1;
    } else {
      j += 1;
    }
  }
  return common;
}

/** Whether two JSON values are equal (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return (a ?? null) === (b ?? null);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => sameJson(value, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (!sameJson(left[key], right[key])) return false;
  }
  return true;
}
