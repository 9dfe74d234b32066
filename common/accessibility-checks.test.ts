import { describe, expect, it } from 'vitest';
import {
  type AccessibilityBlock,
  type AccessibilityFinding,
  type AccessibilityInput,
  checkAccessibility,
  normalizeLinkText,
} from './accessibility-checks.ts';
import type { RichTextNode } from './blocks/rich-text.ts';
import { contrastRatio, parseHexColor, relativeLuminance } from './colors.ts';
import type { LayoutPosition, PageLayout } from './pages.ts';
import { layoutPositions } from './pages.ts';

// ─── builders ────────────────────────────────────────────────────────────────────────────────────

const SITE_COLOURS = { colorScheme: '#1f6fb2' };
let counter = 0;

function block(
  name: string,
  content: unknown,
  {
    position = 'main',
    options = {},
    sortId,
  }: Partial<Pick<AccessibilityBlock, 'position' | 'options' | 'sortId'>> = {},
): AccessibilityBlock {
  counter += 1;
  return { guid: `block-${counter}`, name, position, sortId: sortId ?? counter * 10, content, options };
}

function check(blocks: AccessibilityBlock[], layout: PageLayout = '100', colours = SITE_COLOURS) {
  return checkAccessibility({ layout, blocks, colours });
}

/** The findings of the blocks, without the site-wide colour ones. */
const blockFindings = (findings: AccessibilityFinding[]) => findings.filter((finding) => finding.blockGuid);

const text = (value: string, marks?: RichTextNode['marks']): RichTextNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const link = (href: string) => ({ type: 'link', attrs: { href } });
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content });
const heading = (level: unknown, title: string): RichTextNode => ({
  type: 'heading',
  attrs: { level },
  content: [text(title)],
});
const doc = (...content: RichTextNode[]): RichTextNode => ({ type: 'doc', content });
const textBlock = (nl: RichTextNode, en?: RichTextNode, position?: LayoutPosition) =>
  block('text', { nl: { doc: nl }, ...(en ? { en: { doc: en } } : {}) }, position ? { position } : {});
const IMAGE_GUID = '0b6f3c2e-1d5a-4e1b-9a51-3f3b2a1c0d9e';
const YOUTUBE = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

// ─── rules ───────────────────────────────────────────────────────────────────────────────────────

describe('images', () => {
  const image = (alt: unknown, options: Record<string, unknown> = { imageGuid: IMAGE_GUID }) =>
    block('image', { nl: { alt, caption: '' }, en: { alt, caption: '' } }, { options });

  it.each([
    ['empty', ''],
    ['white space', '  \u00a0 '],
    ['zero-width characters', '\u200b'],
    ['missing', undefined],
    ['not text', 42],
  ])('finds an image whose alt text is %s, in each language', (_case, alt) => {
    const subject = image(alt);
    expect(blockFindings(check([subject]))).toEqual(
      (['nl', 'en'] as const).map((language) => ({
        code: 'imageAlt',
        blockGuid: subject.guid,
        position: 'main',
        language,
        details: { reason: 'missing', text: '', isLinked: false },
      })),
    );
  });

  it('finds an alt text that is a file name, and says when the image is a link', () => {
    const subject = image('IMG_0042.JPG', { imageGuid: IMAGE_GUID, href: '/nieuws' });
    expect(blockFindings(check([subject]))[0]?.details).toEqual({
      reason: 'fileName',
      text: 'IMG_0042.JPG',
      isLinked: true,
    });
  });

  it('accepts an image with alt text, and an image not chosen yet (it shows nothing)', () => {
    expect(blockFindings(check([image('Het gemeentehuis aan de Markt')]))).toEqual([]);
    expect(blockFindings(check([image('', { imageGuid: null })]))).toEqual([]);
    expect(blockFindings(check([image('', {})]))).toEqual([]);
  });

  it('reads the alt text of a linked image as its link text', () => {
    const subject = block(
      'image',
      { nl: { alt: 'Klik hier', caption: '' }, en: { alt: 'Town hall opening hours', caption: '' } },
      { options: { imageGuid: IMAGE_GUID, href: '/openingstijden' } },
    );
    expect(blockFindings(check([subject]))).toEqual([
      {
        code: 'vagueLinkText',
        blockGuid: subject.guid,
        position: 'main',
        language: 'nl',
        details: { text: 'Klik hier', href: '/openingstijden' },
      },
    ]);
  });
});

