import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels, useRichTextEditorContext } from '@mantine/tiptap';
import type { Transaction } from '@tiptap/pm/state';
import { ReplaceStep } from '@tiptap/pm/transform';
import { type ChainedCommands, type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type CSSProperties, memo, useEffect, useId, useMemo, useState } from 'react';
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
  onEdit,
  onBlur,
  error,
  sticky = false,
}: {
  label: string;
  value: RichTextNode;
  /** The text after each change (the drawer's forms). */
  onChange?(doc: RichTextNode): void;
  /** A change, with a way to read the text when it is needed (autosave: not at every keystroke). */
  onEdit?(readDoc: () => RichTextNode): void;
  onBlur?(): void;
  error?: string | undefined;
  /** The toolbar stays in view while the text scrolls under it (in place on a page). */
  sticky?: boolean;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: richTextExtensions(),
    enableCoreExtensions: RICH_TEXT_CORE_EXTENSIONS,
    content: value,
    // The editor exists only in the browser (the drawer is client-only); never render it on the server.
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => {
      onChange?.(current.getJSON() as RichTextNode);
      onEdit?.(() => current.getJSON() as RichTextNode);
    },
    onBlur: () => onBlur?.(),
  });
  const labels = useRichTextLabels();
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <RichTextEditor editor={editor} labels={labels} className="rich-text-field">
        <RichTextToolbar sticky={sticky} />
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

/**
 * Tiptap's own extensions, less `delete`: it works out after every change (in a timer of its own,
 * at every keystroke) what was deleted, for listeners this site does not have.
 */
export const RICH_TEXT_CORE_EXTENSIONS = { delete: false } as const;

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

/** A toolbar button: its label, its icon (Tabler's, as Mantine draws them), what it does. */
type ControlSpec = {
  label: keyof RichTextEditorLabels;
  icon: readonly string[];
  run(chain: ChainedCommands): ChainedCommands;
  /** The button's pressed state (and for undo and redo whether it can act) in ToolbarState. */
  state?: keyof ToolbarState;
};

/**
 * What the toolbar shows of the editor: which marks and blocks the selection has, whether undo and
 * redo can act. Read once per transaction for the whole toolbar (Mantine's own controls each read
 * theirs, sixteen subscriptions and dry runs per keystroke); the toolbar renders again only when one
 * of these changes, not while text is typed.
 */
type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  h2: boolean;
  h3: boolean;
  h4: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

function readToolbarState({ editor }: { editor: Editor | null }): ToolbarState | null {
  if (!editor || editor.isDestroyed) return null;
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    h4: editor.isActive('heading', { level: 4 }),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

const sameToolbarState = (a: ToolbarState | null, b: ToolbarState | null) =>
  a === b ||
  (a !== null && b !== null && (Object.keys(a) as (keyof ToolbarState)[]).every((key) => a[key] === b[key]));

/** How long typing pauses before the toolbar reads its state again after text was typed. */
const TYPING_PAUSE_MS = 150;

/** Text typed, deleted or pasted: the document changed by replacing content only (no marks, no block types). */
const isTextTyped = (transaction: Transaction) =>
  transaction.docChanged && transaction.steps.every((step) => step instanceof ReplaceStep);

/**
 * The toolbar's state, read once per transaction for all its buttons; while text is typed it is read
 * when typing pauses (TYPING_PAUSE_MS), not at every keystroke (issue 26: a keystroke's budget is
 * 16 ms). A mark or block type toggled, or the caret moved, is shown at once.
 */
function useToolbarState(editor: Editor | null): ToolbarState | null {
  const [state, setState] = useState(() => readToolbarState({ editor }));
  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      timer = undefined;
      const next = readToolbarState({ editor });
      setState((current) => (sameToolbarState(current, next) ? current : next));
    };
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      clearTimeout(timer);
      if (isTextTyped(transaction)) timer = setTimeout(read, TYPING_PAUSE_MS);
      else read();
    };
    read();
    editor.on('transaction', onTransaction);
    return () => {
      editor.off('transaction', onTransaction);
      clearTimeout(timer);
    };
  }, [editor]);
  return state;
}

const HEADING_BARS = ['M4 6v12', 'M12 6v12', 'M11 18h2', 'M3 18h2', 'M4 12h8', 'M3 6h2', 'M11 6h2'];

