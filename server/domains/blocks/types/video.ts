import { videoEmbedUrl } from '../../../../common/blocks/video.ts';
import type { ServerBlockType } from './define.ts';

/**
 * The schema only lets YouTube and Vimeo URLs in; one it cannot embed after all (a row written by
 * hand) shows nothing rather than a broken frame. The link to the video's own page is https.
 */
export const video: ServerBlockType<'video'> = {
  prepare: ({ content }) => {
    const embed = videoEmbedUrl(content.url);
    if (!embed) return null;
    const url = new URL(content.url);
    url.protocol = 'https:';
    return { ...embed, title: content.title, url: url.href };
  },
};
