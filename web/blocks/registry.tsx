import type { ComponentType } from 'react';
import type { BlockView } from '../../common/site';
import { AccordionBlock } from './Accordion';
import { ButtonsBlock } from './Buttons';
import { DividerBlock } from './Divider';
import { ImageBlock } from './Image';
import { ListBlock } from './List';
import { TextBlock } from './Text';
import { VideoBlock } from './Video';
import { WidgetBlock } from './Widget';

export type BlockProps = { block: BlockView };

/** buildingBlockName → component. The options/content schemas live in common/blocks. */
export const BLOCK_COMPONENTS: Record<string, ComponentType<BlockProps>> = {
  text: TextBlock,
  buttons: ButtonsBlock,
  accordion: AccordionBlock,
  divider: DividerBlock,
  video: VideoBlock,
  list: ListBlock,
  widget: WidgetBlock,
  image: ImageBlock,
};

// Once per name and reason for the life of the page (or server process): a page full of one
// unknown block must not flood the log.
const alreadyLogged = new Set<string>();

function logOnce(key: string, message: string) {
  if (alreadyLogged.has(key)) return;
  alreadyLogged.add(key);
  console.warn(message);
}

/** One block in its wrapper; unknown names and blocks without usable data render nothing. */
export function RenderBlock({ block }: BlockProps) {
  const Component = BLOCK_COMPONENTS[block.name];
  if (!Component) {
    logOnce(`unknown:${block.name}`, `[blocks] unknown building block "${block.name}" renders nothing`);
    return null;
  }
  if (block.data === null) {
    logOnce(
      `empty:${block.guid}`,
      `[blocks] building block ${block.guid} ("${block.name}") has no usable content`,
    );
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
