import { describe, expect, it } from 'vitest';
import { paragraphs, type RichTextNode } from '../../../common/blocks/rich-text.ts';
import { renderRichText } from './rich-text.ts';

const linked = (href: string): RichTextNode => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href } }] }],
    },
  ],
});

describe('renderRichText', () => {
  it('renders paragraphs, marks and lists from the schema', () => {
    expect(renderRichText(paragraphs('Een', 'Twee'))).toBe('<p>Een</p><p>Twee</p>');
    const doc: RichTextNode = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'vet', marks: [{ type: 'bold' }] }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'punt' }] }] },
          ],
        },
      ],
    };
    expect(renderRichText(doc)).toBe('<p><strong>vet</strong></p><ul><li><p>punt</p></li></ul>');
  });

  it('renders an empty document as nothing', () => {
    expect(renderRichText({ type: 'doc', content: [] })).toBe('');
  });

  it.each([
    '/over-ons',
    '#contact',
    'https://www.example.org/pad?x=1',
    'mailto:info@delinde.example',
    'tel:+31123456789',
  ])('keeps the safe link %s', (href) => {
    expect(renderRichText(linked(href))).toBe(`<p><a rel="noopener noreferrer" href="${href}">link</a></p>`);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    '//evil.example/',
    '/\\evil.example/',
    'http://localhost:3000/',
    'http://192.168.1.1/',
    'https://user:pass@example.org/',
    'ftp://example.org/',
  ])('drops the link but keeps the text for %s', (href) => {
    expect(renderRichText(linked(href))).toBe('<p>link</p>');
  });

  it('renders a document that does not fit the schema as nothing and reports the error', () => {
    const errors: unknown[] = [];
    expect(
      renderRichText({ type: 'doc', content: [{ type: 'script' }] }, (error) => errors.push(error)),
    ).toBe('');
    expect(errors).toHaveLength(1);
  });
});
