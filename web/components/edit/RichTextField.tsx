import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo } from 'react';
import type { RichTextNode } from '../../../common/blocks/rich-text';
import { isAllowedUrl } from '../../../common/urls';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';

/**
 * Rich text as editors write it: Tiptap with the same StarterKit the server renders with, stored as
 * Tiptap JSON (never HTML). The toolbar's buttons are labelled in the interface language.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: RichTextNode;
  onChange(doc: RichTextNode): void;
  error?: string | undefined;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value,
    // The editor exists only in the browser (the drawer is client-only); never render it on the server.
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as RichTextNode),
  });
  const labels = useRichTextLabels();
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <RichTextEditor editor={editor} labels={labels} className="rich-text-field">
        <RichTextToolbar />
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

/**
 * Tiptap with the same StarterKit the server renders with; links only under the link rule the
 * server checks (common/urls.ts): other links are not made, pasted or kept.
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      link: { openOnClick: false, isAllowedUri: (url) => isAllowedUrl(url, 'link') },
    }),
  ];
}

/** The toolbar's labels in the interface language. */
export function useRichTextLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('blockEditor.rte.bold'),
      italicControlLabel: t('blockEditor.rte.italic'),
      underlineControlLabel: t('blockEditor.rte.underline'),
      strikeControlLabel: t('blockEditor.rte.strike'),
      clearFormattingControlLabel: t('blockEditor.rte.clearFormatting'),
      h2ControlLabel: t('blockEditor.rte.h2'),
      h3ControlLabel: t('blockEditor.rte.h3'),
      h4ControlLabel: t('blockEditor.rte.h4'),
      bulletListControlLabel: t('blockEditor.rte.bulletList'),
      orderedListControlLabel: t('blockEditor.rte.orderedList'),
      blockquoteControlLabel: t('blockEditor.rte.blockquote'),
      linkControlLabel: t('blockEditor.rte.link'),
      unlinkControlLabel: t('blockEditor.rte.unlink'),
      undoControlLabel: t('blockEditor.rte.undo'),
      redoControlLabel: t('blockEditor.rte.redo'),
      linkEditorInputLabel: t('blockEditor.rte.linkUrl'),
      linkEditorInputPlaceholder: 'https://…',
      linkEditorSave: t('blockEditor.rte.linkSave'),
      linkEditorExternalLink: t('blockEditor.rte.linkExternal'),
      linkEditorInternalLink: t('blockEditor.rte.linkInternal'),
    }),
    [t],
  );
}

/** The toolbar of every rich-text editor (in a drawer and in place). */
export function RichTextToolbar({ sticky = false }: { sticky?: boolean }) {
  return (
    <RichTextEditor.Toolbar sticky={sticky}>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Bold />
        <RichTextEditor.Italic />
        <RichTextEditor.Underline />
        <RichTextEditor.Strikethrough />
        <RichTextEditor.ClearFormatting />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.H2 />
        <RichTextEditor.H3 />
        <RichTextEditor.H4 />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.BulletList />
        <RichTextEditor.OrderedList />
        <RichTextEditor.Blockquote />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Link />
        <RichTextEditor.Unlink />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Undo />
        <RichTextEditor.Redo />
      </RichTextEditor.ControlsGroup>
    </RichTextEditor.Toolbar>
  );
}
