import { z } from 'zod';
import { videoUrlSchema } from '../url-schemas.ts';
import { type VideoProvider, videoEmbedUrl } from '../urls.ts';
import { defineBlockType } from './define.ts';

export const VIDEO_ASPECT_RATIOS = ['16/9', '4/3', '1/1'] as const;

/** The url is one of a video we embed (YouTube or Vimeo, common/urls.ts 'video'). */
export const videoBlock = defineBlockType({
  content: z.object({ url: videoUrlSchema, title: z.string().min(1).max(200) }),
  options: z.object({ aspectRatio: z.enum(VIDEO_ASPECT_RATIOS).default('16/9') }),
  isLocalized: true,
  newContent: () => ({ url: '', title: '' }),
});

export { type VideoProvider, videoEmbedUrl };

/** What visitors get: the privacy-friendly player URL and the video's own page (https). */
export type VideoBlockData = { provider: VideoProvider; embedUrl: string; title: string; url: string };
