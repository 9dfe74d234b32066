import { z } from 'zod';
import { isAllowedUrl, URL_RULES } from '../urls.ts';

/** A Tiptap (ProseMirror) JSON node. Editors store rich text as this, never as HTML. */
export type RichTextNode = {
  type: string;
  attrs?: Record<string, unknown> | undefined;
  content?: RichTextNode[] | undefined;
  marks?: { type: string; attrs?: Record<string, unknown> | undefined }[] | undefined;
  text?: string | undefined;
};

export const richTextNodeSchema: z.ZodType<RichTextNode, RichTextNode> = z.lazy(() =>
  z.object({
    type: z.string().min(1).max(64),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(richTextNodeSchema).max(5000).optional(),
    marks: z
      .array(
        z.object({ type: z.string().min(1).max(64), attrs: z.record(z.string(), z.unknown()).optional() }),
      )
      .max(20)
      .optional(),
    text: z.string().max(100_000).optional(),
  }),
);

/** The href of every link mark in a document (whatever its type; a missing href is undefined). */
export function linkHrefs(node: RichTextNode): unknown[] {
  const own = (node.marks ?? []).filter((mark) => mark.type === 'link').map((mark) => mark.attrs?.href);
  return [...own, ...(node.content ?? []).flatMap(linkHrefs)];
}

/**
 * Stored content with the link marks that break the link rule taken out (their text stays), at any
 * depth: how the site reads rich text saved before the rule covered its links, so that one old link
 * does not take its whole block off the page. Link marks only occur in rich text.
 */
export function withoutDisallowedLinks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDisallowedLinks);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'marks' && Array.isArray(item)
        ? item.filter((mark) => !isLinkMark(mark) || isAllowedUrl(mark.attrs?.href, 'link'))
        : withoutDisallowedLinks(item),
    ]),
  );
}

const isLinkMark = (mark: unknown): mark is { attrs?: { href?: unknown } } =>
  typeof mark === 'object' && mark !== null && (mark as { type?: unknown }).type === 'link';

/** A document whose links all follow the link rule (common/urls.ts 'link'). */
export const richTextDocSchema = richTextNodeSchema
  .refine((node) => node.type === 'doc', 'validation.richText')
  .refine((node) => linkHrefs(node).every((href) => isAllowedUrl(href, 'link')), URL_RULES.link.message);

export const emptyDoc = (): RichTextNode => ({ type: 'doc', content: [] });

/** Shorthand for seeds and tests: paragraphs of plain text. */
export function paragraphs(...texts: string[]): RichTextNode {
  return {
    type: 'doc',
    content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  };
}

/** An empty rich text document as the editor starts it (one empty paragraph). */
export const emptyEditorDoc = (): RichTextNode => ({ type: 'doc', content: [{ type: 'paragraph' }] });
