import type { ComponentType } from 'react';
import type { BlockTypeName, BlockView, BlockViewData, BlockViewOf } from '../../common/blocks/index';
import { isKnownBlockView } from '../../common/blocks/names';
import { lazyComponent } from '../components/lazy-component';
import { AccordionBlock } from './Accordion/View';
import { ButtonsBlock } from './Buttons/View';
import { CallToActionBlock } from './CallToAction/View';
import { ContactBlock } from './Contact/View';
import { DividerBlock } from './Divider/View';
import { ImageBlock } from './Image/View';
import { NoticeBlock } from './Notice/View';
import { QuoteBlock } from './Quote/View';
import { TableBlock } from './Table/View';
import { TextBlock } from './Text/View';
import { VideoBlock } from './Video/View';
import { WidgetBlock } from './Widget/View';

// The form and list views (inputs, validation, proof of work; list controls, pager, item fetching)
// are chunks of their own in the browser, loaded on the pages that show a form or a list; the server
// renders them in place. No Suspense boundary of their own: while hydrating, React keeps the
// server's HTML until the chunk is there, and a client-side navigation (a transition) keeps the
// page it comes from until then, so nothing shifts.
const FormBlock = lazyComponent(() => import('./Form/View').then((module) => module.FormBlock));
const ListBlock = lazyComponent(() => import('./List/View').then((module) => module.ListBlock));
// The gallery (issue 27) likewise, and its lightbox a chunk of its own again, loaded on first use.
const GalleryBlock = lazyComponent(() => import('./Gallery/View').then((module) => module.GalleryBlock));
// The download block (issue 27) likewise: only pages that offer documents load it.
const DownloadBlock = lazyComponent(() => import('./Download/View').then((module) => module.DownloadBlock));

/** A type's view gets its own block, with data (blocks without data never reach a view). */
export type BlockViewProps<N extends BlockTypeName> = {
  block: BlockViewOf<N> & { data: BlockViewData[N] };
};

/**
 * Every block type's view, by name: a type missing here does not compile. Editors live beside
 * each view (web/blocks/<Type>/Editor.tsx) and load only in edit mode (editors.ts).
 */
export const BLOCK_VIEWS: { [N in BlockTypeName]: ComponentType<BlockViewProps<N>> } = {
  text: TextBlock,
  buttons: ButtonsBlock,
  accordion: AccordionBlock,
  quote: QuoteBlock,
  notice: NoticeBlock,
  callToAction: CallToActionBlock,
  contact: ContactBlock,
  table: TableBlock,
  divider: DividerBlock,
  video: VideoBlock,
  list: ListBlock,
  widget: WidgetBlock,
  image: ImageBlock,
  gallery: GalleryBlock,
  download: DownloadBlock,
  form: FormBlock,
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
export function RenderBlock({ block }: { block: BlockView }) {
  if (!isKnownBlockView(block)) {
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
  // The registry pairs each name with its view; TypeScript cannot follow the pairing through the union.
  const View = BLOCK_VIEWS[block.name] as ComponentType<{ block: typeof block }>;
  // Dutch content shown for want of a translation is marked as Dutch. Lists and widgets hold only
  // their title as content (their items and controls have languages of their own): they mark the title.
  const lang = block.name === 'list' || block.name === 'widget' ? undefined : block.contentLang;
  return (
    <div className={`block block-${block.name}`} data-block={block.name} data-guid={block.guid} lang={lang}>
      <View block={block} />
    </div>
  );
}

export function RenderBlocks({ blocks }: { blocks: BlockView[] }) {
  return blocks.map((block) => <RenderBlock key={block.guid} block={block} />);
}
