import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels, useRichTextEditorContext } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo, useState } from 'react';
import type { RichTextNode } from '../../../common/blocks/rich-text';
import { isAllowedUrl } from '../../../common/urls';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';
import { LinkPicker, type PickedLink } from './LinkPicker';

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
        <PickLinkControl />
        <RichTextEditor.Unlink />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Undo />
        <RichTextEditor.Redo />
      </RichTextEditor.ControlsGroup>
    </RichTextEditor.Toolbar>
  );
}

/**
 * The toolbar's link button (issue 26): opens the link picker (a page or item by title, stored by
 * reference, or a web address). With text selected it links that text; with nothing selected it
 * inserts the target's title as a link.
 */
function PickLinkControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [picking, setPicking] = useState<string | null>(null);
  const open = () => {
    if (!editor) return;
    const href = editor.getAttributes('link').href;
    setPicking(typeof href === 'string' ? href : '');
  };
  const apply = ({ href, title }: PickedLink) => {
    setPicking(null);
    if (!editor) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({ type: 'text', text: title ?? href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain.setLink({ href }).run();
    }
  };
  return (
    <>
      <RichTextEditor.Control
        onClick={open}
        aria-label={t('blockEditor.rte.link')}
        title={t('blockEditor.rte.link')}
        active={editor?.isActive('link') ?? false}
      >
        <LinkIcon />
      </RichTextEditor.Control>
      <LinkPicker
        opened={picking !== null}
        current={picking ?? ''}
        onClose={() => {
          setPicking(null);
          editor?.commands.focus();
        }}
        onPick={apply}
      />
    </>
  );
}

/** A chain link, as Mantine's own link control shows it. */
function LinkIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M9 15l6 -6" />
      <path d="M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464" />
      <path d="M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463" />
    </svg>
  );
}
