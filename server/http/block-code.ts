import { type BlockTypeName, isBlockTypeName } from '../../common/blocks/names.ts';
import type { CodeAssets } from './code-assets.ts';

/**
 * A block type's view in the browser's build: `web/blocks/<Type>/View.tsx` (ARCHITECTURE.md, "Where
 * to add: a block type"), the key of its chunk in the build's manifest.
 */
export function blockViewSource(name: BlockTypeName): string {
  return `web/blocks/${name.charAt(0).toUpperCase()}${name.slice(1)}/View.tsx`;
}

/** Each block's wrapper (RenderBlock, web/blocks/registry.tsx); React escapes what a page's texts hold. */
const BLOCK_WRAPPER = / data-block="([A-Za-z]+)"/g;

/**
 * The scripts of the block views a rendered page shows (issue 31: each type's view is a chunk of its
 * own), so they are fetched beside the page's other modules instead of after them: the browser has
 * them before it hydrates (entry.client.tsx) without a round trip of its own. Unknown names are
 * passed over; what every page loads anyway is not named (code-assets.ts).
 */
export function blockCodeOf(codeAssets: (sources: readonly string[]) => CodeAssets) {
  return (html: string): string[] => {
    const names = new Set<BlockTypeName>();
    for (const [, name = ''] of html.matchAll(BLOCK_WRAPPER)) if (isBlockTypeName(name)) names.add(name);
    if (names.size === 0) return [];
    return codeAssets([...names].sort().map(blockViewSource)).scripts;
  };
}