describe('images described in the media library (issue 27)', () => {
  const GUIDS = [
    '1c9e6a3b-5d2f-4b8a-9e1c-7a2b3c4d5e6f',
    '2d0f7b4c-6e3a-4c9b-8f2d-8b3c4d5e6f70',
    '3e1a8c5d-7f4b-4dac-9a3e-9c4d5e6f7081',
  ] as const;
  const [first = '', second = '', third = ''] = GUIDS;
  const described = { alt: { nl: 'De molen', en: 'The mill' }, isDecorative: false };
  const undescribed = { alt: {}, isDecorative: false };
  const decorative = { alt: { nl: 'Een streep' }, isDecorative: true };
  const checkWith = (blocks: AccessibilityBlock[], assets: AccessibilityInput['assets']) =>
    blockFindings(checkAccessibility({ layout: '100', blocks, colours: SITE_COLOURS, assets }));
  const missing = (subject: AccessibilityBlock, language: 'nl' | 'en') => ({
    code: 'imageAlt',
    blockGuid: subject.guid,
    position: 'main',
    language,
    details: { reason: 'missing', text: '', isLinked: false },
  });

  it("reads an image block's alt text from its asset, in its language or else Dutch", () => {
    const image = (guid: string, alt = '') =>
      block(
        'image',
        { nl: { alt, caption: '' }, en: { alt, caption: '' } },
        { options: { imageGuid: guid } },
      );
    const assets = {
      [first]: described,
      [second]: { alt: { nl: 'Het gemeentehuis', en: '' }, isDecorative: false },
      [third]: decorative,
    };
    expect(checkWith([image(first.toUpperCase()), image(second), image(third)], assets)).toEqual([]);
    const bare = image(first);
    expect(checkWith([bare], { [first]: undescribed })).toEqual([missing(bare, 'nl'), missing(bare, 'en')]);
  });

  describe('a gallery', () => {
    const gallery = (
      imageGuids: unknown,
      alts: { nl?: unknown; en?: unknown } = {},
      captions: Record<string, string> = {},
    ) =>
      block(
        'gallery',
        { nl: { alts: alts.nl ?? {}, captions }, en: { alts: alts.en ?? {}, captions } },
        { options: { imageGuids, columns: '3' } },
      );

    it('finds each image without alt text in the block or on its asset, in each language, as the image block does', () => {
      const subject = gallery([first, second, third], {}, { [first]: 'Een bijschrift is geen alt-tekst' });
      const findings = checkWith([subject], {
        [first]: undescribed,
        [second]: described,
        [third]: undescribed,
      });
      expect(findings).toEqual([
        missing(subject, 'nl'),
        missing(subject, 'nl'),
        missing(subject, 'en'),
        missing(subject, 'en'),
      ]);
    });

    it("takes the block's own alt text (its guid in any case) over the asset's, and names a file name", () => {
      const own = gallery([first, second], {
        nl: { [first.toUpperCase()]: 'Eigen tekst', [second]: '  ' },
        en: { [first]: 'Own text', [second]: 'DSC_0042.jpg' },
      });
      expect(checkWith([own], { [first]: undescribed, [second]: described })).toEqual([
        {
          code: 'imageAlt',
          blockGuid: own.guid,
          position: 'main',
          language: 'en',
          details: { reason: 'fileName', text: 'DSC_0042.jpg', isLinked: false },
        },
      ]);
    });

    it('accepts a decorative image (its thumbnail link is named by its place) and skips images gone from the library', () => {
      const subject = gallery([first, second]);
      expect(checkWith([subject], { [first]: decorative })).toEqual([]);
      expect(checkWith([gallery([])], {})).toEqual([]);
    });

    it('reads odd content without throwing; an alt text that is no text or inherited is none', () => {
      const assets = { [first]: undescribed };
      for (const subject of [gallery('not a list'), gallery([42, null, { guid: first }])]) {
        expect(checkWith([subject], assets)).toEqual([]);
      }
      for (const alts of [
        { nl: 'not a record', en: [first] },
        { nl: { [first]: 42 }, en: JSON.parse(`{"__proto__": {"${first}": "x"}}`) },
        { nl: Object.create({ [first]: 'inherited' }), en: null },
      ]) {
        const odd = gallery([first], alts);
        expect(checkWith([odd], assets)).toEqual([missing(odd, 'nl'), missing(odd, 'en')]);
      }
    });
  });
});

describe('videos', () => {
  it('finds a video without a title, per language', () => {
    const subject = block('video', {
      nl: { url: YOUTUBE, title: ' ' },
      en: { url: YOUTUBE, title: 'Opening of the town hall' },
    });
    expect(blockFindings(check([subject]))).toEqual([
      {
        code: 'videoTitle',
        blockGuid: subject.guid,
        position: 'main',
        language: 'nl',
        details: { url: YOUTUBE },
      },
    ]);
  });

  it('accepts a titled video, and ignores one that shows nothing (no usable URL)', () => {
    expect(blockFindings(check([block('video', { nl: { url: YOUTUBE, title: 'Opening' } })]))).toEqual([]);
    expect(
      blockFindings(check([block('video', { nl: { url: 'https://example.org/x', title: '' } })])),
    ).toEqual([]);
    expect(blockFindings(check([block('video', { nl: { url: '', title: '' } })]))).toEqual([]);
  });
});

