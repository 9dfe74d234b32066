import { BREAKPOINTS, HEADER } from './layout.ts';

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

/**
 * Documents the library takes next to images (issue 27), decided by the file's content: PDF, the
 * OpenXML and OpenDocument office formats, CSV and plain text.
 */
export const DOCUMENT_FORMATS = ['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'csv', 'txt'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** Every format an asset's file can have. */
export const MEDIA_FORMATS = [...IMAGE_FORMATS, ...DOCUMENT_FORMATS] as const;
export type MediaFormat = ImageFormat | DocumentFormat;

export const DOCUMENT_MIME_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** The MIME type an asset's file is served with. */
export function mediaMimeType(format: MediaFormat): string {
  return isDocumentFormat(format) ? DOCUMENT_MIME_TYPES[format] : IMAGE_MIME_TYPES[format];
}

export function isDocumentFormat(format: string): format is DocumentFormat {
  return (DOCUMENT_FORMATS as readonly string[]).includes(format);
}

/** The languages a document can be in (issue 27). */
export const DOCUMENT_LANGUAGES = ['nl', 'en', 'other'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/** Issue 27: documents up to 50 MB (images keep MAX_UPLOAD_BYTES). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/** SPEC 9: uploads up to 30 MB. */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;
/** Images with more pixels than this are refused (decompression bombs): 100 megapixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * What an upload is for (the query flag of POST /a/upload); `library` is an upload into the media
 * library itself (issue 27), for no block or item yet.
 */
export const MEDIA_PURPOSES = ['public', 'item', 'block', 'profile', 'api', 'library'] as const;
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

/** The shape of one image URL the site builds (the query of `imageUrl`). */
export type SiteImageQuery = {
  width?: number;
  height?: number;
  quality?: number;
  fit?: Fit;
  format?: Exclude<OutputFormat, 'auto'>;
};

/**
 * The image sizes the site's own pages link to, used by the components that build those URLs. The
 * server makes these variants however busy it is (issue 34; server/media/plan.ts `isSiteVariant`):
 * a new size or crop on a page belongs here, or visitors may get 503 for it under load.
 */
export const SITE_IMAGES = {
  /** A list item's page (web/routes/item-page.tsx): its srcset, the `src` and `og:image` the widest. */
  itemWidths: [400, 800, 1200],
  /** A list item's card in a list (web/components/lists/ListItemCard.tsx), and the upload preview. */
  cardWidth: 400,
  /**
   * A gallery's thumbnails (issue 27, web/blocks/Gallery): 4:3 crops around the focal point, at one
   * and two device pixels for the widest grid cell; the large image is an image block's srcset.
   */
  galleryThumbnails: [
    { width: 400, height: 300, fit: 'cover' },
    { width: 800, height: 600, fit: 'cover' },
  ],
  /** A list widget's square thumbnail (web/blocks/Widget). */
  widgetThumbnail: { width: 160, height: 160, fit: 'cover' },
  /** A member's avatar: the profile photo's square crop (web/components/account/UserAvatar.tsx). */
  avatar: { width: 100, height: 100, fit: 'cover' },
  /**
   * The header image (web/components/HeaderImage.tsx): SPEC 9's 600 px below the small breakpoint,
   * and the extra large breakpoint's width above it (wider screens stretch it).
   */
  headerWidths: { mobile: HEADER.mobileImageBaseWidth, desktop: BREAKPOINTS.extraLarge },
  /** The favicon (web/root.tsx). */
  favicon: { width: 64, height: 64, format: 'png' },
  /**
   * Issue 30: the image of a shared link (`og:image`, feeds): 1200×630 cut to fill, JPEG (which
   * every link preview reads).
   */
  social: { width: 1200, height: 630, fit: 'cover', format: 'jpeg' },
  /** Issue 30: the web app manifest's icons, squares cut from the favicon. */
  appIcons: [
    { width: 192, height: 192, fit: 'cover', format: 'png' },
    { width: 512, height: 512, fit: 'cover', format: 'png' },
  ],
  /** The header logo is served at twice its height (setting headerLogoHeight, 16–240 px). */
  logoMaxHeight: 480,
  /** Issue 27: a PDF's first page beside its title in a download block (twice the drawn 64 px). */
  documentThumbnail: { width: 100, height: 150, fit: 'cover' },
  /** The thumbnails of the header images' admin table. */
  thumbnailHeight: 64,
} as const satisfies Record<string, unknown>;

/**
 * Every image query the site's pages make, for the server's `isSiteVariant`: an image block's
 * srcset (plus the original's own width, which depends on the image) and placeholder, and the
 * sizes of SITE_IMAGES; the logo's height in every step up to its largest.
 */
export const SITE_IMAGE_QUERIES: readonly SiteImageQuery[] = [
  ...SRCSET_WIDTHS.map((width) => ({ width })),
  { width: PLACEHOLDER.width, height: PLACEHOLDER.height, quality: PLACEHOLDER.quality },
  ...SITE_IMAGES.itemWidths.map((width) => ({ width })),
  { width: SITE_IMAGES.cardWidth },
  SITE_IMAGES.widgetThumbnail,
  ...SITE_IMAGES.galleryThumbnails,
  SITE_IMAGES.avatar,
  SITE_IMAGES.documentThumbnail,
  { width: SITE_IMAGES.headerWidths.mobile, format: 'webp' },
  { width: SITE_IMAGES.headerWidths.desktop, format: 'webp' },
  SITE_IMAGES.favicon,
  SITE_IMAGES.social,
  ...SITE_IMAGES.appIcons,
  { height: SITE_IMAGES.thumbnailHeight },
  ...Array.from({ length: Math.ceil(SITE_IMAGES.logoMaxHeight / SIZE_STEP) }, (_, index) => ({
    height: (index + 1) * SIZE_STEP,
  })),
];

/** Rounds a requested width or height to the nearest step of 50 (at least 50) and caps it at 3000. */
export function normaliseDimension(value: number): number {
  const rounded = Math.round(value / SIZE_STEP) * SIZE_STEP;
  return Math.min(MAX_DIMENSION, Math.max(SIZE_STEP, rounded));
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
    /** The asset's file version (issue 27): a URL with the current one is cached for good. */
    v?: number;
  } = {},
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return `/a/${guid}${search ? `?${search}` : ''}`;
}
