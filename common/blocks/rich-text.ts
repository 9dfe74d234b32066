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

/** A document whose links all follow the link rule (common/urls.ts 'link'). */
export const richTextDocSchema = richTextNodeSchema
  .refine((node) => node.type === 'doc', 'must be a doc node')
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