describe('maps', () => {
  const dam = { latitude: 52.3731, longitude: 4.8922, zoom: 16 };

  it('finds a map without the name of its place, per language, named by its address', () => {
    const subject = block(
      'map',
      { nl: { title: '\u200b ', address: 'Dam 1\n1012 JS Amsterdam' }, en: { title: 'Dam Square' } },
      { options: dam },
    );
    expect(blockFindings(check([subject]))).toEqual([
      {
        code: 'mapTitle',
        blockGuid: subject.guid,
        position: 'main',
        language: 'nl',
        details: { address: 'Dam 1\n1012 JS Amsterdam' },
      },
    ]);
  });

  it('accepts a named map, and ignores one that shows nothing (no place, or one out of the world)', () => {
    expect(blockFindings(check([block('map', { nl: { title: 'De Dam' } }, { options: dam })]))).toEqual([]);
    for (const options of [
      { latitude: null, longitude: null, zoom: 16 },
      { latitude: 91, longitude: 4.89 },
      { latitude: '52.37', longitude: '4.89' },
      {},
    ]) {
      expect(blockFindings(check([block('map', { nl: { title: '' } }, { options })]))).toEqual([]);
    }
  });
});

describe('links', () => {
  it.each([
    ['nl', 'Klik hier!'],
    ['nl', '  lees MEER…  '],
    ['nl', 'Meer'],
    ['nl', '»'],
    ['en', 'Click here.'],
    ['en', 'Read more'],
    ['en', 'here'],
  ] as const)('finds the vague %s link text "%s" in rich text', (language, linkText) => {
    const subject = block('text', { [language]: { doc: doc(paragraph(text(linkText, [link('/afval')]))) } });
    expect(blockFindings(check([subject]))).toEqual([
      {
        code: 'vagueLinkText',
        blockGuid: subject.guid,
        position: 'main',
        language,
        details: { text: linkText.trim(), href: '/afval' },
      },
    ]);
  });

  it('compares with the list of the content’s own language', () => {
    const subject = block('text', {
      nl: { doc: doc(paragraph(text('click here', [link('/a')]))) },
      en: { doc: doc(paragraph(text('klik hier', [link('/a')]))) },
    });
    expect(blockFindings(check([subject]))).toEqual([]);
  });

  it('accepts link texts that say where they go', () => {
    const subject = textBlock(
      doc(paragraph(text('Lees meer over de afvalkalender', [link('/afval')]))),
      doc(paragraph(text('Read more about the waste calendar', [link('/afval')]))),
    );
    expect(blockFindings(check([subject]))).toEqual([]);
  });

  it('reads adjacent text with the same link as one link (“lees ” + bold “meer”)', () => {
    const split = textBlock(
      doc(paragraph(text('lees ', [link('/a')]), text('meer', [{ type: 'bold' }, link('/a')]))),
    );
    expect(blockFindings(check([split])).map((finding) => finding.details)).toEqual([
      { text: 'lees meer', href: '/a' },
    ]);
    const twoLinks = textBlock(
      doc(paragraph(text('Afvalkalender ', [link('/afval')]), text('hier', [link('/andere')]))),
    );
    expect(blockFindings(check([twoLinks])).map((finding) => finding.details)).toEqual([
      { text: 'hier', href: '/andere' },
    ]);
  });

  it('finds a link without text, in rich text and on buttons, in both languages', () => {
    const richText = textBlock(doc(paragraph(text('Zie '), text(' ', [link('/contact')]))));
    const buttons = block('buttons', {
      nl: { buttons: [{ label: 'Contact', href: '/contact' }] },
      en: { buttons: [{ label: '  ', href: '/contact' }] },
    });
    expect(blockFindings(check([richText, buttons]))).toEqual([
      {
        code: 'emptyLink',
        blockGuid: richText.guid,
        position: 'main',
        language: 'nl',
        details: { href: '/contact' },
      },
      {
        code: 'emptyLink',
        blockGuid: buttons.guid,
        position: 'main',
        language: 'en',
        details: { href: '/contact' },
      },
    ]);
  });

  it('finds vague button labels and links in accordion panels', () => {
    const buttons = block('buttons', {
      en: { buttons: [{ label: 'More', href: '/news' }] },
      nl: { buttons: [] },
    });
    const accordion = block('accordion', {
      nl: { items: [{ title: 'Vraag', doc: doc(paragraph(text('hier', [link('/antwoord')]))) }] },
    });
    expect(
      blockFindings(check([buttons, accordion])).map((finding) => [finding.code, finding.language]),
    ).toEqual([
      ['vagueLinkText', 'en'],
      ['vagueLinkText', 'nl'],
    ]);
  });

  it('ignores links the renderer drops (they break the link rule) and text without a link', () => {
    const subject = textBlock(
      doc(paragraph(text('klik hier', [link('javascript:alert(1)')]), text(' of hier'))),
    );
    expect(blockFindings(check([subject]))).toEqual([]);
  });

  it('normalises link text: trimmed, lower case, no punctuation', () => {
    expect(normalizeLinkText('  « Lees   MEER! »  ')).toBe('lees meer');
    expect(normalizeLinkText('→')).toBe('');
  });
});

