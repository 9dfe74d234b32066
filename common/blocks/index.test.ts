import { describe, expect, it } from 'vitest';
import { BLOCK_TYPE_NAMES, BLOCK_TYPES, isBlockTypeName, videoEmbedUrl } from './index.ts';
import { paragraphs, type RichTextNode, withoutDisallowedLinks } from './rich-text.ts';

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
  it('are text, quote, notice, buttons, call to action, cards, columns, accordion, table, contact, map, divider, video, image, list, widget, form, gallery, download and reusable', () => {
    expect([...BLOCK_TYPE_NAMES].sort()).toEqual([
      'accordion',
      'buttons',
      'callToAction',
      'cards',
      'columns',
      'contact',
      'divider',
      'download',
      'form',
      'gallery',
      'image',
      'list',
      'map',
      'notice',
      'quote',
      'reusable',
      'table',
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
    expect(BLOCK_TYPES.quote.options.parse({})).toEqual({});
    expect(BLOCK_TYPES.notice.options.parse({})).toEqual({ kind: 'info' });
    expect(BLOCK_TYPES.callToAction.options.parse({})).toEqual({ background: 'light' });
    expect(BLOCK_TYPES.contact.options.parse({})).toEqual({ kind: 'organization' });
    expect(BLOCK_TYPES.map.options.parse({})).toEqual({ latitude: null, longitude: null, zoom: 16 });
    expect(BLOCK_TYPES.table.options.parse({})).toEqual({
      headerRow: true,
      headerColumn: false,
      striped: true,
    });
  });

  it('accept a table of up to 50 rows of the same 1 to 10 cells of plain text, with an optional caption', () => {
    const table = (rows: unknown, caption?: unknown) =>
      BLOCK_TYPES.table.content.safeParse({ rows, ...(caption === undefined ? {} : { caption }) });
    const cells = (count: number, text = 'x') => Array.from({ length: count }, () => ({ text }));
    expect(table([cells(2, 'Maandag'), cells(2, '9.00–17.00')]).data).toEqual({
      caption: '',
      rows: [cells(2, 'Maandag'), cells(2, '9.00–17.00')],
    });
    expect(BLOCK_TYPES.table.content.safeParse(BLOCK_TYPES.table.newContent()).success).toBe(true);
    expect(
      table(
        Array.from({ length: 50 }, () => cells(10, 'y'.repeat(500))),
        'z'.repeat(300),
      ).success,
    ).toBe(true);
    expect(table(Array.from({ length: 51 }, () => cells(1))).success).toBe(false);
    expect(table([cells(11)]).success).toBe(false);
    expect(table([cells(1, 'x'.repeat(501))]).success).toBe(false);
    expect(table([cells(1)], 'x'.repeat(301)).success).toBe(false);
    expect(table([]).success).toBe(false);
    expect(table([[]]).success).toBe(false);
    expect(table([['los']]).success).toBe(false);
    expect(table([[{ text: { html: '<b>x</b>' } }]]).success).toBe(false);
    const ragged = table([cells(3), cells(3), cells(2), cells(4)]);
    expect(ragged.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['rows', 2], 'validation.tableRowLength'],
      [['rows', 3], 'validation.tableRowLength'],
    ]);
    expect(BLOCK_TYPES.table.options.safeParse({ striped: 'yes' }).success).toBe(false);
  });

  it('accept a map of a named place whose coordinates follow the one rule (common/geo.ts), kept to six decimals', () => {
    const map = (options: unknown) => BLOCK_TYPES.map.options.safeParse(options);
    expect(map({ latitude: 52.37021234, longitude: -4.8952, zoom: 17 }).data).toEqual({
      latitude: 52.370212,
      longitude: -4.8952,
      zoom: 17,
    });
    expect(map({ latitude: 90, longitude: -180 }).data).toEqual({ latitude: 90, longitude: -180, zoom: 16 });
    expect(map({ latitude: 90.000001, longitude: 0 }).error?.issues[0]?.message).toBe('validation.latitude');
    expect(map({ latitude: 0, longitude: 180.5 }).error?.issues[0]?.message).toBe('validation.longitude');
    expect(map({ latitude: 52.37, longitude: null }).error?.issues[0]).toMatchObject({
      path: ['longitude'],
      message: 'validation.required',
    });
    for (const latitude of ['52.37', Number.NaN, Number.POSITIVE_INFINITY, true, [52]]) {
      expect(map({ latitude, longitude: 4.89 }).success, String(latitude)).toBe(false);
    }
    for (const zoom of [0, 20, 16.5, '16', -1])
      expect(map({ latitude: 1, longitude: 1, zoom }).success).toBe(false);
    const content = (value: unknown) => BLOCK_TYPES.map.content.safeParse(value);
    expect(content({ title: 'Dorpshuis De Linde' }).data).toEqual({
      title: 'Dorpshuis De Linde',
      address: '',
    });
    expect(content({ title: '' }).success).toBe(false);
    expect(content({ title: 'x'.repeat(201) }).success).toBe(false);
    expect(content({ title: 'x', address: 'y'.repeat(501) }).success).toBe(false);
    expect(content({ title: { html: '<b>x</b>' } }).success).toBe(false);
    expect(BLOCK_TYPES.map.content.safeParse(BLOCK_TYPES.map.newContent()).success).toBe(false);
  });

  it('accept a contact card with a name, its phone and e-mail by their rules', () => {
    const contact = (content: unknown) => BLOCK_TYPES.contact.content.safeParse(content);
    expect(contact({ title: 'Dorpshuis De Linde' }).data).toEqual({
      title: 'Dorpshuis De Linde',
      label: '',
      phone: '',
      email: '',
      address: '',
      openingHours: '',
    });
    const full = {
      title: 'Dorpshuis De Linde',
      label: 'Beheer',
      phone: '+31 (0)513-123456',
      email: 'info@dorpshuis.example.nl',
      address: 'Lindeplein 1\n8401 AB Dorp',
      openingHours: 'ma–vr 9.00–17.00\nza 10.00–12.00',
    };
    expect(contact(full).data).toEqual(full);
    expect(contact({ ...full, title: '' }).success).toBe(false);
    expect(contact({ ...full, title: 'x'.repeat(201) }).success).toBe(false);
    expect(contact({ ...full, address: 'x'.repeat(501) }).success).toBe(false);
    expect(contact({ ...full, openingHours: 'x'.repeat(1001) }).success).toBe(false);
    expect(contact({ ...full, phone: '123;ext=<script>' }).error?.issues[0]?.message).toBe(
      'validation.phone',
    );
    expect(contact({ ...full, email: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(
      'validation.email',
    );
    expect(BLOCK_TYPES.contact.content.safeParse(BLOCK_TYPES.contact.newContent()).success).toBe(false);
    expect(BLOCK_TYPES.contact.options.safeParse({ kind: 'LocalBusiness' }).success).toBe(false);
  });

  it('accept a quote of plain text up to 1000 characters, with an optional source', () => {
    const quote = (content: unknown) => BLOCK_TYPES.quote.content.safeParse(content);
    expect(quote({ text: 'Een dorp\nis zijn mensen.' }).data).toEqual({
      text: 'Een dorp\nis zijn mensen.',
      caption: '',
    });
    expect(quote({ text: 'x'.repeat(1000), caption: 'y'.repeat(200) }).success).toBe(true);
    expect(quote({ text: 'x'.repeat(1001) }).success).toBe(false);
    expect(quote({ text: 'x', caption: 'y'.repeat(201) }).success).toBe(false);
    expect(quote({ text: '' }).success).toBe(false);
    expect(quote({ text: { toString: 'x' } }).success).toBe(false);
    expect(BLOCK_TYPES.quote.content.safeParse(BLOCK_TYPES.quote.newContent()).success).toBe(false);
  });

  it('accept a notice of a known kind with an optional title and rich text by the link rule', () => {
    const notice = (content: unknown) => BLOCK_TYPES.notice.content.safeParse(content);
    expect(notice(BLOCK_TYPES.notice.newContent()).success).toBe(true);
    expect(notice({ doc: paragraphs('Het dorpshuis is gesloten.') }).data?.title).toBe('');
    expect(notice({ title: 'x'.repeat(201), doc: paragraphs('x') }).success).toBe(false);
    expect(notice({ title: 'Let op', doc: '<script>alert(1)</script>' }).success).toBe(false);
    const linked = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:x' } }] }],
        },
      ],
    };
    expect(notice({ doc: linked }).error?.issues[0]?.message).toBe('validation.link');
    expect(BLOCK_TYPES.notice.options.safeParse({ kind: 'danger' }).success).toBe(false);
  });

  it('accept a call to action with a title and one or two buttons by the link rule', () => {
    const callToAction = (buttons: unknown[], title = 'Word lid') =>
      BLOCK_TYPES.callToAction.content.safeParse({ title, buttons });
    const button = (href: string) => ({ label: 'Aanmelden', href });
    expect(callToAction([button('/lid-worden')]).data).toEqual({
      title: 'Word lid',
      text: '',
      buttons: [button('/lid-worden')],
    });
    expect(
      callToAction([button('page:0b6f3c2e-1d5a-4e1b-9a51-3f3b2a1c0d9e'), button('mailto:a@b.nl')]).success,
    ).toBe(true);
    expect(callToAction([]).success).toBe(false);
    expect(callToAction([button('/a'), button('/b'), button('/c')]).success).toBe(false);
    expect(callToAction([button('/a')], '').success).toBe(false);
    expect(callToAction([button('/a')], 'x'.repeat(201)).success).toBe(false);
    for (const href of [
      'javascript:alert(1)',
      'http://10.0.0.1/',
      'data:text/html,x',
      '/\\evil.example',
      '',
    ]) {
      expect(callToAction([button(href)]).error?.issues[0]?.message, href).toBe('validation.link');
    }
    expect(BLOCK_TYPES.callToAction.options.safeParse({ background: 'red' }).success).toBe(false);
  });

  it('accept buttons with safe links only', () => {
    const buttons = (href: string) => ({ buttons: [{ label: 'Klik', href }] });
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('/over-ons')).success).toBe(true);
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('https://example.org/')).success).toBe(true);
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('javascript:alert(1)')).success).toBe(false);
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('http://10.0.0.1/')).success).toBe(false);
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('http://[::ffff:0:7f00:1]/')).success).toBe(false);
    expect(BLOCK_TYPES.buttons.content.safeParse(buttons('mailto:info@gemeente.nl')).success).toBe(true);
  });

  it('accept a video only from YouTube or Vimeo, over http(s), naming the link rule’s key', () => {
    const video = (url: string) => BLOCK_TYPES.video.content.safeParse({ url, title: 'Video' });
    expect(video('https://www.youtube.com/watch?v=aqz-KE-bpKQ').success).toBe(true);
    expect(video('https://vimeo.com/76979871').success).toBe(true);
    for (const url of [
      'javascript://www.youtube.com/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'https://video.example.org/watch?v=aqz-KE-bpKQ',
      'http://[::ffff:0:7f00:1]/watch?v=aqz-KE-bpKQ',
      '',
    ]) {
      expect(video(url).error?.issues[0]?.message, url).toBe('validation.videoUrl');
    }
  });

  it('accept image links by the link rule', () => {
    const image = (href: string) => BLOCK_TYPES.image.options.safeParse({ href });
    expect(image('/nieuws').success).toBe(true);
    expect(image('http://[64:ff9b::7f00:1]/').error?.issues[0]?.message).toBe('validation.link');
  });

  it('accept rich text only when every link follows the link rule', () => {
    const linked = (href: unknown): RichTextNode => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'klik', marks: [{ type: 'bold' }, { type: 'link', attrs: { href } }] },
          ],
        },
      ],
    });
    for (const href of [
      '/nieuws',
      '#contact',
      'https://www.gemeente.nl/',
      'mailto:a@b.nl',
      'tel:+31201234567',
    ]) {
      expect(BLOCK_TYPES.text.content.safeParse({ doc: linked(href) }).success, href).toBe(true);
    }
    for (const href of ['javascript:alert(1)', 'http://[fec0::1]/', '/\\evil.example', 42, undefined]) {
      const result = BLOCK_TYPES.text.content.safeParse({ doc: linked(href) });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['doc', 'validation.link'],
      ]);
    }
    const accordion = BLOCK_TYPES.accordion.content.safeParse({
      items: [{ title: 'Vraag', doc: linked('http://224.0.0.1/') }],
    });
    expect(accordion.error?.issues[0]?.path).toEqual(['items', 0, 'doc']);
  });

  it('read stored rich text without the links that break the rule, keeping their text and other marks', () => {
    const stored = {
      doc: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'slecht',
                marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'javascript:x' } }],
              },
              { type: 'text', text: 'goed', marks: [{ type: 'link', attrs: { href: '/nieuws' } }] },
            ],
          },
        ],
      },
    };
    expect(BLOCK_TYPES.text.content.safeParse(stored).success).toBe(false);
    const read = BLOCK_TYPES.text.content.parse(withoutDisallowedLinks(stored));
    expect(read.doc.content?.[0]?.content?.map((node) => [node.text, node.marks])).toEqual([
      ['slecht', [{ type: 'bold' }]],
      ['goed', [{ type: 'link', attrs: { href: '/nieuws' } }]],
    ]);
    const buttons = { buttons: [{ label: 'x', href: 'javascript:alert(1)' }] };
    expect(BLOCK_TYPES.buttons.content.safeParse(withoutDisallowedLinks(buttons)).success).toBe(false);
  });

  it('accept text only as a doc node', () => {
    expect(BLOCK_TYPES.text.content.safeParse({ doc: paragraphs('Hallo') }).success).toBe(true);
    expect(BLOCK_TYPES.text.content.safeParse({ doc: { type: 'paragraph' } }).success).toBe(false);
    expect(BLOCK_TYPES.text.content.safeParse({ doc: '<p>html</p>' }).success).toBe(false);
  });
});
