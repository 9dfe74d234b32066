import {
  DEFAULT_QUALITY,
  type Fit,
  MAX_DIMENSION,
  normaliseDimension,
  type OutputFormat,
} from '../../common/media.ts';
import { AppError } from '../errors.ts';
import type { VariantFormat, VariantParams } from './transform.ts';

/** GET /a/{guid}'s transform parameters as validated (transformQuerySchema). */
export type VariantQuery = {
  width?: number | undefined;
  height?: number | undefined;
  quality?: number | undefined;
  fit?: Fit | undefined;
  format?: OutputFormat | undefined;
};

/** The original's stored size (as read from its header, before EXIF orientation). */
export type SourceSize = { width: number; height: number };

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

/**
 * An upper bound of the variant's size, as sharp resizes (never enlarging). The stored size is
 * before EXIF orientation, so both orientations are tried and the larger answer counts.
 */
export function variantSize(
  source: SourceSize,
  params: Pick<VariantParams, 'width' | 'height' | 'fit'>,
): { pixels: number; longestSide: number } {
  const box = resizeBox(params);
  const sizes = [fitted(source.width, source.height, box), fitted(source.height, source.width, box)];
  return {
    pixels: Math.max(...sizes.map(([width, height]) => width * height)),
    longestSide: Math.max(...sizes.flat()),
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
  const width = query.width === undefined ? null : normaliseDimension(query.width);
  const height = query.height === undefined ? null : normaliseDimension(query.height);
  // The parameters are those of the work done, so equal work shares one cache entry and a changed
  // meaning gets a new name: without a size it is the 3000×3000 box, with one side the fit is moot.
  const params: VariantParams = {
    width: width === null && height === null ? MAX_DIMENSION : width,
    height: width === null && height === null ? MAX_DIMENSION : height,
    quality: query.quality ?? DEFAULT_QUALITY,
    fit: width === null || height === null ? 'inside' : (query.fit ?? 'inside'),
    format: 'webp',
  };
  const size = variantSize(source, params);
  if (size.longestSide > MAX_DIMENSION) {
    throw invalid(
      'fit',
      `this variant would be ${size.longestSide} px on its longest side; at most ${MAX_DIMENSION}`,
    );
  }
  const avifAllowed = size.pixels <= avifMaxPixels;
  const requested = query.format ?? 'webp';
  let format: VariantFormat;
  if (requested === 'auto') {
    format = avifAllowed && /\bimage\/avif\b/i.test(accept ?? '') ? 'avif' : 'webp';
  } else {
    format = requested;
    if (format === 'avif' && !avifAllowed) {
      throw invalid(
        'format',
        `avif is made for variants up to ${avifMaxPixels} pixels and this one has about ${size.pixels}: ask a smaller size, or format=webp or format=auto`,
      );
    }
  }
  return { params: { ...params, format }, negotiated: requested === 'auto' };
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, [{ path: `querystring/${field}`, message }]);
}
