import type { BlockViewProps } from '../registry';
import { RenderBlocks } from '../registry';

/**
 * Two or three columns of blocks side by side (issue 31; site.css `.columns-block`): stacked on a
 * phone, side by side from the small breakpoint (SPEC 9), in the block's widths. Each column's
 * blocks are rendered by their own views, as the page's other blocks; a column is a plain `div`, so
 * the headings inside keep the page's outline. A chunk of its own (registry.tsx).
 */
export function ColumnsBlock({ block }: BlockViewProps<'columns'>) {
  const { count, widths, columns } = block.data;
  return (
    <div className="columns-block" data-count={count} data-widths={widths}>
      {columns.map((blocks, index) => (
        // The columns are fixed places: the index is what they are.
        // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place
        <div key={index} className="columns-block-column">
          <RenderBlocks blocks={blocks} />
        </div>
      ))}
    </div>
  );
}
