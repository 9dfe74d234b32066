import type { GalleryBlockData, GalleryColumns, GalleryImage } from '../../../../common/blocks/gallery.ts';
import type { BlockContent, BlockOptions } from '../../../../common/blocks/index.ts';
import { imageUrl, SITE_IMAGES, SRCSET_WIDTHS } from '../../../../common/media.ts';
import { AppError } from '../../../errors.ts';
import { referencedMedia } from '../../media/references.ts';
import type { PreparedAsset, ServerBlockType } from './define.ts';

/** The large image's plain `src` (the thumbnail's link): at most this wide. */
const LARGE_WIDTH = 1600;

/** How wide a thumbnail is drawn (site.css `.gallery-block`: two columns below 600 px). */
function thumbnailSizes(columns: GalleryColumns): string {
  const count = Number(columns);
  return `(max-width: 599.98px) 50vw, (max-width: 1440px) ${Math.ceil(100 / count)}vw, ${Math.ceil(1440 / count)}px`;
}

function galleryImage(
  guid: string,
  asset: PreparedAsset,
  texts: { alt: string | undefined; caption: string | undefined },
): GalleryImage {
  const v = asset.version;
  const widths: number[] = SRCSET_WIDTHS.filter((width) => width <= asset.width);
  if (asset.width < (SRCSET_WIDTHS.at(-1) ?? 0) && !widths.includes(asset.width)) widths.push(asset.width);
  const large = widths.filter((width) => width <= LARGE_WIDTH).at(-1) ?? widths[0] ?? asset.width;
  const [small] = SITE_IMAGES.galleryThumbnails;
  return {
    guid,
    thumbnail: imageUrl(guid, { ...small, v }),
    thumbnailSrcSet: SITE_IMAGES.galleryThumbnails
      .map((query) => `${imageUrl(guid, { ...query, v })} ${query.width}w`)
      .join(', '),
    large: imageUrl(guid, { width: large, v }),
    largeSrcSet: widths.map((width) => `${imageUrl(guid, { width, v })} ${width}w`).join(', '),
    width: asset.width,
    height: asset.height,
    // The block's own texts override the asset's; a decorative image says nothing (alt="").
    alt: texts.alt || (asset.isDecorative ? '' : asset.alt),
    caption: texts.caption || asset.caption,
    credit: asset.credit,
  };
}

const byLowerCaseGuid = (texts: Record<string, string>) =>
  new Map(Object.entries(texts).map(([guid, text]) => [guid.toLowerCase(), text]));

/**
 * A gallery's images as visitors get them (issue 27): every image still in the library, in the
 * editor's order, with its texts in this language. No image left: null, so visitors see nothing.
 */
export function galleryBlockData(
  content: BlockContent<'gallery'>,
  options: BlockOptions<'gallery'>,
  asset: (guid: string) => PreparedAsset | null | undefined,
): GalleryBlockData | null {
  const alts = byLowerCaseGuid(content.alts);
  const captions = byLowerCaseGuid(content.captions);
  const images = options.imageGuids.flatMap((guid) => {
    const found = asset(guid);
    const key = guid.toLowerCase();
    return found ? [galleryImage(key, found, { alt: alts.get(key), caption: captions.get(key) })] : [];
  });
  if (images.length === 0) return null;
  return { images, columns: options.columns, sizes: thumbnailSizes(options.columns) };
}

export const gallery: ServerBlockType<'gallery'> = {
  prepare: ({ content, options, asset }) => galleryBlockData(content, options, asset),
  /** Every image must be one the block may name (a library asset, or one uploaded for it). */
  async checkOptions(tx, { actor, blockGuid, options }) {
    if (options.imageGuids.length === 0) return options;
    const found = await referencedMedia(tx, actor, { kind: 'block', guid: blockGuid }, options.imageGuids);
    const index = options.imageGuids.findIndex((guid) => !found.get(guid));
    if (index >= 0) {
      throw new AppError('validation_failed', 'unknown image', [
        { path: `options.imageGuids.${index}`, message: 'validation.blockImage' },
      ]);
    }
    return options;
  },
};
