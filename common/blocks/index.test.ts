import { describe, expect, it } from 'vitest';
import { BLOCK_TYPE_NAMES, BLOCK_TYPES, isBlockTypeName, videoEmbedUrl } from './index.ts';
import { paragraphs } from './rich-text.ts';

describe('videoEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://youtube.com/watch?v=aqz-KE-bpKQ&t=30s', 'aqz-KE-bpKQ'],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'aqz-KE-bpKQ'],
  ])('embeds the YouTube URL %s without cookies', (url, id) => {
    expect(videoEmbedUrl(url)).toEqual({
      provider: 'youtube',
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
    });
  });

  it.each(['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'])(
    'embeds the Vimeo URL %s with do-not-track',
    (url) => {
      expect(videoEmbedUrl(url)).toEqual({
        provider: 'vimeo',
        embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1',
      });
    },
  );

  it.each([
    ['another provider', 'https://video.example.org/watch?v=aqz-KE-bpKQ'],
    ['a look-alike host', 'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ'],
    ['an id with odd characters', 'https://www.youtube.com/watch?v=%22%3E%3Cscript%3E'],
    ['an id that is too short', 'https://youtu.be/abc'],
    ['a YouTube page that is not a video', 'https://www.youtube.com/feed/trending'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/channels'],
    ['a javascript: URL with a YouTube host', 'javascript://www.youtube.com/%0aalert(1)'],
    ['a data: URL', 'data:text/html,https://www.youtube.com/watch?v=aqz-KE-bpKQ'],
    ['a YouTube URL with a user', 'https://x@www.youtube.com/watch?v=aqz-KE-bpKQ'],
    ['a YouTube URL on another port', 'https://www.youtube.com:8080/watch?v=aqz-KE-bpKQ'],
    ['something that is not a URL', 'geen url'],
  ])('answers null for %s', (_case, url) => {
    expect(videoEmbedUrl(url)).toBeNull();
  });
});

describe('block types', () => {
  it('are text, buttons, accordion, divider, video, image, list and widget', () => {
    expect([...BLOCK_TYPE_NAMES].sort()).toEqual([
      'accordion',
      'buttons',
      'divider',
      'image',
      'list',
      'text',
      'video',
      'widget',
    ]);
    expect(isBlockTypeName('text')).toBe(true);
    expect(isBlockTypeName('toString')).toBe(false);
  });

  it('give options their defaults', () => {
    expect(BLOCK_TYPES.divider.options.parse({})).toEqual({ variant: 'solid', size: 'md' });
    expect(BLOCK_TYPES.buttons.options.parse({})).toEqual({ align: 'left' });
    expect(BLOCK_TYPES.video.options.parse({})).toEqual({ aspectRatio: '16/9' });
  });

  it('accept buttons with safe links only', () => {
    const buttons = (href: string) => ({ buttons: [{ label: 'Klik', href }] });
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('/over-ons')).success).toBe(true);
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('https://example.org/')).success).toBe(true);
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('javascript:alert(1)')).success).toBe(false);
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('http://10.0.0.1/')).success).toBe(false);
  });

  it('accept text only as a doc node', () => {
    expect(BLOCK_TYPES.text.content.safeParse({ doc: paragraphs('Hallo') }).success).toBe(true);
    expect(BLOCK_TYPES.text.content.safeParse({ doc: { type: 'paragraph' } }).success).toBe(false);
    expect(BLOCK_TYPES.text.content.safeParse({ doc: '<p>html</p>' }).success).toBe(false);
  });
});
