import { z } from 'zod';
import { isExternalUrl } from '../urls.ts';
import { defineBlockType } from './define.ts';

export const VIDEO_ASPECT_RATIOS = ['16/9', '4/3', '1/1'] as const;

export const videoBlock = defineBlockType({
  content: z.object({
    // A YouTube or Vimeo address (common/urls.ts's rule, then the provider's own hosts).
    url: z
      .string()
      .max(2000)
      .refine((value) => videoEmbedUrl(value) !== null, 'validation.videoUrl'),
    title: z.string().min(1).max(200),
  }),
  options: z.object({ aspectRatio: z.enum(VIDEO_ASPECT_RATIOS).default('16/9') }),
  isLocalized: true,
  newContent: () => ({ url: '', title: '' }),
});

export type VideoProvider = 'youtube' | 'vimeo';

/** What visitors get: the privacy-friendly player URL (null when the URL is not one we embed). */
export type VideoBlockData = { provider: VideoProvider; embedUrl: string; title: string; url: string };

/** The video providers we embed, and the privacy-friendly player URL for a watch URL. */
export function videoEmbedUrl(url: string): { provider: VideoProvider; embedUrl: string } | null {
  if (!isExternalUrl(url)) return null;
  const parsed = new URL(url);
  if (parsed.port !== '') return null;
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
