import type { ImageBlockData } from '../../../../common/blocks/image.ts';
import type { BlockContent, BlockOptions } from '../../../../common/blocks/index.ts';
import { imageUrl, PLACEHOLDER, SRCSET_WIDTHS } from '../../../../common/media.ts';
import { AppError } from '../../../errors.ts';
import { referencedMedia } from '../../media/references.ts';
import type { PreparedAsset, ServerBlockType } from './define.ts';

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
  /** A stored link value to what visitors get (a page or item reference resolved; null: no link). */
  link: (href: string) => string | null = (href) => href,
  /** The library asset (issue 27): its size, texts and file version; null when it is gone. */
  asset?: PreparedAsset | null,
): ImageBlockData | null {
  const guid = options.imageGuid;
  if (!guid || asset === null) return null;
  const original = asset ? asset.width : options.width;
  const height = asset ? asset.height : options.height;
  const v = asset?.version;
  const widths: number[] = original ? SRCSET_WIDTHS.filter((width) => width <= original) : [...SRCSET_WIDTHS];
  const widest = SRCSET_WIDTHS[SRCSET_WIDTHS.length - 1] ?? 0;
  if (original && original < widest && !widths.includes(original)) {
    widths.push(original);
  }
  const srcWidth =
    widths.filter((width) => width <= DEFAULT_SRC_WIDTH).at(-1) ?? widths[0] ?? DEFAULT_SRC_WIDTH;
  // The block's own texts override the asset's; a decorative image says nothing (alt="").
  const alt = content.alt || (asset && !asset.isDecorative ? asset.alt : '');
  return {
    src: imageUrl(guid, { width: srcWidth, v }),
    srcSet: widths.map((width) => `${imageUrl(guid, { width, v })} ${width}w`).join(', '),
    sizes: IMAGE_SIZES[options.size],
    placeholder: imageUrl(guid, { ...PLACEHOLDER, v }),
    width: original,
    height,
    alt,
    caption: content.caption || (asset?.caption ?? ''),
    credit: asset?.credit ?? '',
    href: options.href ? link(options.href) : null,
    size: options.size,
  };
}

export const image: ServerBlockType<'image'> = {
  prepare: ({ content, options, link, asset }) =>
    imageBlockData(content, options, link, options.imageGuid ? asset(options.imageGuid) : undefined),
  /** The image must be one the block may name; its size comes from the upload, not the client. */
  async checkOptions(tx, { actor, blockGuid, options }) {
    if (options.imageGuid === null) return { ...options, width: null, height: null };
    const found = await referencedMedia(tx, actor, { kind: 'block', guid: blockGuid }, [options.imageGuid]);
    const row = found.get(options.imageGuid);
    if (!row) {
      throw new AppError('validation_failed', 'unknown image', [
        {
          path: 'options.imageGuid',
          message: 'validation.blockImage',
        },
      ]);
    }
    return { ...options, width: row.width, height: row.height };
  },
};
