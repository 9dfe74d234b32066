import { z } from 'zod';
import { listBlockOptionsSchema } from '../list-items.ts';
import { isSafeHref } from '../urls.ts';
import { richTextDocSchema } from './rich-text.ts';

const href = z
  .string()
  .max(2000)
  .refine(isSafeHref, 'must be a local link, an anchor or a public http(s) URL');

/**
 * Every block type's content (per locale) and options. The server validates against these; the web
 * registry maps the same names to components.
 */
export const BLOCK_TYPES = {
  text: {
    content: z.object({ doc: richTextDocSchema }),
    options: z.object({}),
  },
  buttons: {
    content: z.object({
      buttons: z
        .array(
          z.object({
            label: z.string().min(1).max(120),
            href,
            variant: z.enum(['filled', 'outline', 'light']).default('filled'),
          }),
        )
        .max(12),
    }),
    options: z.object({ align: z.enum(['left', 'center', 'right']).default('left') }),
  },
  accordion: {
    content: z.object({
      items: z.array(z.object({ title: z.string().min(1).max(200), doc: richTextDocSchema })).max(50),
    }),
    options: z.object({ multiple: z.boolean().default(false) }),
  },
  divider: {
    content: z.object({}),
    options: z.object({
      variant: z.enum(['solid', 'dashed', 'dotted', 'space']).default('solid'),
      size: z.enum(['xs', 'sm', 'md', 'lg', 'xl']).default('md'),
    }),
  },
  video: {
    content: z.object({ url: z.url().max(2000), title: z.string().min(1).max(200) }),
    options: z.object({ aspectRatio: z.enum(['16/9', '4/3', '1/1']).default('16/9') }),
  },
  image: {
    /** Alt text is required: an image that says nothing to a screen reader is a defect. */
    content: z.object({ alt: z.string().trim().min(1).max(300), caption: z.string().max(500).default('') }),
    options: z.object({
      /** Media guid (POST /a/upload?block={guid}); null while the editor has not chosen one yet. */
      imageGuid: z.uuid().nullable().default(null),
      /** The original's size, filled in by the server when the block is saved (aspect ratio, no layout shift). */
      width: z.number().int().positive().nullable().default(null),
      height: z.number().int().positive().nullable().default(null),
      href: href.optional(),
      size: z.enum(['full', 'large', 'medium', 'small']).default('full'),
    }),
  },
  list: {
    content: z.object({ title: z.string().max(200).default('') }),
    options: listBlockOptionsSchema,
  },
  widget: {
    content: z.object({ title: z.string().max(200).default('') }),
    options: listBlockOptionsSchema.extend({
      /** Show the items of this list block (e.g. the news list) instead of the widget's own items. */
      sourceBlockGuid: z.uuid().nullable().default(null),
      defaultItemsPerPage: z.number().int().min(1).max(20).default(5),
      showImages: z.boolean().default(true),
    }),
  },
} as const;

export type BlockTypeName = keyof typeof BLOCK_TYPES;
export const BLOCK_TYPE_NAMES = Object.keys(BLOCK_TYPES) as BlockTypeName[];

export function isBlockTypeName(name: string): name is BlockTypeName {
  return Object.hasOwn(BLOCK_TYPES, name);
}

export type BlockContent<N extends BlockTypeName> = z.infer<(typeof BLOCK_TYPES)[N]['content']>;
export type BlockOptions<N extends BlockTypeName> = z.infer<(typeof BLOCK_TYPES)[N]['options']>;

/** The video providers we embed, and the privacy-friendly player URL for a watch URL. */
export function videoEmbedUrl(url: string): { provider: 'youtube' | 'vimeo'; embedUrl: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const youtubeId =
    host === 'youtu.be'
      ? parsed.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'm.youtube.com'
        ? (parsed.searchParams.get('v') ?? parsed.pathname.match(/^\/(?:embed|shorts)\/([\w-]+)/)?.[1])
        : undefined;
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId)) {
    return { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}` };
  }
  const vimeoId =
    host === 'vimeo.com' || host === 'player.vimeo.com'
      ? parsed.pathname.match(/(\d{5,12})/)?.[1]
      : undefined;
  if (vimeoId) return { provider: 'vimeo', embedUrl: `https://player.vimeo.com/video/${vimeoId}?dnt=1` };
  return null;
}
