import { Extension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import type { RichTextNode } from '../../../common/blocks/rich-text.ts';
import { isAllowedUrl, parseLinkReference } from '../../../common/urls.ts';

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
function sanitize(node: RichTextNode, link: (href: string) => string | null): RichTextNode {
  const marks = node.marks?.flatMap((mark) => {
    if (mark.type !== 'link') return [mark];
    const href = mark.attrs?.href;
    if (typeof href !== 'string' || !isAllowedUrl(href, 'link')) return [];
    // A page or item reference goes to where its target is served now; one not to be linked keeps its text.
    const resolved = link(href);
    return resolved === null ? [] : [{ type: 'link', attrs: { href: resolved } }];
  });
  return {
    ...node,
    ...(marks ? { marks } : {}),
    ...(node.content ? { content: node.content.map((child) => sanitize(child, link)) } : {}),
  };
}

/** Without resolved targets, a reference is not linked (its text stays); other links as they are. */
const unresolved = (href: string) => (parseLinkReference(href) ? null : href);

/**
 * Rich text (Tiptap JSON) to HTML, on the server. The output comes from the schema's own renderers,
 * so an editor can never put raw HTML on a page. A document that does not fit the schema renders
 * as nothing rather than failing the whole page.
 */
export function renderRichText(
  doc: RichTextNode,
  onError?: (error: unknown) => void,
  link: (href: string) => string | null = unresolved,
): string {
  try {
    return renderToHTMLString({ content: sanitize(doc, link), extensions });
  } catch (error) {
    onError?.(error);
    return '';
  }
}
