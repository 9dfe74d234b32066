import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ContactBlockData } from '../../../common/blocks/contact.ts';
import type { ImageBlockData } from '../../../common/blocks/image.ts';
import type { BlockOptions } from '../../../common/blocks/index.ts';
import { jsonLdScriptText } from '../../../common/discovery.ts';
import type { BlockRow } from '../../db/schema.ts';
import { toBlockViews } from './prepare.ts';
import { imageBlockData } from './types/image.ts';

const GUID = '3f2b8c1e-5a4d-4e6f-9b7a-1c2d3e4f5a6b';
const silent = pino({ level: 'silent' });

const options = (overrides: Partial<BlockOptions<'image'>> = {}): BlockOptions<'image'> => ({
  imageGuid: GUID,
  width: 4000,
  height: 3000,
  size: 'full',
  ...overrides,
});

const content = { alt: 'De dorpslinde in de zomer', caption: 'Foto: Anna' };

function row(values: { options: Record<string, unknown>; content: unknown }) {
  return {
    id: randomUUID(),
    pageId: null,
    buildingBlockName: 'image',
    layoutPosition: 'main',
    sortId: 0,
    updatedAt: new Date(),
    ...values,
  } as BlockRow;
}

describe('image block preparation', () => {
  it('offers every srcset width through the transform endpoint for a large original', () => {
    const data = imageBlockData(content, options());
    expect(data?.srcSet).toBe(
      [400, 800, 1200, 1600, 2400].map((width) => `/a/${GUID}?width=${width} ${width}w`).join(', '),
    );
    expect(data?.src).toBe(`/a/${GUID}?width=1200`);
  });

  it('never asks for a variant wider than the original, and offers a narrow original at its own width', () => {
    expect(imageBlockData(content, options({ width: 1000, height: 500 }))?.srcSet).toBe(
      `/a/${GUID}?width=400 400w, /a/${GUID}?width=800 800w, /a/${GUID}?width=1000 1000w`,
    );
    const small = imageBlockData(content, options({ width: 300, height: 200 }));
    expect(small?.srcSet).toBe(`/a/${GUID}?width=300 300w`);
    expect(small?.src).toBe(`/a/${GUID}?width=300`);
    expect(
      imageBlockData(content, options({ width: 1600 }))
        ?.srcSet.split(', ')
        .at(-1),
    ).toBe(`/a/${GUID}?width=1600 1600w`);
  });

  it('uses the 100×100 quality-1 placeholder as the blurred preview', () => {
    expect(imageBlockData(content, options())?.placeholder).toBe(`/a/${GUID}?width=100&height=100&quality=1`);
  });

  it('keeps the original size for the aspect ratio, the texts, the link and a sizes attribute by size', () => {
    const data = imageBlockData(content, options({ href: '/nieuws', size: 'medium' }));
    expect(data).toMatchObject({
      width: 4000,
      height: 3000,
      alt: content.alt,
      caption: content.caption,
      href: '/nieuws',
      size: 'medium',
    });
    expect(data?.sizes).toContain('50vw');
    expect(imageBlockData(content, options())?.sizes).toContain('100vw');
    expect(imageBlockData(content, options())?.href).toBeNull();
  });

  it('offers every width when the original size is unknown', () => {
    const data = imageBlockData(content, options({ width: null, height: null }));
    expect(data?.srcSet.split(', ')).toHaveLength(5);
    expect(data).toMatchObject({ width: null, height: null });
  });

  it('shows visitors nothing while no image is chosen', () => {
    expect(imageBlockData(content, options({ imageGuid: null }))).toBeNull();
  });

  it('prepares an image row in the visitor language; one without alt text of its own has none (the library may give it)', () => {
    const [view] = toBlockViews(
      [
        row({
          options: { imageGuid: GUID, width: 800, height: 600, size: 'small' },
          content: { nl: { alt: 'Linde', caption: 'Zomer' }, en: { alt: 'Lime tree', caption: 'Summer' } },
        }),
      ],
      'en',
      silent,
    );
    expect(view?.data as ImageBlockData).toMatchObject({
      alt: 'Lime tree',
      caption: 'Summer',
      size: 'small',
    });

    const [withoutAlt] = toBlockViews(
      [row({ options: { imageGuid: GUID }, content: { nl: { alt: ' ', caption: '' } } })],
      'nl',
      silent,
    );
    expect((withoutAlt?.data as ImageBlockData | undefined)?.alt).toBe('');
  });

  it('gives an image block without an image null data (the site renders nothing for it)', () => {
    const [view] = toBlockViews([row({ options: {}, content: { nl: { alt: 'Nog leeg' } } })], 'nl', silent);
    expect(view?.data).toBeNull();
  });
});

