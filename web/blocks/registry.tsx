import type { ComponentType } from 'react';
import type { BlockView } from '../../common/site';
import { AccordionBlock } from './Accordion';
import { ButtonsBlock } from './Buttons';
import { DividerBlock } from './Divider';
import { TextBlock } from './Text';
import { VideoBlock } from './Video';

export type BlockProps = { block: BlockView };

/** buildingBlockName → component. The options/content schemas live in common/blocks. */
export const BLOCK_COMPONENTS: Record<string, ComponentType<BlockProps>> = {
  text: TextBlock,
  buttons: ButtonsBlock,
  accordion: AccordionBlock,
  divider: DividerBlock,
  video: VideoBlock,
};

const loggedUnknown = new Set<string>();

export function RenderBlock({ block }: BlockProps) {
  const Component = BLOCK_COMPONENTS[block.name];
  if (!Component || block.data === null) {
    if (!loggedUnknown.has(block.name)) {
      loggedUnknown.add(block.name);
      console.warn(`[blocks] unknown building block "${block.name}" renders nothing`);
    }
    return null;
  }
  return (
    <div className={`block block-${block.name}`} data-block={block.name} data-guid={block.guid}>
      <Component block={block} />
    </div>
  );
}

export function RenderBlocks({ blocks }: { blocks: BlockView[] }) {
  return blocks.map((block) => <RenderBlock key={block.guid} block={block} />);
}