describe('quotes, notices and calls to action', () => {
  it('checks the links in a notice’s text and a call to action’s buttons, in each language', () => {
    const notice = block('notice', {
      nl: { title: 'Let op', doc: doc(paragraph(text('klik hier', [link('/wegwerkzaamheden')]))) },
    });
    const callToAction = block('callToAction', {
      nl: { title: 'Word lid', text: '', buttons: [{ label: 'Meld je aan', href: '/lid-worden' }] },
      en: {
        title: 'Join us',
        text: '',
        buttons: [
          { label: 'Sign up', href: '/lid-worden' },
          { label: ' ', href: '/over-ons' },
        ],
      },
    });
    const quote = block('quote', { nl: { text: 'Hier', caption: 'Anna' } });
    expect(
      blockFindings(check([notice, callToAction, quote])).map((finding) => [
        finding.code,
        finding.blockGuid,
        finding.language,
      ]),
    ).toEqual([
      ['vagueLinkText', notice.guid, 'nl'],
      ['emptyLink', callToAction.guid, 'en'],
    ]);
  });

  it('says nothing of the buttons of a call to action without a title (the site does not show it)', () => {
    const hidden = block('callToAction', { nl: { title: ' ', buttons: [{ label: '', href: '/x' }] } });
    expect(blockFindings(check([hidden]))).toEqual([]);
  });

  it('names a call to action’s button whose page is gone', () => {
    const reference = 'page:0b6f3c2e-1d5a-4e1b-9a51-3f3b2a1c0d9e';
    const callToAction = block('callToAction', {
      nl: { title: 'Doe mee', buttons: [{ label: 'Aanmelden', href: reference }] },
    });
    const findings = checkAccessibility({
      layout: '100',
      blocks: [callToAction],
      colours: SITE_COLOURS,
      brokenLinks: { [reference]: 'gone' },
    });
    expect(blockFindings(findings)).toEqual([
      {
        code: 'brokenLink',
        blockGuid: callToAction.guid,
        position: 'main',
        language: 'nl',
        details: { reason: 'gone', text: 'Aanmelden', href: reference },
      },
    ]);
  });
});

describe('tables', () => {
  const rows = (...texts: string[][]) => texts.map((row) => row.map((text) => ({ text })));
  const hours = rows(['Maandag', '9.00–17.00'], ['Dinsdag', '9.00–12.00']);

  it('names a table with neither a header row nor a header column, once, by its caption', () => {
    const bare = block(
      'table',
      { nl: { caption: 'Openingstijden', rows: hours }, en: { caption: 'Opening hours', rows: hours } },
      { options: { headerRow: false, headerColumn: false } },
    );
    const untitled = block('table', { nl: { caption: '', rows: hours } }, { options: { headerRow: false } });
    expect(blockFindings(check([bare, untitled]))).toEqual([
      {
        code: 'tableHeaders',
        blockGuid: bare.guid,
        position: 'main',
        language: 'nl',
        details: { caption: 'Openingstijden' },
      },
      {
        code: 'tableHeaders',
        blockGuid: untitled.guid,
        position: 'main',
        language: 'nl',
        details: { caption: '' },
      },
    ]);
  });

  it('accepts a header row (the default) or a header column, an empty caption, and an empty table (it shows nothing)', () => {
    const byDefault = block('table', { nl: { caption: '', rows: hours } });
    const column = block(
      'table',
      { nl: { rows: hours } },
      { options: { headerRow: false, headerColumn: true } },
    );
    const empty = block('table', { nl: { rows: rows(['', ' ']) } }, { options: { headerRow: false } });
    expect(blockFindings(check([byDefault, column, empty]))).toEqual([]);
  });

  it('reads odd content without throwing', () => {
    const odd = block(
      'table',
      { nl: { rows: [null, 'x', [{ text: 3 }]] } },
      { options: { headerRow: false } },
    );
    expect(blockFindings(check([odd]))).toEqual([]);
  });
});

