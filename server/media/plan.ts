import {
  DEFAULT_QUALITY,
  type Fit,
  MAX_DIMENSION,
  normaliseDimension,
  type OutputFormat,
  SITE_IMAGE_QUERIES,
  SRCSET_WIDTHS,
} from '../../common/media.ts';
import { AppError } from '../errors.ts';
import { type VariantFormat, type VariantParams, variantName } from './transform.ts';

/** GET /a/{guid}'s transform parameters as validated (transformQuerySchema). */
export type VariantQuery = {
  width?: number | undefined;
  height?: number | undefined;
  quality?: number | undefined;
  fit?: Fit | undefined;
  format?: OutputFormat | undefined;
};

/** The original's stored size (as read from its header, before EXIF orientation). */
export type SourceSize = { width: number; height: number; focalX?: number; focalY?: number };

export type VariantPlan = {
  params: VariantParams;
  /** The format was chosen from the Accept header: the answer varies on it. */
  negotiated: boolean;
};

/**
 * What gets resized into what. A side that was not asked is the 3000 cap (SPEC 9) and the image
 * keeps its proportion (`inside`), so no variant is larger than 3000×3000 but an `outside` one
 * (checked in planVariant). Before issue 9 a request without a size re-encoded the original at full
 * size (42 s for a 99-megapixel JPEG to WebP here), and one side with `contain` or `fill` kept the
 * original's other side (3000×8600 from a 99-megapixel photo); both now fit inside 3000×3000.
 */
export function resizeBox(params: Pick<VariantParams, 'width' | 'height' | 'fit'>): {
  width: number;
  height: number;
  fit: Fit;
} {
  if (params.width === null || params.height === null) {
    return { width: params.width ?? MAX_DIMENSION, height: params.height ?? MAX_DIMENSION, fit: 'inside' };
  }
  return { width: params.width, height: params.height, fit: params.fit };
}

/** A variant's size: its pixels and its longest side. */
export type VariantSize = { pixels: number; longestSide: number };

/**
 * The variant's size as sharp resizes (never enlarging), for the original upright and turned a
 * quarter: the stored size is read before EXIF orientation, and which one applies is not known
 * without reading the original's header (on the hot path, and a download once originals live in an
 * object store). Callers pick: the smaller to refuse (never a refusal the real size would not
 * earn), the larger to choose on their own (never over a budget).
 */
export function variantSizes(
  source: SourceSize,
  params: Pick<VariantParams, 'width' | 'height' | 'fit'>,
): { least: VariantSize; most: VariantSize } {
  const box = resizeBox(params);
  const sizes = [fitted(source.width, source.height, box), fitted(source.height, source.width, box)];
  const pixels = sizes.map(([width, height]) => width * height);
  const sides = sizes.map(([width, height]) => Math.max(width, height));
  return {
    least: { pixels: Math.min(...pixels), longestSide: Math.min(...sides) },
    most: { pixels: Math.max(...pixels), longestSide: Math.max(...sides) },
  };
}

function fitted(width: number, height: number, box: ReturnType<typeof resizeBox>): [number, number] {
  switch (box.fit) {
    case 'contain':
      return [box.width, box.height];
    case 'cover':
    case 'fill':
      return [Math.min(box.width, width), Math.min(box.height, height)];
    case 'inside':
    case 'outside': {
      const pick = box.fit === 'inside' ? Math.min : Math.max;
      const scale = Math.min(1, pick(box.width / width, box.height / height));
      return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
    }
  }
}

/**
 * The variant a request asks for, within the bounds of issue 9.
 *
 * AVIF: encoding is what makes a transform expensive, and its cost follows the pixels encoded, not
 * the original's: measured here with one thread, a 3000-wide AVIF took 18 s (photo-like) to 28 s
 * (noise) against 0.7–0.8 s for WebP, while a 99-megapixel JPEG to an 800-wide AVIF took 2 s (the
 * JPEG decoder shrinks while loading). So the budget is on the variant's pixels (`avifMaxPixels`,
 * 1 MP by default: about 3 s for a photo, 9 s at worst), and it has to be decided before encoding:
 * sharp's time limit cannot stop libaom once the pixels are in. Above it, `format=auto` answers
 * WebP (every browser that accepts AVIF accepts WebP, and the answer already varies on Accept),
 * while an explicit `format=avif` is a 400: a URL that names a format promises it (the type, the
 * ETag and the download name follow it), `auto` exists for "the best you can", and the refusal
 * costs nothing and is the same every time, so the client can ask a smaller size or another format.
 * Not knowing the orientation, `auto` counts the larger size and the refusal the smaller: a
 * quarter-turned original may then get an explicit AVIF of up to the budget times its aspect ratio
 * squared (still inside 3000×3000).
 *
 * `fit=outside` with both sides is the one fit that can come out larger than the box: a variant
 * with a side over 3000 is refused (400) like an oversized request, not computed.
 */