describe('quote, notice and call to action preparation', () => {
  const PAGE = '7d3c1b2a-9e8f-4a6b-8c5d-0e1f2a3b4c5d';
  const GONE = '0e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b';
  const block = (buildingBlockName: string, content: unknown, options: Record<string, unknown> = {}) =>
    ({ ...row({ options, content }), buildingBlockName }) as BlockRow;
  const targets = new Map([
    [`page:${PAGE}`, { state: 'ok' as const, path: '/over-ons' }],
    [`page:${GONE}`, { state: 'gone' as const, path: null }],
  ]);

  it('gives a quote its trimmed words and source in the visitor language, and nothing without words', () => {
    const [english, dutch, empty] = toBlockViews(
      [
        block('quote', {
          nl: { text: ' Samen\nmaken we het dorp. ', caption: ' Anna ' },
          en: { text: 'Together\nwe make the village.' },
        }),
        block('quote', { nl: { text: 'Alleen Nederlands' } }),
        block('quote', { nl: { text: '   ' } }),
      ],
      'en',
      silent,
    );
    expect(english).toMatchObject({
      name: 'quote',
      options: {},
      data: { text: 'Together\nwe make the village.', caption: '' },
    });
    expect(dutch).toMatchObject({ contentLang: 'nl', data: { text: 'Alleen Nederlands', caption: '' } });
    expect(empty?.data).toBeNull();
  });

  it('renders a notice’s text to HTML on the server, its links resolved and unsafe ones dropped, with its kind', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Lees ' },
            { type: 'text', text: 'over ons', marks: [{ type: 'link', attrs: { href: `page:${PAGE}` } }] },
            { type: 'text', text: '<b>niet vet</b>' },
          ],
        },
      ],
    };
    const [view] = toBlockViews(
      [block('notice', { nl: { title: ' Let op ', doc } }, { kind: 'warning' })],
      'nl',
      silent,
      targets,
    );
    expect(view).toMatchObject({ name: 'notice', options: { kind: 'warning' } });
    expect(view?.data).toEqual({
      title: 'Let op',
      html: '<p>Lees <a rel="noopener noreferrer" href="/over-ons">over ons</a>&lt;b&gt;niet vet&lt;/b&gt;</p>',
    });
  });

  it('shows a notice with only a title or only text, nothing when both are empty, and refuses an unknown kind', () => {
    const [titled, empty, unknownKind] = toBlockViews(
      [
        block('notice', {
          nl: { title: 'Gesloten', doc: { type: 'doc', content: [{ type: 'paragraph' }] } },
        }),
        block('notice', { nl: { title: ' ', doc: { type: 'doc', content: [{ type: 'paragraph' }] } } }),
        block('notice', { nl: { doc: { type: 'doc', content: [] } } }, { kind: 'danger' }),
      ],
      'nl',
      silent,
    );
    expect(titled).toMatchObject({ options: { kind: 'info' }, data: { title: 'Gesloten', html: '<p></p>' } });
    expect(empty?.data).toBeNull();
    // An option that no longer fits its schema: the block is left out, the page still renders.
    expect(unknownKind).toBeUndefined();
  });

  it('resolves a call to action’s button links as the buttons block does (`#` for a page that is gone)', () => {
    const [view] = toBlockViews(
      [
        block(
          'callToAction',
          {
            nl: {
              title: ' Word lid ',
              text: 'Doe mee met de vereniging.\n',
              buttons: [
                { label: 'Aanmelden', href: `page:${PAGE}` },
                { label: 'Oude pagina', href: `page:${GONE}` },
              ],
            },
          },
          { background: 'primary' },
        ),
      ],
      'nl',
      silent,
      targets,
    );
    expect(view).toMatchObject({ name: 'callToAction', options: { background: 'primary' } });
    expect(view?.data).toEqual({
      title: 'Word lid',
      text: 'Doe mee met de vereniging.',
      buttons: [
        { label: 'Aanmelden', href: '/over-ons' },
        { label: 'Oude pagina', href: '#' },
      ],
    });
  });

  it('leaves out a stored call to action whose button breaks the link rule', () => {
    const views = toBlockViews(
      [
        block('callToAction', {
          nl: { title: 'Klik', buttons: [{ label: 'Klik', href: 'javascript:alert(1)' }] },
        }),
      ],
      'nl',
      silent,
    );
    expect(views).toEqual([]);
  });
});

