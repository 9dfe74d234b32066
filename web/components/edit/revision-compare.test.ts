import { describe, expect, it } from 'vitest';
import editorEn from '../../../common/i18n/editor.en.json';
import editorNl from '../../../common/i18n/editor.nl.json';
import type { DraftBlock, PageDocument } from '../../../common/page-drafts';
import { type Catalogue, type TFunction, translate } from '../../i18n/translate';
import {
  blockText,
  changeText,
  compareDocuments,
  formatRevisionTime,
  publisherText,
} from './revision-compare';

// The editor's catalogues as they are, without registering a language in the shared i18n state.
const catalogues: Record<string, Catalogue> = { nl: editorNl, en: editorEn };
const translator =
  (languages: string[]): TFunction =>
  (key, options) =>
    translate((language) => catalogues[language], languages, key, options);
const nl = translator(['nl']);
const en = translator(['en', 'nl']);

const paragraph = (value: string) => ({ type: 'paragraph', content: [{ type: 'text', text: value }] });
const textBlock = (guid: string, position: DraftBlock['position'], ...lines: string[]): DraftBlock => ({
  guid,
  name: 'text',
  position,
  options: {},
  content: { nl: { doc: { type: 'doc', content: lines.map(paragraph) } } },
});
const document = (blocks: DraftBlock[], layout: PageDocument['layout'] = '100'): PageDocument => ({
  title: { nl: 'Over ons' },
  description: null,
  layout,
  options: [],
  blocks,
});

describe('revision changes in words', () => {
  it('names the block type as the block picker does and the position as the issue does, in Dutch', () => {
    const block = { guid: 'b', block: 'text', position: 'main' } as const;
    expect(changeText(nl, { kind: 'blockChanged', ...block })).toBe('Tekst gewijzigd in Hoofdinhoud');
    expect(changeText(nl, { kind: 'blockAdded', guid: 'i', block: 'image', position: 'right' })).toBe(
      'Afbeelding toegevoegd aan Rechterkolom',
    );
    expect(changeText(nl, { kind: 'blockRemoved', ...block })).toBe('Tekst verwijderd uit Hoofdinhoud');
    expect(changeText(nl, { kind: 'blockMoved', ...block, position: 'right', from: 'main' })).toBe(
      'Tekst verplaatst van Hoofdinhoud naar Rechterkolom',
    );
    expect(changeText(nl, { kind: 'blockMoved', ...block, from: 'main' })).toBe(
      'Tekst verplaatst binnen Hoofdinhoud',
    );
    expect(changeText(nl, { kind: 'title' })).toBe('Titel gewijzigd');
    expect(changeText(nl, { kind: 'layout', from: '100', to: '25-75' })).toBe(
      'Indeling gewijzigd van 100 naar 25-75',
    );
  });

  it('says the same in English, and keeps the stored name of an unknown block type', () => {
    expect(changeText(en, { kind: 'blockChanged', guid: 'b', block: 'text', position: 'main' })).toBe(
      'Text changed in Main content',
    );
    expect(changeText(en, { kind: 'options' })).toBe('Page settings changed');
    expect(changeText(en, { kind: 'blockAdded', guid: 'x', block: 'carousel', position: 'top' })).toBe(
      'carousel added to Top row',
    );
  });

  it('says who published: a name, a removed user, or the schedule', () => {
    const by = (name: string | null, isRemoved = false) => ({ guid: 'u', name, isRemoved });
    expect(publisherText(nl, { source: 'manual', publishedBy: by('Anna') })).toBe('Anna');
    expect(publisherText(nl, { source: 'manual', publishedBy: by(null, true) })).toBe(
      'verwijderde gebruiker',
    );
    expect(publisherText(en, { source: 'manual', publishedBy: by(null, true) })).toBe('removed user');
    expect(publisherText(nl, { source: 'schedule', publishedBy: null })).toBe('planning');
  });

  it('writes the time on Dutch time with a 24-hour clock', () => {
    // 13:05 UTC is 14:05 in Amsterdam in winter, 15:05 in summer.
    // Days as people write them (issue 26): '15 januari 2026 om 14:05'.
    expect(formatRevisionTime('2026-01-15T13:05:00.000Z', 'nl')).toBe('15 januari 2026 om 14:05');
    expect(formatRevisionTime('2026-07-15T13:05:00.000Z', 'en')).toBe('15 July 2026 at 15:05');
    expect(formatRevisionTime('not a date', 'nl')).toBe('');
  });
});