const CONTROL_GROUPS: readonly (readonly ControlSpec[])[] = [
  [
    {
      label: 'boldControlLabel',
      icon: ['M7 5h6a3.5 3.5 0 0 1 0 7h-6z', 'M13 12h1a3.5 3.5 0 0 1 0 7h-7v-7'],
      run: (chain) => chain.toggleBold(),
      state: 'bold',
    },
    {
      label: 'italicControlLabel',
      icon: ['M11 5l6 0', 'M7 19l6 0', 'M14 5l-4 14'],
      run: (chain) => chain.toggleItalic(),
      state: 'italic',
    },
    {
      label: 'underlineControlLabel',
      icon: ['M7 5v5a5 5 0 0 0 10 0v-5', 'M5 19h14'],
      run: (chain) => chain.toggleUnderline(),
      state: 'underline',
    },
    {
      label: 'strikeControlLabel',
      icon: [
        'M5 12l14 0',
        'M16 6.5a4 2 0 0 0 -4 -1.5h-1a3.5 3.5 0 0 0 0 7h2a3.5 3.5 0 0 1 0 7h-1.5a4 2 0 0 1 -4 -1.5',
      ],
      run: (chain) => chain.toggleStrike(),
      state: 'strike',
    },
    {
      label: 'clearFormattingControlLabel',
      icon: ['M17 15l4 4m0 -4l-4 4', 'M7 6v-1h11v1', 'M7 19l4 0', 'M13 5l-4 14'],
      run: (chain) => chain.unsetAllMarks(),
    },
  ],
  [
    {
      label: 'h2ControlLabel',
      icon: ['M17 12a2 2 0 1 1 4 0c0 .591 -.417 1.318 -.816 1.858l-3.184 4.143l4 0', ...HEADING_BARS],
      run: (chain) => chain.toggleHeading({ level: 2 }),
      state: 'h2',
    },
    {
      label: 'h3ControlLabel',
      icon: ['M19 14a2 2 0 1 0 -2 -2', 'M17 16a2 2 0 1 0 2 -2', ...HEADING_BARS],
      run: (chain) => chain.toggleHeading({ level: 3 }),
      state: 'h3',
    },
    {
      label: 'h4ControlLabel',
      icon: ['M20 18v-8l-4 6h5', ...HEADING_BARS],
      run: (chain) => chain.toggleHeading({ level: 4 }),
      state: 'h4',
    },
  ],
  [
    {
      label: 'bulletListControlLabel',
      icon: ['M9 6l11 0', 'M9 12l11 0', 'M9 18l11 0', 'M5 6l0 .01', 'M5 12l0 .01', 'M5 18l0 .01'],
      run: (chain) => chain.toggleBulletList(),
      state: 'bulletList',
    },
    {
      label: 'orderedListControlLabel',
      icon: [
        'M11 6h9',
        'M11 12h9',
        'M12 18h8',
        'M4 16a2 2 0 1 1 4 0c0 .591 -.5 1 -1 1.5l-3 2.5h4',
        'M6 10v-6l-2 2',
      ],
      run: (chain) => chain.toggleOrderedList(),
      state: 'orderedList',
    },
    {
      label: 'blockquoteControlLabel',
      icon: [
        'M6 15h15',
        'M21 19h-15',
        'M15 11h6',
        'M21 7h-6',
        'M9 9h1a1 1 0 1 1 -1 1v-2.5a2 2 0 0 1 2 -2',
        'M3 9h1a1 1 0 1 1 -1 1v-2.5a2 2 0 0 1 2 -2',
      ],
      run: (chain) => chain.toggleBlockquote(),
      state: 'blockquote',
    },
  ],
];

const UNLINK: ControlSpec = {
  label: 'unlinkControlLabel',
  icon: [
    'M17 22v-2',
    'M9 15l6 -6',
    'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464',
    'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463',
    'M20 17h2',
    'M2 7h2',
    'M7 2v2',
  ],
  run: (chain) => chain.unsetLink(),
};

const HISTORY: readonly ControlSpec[] = [
  {
    label: 'undoControlLabel',
    icon: ['M9 14l-4 -4l4 -4', 'M5 10h11a4 4 0 1 1 0 8h-1'],
    run: (chain) => chain.undo(),
    state: 'canUndo',
  },
  {
    label: 'redoControlLabel',
    icon: ['M15 14l4 -4l-4 -4', 'M19 10h-11a4 4 0 1 0 0 8h1'],
    run: (chain) => chain.redo(),
    state: 'canRedo',
  },
];

/** The toolbar of every rich-text editor (in a drawer and in place). */
export function RichTextToolbar({ sticky = false }: { sticky?: boolean }) {
  const { editor } = useRichTextEditorContext();
  const state = useToolbarState(editor);
  return (
    <RichTextEditor.Toolbar sticky={sticky}>
      {CONTROL_GROUPS.map((group) => (
        <RichTextEditor.ControlsGroup key={group[0]?.label}>
          {group.map((spec) => (
            <ToolbarControl key={spec.label} spec={spec} editor={editor} isActive={readFlag(state, spec)} />
          ))}
        </RichTextEditor.ControlsGroup>
      ))}
      <RichTextEditor.ControlsGroup>
        <PickLinkControl isActive={state?.link ?? false} />
        <ToolbarControl spec={UNLINK} editor={editor} isActive={false} />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        {HISTORY.map((spec) => (
          <ToolbarControl
            key={spec.label}
            spec={spec}
            editor={editor}
            isActive={false}
            isDisabled={!readFlag(state, spec)}
          />
        ))}
      </RichTextEditor.ControlsGroup>
    </RichTextEditor.Toolbar>
  );
}

const readFlag = (state: ToolbarState | null, spec: ControlSpec) =>
  state !== null && spec.state !== undefined && state[spec.state];

/** One toolbar button, rendered again only when its state changes. */
const ToolbarControl = memo(function ToolbarControl({
  spec,
  editor,
  isActive,
  isDisabled = false,
}: {
  spec: ControlSpec;
  editor: Editor | null;
  isActive: boolean;
  isDisabled?: boolean;
}) {
  const { labels, getStyles } = useRichTextEditorContext();
  const label = labels[spec.label] as string;
  return (
    <RichTextEditor.Control
      aria-label={label}
      title={label}
      active={isActive}
      disabled={!editor || isDisabled}
      onClick={() => {
        if (!editor || editor.isDestroyed) return;
        spec.run(editor.chain().focus()).run();
      }}
    >
      <ToolbarIcon paths={spec.icon} {...getStyles('controlIcon')} />
    </RichTextEditor.Control>
  );
});

function ToolbarIcon({
  paths,
  className,
  style,
}: {
  paths: readonly string[];
  className?: string | undefined;
  style?: CSSProperties | undefined;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      strokeWidth="1.5"
      stroke="currentColor"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      style={style}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * The toolbar's link button (issue 26): opens the link picker (a page or item by title, stored by
 * reference, or a web address). With text selected it links that text; with nothing selected it
 * inserts the target's title as a link.
 */
function PickLinkControl({ isActive }: { isActive: boolean }) {
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
        active={isActive}
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
