import { videoEmbedUrl } from '../../../../common/blocks/video.ts';
import type { ServerBlockType } from './define.ts';

/** A video we cannot embed (another provider) shows nothing rather than a broken frame. */
export const video: ServerBlockType<'video'> = {
  prepare: ({ content }) => {
    const embed = videoEmbedUrl(content.url);
    return embed ? { ...embed, title: content.title, url: content.url } : null;
  },
};
