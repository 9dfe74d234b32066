import { type BlockViewProps, RenderBlock } from '../registry';

/**
 * A reusable block (issue 31): the published blocks of the reusable block it names, each in its own
 * wrapper as if it stood on the page (its views' chunks load as any block's). Edit mode labels it
 * and links to where it is edited (web/components/edit/ReusableInPage.tsx).
 */
export function ReusableBlock({ block }: BlockViewProps<'reusable'>) {
  if (block.data.blocks.length === 0) return null;
  return (
    <div className="reusable-block">
      {block.data.blocks.map((inner) => (
        <RenderBlock key={inner.guid} block={inner} />
      ))}
    </div>
  );
}
