import type { ComponentType } from 'react';
import type { BlockTypeName, BlockView, BlockViewData, BlockViewOf } from '../../common/blocks/index';
import { isBlockTypeName, isKnownBlockView } from '../../common/blocks/names';
import { type LazyComponent, lazyComponent } from '../components/lazy-component';
import { TextBlock } from './Text/View';

// Every type's view but text's is a chunk of its own in the browser (issue 31), loaded on the pages
// that show it; the server renders them in place. The server names the chunks of the types on a
// page beside its other scripts (server/http/block-code.ts) and the browser has them before it
// hydrates (entry.client.tsx, preloadBlockViews), so hydration never waits for one. No Suspense
// boundary of their own: a client-side navigation (a transition) keeps the page it comes from until
// a chunk it lacks is there, so nothing shifts.
// Text is on nearly every page, and its view with the rich-text links it shares with the accordion
// and the notice is about 0.5 KB: as chunks of their own (two) they cost more requests than bytes
// saved (bench/README.md, "block view bytes per type"), so it stays in the shared code.
const ButtonsBlock = lazyComponent(() => import('./Buttons/View').then((module) => module.ButtonsBlock));
const AccordionBlock = lazyComponent(() =>
  import('./Accordion/View').then((module) => module.AccordionBlock),
);
const QuoteBlock = lazyComponent(() => import('./Quote/View').then((module) => module.QuoteBlock));
const NoticeBlock = lazyComponent(() => import('./Notice/View').then((module) => module.NoticeBlock));
const CallToActionBlock = lazyComponent(() =>
  import('./CallToAction/View').then((module) => module.CallToActionBlock),
);
const ContactBlock = lazyComponent(() => import('./Contact/View').then((module) => module.ContactBlock));
const TableBlock = lazyComponent(() => import('./Table/View').then((module) => module.TableBlock));
const DividerBlock = lazyComponent(() => import('./Divider/View').then((module) => module.DividerBlock));
const VideoBlock = lazyComponent(() => import('./Video/View').then((module) => module.VideoBlock));
const WidgetBlock = lazyComponent(() => import('./Widget/View').then((module) => module.WidgetBlock));
const ImageBlock = lazyComponent(() => import('./Image/View').then((module) => module.ImageBlock));
// The form and list views: inputs, validation, proof of work; list controls, pager, item fetching.
const FormBlock = lazyComponent(() => import('./Form/View').then((module) => module.FormBlock));
const ListBlock = lazyComponent(() => import('./List/View').then((module) => module.ListBlock));
// The gallery (issue 27) likewise, and its lightbox a chunk of its own again, loaded on first use.
const GalleryBlock = lazyComponent(() => import('./Gallery/View').then((module) => module.GalleryBlock));
// The download block (issue 27) likewise: only pages that offer documents load it.
const DownloadBlock = lazyComponent(() => import('./Download/View').then((module) => module.DownloadBlock));
// The map block (issue 31) likewise: a page or two show where a place is.
const MapBlock = lazyComponent(() => import('./Map/View').then((module) => module.MapBlock));
// The cards block (issue 31) likewise: a landing page's grid, on few pages.
const CardsBlock = lazyComponent(() => import('./Cards/View').then((module) => module.CardsBlock));
// The columns block (issue 31) likewise; the blocks in its columns load their own views.
const ColumnsBlock = lazyComponent(() => import('./Columns/View').then((module) => module.ColumnsBlock));
// A reusable block (issue 31) likewise: the blocks it holds load their own views.
const ReusableBlock = lazyComponent(() => import('./Reusable/View').then((module) => module.ReusableBlock));

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
  cards: CardsBlock,
  columns: ColumnsBlock,
  contact: ContactBlock,
  map: MapBlock,
  table: TableBlock,
  divider: DividerBlock,
  video: VideoBlock,
  list: ListBlock,
  widget: WidgetBlock,
  image: ImageBlock,
  gallery: GalleryBlock,
  download: DownloadBlock,
  form: FormBlock,
  reusable: ReusableBlock,
};

/**
 * Loads the views of the named types (unknown names are passed over), so that the page the server
 * rendered with them hydrates at once (entry.client.tsx).
 */
export function preloadBlockViews(names: Iterable<string>): Promise<unknown> {
  const known = [...new Set(names)].filter(isBlockTypeName);
  return Promise.all(known.map((name) => (BLOCK_VIEWS[name] as Partial<LazyComponent<never>>).preload?.()));
}

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
