import { z } from 'zod';
import { defineBlockType } from './define.ts';

export const GALLERY_COLUMNS = ['2', '3', '4'] as const;
export type GalleryColumns = (typeof GALLERY_COLUMNS)[number];

/** At most this many images in one gallery. */
export const GALLERY_MAX_IMAGES = 60;

/** Texts per image, by asset guid; a key of an image no longer in the gallery is ignored. */
const textsByImage = (max: number) => z.record(z.uuid(), z.string().trim().max(max)).default({});

export const galleryBlock = defineBlockType({
  /**
   * Per language, each image's own alt text and caption by asset guid (issue 27). Empty uses what
   * the media library says of the image (a decorative asset has no alt text), as the image block does.
   */
  content: z.object({
    alts: textsByImage(300),
    captions: textsByImage(500),
  }),
  options: z.object({
    /** Library asset guids in the order shown; each named once. */
    imageGuids: z
      .array(z.uuid().transform((guid) => guid.toLowerCase()))
      .max(GALLERY_MAX_IMAGES)
      .default([])
      .refine((guids) => new Set(guids).size === guids.length, { message: 'validation.duplicate' }),
    columns: z.enum(GALLERY_COLUMNS).default('3'),
  }),
  isLocalized: true,
  newContent: () => ({ alts: {}, captions: {} }),
});

/** One image of a gallery as visitors get it. */
export type GalleryImage = {
  guid: string;
  /** The thumbnail, cut to the grid's 4:3 box around the asset's focal point. */
  thumbnail: string;
  thumbnailSrcSet: string;
  /** The large image: the thumbnail's link and the lightbox's picture. */
  large: string;
  largeSrcSet: string;
  width: number;
  height: number;
  /** '' for a decorative image (the link is then named by its position). */
  alt: string;
  caption: string;
  credit: string;
};

/** What visitors get: the images still in the library, in order (none: the block shows nothing). */
export type GalleryBlockData = {
  images: GalleryImage[];
  columns: GalleryColumns;
  /** The thumbnails' `sizes`, after the grid's columns. */
  sizes: string;
};
