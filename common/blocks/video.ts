import { z } from 'zod';
import { defineBlockType } from './define.ts';

export const VIDEO_ASPECT_RATIOS = ['16/9', '4/3', '1/1'] as const;

export const videoBlock = defineBlockType({
  content: z.object({ url: z.url().max(2000), title: z.string().min(1).max(200) }),
  options: z.object({ aspectRatio: z.enum(VIDEO_ASPECT_RATIOS).default('16/9') }),
  isLocalized: true,
  newContent: () => ({ url: '', title: '' }),
});

export type VideoProvider = 'youtube' | 'vimeo';

/** What visitors get: the privacy-friendly player URL (null when the URL is not one we embed). */
export type VideoBlockData = { provider: VideoProvider; embedUrl: string; title: string; url: string };

/** The video providers we embed, and the privacy-friendly player URL for a watch URL. */
export function videoEmbedUrl(url: string): { provider: VideoProvider; embedUrl: string } | null {
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