describe('links to pages and items that visitors would not reach (issue 26)', () => {
  const GONE = 'page:3f2a9c1e-0b4d-4e6f-8a1b-2c3d4e5f6a7b';
  const HIDDEN = 'item:4a3b2c1d-0e9f-4a8b-8c7d-6e5f4a3b2c1d';
  const FINE = 'page:5b4c3d2e-1f0a-4b9c-9d8e-7f6a5b4c3d2e';
  const brokenLinks = { [GONE]: 'gone', [HIDDEN]: 'unpublished' } as const;
  const run = (blocks: AccessibilityBlock[], broken: AccessibilityInput['brokenLinks'] = brokenLinks) =>
    blockFindings(checkAccessibility({ layout: '100', blocks, colours: SITE_COLOURS, brokenLinks: broken }));

  it('names a rich-text link, a button and an image link whose target is gone or unpublished', () => {
    const prose = textBlock(
      doc(paragraph(text('het archief', [link(GONE)]), text(' en '), text('de agenda', [link(FINE)]))),
      doc(paragraph(text('the news item', [link(HIDDEN)]))),
    );
    const buttons = block('buttons', { nl: { buttons: [{ label: 'Naar het item', href: HIDDEN }] } });
    const image = block(
      'image',
      { nl: { alt: 'Het clubhuis', caption: '' } },
      { options: { imageGuid: IMAGE_GUID, href: GONE } },
    );
    const findings = run([prose, buttons, image]).filter((finding) => finding.code === 'brokenLink');
    expect(findings.map((finding) => [finding.blockGuid, finding.language, finding.details])).toEqual([
      [prose.guid, 'nl', { reason: 'gone', text: 'het archief', href: GONE }],
      [prose.guid, 'en', { reason: 'unpublished', text: 'the news item', href: HIDDEN }],
      [buttons.guid, 'nl', { reason: 'unpublished', text: 'Naar het item', href: HIDDEN }],
      [image.guid, 'nl', { reason: 'gone', text: 'Het clubhuis', href: GONE }],
    ]);
  });

  it('says nothing of references it was not told about, of typed paths, or of odd reasons and keys', () => {
    const prose = textBlock(
      doc(paragraph(text('de agenda', [link(FINE)]), text(' '), text('contact', [link('/contact')]))),
    );
    expect(run([prose])).toEqual([]);
    const odd = { __proto__: { [FINE]: 'gone' }, '/contact': 'gone', [FINE]: 'weg' } as unknown as Record<
      string,
      'gone'
    >;
    expect(run([prose], odd)).toEqual([]);
  });
});

