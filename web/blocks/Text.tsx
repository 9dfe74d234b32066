import type { BlockProps } from './registry';

/** Rich text, rendered to HTML on the server from the editor's Tiptap JSON (never raw editor HTML). */
export function TextBlock({ block }: BlockProps) {
  const { html } = block.data as { html: string };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: produced by the server's schema renderer from validated JSON
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
