import { z } from 'zod';
import { linkSchema } from '../url-schemas.ts';
import { defineBlockType } from './define.ts';

export const IMAGE_SIZES = ['full', 'large', 'medium', 'small'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const imageBlock = defineBlockType({
  /**
   * The block's own alt text and caption override the asset's (issue 27): empty uses what the media
   * library says of the image, described once for every use. An image without any alt text (and
   * not marked decorative in the library) is a finding of the accessibility check.
   */
  content: z.object({
    alt: z.string().trim().max(300).default(''),
    caption: z.string().max(500).default(''),
  }),
  options: z.object({
    /** Media guid (POST /a/upload?block={guid}); null while the editor has not chosen one yet. */
    imageGuid: z.uuid().nullable().default(null),
    /** The original's size, filled in by the server when the block is saved (aspect ratio, no layout shift). */
    width: z.number().int().positive().nullable().default(null),
    height: z.number().int().positive().nullable().default(null),
    href: linkSchema.optional(),
    size: z.enum(IMAGE_SIZES).default('full'),
  }),
  isLocalized: true,
  newContent: () => ({ alt: '', caption: '' }),
});

/** What visitors get: responsive sources through the transform endpoint (SPEC 9). */
export type ImageBlockData = {
  src: string;
  srcSet: string;
  sizes: string;
  /** The 100×100 quality-1 variant, shown blurred behind the image until it has loaded. */
  placeholder: string;
  /** The original's size, for the aspect ratio (null when the editor's save did not record it). */
  width: number | null;
  height: number | null;
  alt: string;
  caption: string;
  /** Who made the image (the library's credit line), shown with the caption. */
  credit: string;
  href: string | null;
  size: ImageSize;
};