describe('headings', () => {
  it('finds a heading that skips a level after the page title, and the one after an h2', () => {
    const subject = textBlock(
      doc(heading(3, 'Openingstijden'), heading(2, 'Adres'), heading(4, 'Postadres')),
    );
    expect(blockFindings(check([subject]))).toEqual([
      {
        code: 'headingSkip',
        blockGuid: subject.guid,
        position: 'main',
        language: 'nl',
        details: { from: 1, to: 3, text: 'Openingstijden' },
      },
      {
        code: 'headingSkip',
        blockGuid: subject.guid,
        position: 'main',
        language: 'nl',
        details: { from: 2, to: 4, text: 'Postadres' },
      },
    ]);
  });

  it('accepts headings that go one level down at a time, and any level up', () => {
    const subject = textBlock(doc(heading(2, 'A'), heading(3, 'B'), heading(4, 'C'), heading(2, 'D')));
    expect(blockFindings(check([subject]))).toEqual([]);
  });

  it('counts list, widget and form titles as h2 and reads across blocks', () => {
    const list = block('list', { nl: { title: 'Nieuws' } });
    const after = textBlock(doc(heading(3, 'Ouder nieuws')));
    expect(blockFindings(check([list, after]))).toEqual([]);
    const untitled = block('widget', { nl: { title: '' } });
    const skipping = textBlock(doc(heading(3, 'Ouder nieuws')));
    expect(blockFindings(check([untitled, skipping])).map((finding) => finding.blockGuid)).toEqual([
      skipping.guid,
    ]);
  });

  it('counts the titles of notices and calls to action as h2, before the notice’s own headings', () => {
    const notice = block('notice', { nl: { title: 'Afsluiting', doc: doc(heading(3, 'Omleiding')) } });
    const callToAction = block('callToAction', {
      nl: { title: 'Doe mee', buttons: [{ label: 'Aanmelden', href: '/aanmelden' }] },
    });
    const after = textBlock(doc(heading(3, 'Meer')));
    expect(blockFindings(check([notice, callToAction, after]))).toEqual([]);
    const untitled = block('notice', { nl: { title: '', doc: doc(heading(3, 'Omleiding')) } });
    expect(blockFindings(check([untitled])).map((finding) => finding.details)).toEqual([
      { from: 1, to: 3, text: 'Omleiding' },
    ]);
  });

  it('counts a contact card’s name as an h2: a text’s h3 after it skips nothing, before it does', () => {
    const contact = block('contact', { nl: { title: 'Dorpshuis De Linde', phone: '0513 123 456' } });
    const after = textBlock(doc(heading(3, 'Openingstijden in de zomer')));
    expect(blockFindings(check([contact, after]))).toEqual([]);
    // Read before the card (a lower sortId than every block above).
    const before = block('text', { nl: { doc: doc(heading(3, 'Contact')) } }, { sortId: 1 });
    expect(blockFindings(check([before, contact])).map((finding) => finding.details)).toEqual([
      { from: 1, to: 3, text: 'Contact' },
    ]);
  });

  it('finds a skip across the side columns, in the order the page reads (top, left, main, right, bottom)', () => {
    const left = textBlock(doc(heading(2, 'In deze rubriek')), undefined, 'left');
    const main = textBlock(doc(heading(4, 'Details')), undefined, 'main');
    const right = textBlock(doc(heading(3, 'Contact')), undefined, 'right');
    const findings = blockFindings(check([right, main, left], '25-50-25'));
    expect(findings).toEqual([
      {
        code: 'headingSkip',
        blockGuid: main.guid,
        position: 'main',
        language: 'nl',
        details: { from: 2, to: 4, text: 'Details' },
      },
    ]);
    expect(layoutPositions('25-50-25')).toEqual(['top', 'left', 'main', 'right', 'bottom']);
    expect(layoutPositions('75-25')).toEqual(['top', 'main', 'right', 'bottom']);
  });

  it('leaves out blocks in a side column the layout does not have (the page does not show them)', () => {
    const left = textBlock(doc(heading(2, 'Links')), undefined, 'left');
    const main = textBlock(doc(heading(3, 'Hoofd')));
    expect(blockFindings(check([left, main], '25-75'))).toEqual([]);
    expect(blockFindings(check([left, main], '75-25')).map((finding) => finding.blockGuid)).toEqual([
      main.guid,
    ]);
  });

  it('orders blocks within a position by sortId', () => {
    const first = block('text', { nl: { doc: doc(heading(2, 'Eerst')) } }, { sortId: 10 });
    const second = block('text', { nl: { doc: doc(heading(3, 'Daarna')) } }, { sortId: 20 });
    expect(blockFindings(check([second, first]))).toEqual([]);
    expect(blockFindings(check([{ ...second, sortId: 5 }, first]))).toHaveLength(1);
  });

  it('walks the English page with the Dutch content of untranslated blocks, without repeating Dutch findings', () => {
    const translated = textBlock(doc(heading(2, 'Inleiding')), doc(heading(3, 'Introduction')));
    const untranslated = textBlock(doc(heading(4, 'Alleen Nederlands')));
    expect(blockFindings(check([translated, untranslated]))).toEqual([
      {
        code: 'headingSkip',
        blockGuid: translated.guid,
        position: 'main',
        language: 'en',
        details: { from: 1, to: 3, text: 'Introduction' },
      },
      {
        code: 'headingSkip',
        blockGuid: untranslated.guid,
        position: 'main',
        language: 'nl',
        details: { from: 2, to: 4, text: 'Alleen Nederlands' },
      },
    ]);
  });

  it('reads a heading level the renderer does not know as h1, as Tiptap renders it', () => {
    const subject = textBlock(doc(heading(9, 'Kop'), heading('2', 'Kop'), heading(3, 'Sub')));
    expect(blockFindings(check([subject])).map((finding) => finding.details)).toEqual([
      { from: 1, to: 3, text: 'Sub' },
    ]);
  });

  it('ignores rich text the renderer would not render (unknown node or mark, empty text)', () => {
    for (const broken of [
      doc(heading(4, 'Kop'), { type: 'image', attrs: { src: '/x.png' } }),
      doc(heading(4, 'Kop'), paragraph(text('x', [{ type: 'weird' }]))),
      doc(heading(4, 'Kop'), paragraph(text(''))),
      { type: 'paragraph', content: [heading(4, 'Kop')] },
    ]) {
      expect(blockFindings(check([textBlock(broken as RichTextNode)]))).toEqual([]);
    }
  });
});