describe('contact card preparation', () => {
  const block = (content: unknown, options: Record<string, unknown> = {}) =>
    ({ ...row({ options, content }), buildingBlockName: 'contact' }) as BlockRow;

  it('gives the card its texts, a tel: link of digits and a leading +, a mailto: link and the schema.org node', () => {
    const [view] = toBlockViews(
      [
        block({
          nl: {
            title: ' Dorpshuis De Linde ',
            label: 'Beheer',
            phone: '+31 (0)513-123 456',
            email: 'info@dorpshuis.example.nl',
            address: 'Lindeplein 1\n8401 AB Dorp\n',
            openingHours: 'ma–vr 9.00–17.00\nza 10.00–12.00',
          },
        }),
      ],
      'nl',
      silent,
    );
    expect(view).toMatchObject({ name: 'contact', options: { kind: 'organization' } });
    expect(view?.data).toEqual({
      name: 'Dorpshuis De Linde',
      role: 'Beheer',
      phone: { text: '+31 (0)513-123 456', href: 'tel:+31513123456' },
      email: { text: 'info@dorpshuis.example.nl', href: 'mailto:info@dorpshuis.example.nl' },
      address: 'Lindeplein 1\n8401 AB Dorp',
      openingHours: 'ma–vr 9.00–17.00\nza 10.00–12.00',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Dorpshuis De Linde',
        telephone: '+31 (0)513-123 456',
        email: 'info@dorpshuis.example.nl',
        address: 'Lindeplein 1\n8401 AB Dorp',
        openingHours: 'ma–vr 9.00–17.00\nza 10.00–12.00',
      },
    });
  });

  it('names the schema.org type by the kind, a person’s role as jobTitle, and leaves out what is not given (no url: none is known)', () => {
    const [person, place] = toBlockViews(
      [
        block(
          { nl: { title: 'Anna de Vries', label: 'Secretaris', phone: '0513 123 456' } },
          { kind: 'person' },
        ),
        block({ nl: { title: 'Sporthal De Wiek', label: 'Zaal' } }, { kind: 'place' }),
      ],
      'nl',
      silent,
    );
    expect(person?.data).toMatchObject({
      phone: { text: '0513 123 456', href: 'tel:0513123456' },
      email: null,
      address: '',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: 'Anna de Vries',
        jobTitle: 'Secretaris',
        telephone: '0513 123 456',
      },
    });
    expect(Object.keys(person?.data && 'jsonLd' in person.data ? person.data.jsonLd : {})).not.toContain(
      'url',
    );
    expect(place?.data).toMatchObject({
      phone: null,
      jsonLd: { '@context': 'https://schema.org', '@type': 'Place', name: 'Sporthal De Wiek' },
    });
    expect(place?.data && 'jsonLd' in place.data ? Object.keys(place.data.jsonLd) : []).toEqual([
      '@context',
      '@type',
      'name',
    ]);
  });

  it('shows nothing without a name, and leaves out a stored card whose phone or e-mail breaks its rule', () => {
    const [empty, ...rest] = toBlockViews(
      [
        block({ nl: { title: '   ', phone: '0513 123 456' } }),
        block({ nl: { title: 'Kapot', phone: '123;ext=<script>alert(1)</script>' } }),
        block({ nl: { title: 'Kapot', email: 'javascript:alert(1)' } }),
      ],
      'nl',
      silent,
    );
    expect(empty?.data).toBeNull();
    expect(rest).toEqual([]);
  });

  it('writes the node so that no text can end the script it stands in', () => {
    const [view] = toBlockViews(
      [block({ nl: { title: '</script><script>alert(1)</script>', address: 'a & b <!-- c\u2028' } })],
      'nl',
      silent,
    );
    const data = view?.data as ContactBlockData;
    const text = jsonLdScriptText(data.jsonLd);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data.jsonLd);
    expect(text).toContain('\\u003c/script\\u003e');
  });
});

describe('table preparation', () => {
  const block = (content: unknown, options: Record<string, unknown> = {}) =>
    ({ ...row({ options, content }), buildingBlockName: 'table' }) as BlockRow;
  const cells = (...texts: string[]) => texts.map((text) => ({ text }));

  it('gives the caption and the cells’ texts trimmed, row by row, with the header options', () => {
    const [view] = toBlockViews(
      [
        block(
          {
            nl: {
              caption: ' Openingstijden ',
              rows: [
                cells('', 'Ochtend', 'Middag'),
                cells('Maandag ', '9.00–12.00', ''),
                cells('<b>Di</b>', '', '13.00'),
              ],
            },
          },
          { headerColumn: true, striped: false },
        ),
      ],
      'nl',
      silent,
    );
    expect(view).toMatchObject({
      name: 'table',
      options: { headerRow: true, headerColumn: true, striped: false },
      data: {
        caption: 'Openingstijden',
        rows: [
          ['', 'Ochtend', 'Middag'],
          ['Maandag', '9.00–12.00', ''],
          ['<b>Di</b>', '', '13.00'],
        ],
      },
    });
  });

  it('shows nothing when every cell is empty, and leaves out a stored table with ragged rows', () => {
    const [empty, ...rest] = toBlockViews(
      [
        block({ nl: { caption: 'Leeg', rows: [cells(' ', ''), cells('', '')] } }),
        block({ nl: { rows: [cells('a', 'b'), cells('c')] } }),
      ],
      'nl',
      silent,
    );
    expect(empty?.data).toBeNull();
    expect(rest).toEqual([]);
  });
});