export function planVariant(
  query: VariantQuery,
  accept: string | undefined,
  source: SourceSize,
  avifMaxPixels: number,
): VariantPlan {
  const params: VariantParams = { ...normalisedSize(query), format: 'webp' };
  const { least, most } = variantSizes(source, params);
  if (least.longestSide > MAX_DIMENSION) {
    throw invalid(
      'fit',
      `this variant would be ${least.longestSide} px on its longest side; at most ${MAX_DIMENSION}`,
    );
  }
  const requested = query.format ?? 'webp';
  let format: VariantFormat;
  if (requested === 'auto') {
    const avifAccepted = /\bimage\/avif\b/i.test(accept ?? '');
    format = avifAccepted && most.pixels <= avifMaxPixels ? 'avif' : 'webp';
  } else {
    format = requested;
    if (format === 'avif' && least.pixels > avifMaxPixels) {
      throw invalid(
        'format',
        `avif is made for variants up to ${avifMaxPixels} pixels and this one has ${least.pixels}: ask a smaller size, or format=webp or format=auto`,
      );
    }
  }
  const focal = focalOf(params, source);
  return { params: { ...params, format, ...(focal ? { focal } : {}) }, negotiated: requested === 'auto' };
}

/** The focal point a cover crop of both sides keeps in view (issue 27), rounded; none at the centre. */
function focalOf(params: Omit<VariantParams, 'format'>, source: SourceSize) {
  if (params.fit !== 'cover' || params.width === null || params.height === null) return undefined;
  const x = Math.round((source.focalX ?? 0.5) * 100) / 100;
  const y = Math.round((source.focalY ?? 0.5) * 100) / 100;
  return x === 0.5 && y === 0.5 ? undefined : { x, y };
}

/**
 * The parameters are those of the work done, so equal work shares one cache entry and a changed
 * meaning gets a new name: without a size it is the 3000×3000 box, with one side the fit is moot.
 */
function normalisedSize(query: VariantQuery): Omit<VariantParams, 'format'> {
  const width = query.width === undefined ? null : normaliseDimension(query.width);
  const height = query.height === undefined ? null : normaliseDimension(query.height);
  return {
    width: width === null && height === null ? MAX_DIMENSION : width,
    height: width === null && height === null ? MAX_DIMENSION : height,
    quality: query.quality ?? DEFAULT_QUALITY,
    fit: width === null || height === null ? 'inside' : (query.fit ?? 'inside'),
  };
}

/** The names (variantName) of the variants SITE_IMAGE_QUERIES stand for, as a request for them plans them. */
let siteVariants: ReadonlySet<string> | undefined;

/**
 * Whether a planned variant is one the site's own pages link to (issue 34): the sizes of
 * SITE_IMAGE_QUERIES, or an image block's srcset entry at the original's own width (an original
 * narrower than the widest srcset entry is also offered at its own width, blocks/types/image.ts).
 * These go through the admission gate's `site` lane: made however many clients ask for others.
 */
export function isSiteVariant(params: VariantParams, source: SourceSize): boolean {
  siteVariants ??= new Set(
    SITE_IMAGE_QUERIES.map((query) =>
      variantName({ ...normalisedSize(query), format: query.format ?? 'webp' }),
    ),
  );
  if (siteVariants.has(variantName({ ...params, focal: undefined }))) return true;
  return (
    params.format === 'webp' &&
    params.height === null &&
    params.quality === DEFAULT_QUALITY &&
    source.width < (SRCSET_WIDTHS.at(-1) ?? 0) &&
    params.width === normaliseDimension(source.width)
  );
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, [{ path: `querystring/${field}`, message }]);
}