describe('order', () => {
  it('lists the findings as the page reads, block by block, Dutch before English, the colours last', () => {
    const first = block('text', {
      nl: { doc: doc(paragraph(text('hier', [link('/a')]))) },
      en: { doc: doc(heading(3, 'Skip'), paragraph(text('here', [link('/a')]))) },
    });
    const second = block('video', { nl: { url: YOUTUBE, title: '' } });
    const findings = check([second, first], '100', { colorScheme: '#ffff00' });
    expect(findings.map((finding) => [finding.code, finding.blockGuid, finding.language])).toEqual([
      ['vagueLinkText', first.guid, 'nl'],
      ['vagueLinkText', first.guid, 'en'],
      ['headingSkip', first.guid, 'en'],
      ['videoTitle', second.guid, 'nl'],
      ['contrast', null, null],
    ]);
  });
});

describe('colours', () => {
  it('finds links in a light site colour that stay below 4.5:1 on white', () => {
    const findings = check([], '100', { colorScheme: '#ffff00' });
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({ code: 'contrast', blockGuid: null, position: null, language: null });
    expect(finding?.details).toMatchObject({ usage: 'link', background: '#ffffff', foreground: '#949400' });
    const ratio = finding?.code === 'contrast' ? finding.details.ratio : 0;
    expect(ratio).toBeGreaterThan(3);
    expect(ratio).toBeLessThan(4.5);
  });

  it.each(['#1f6fb2', '#2f7d4f', '#000000', '#c0392b', '#6ea8fe', 'not a colour', ''])(
    'accepts what the theme makes readable of %s (a darker shade, black text on a light one)',
    (colorScheme) => {
      expect(check([], '100', { colorScheme })).toEqual([]);
    },
  );

  it('finds white as a site colour: its darkest shade, grey, is 3:1 for links', () => {
    expect(check([], '100', { colorScheme: '#ffffff' }).map((finding) => finding.details)).toMatchObject([
      { usage: 'link', foreground: '#949494' },
    ]);
  });

  it('rounds the ratio down, so a failing ratio never reads as 4.5', () => {
    for (const colorScheme of ['#ffff00', '#ffffff', '#00ffff', '#ffcc00', '#ff99cc']) {
      for (const finding of check([], '100', { colorScheme })) {
        if (finding.code === 'contrast') expect(finding.details.ratio).toBeLessThan(4.5);
      }
    }
  });

  it('computes WCAG 2.x luminance and contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#fff', '#000')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000')).toBe(0);
  });

  it.each([
    null,
    undefined,
    42,
    '',
    '#',
    '#12',
    '#12345',
    '#1234567',
    '#gggggg',
    'rgb(0,0,0)',
    'red',
    ' #ffffff',
    '#ffffff ',
    '#ffffff\n',
    `#${'f'.repeat(100_000)}`,
    { toString: () => '#ffffff' },
    ['#ffffff'],
  ])('reads no colour from %j', (value) => {
    expect(parseHexColor(value)).toBeNull();
    expect(relativeLuminance(value)).toBeNull();
    expect(contrastRatio(value, '#ffffff')).toBeNull();
  });
});

// ─── whatever the draft holds ────────────────────────────────────────────────────────────────────

function deeplyNested(depth: number): unknown {
  let node: Record<string, unknown> = text('klik hier', [link('/a')]) as Record<string, unknown>;
  for (let level = 0; level < depth; level += 1) node = { type: 'blockquote', content: [node] };
  return { type: 'doc', content: [node] };
}