describe('block text', () => {
  it('takes rich text without its markup, a line per paragraph, heading or list item', () => {
    const block: DraftBlock = {
      guid: 'b',
      name: 'text',
      position: 'main',
      options: {},
      content: {
        nl: {
          doc: {
            type: 'doc',
            content: [
              { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Welkom' }] },
              {
                type: 'paragraph',
                content: [
                  { type: 'text', text: 'Lees ' },
                  { type: 'text', text: 'meer', marks: [{ type: 'link', attrs: { href: '/over' } }] },
                ],
              },
              {
                type: 'bulletList',
                content: [
                  { type: 'listItem', content: [paragraph('één')] },
                  { type: 'listItem', content: [paragraph('twee')] },
                ],
              },
              { type: 'paragraph' },
            ],
          },
        },
        en: { doc: { type: 'doc', content: [paragraph('Welcome')] } },
      },
    };
    expect(blockText(block, 'nl')).toEqual(['Welkom', 'Lees meer', 'één', 'twee']);
    expect(blockText(block, 'en')).toEqual(['Welcome']);
  });

  it('takes the texts a reader sees from other blocks, not links or settings; Dutch when no English', () => {
    const image: DraftBlock = {
      guid: 'i',
      name: 'image',
      position: 'right',
      options: { mediaGuid: 'm' },
      content: { nl: { alt: 'Een molen', caption: 'Bij zonsondergang' } },
    };
    const buttons: DraftBlock = {
      guid: 'k',
      name: 'buttons',
      position: 'main',
      options: {},
      content: { nl: { buttons: [{ label: 'Word lid', href: '/lid', variant: 'filled' }] } },
    };
    expect(blockText(image, 'en')).toEqual(['Een molen', 'Bij zonsondergang']);
    expect(blockText(buttons, 'nl')).toEqual(['Word lid']);
    expect(blockText({ content: null }, 'nl')).toEqual([]);
  });
});

describe('comparing two revisions', () => {
  it('marks blocks added, removed, changed and moved, grouped by position in page order', () => {
    const older = document([
      textBlock('a', 'main', 'Oud'),
      textBlock('b', 'main', 'Blijft'),
      textBlock('c', 'right', 'Weg'),
      textBlock('d', 'main', 'Verhuist'),
    ]);
    const newer = document(
      [
        textBlock('e', 'top', 'Nieuw'),
        textBlock('a', 'main', 'Nieuwer'),
        textBlock('b', 'main', 'Blijft'),
        textBlock('d', 'left', 'Verhuist'),
      ],
      '25-75',
    );
    const comparison = compareDocuments(older, newer);
    expect(comparison.isLayoutChanged).toBe(true);
    expect(comparison.isTitleChanged).toBe(false);
    const statuses = (side: typeof comparison.older) =>
      side.map((group) => [
        group.position,
        group.blocks.map((entry) => `${entry.block.guid}:${entry.status}`),
      ]);
    expect(statuses(comparison.older)).toEqual([
      ['main', ['a:changed', 'b:same', 'd:moved']],
      ['right', ['c:removed']],
    ]);
    expect(statuses(comparison.newer)).toEqual([
      ['top', ['e:added']],
      ['left', ['d:moved']],
      ['main', ['a:changed', 'b:same']],
    ]);
  });

  it('tells a title change apart', () => {
    const older = document([]);
    const newer = { ...document([]), title: { nl: 'Over de club' } };
    expect(compareDocuments(older, newer).isTitleChanged).toBe(true);
  });
});
