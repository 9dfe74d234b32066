import type { FastifyBaseLogger } from 'fastify';
import {
  BLOCK_TYPES,
  type BlockContent,
  type BlockOptions,
  isBlockTypeName,
  videoEmbedUrl,
} from '../../common/blocks/index.ts';
import type { RichTextNode } from '../../common/blocks/rich-text.ts';
import type { Locale, Localized } from '../../common/localized-text.ts';
import { pickLocale } from '../../common/localized-text.ts';
import { imageUrl, PLACEHOLDER, SRCSET_WIDTHS } from '../../common/media.ts';
import type { BlockView, ImageBlockData } from '../../common/site.ts';
import type { buildingBlockInstances } from '../db/schema.ts';
import { LruCache } from '../domains/cache.ts';
import { renderRichText } from './rich-text.ts';

type BlockRow = typeof buildingBlockInstances.$inferSelect;

const loggedUnknownNames = new Set<string>();

// Preparing a block (schema checks, rich text to HTML) costs milliseconds; a block's view only
// changes with its row, so it is kept per row version and language. `null` remembers a skipped block.
const preparedBlocks = new LruCache<BlockView | null>(5000);

/**
 * Turns stored block instances into what the site renders: content in the visitor's language, rich
 * text rendered to HTML, videos resolved to their embed URL. A block whose content does not fit its
 * schema is left out (and logged), so one bad block never breaks a page.
 */
export function toBlockViews(rows: BlockRow[], locale: Locale, log: FastifyBaseLogger): BlockView[] {
  const views: BlockView[] = [];
  for (const row of rows) {
    const key = `${row.id}|${row.updatedAt.getTime()}|${locale}`;
    let view = preparedBlocks.get(key);
    if (view === undefined) {
      view = toBlockView(row, locale, log);
      preparedBlocks.set(key, view);
    }
    if (view) views.push(view);
  }
  return views;
}

function toBlockView(row: BlockRow, locale: Locale, log: FastifyBaseLogger): BlockView | null {
  const base = {
    guid: row.id,
    name: row.buildingBlockName,
    position: row.layoutPosition,
    sortId: row.sortId,
  };
  const name = row.buildingBlockName;
  if (!isBlockTypeName(name)) {
    if (!loggedUnknownNames.has(name)) {
      loggedUnknownNames.add(name);
      log.warn({ buildingBlockName: name, guid: row.id }, 'unknown building block type; it renders nothing');
    }
    return { ...base, options: {}, data: null };
  }
  const type = BLOCK_TYPES[name];
  const options = type.options.safeParse(row.options ?? {});
  const localizedContent = (row.content ?? { nl: {} }) as Localized<unknown>;
  const content = type.content.safeParse(pickLocale(localizedContent, locale));
  if (!options.success || !content.success) {
    log.warn(
      { guid: row.id, buildingBlockName: name },
      'building block content does not match its schema; skipped',
    );
    return null;
  }
  const onError = (error: unknown) =>
    log.warn({ err: error, guid: row.id }, 'rich text could not be rendered');
  let data: unknown;
  switch (name) {
    case 'text': {
      const value = content.data as { doc: RichTextNode };
      data = { html: renderRichText(value.doc, onError) };
      break;
    }
    case 'accordion': {
      const value = content.data as { items: { title: string; doc: RichTextNode }[] };
      data = {
        items: value.items.map((item) => ({ title: item.title, html: renderRichText(item.doc, onError) })),
      };
      break;
    }
    case 'video': {
      const value = content.data as { url: string; title: string };
      const embed = videoEmbedUrl(value.url);
      data = embed ? { ...embed, title: value.title, url: value.url } : null;
      break;
    }
    case 'image':
      data = imageBlockData(content.data as BlockContent<'image'>, options.data as BlockOptions<'image'>);
      break;
    default:
      data = content.data;
  }
  return { ...base, options: options.data as Record<string, unknown>, data };
}

/** How wide the image is drawn (site.css `.image-block[data-size]`): the browser picks a srcset entry by it. */
const IMAGE_SIZES: Record<ImageBlockData['size'], string> = {
  full: '(max-width: 1440px) 100vw, 1440px',
  large: '(max-width: 599.98px) 100vw, (max-width: 1440px) 75vw, 1080px',
  medium: '(max-width: 599.98px) 100vw, (max-width: 1440px) 50vw, 720px',
  small: '(max-width: 599.98px) 100vw, (max-width: 1440px) 33vw, 480px',
};

/** The width of the plain `src`, for browsers without srcset support and for crawlers. */
const DEFAULT_SRC_WIDTH = 1200;

/**
 * An image block's sources. The srcset never asks for more than the original is wide (a bigger
 * variant would only be the same pixels, heavier); a narrow original is offered at its own width.
 * No image chosen yet: null, so visitors see nothing.
 */
export function imageBlockData(
  content: BlockContent<'image'>,
  options: BlockOptions<'image'>,
): ImageBlockData | null {
  const guid = options.imageGuid;
  if (!guid) return null;
  const original = options.width;
  const widths: number[] = original ? SRCSET_WIDTHS.filter((width) => width <= original) : [...SRCSET_WIDTHS];
  const widest = SRCSET_WIDTHS[SRCSET_WIDTHS.length - 1] ?? 0;
  if (original && original < widest && !widths.includes(original)) {
    widths.push(original);
  }
  const srcWidth =
    widths.filter((width) => width <= DEFAULT_SRC_WIDTH).at(-1) ?? widths[0] ?? DEFAULT_SRC_WIDTH;
  return {
    src: imageUrl(guid, { width: srcWidth }),
    srcSet: widths.map((width) => `${imageUrl(guid, { width })} ${width}w`).join(', '),
    sizes: IMAGE_SIZES[options.size],
    placeholder: imageUrl(guid, PLACEHOLDER),
    width: options.width,
    height: options.height,
    alt: content.alt,
    caption: content.caption,
    href: options.href ?? null,
    size: options.size,
  };
}