const HOSTILE_CONTENT: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['a number', 42],
  ['a string', 'content'],
  ['an array', [{ nl: {} }]],
  ['null per language', { nl: null, en: null }],
  ['numbers per language', { nl: 1, en: 2 }],
  ['an empty object', {}],
  ['an unknown language only', { de: { alt: '' } }],
  ['JSON __proto__ keys', JSON.parse('{"__proto__": {"nl": {"alt": ""}}, "nl": {"__proto__": {"alt": ""}}}')],
  ['constructor keys', { constructor: { nl: { alt: '' } }, nl: { constructor: 'x', toString: 1 } }],
  ['a doc that is a string', { nl: { doc: '<h4>html</h4>' } }],
  ['a doc that is null', { nl: { doc: null } }],
  ['content that is not an array', { nl: { doc: { type: 'doc', content: 'x' } } }],
  ['nodes that are not objects', { nl: { doc: { type: 'doc', content: [null, 1, 'x', []] } } }],
  [
    'marks that are not objects',
    { nl: { doc: doc(paragraph({ type: 'text', text: 'x', marks: [null] } as never)) } },
  ],
  [
    'marks that are not an array',
    { nl: { doc: doc(paragraph({ type: 'text', text: 'x', marks: 'link' } as never)) } },
  ],
  ['a link without attrs', { nl: { doc: doc(paragraph(text('hier', [{ type: 'link' }]))) } }],
  [
    'a link href that is a number',
    { nl: { doc: doc(paragraph(text('hier', [{ type: 'link', attrs: { href: 1 } }]))) } },
  ],
  [
    'attrs that are a string',
    { nl: { doc: doc({ type: 'heading', attrs: 'x' as never, content: [text('x')] }) } },
  ],
  ['a text that is a number', { nl: { doc: doc(paragraph({ type: 'text', text: 5 } as never)) } }],
  ['deep nesting', { nl: { doc: deeplyNested(10_000) } }],
  ['deep nesting of plain objects', { nl: { doc: deeplyNested(200), items: deeplyNested(5000) } }],
  ['a huge link text', { nl: { doc: doc(paragraph(text('hier '.repeat(200_000), [link('/a')]))) } }],
  ['a huge heading', { nl: { doc: doc(heading(5, 'x'.repeat(1_000_000))) } }],
  ['many nodes', { nl: { doc: doc(...Array.from({ length: 60_000 }, () => paragraph(text('x')))) } }],
  ['items that are not an array', { nl: { items: { 0: { doc: doc() } }, buttons: 'x' } }],
  [
    'buttons of odd kinds',
    { nl: { buttons: [null, 1, 'x', { label: 5, href: {} }, { label: '', href: 7 }] } },
  ],
  ['an alt of odd kind', { nl: { alt: { toString: () => '' } }, en: { alt: ['x'] } }],
  ['a title of odd kind', { nl: { title: 5, url: 7 }, en: { title: null, url: YOUTUBE } }],
  [
    'a proxy that throws',
    {
      nl: new Proxy(
        {},
        {
          get: () => {
            throw new Error('boom');
          },
          ownKeys: () => {
            throw new Error('boom');
          },
          getOwnPropertyDescriptor: () => {
            throw new Error('boom');
          },
        },
      ),
    },
  ],
  [
    'a getter that throws',
    {
      get nl() {
        throw new Error('boom');
      },
    },
  ],
];
const BLOCK_NAMES = [
  'text',
  'accordion',
  'buttons',
  'image',
  'video',
  'list',
  'widget',
  'form',
  'divider',
  'unknown',
  '__proto__',
  'constructor',
];

describe('odd and hostile drafts', () => {
  it.each(HOSTILE_CONTENT)('never throws on content that is %s, in any kind of block', (_case, content) => {
    for (const name of BLOCK_NAMES) {
      for (const options of [{}, { imageGuid: IMAGE_GUID, href: '/a' }, { imageGuid: 5, href: null }]) {
        expect(() => check([block(name, content, { options })], '25-50-25')).not.toThrow();
      }
    }
  });

  it('gives no finding for unknown block names, null content and missing languages', () => {
    expect(blockFindings(check([block('carousel', { nl: { alt: '', doc: doc(heading(5, 'x')) } })]))).toEqual(
      [],
    );
    expect(blockFindings(check([block('image', null, { options: { imageGuid: IMAGE_GUID } })]))).toEqual([]);
    expect(
      blockFindings(check([block('image', { en: null }, { options: { imageGuid: IMAGE_GUID } })])),
    ).toEqual([]);
    expect(
      blockFindings(
        check([
          block('image', JSON.parse('{"__proto__": {"alt": ""}}'), { options: { imageGuid: IMAGE_GUID } }),
        ]),
      ),
    ).toEqual([]);
  });

  it('never throws on an odd page', () => {
    const odd = [
      { layout: 'none', blocks: [], colours: {} },
      { layout: '100', blocks: null, colours: null },
      { layout: '__proto__', blocks: [null, 1, 'x', { guid: 1 }], colours: { colorScheme: 5 } },
      {
        layout: '25-50-25',
        blocks: [
          { guid: 'a', name: 'text', position: 'nowhere', sortId: Number.NaN, content: {}, options: null },
        ],
      },
      {
        layout: '100',
        blocks: [
          {
            guid: 'a',
            name: 'text',
            position: 'main',
            sortId: 'x',
            content: { nl: { doc: doc(heading(3, 'x')) } },
            options: {},
          },
        ],
      },
    ];
    for (const input of odd) {
      expect(() => checkAccessibility(input as unknown as AccessibilityInput)).not.toThrow();
    }
  });

  it('reads huge and deep drafts quickly', () => {
    const started = performance.now();
    const blocks = Array.from({ length: 500 }, () =>
      textBlock(
        doc(...Array.from({ length: 100 }, () => paragraph(text('Afvalkalender', [link('/afval')])))),
      ),
    );
    check(blocks);
    check([block('text', { nl: { doc: deeplyNested(100_000) } })]);
    // A guard against quadratic work, not a timing target: it takes well under a second on a quiet
    // machine and about 2.5 s on a loaded one; quadratic work over these drafts takes minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
