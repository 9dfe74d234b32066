import { Extension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import type { RichTextNode } from '../../../common/blocks/rich-text.ts';
import { isAllowedUrl } from '../../../common/urls.ts';

/** Lets editors give headings an anchor id, so `#anchor` links can target them. */
const HeadingAnchors = Extension.create({
  name: 'headingAnchors',
  addGlobalAttributes() {
    return [
      {
        types: ['heading'],
        attributes: {
          id: {
            default: null,
            renderHTML: (attributes: Record<string, unknown>) => {
              const id = attributes.id;
              return typeof id === 'string' && /^[A-Za-z][\w-]{0,63}$/.test(id) ? { id } : {};
            },
          },
        },
      },
    ];
  },
});

const extensions = [
  StarterKit.configure({
    link: { openOnClick: false, HTMLAttributes: { rel: 'noopener noreferrer', target: null } },
  }),
  HeadingAnchors,
];

/**
 * Drops link marks whose href breaks the link rule (javascript:, data:, private hosts…), keeping their
 * text. The block schemas refuse such links already; this is the second line of defence.
 * A kept link keeps only its href: stored target, rel or class would override our rel="noopener
 * noreferrer" (rel="opener" with target="_blank" hands the site's window to the linked page).
 */
function sanitize(node: RichTextNode): RichTextNode {
  const marks = node.marks?.flatMap((mark) => {
    if (mark.type !== 'link') return [mark];
    const href = mark.attrs?.href;
    return typeof href === 'string' && isAllowedUrl(href, 'link') ? [{ type: 'link', attrs: { href } }] : [];
  });
  return {
    ...node,
    ...(marks ? { marks } : {}),
    ...(node.content ? { content: node.content.map(sanitize) } : {}),
  };
}

/**
 * Rich text (Tiptap JSON) to HTML, on the server. The output comes from the schema's own renderers,
 * so an editor can never put raw HTML on a page. A document that does not fit the schema renders
 * as nothing rather than failing the whole page.
 */
export function renderRichText(doc: RichTextNode, onError?: (error: unknown) => void): string {
  try {
    return renderToHTMLString({ content: sanitize(doc), extensions });
  } catch (error) {
    onError?.(error);
    return '';
  }
}
