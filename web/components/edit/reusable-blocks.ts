import type { DraftBlock, PageDocument } from '../../../common/page-drafts';

/**
 * The document with the block `guid` replaced by `blocks` in its place and at its position
 * ("Loskoppelen": a reusable block becomes copies of its blocks; "Opslaan als herbruikbaar blok":
 * a block becomes the reusable block that holds it). A columns block goes with the blocks in its
 * columns (the reusable block holds copies of them). The same document when it has no such block.
 */
export function documentWithBlockReplaced(
  document: PageDocument,
  guid: string,
  blocks: readonly DraftBlock[],
): PageDocument {
  const index = document.blocks.findIndex((block) => block.guid === guid);
  const replaced = document.blocks[index];
  if (!replaced) return document;
  // In a column (issue 31), the blocks take its place there; blocks of their own columns keep theirs.
  const placed = blocks.map((block) => ({
    ...block,
    position: replaced.position,
    ...(block.parent === undefined && replaced.parent !== undefined ? { parent: replaced.parent } : {}),
  }));
  const isKept = (block: DraftBlock) => block.parent?.guid !== guid;
  return {
    ...document,
    blocks: [
      ...document.blocks.slice(0, index).filter(isKept),
      ...placed,
      ...document.blocks.slice(index + 1).filter(isKept),
    ],
  };
}

/** A `reusable` block naming reusable block `templateId`, for a draft (its position set when placed). */
export function reusableDraftBlock(
  guid: string,
  templateId: string,
  position: DraftBlock['position'],
): DraftBlock {
  return { guid, name: 'reusable', position, content: null, options: { templateId } };
}
