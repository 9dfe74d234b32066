import type { z } from 'zod';
import type { Locale } from '../localized-text.ts';
import type { LayoutPosition } from '../pages.ts';
import { type AccordionBlockData, accordionBlock } from './accordion.ts';
import { type ButtonsBlockData, buttonsBlock } from './buttons.ts';
import { type CallToActionBlockData, callToActionBlock } from './call-to-action.ts';
import { type CardsBlockData, cardsBlock } from './cards.ts';
import { type ColumnsBlockData, columnsBlock } from './columns.ts';
import { type ContactBlockData, contactBlock } from './contact.ts';
import { type DividerBlockData, dividerBlock } from './divider.ts';
import { type DownloadBlockData, downloadBlock } from './download.ts';
import { type FormBlockData, formBlock } from './form.ts';
import { type GalleryBlockData, galleryBlock } from './gallery.ts';
import { type ImageBlockData, imageBlock } from './image.ts';
import { type ListBlockData, listBlock } from './list.ts';
import { type MapBlockData, mapBlock } from './map.ts';
import type { BlockTypeName } from './names.ts';
import { type NoticeBlockData, noticeBlock } from './notice.ts';
import { type QuoteBlockData, quoteBlock } from './quote.ts';
import { type ReusableBlockData, reusableBlock } from './reusable.ts';
import { type TableBlockData, tableBlock } from './table.ts';
import { type TextBlockData, textBlock } from './text.ts';
import { type VideoBlockData, videoBlock } from './video.ts';
import { type WidgetBlockData, widgetBlock } from './widget.ts';

export { BLOCK_TYPE_NAMES, type BlockTypeName, isBlockTypeName, isKnownBlockView } from './names.ts';
export { videoEmbedUrl } from './video.ts';

/**
 * Every block type, by the name stored in `buildingBlockName`. A type is one unit: its schemas here
 * (common/blocks/<type>.ts), its server half in server/domains/blocks/types/, its view and editor
 * in web/blocks/<Type>/; the registries there are typed against these names.
 */
export const BLOCK_TYPES = {
  text: textBlock,
  buttons: buttonsBlock,
  accordion: accordionBlock,
  quote: quoteBlock,
  notice: noticeBlock,
  callToAction: callToActionBlock,
  cards: cardsBlock,
  columns: columnsBlock,
  contact: contactBlock,
  map: mapBlock,
  table: tableBlock,
  divider: dividerBlock,
  video: videoBlock,
  image: imageBlock,
  download: downloadBlock,
  gallery: galleryBlock,
  list: listBlock,
  widget: widgetBlock,
  form: formBlock,
  reusable: reusableBlock,
} as const satisfies Record<BlockTypeName, unknown>;

export type BlockContent<N extends BlockTypeName> = z.infer<(typeof BLOCK_TYPES)[N]['content']>;
export type BlockOptions<N extends BlockTypeName> = z.infer<(typeof BLOCK_TYPES)[N]['options']>;

/** What visitors get of each type, prepared on the server (rich text already HTML). */
export type BlockViewData = {
  text: TextBlockData;
  buttons: ButtonsBlockData;
  accordion: AccordionBlockData;
  quote: QuoteBlockData;
  notice: NoticeBlockData;
  callToAction: CallToActionBlockData;
  cards: CardsBlockData;
  columns: ColumnsBlockData;
  contact: ContactBlockData;
  map: MapBlockData;
  table: TableBlockData;
  divider: DividerBlockData;
  video: VideoBlockData;
  image: ImageBlockData;
  download: DownloadBlockData;
  gallery: GalleryBlockData;
  list: ListBlockData;
  widget: WidgetBlockData;
  form: FormBlockData;
  reusable: ReusableBlockData;
};

type BlockViewBase = {
  guid: string;
  position: LayoutPosition;
  sortId: number;
  /** `nl` when the block has no translation and shows its Dutch content on an English page. */
  contentLang?: Locale;
};

/**
 * A block as the site renders it: a union over the types, so a type's view reads its own data and
 * options without casts. `data` is null when there is nothing to show (an image not chosen yet,
 * content that no longer fits its schema, a list that could not load).
 */
export type KnownBlockView = {
  [N in BlockTypeName]: BlockViewBase & { name: N; options: BlockOptions<N>; data: BlockViewData[N] | null };
}[BlockTypeName];

/** A block of a type this version does not know: it renders nothing, but edit mode can remove it. */
export type UnknownBlockView = BlockViewBase & { name: string; options: Record<string, never>; data: null };

export type BlockView = KnownBlockView | UnknownBlockView;
export type BlockViewOf<N extends BlockTypeName> = Extract<KnownBlockView, { name: N }>;
