import type SharpModule from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { type Fit, type ImageFormat, MAX_IMAGE_PIXELS } from '../../common/media.ts';
import { AppError } from '../errors.ts';
import { resizeBox } from './plan.ts';

/** A format a variant is encoded in (`auto` is resolved from the Accept header before this point). */
export type VariantFormat = 'webp' | 'jpeg' | 'png' | 'avif';

export const VARIANT_MIME_TYPES: Record<VariantFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/** Normalised transform parameters: the same image and the same parameters always give the same bytes. */
export type VariantParams = {
  /** Already rounded to steps of 50 and capped (normaliseDimension); null keeps the proportion. */
  width: number | null;
  height: number | null;
  quality: number;
  fit: Fit;
  format: VariantFormat;
  /**
   * The asset's focal point (issue 27) as fractions of width and height, for a `cover` crop of both
   * sides; absent when it is the centre (sharp's own crop).
   */
  focal?: { x: number; y: number } | undefined;
};

/** The variant's cache file name and ETag part, e.g. `w800-h0-q80-inside.webp` (`-f0.3x0.2` for a focal point). */
export function variantName(params: VariantParams): string {
  const focal = params.focal ? `-f${params.focal.x}x${params.focal.y}` : '';
  return `w${params.width ?? 0}-h${params.height ?? 0}-q${params.quality}-${params.fit}${focal}.${params.format}`;
}

/**
 * What this process's transforms did and do: `computed` counts encodes and `joined` the requests
 * that shared a computation already under way (tests check single flight with them); `running` and
 * `waiting` are the admission gates' (variants.ts), added up over every app in the process. `hold`,
 * when a test sets it, is awaited by every render after it has its slot: the test then decides how
 * long the gate stays full, without sleeping.
 */
export const transformStats: {
  computed: number;
  joined: number;
  running: number;
  waiting: number;
  hold: Promise<void> | null;
} = { computed: 0, joined: 0, running: 0, waiting: 0, hold: null };

let transformThreads: number | undefined;
let loadedSharp: typeof SharpModule | undefined;
let sharpModule: Promise<typeof SharpModule> | undefined;

/**
 * libvips threads per operation (the AVIF encoder's included). A process-wide setting of sharp;
 * sharp's default is the number of cores (1 on glibc without jemalloc), so it is set explicitly.
 */
export function setTransformThreads(threads: number): void {
  transformThreads = Math.max(1, threads);
  loadedSharp?.concurrency(transformThreads);
}

/**
 * sharp (libvips) is loaded on the first upload or transform, not at start-up (issue 12). libvips'
 * operation cache is switched off (issue 34): every variant is made once and then kept on disk, so
 * the cache only held decoded originals and open files (up to 50 MB and 20 files by default) after
 * a burst was over.
 */
async function sharp(input: string, options: SharpOptions): Promise<Sharp> {
  sharpModule ??= import('sharp').then(({ default: module }) => {
    module.cache(false);
    if (transformThreads !== undefined) module.concurrency(transformThreads);
    loadedSharp = module;
    return module;
  });
  return (await sharpModule)(input, options);
}

export type ProbedImage = { format: ImageFormat; width: number; height: number };

/**
 * Decides what an uploaded file is from its bytes (sharp reads the header only): png, jpeg, webp,
 * avif or gif, else 415; more than MAX_IMAGE_PIXELS is refused before anything is decoded.
 */
export async function probeImage(file: string): Promise<ProbedImage> {
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels, so the pixel limit is checked below instead.
    metadata = await (await sharp(file, { limitInputPixels: false })).metadata();
  } catch {
    throw new AppError('unsupported_media_type', 'not a readable image');
  }
  const format = imageFormat(metadata);
  if (!format) throw new AppError('unsupported_media_type', `unsupported image format ${metadata.format}`);
  const { width, height } = metadata;
  if (!width || !height) throw new AppError('unsupported_media_type', 'image without dimensions');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError('image_too_large', `${width}×${height} is more than ${MAX_IMAGE_PIXELS} pixels`);
  }
  return { format, width, height };
}

function imageFormat(metadata: Metadata): ImageFormat | undefined {
  switch (metadata.format) {
    case 'png':
    case 'jpeg':
    case 'webp':
    case 'gif':
      return metadata.format;
    // AVIF is HEIF with AV1 compression; other HEIF (HEVC, from phones) is not accepted.
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : undefined;
    default:
      return undefined;
  }
}

/**
 * Encodes one variant. The first frame of an animated GIF is used; EXIF orientation is applied and
 * metadata is dropped; an image is never enlarged beyond its original size, nor beyond the box of
 * resizeBox. `timeoutSeconds` is sharp's own limit: it stops decoding, resizing and the WebP, JPEG
 * and PNG encoders, not libaom once it encodes (hence the AVIF pixel budget in plan.ts).
 */
export async function renderVariant(
  input: string,
  params: VariantParams,
  options: { timeoutSeconds: number },
): Promise<Buffer> {
  transformStats.computed += 1;
  if (transformStats.hold) await transformStats.hold;
  const loaded = (
    await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true })
  ).timeout({ seconds: options.timeoutSeconds });
  if (params.focal && params.width !== null && params.height !== null) {
    const metadata = await loaded.metadata();
    // autoOrient turns the pixels first; the header's size is before that turn.
    const isTurned = (metadata.orientation ?? 1) >= 5;
    const width = (isTurned ? metadata.height : metadata.width) ?? 0;
    const height = (isTurned ? metadata.width : metadata.height) ?? 0;
    const region = focalRegion(
      { width, height },
      { width: params.width, height: params.height },
      params.focal,
    );
    if (region) loaded.extract(region);
  }
  const image = loaded.resize({ ...resizeBox(params), withoutEnlargement: true });
  switch (params.format) {
    case 'webp':
      return image.webp({ quality: params.quality }).toBuffer();
    case 'jpeg':
      // JPEG has no transparency: put transparent pixels on white rather than black.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: params.quality }).toBuffer();
    case 'png':
      // PNG is lossless: quality does not apply (palette quantisation would be slow and lossy).
      return image.png().toBuffer();
    case 'avif':
      return image.avif({ quality: params.quality }).toBuffer();
  }
}

/** sharp's time limit ends an operation with "timeout: N% complete" among libvips' messages. */
/**
 * The part of a `width`×`height` original that a cover crop to `box` keeps, placed so that the
 * focal point is as near its middle as the edges allow (issue 27); null when nothing is cut.
 */
export function focalRegion(
  source: { width: number; height: number },
  box: { width: number; height: number },
  focal: { x: number; y: number },
): { left: number; top: number; width: number; height: number } | null {
  if (source.width <= 0 || source.height <= 0) return null;
  const scale = Math.max(box.width / source.width, box.height / source.height);
  const width = Math.min(source.width, Math.round(box.width / scale));
  const height = Math.min(source.height, Math.round(box.height / scale));
  if (width >= source.width && height >= source.height) return null;
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp(focal.x * source.width - width / 2, source.width - width),
    top: clamp(focal.y * source.height - height / 2, source.height - height),
    width,
    height,
  };
}

export function isTimeout(error: unknown): boolean {
  return error instanceof Error && /^timeout: /m.test(error.message);
}
