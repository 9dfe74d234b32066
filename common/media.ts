export { cleanFileName } from './urls.ts';

/**
 * Media rules shared by the server (upload checks, transforms) and the browser (the upload control's
 * hints and the image URLs it builds). SPEC 5 and 9.
 */

/** Image formats accepted on upload, decided by the file's content. */
export const IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'avif', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** MIME types of the accepted formats, for the upload control's file picker. */
export const IMAGE_MIME_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** SPEC 9: uploads up to 30 MB. */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;
/** Images with more pixels than this are refused (decompression bombs): 100 megapixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** What an upload is for (the query flag of POST /a/upload). */
export const MEDIA_PURPOSES = ['public', 'item', 'block', 'profile', 'api'] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

/** Formats a transform can produce; `auto` picks AVIF or WebP from the Accept header. */
export const OUTPUT_FORMATS = ['webp', 'jpeg', 'png', 'avif', 'auto'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const FITS = ['inside', 'outside', 'cover', 'contain', 'fill'] as const;
export type Fit = (typeof FITS)[number];

/** SPEC 9: sizes round to steps of 50 and are capped at 3000; quality defaults to 80. */
export const SIZE_STEP = 50;
export const MAX_DIMENSION = 3000;
export const DEFAULT_QUALITY = 80;
/** SPEC 9: the placeholder (blurred preview) is 100×100 at quality 1. */
export const PLACEHOLDER = { width: 100, height: 100, quality: 1 } as const;

/** Widths offered in an image's srcset. */
export const SRCSET_WIDTHS = [400, 800, 1200, 1600, 2400] as const;

/** Rounds a requested width or height to the nearest step of 50 (at least 50) and caps it at 3000. */
export function normaliseDimension(value: number): number {
  const rounded = Math.round(value / SIZE_STEP) * SIZE_STEP;
  return Math.min(MAX_DIMENSION, Math.max(SIZE_STEP, rounded));
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuid(value: string): boolean {
  return GUID.test(value);
}

/** The transform URL of a media guid, e.g. `imageUrl(guid, { width: 800 })` → `/a/{guid}?width=800`. */
export function imageUrl(
  guid: string,
  params: {
    width?: number;
    height?: number;
    quality?: number;
    fit?: Fit;
    format?: OutputFormat;
    name?: string;
  } = {},
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return `/a/${guid}${search ? `?${search}` : ''}`;
}
