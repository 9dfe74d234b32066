import { RichTextEditor } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { emptyEditorDoc, type RichTextNode } from '../../../common/blocks/rich-text';
import type { Locale } from '../../../common/localized-text';
import { useTranslation } from '../../i18n';
import { type ContentChange, useBlockAutosave } from './autosave';
import { useDraft } from './draft';
import type { CaretStart } from './InPlaceText';
import {
  RICH_TEXT_CORE_EXTENSIONS,
  RichTextToolbar,
  richTextExtensions,
  useRichTextLabels,
} from './RichTextField';
import { SaveStatus } from './SaveStatus';
import { useTypingMode } from './typing';
import '../../i18n/editor';
import './in-place.css';

type TextContent = { doc?: RichTextNode };

/** The text of the shown language as stored (English falls back to Dutch, as visitors see it). */
function storedDoc(content: unknown, language: Locale): RichTextNode {
  const localized = (content ?? {}) as Partial<Record<Locale, TextContent>>;
  return localized[language]?.doc ?? localized.nl?.doc ?? emptyEditorDoc();
}

/**
 * The block's content with the shown language's text replaced (English starts as a copy of Dutch).
 * The text is read from the editor when the save is made, not at every keystroke.
 */
const withDoc =
  (language: Locale, readDoc: () => RichTextNode): ContentChange =>
  (content) => {
    const localized = (content ?? { nl: { doc: emptyEditorDoc() } }) as Record<string, TextContent>;
    const base = localized[language] ?? localized.nl ?? {};
    return { ...localized, [language]: { ...base, doc: readDoc() } } as ReturnType<ContentChange>;
  };

/**
 * The rich-text editor of a text block in place (issue 26), the same Tiptap as the block drawer's:
 * it edits the language the page is shown in and saves to the draft as the editor types (see
 * autosave.ts), with the save's status under it. A change made elsewhere (the drawer, undo, a
 * restored revision) is taken over while the editor is not in use.
 */
export default function InPlaceTextEditor({
  pageGuid,
  blockGuid,
  label,
  start,
  fallback,
}: {
  pageGuid: string;
  blockGuid: string;
  label: string;
  start: CaretStart;
  fallback: ReactNode;
}) {
  const { draft } = useDraft(pageGuid);
  const block = draft?.document.blocks.find((item) => item.guid === blockGuid);
  if (!block) return fallback;
  return (
    <LoadedEditor
      pageGuid={pageGuid}
      blockGuid={blockGuid}
      content={block.content}
      label={label}
      start={start}
    />
  );
}

function LoadedEditor({
  pageGuid,
  blockGuid,
  content,
  label,
  start,
}: {
  pageGuid: string;
  blockGuid: string;
  content: unknown;
  label: string;
  start: CaretStart;
}) {
  const { language } = useTranslation().i18n;
  const autosave = useBlockAutosave(pageGuid, blockGuid);
  const stored = storedDoc(content, language);
  // The text the editor and the draft last agreed on (typed here, or taken over from the draft).
  const synced = useRef(JSON.stringify(stored));
  const [hasTyped, setHasTyped] = useState(false);
  const scheduleRef = useRef(autosave.schedule);
  scheduleRef.current = autosave.schedule;
  const editor = useEditor({
    extensions: richTextExtensions(),
    enableCoreExtensions: RICH_TEXT_CORE_EXTENSIONS,
    content: stored,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        'data-in-place-editor': blockGuid,
      },
    },
    // A keystroke only (re)starts the autosave's timer: the text is read once, when it is saved.
    onUpdate: ({ editor: current }) => {
      scheduleRef.current(
        withDoc(language, () => {
          const doc = current.getJSON() as RichTextNode;
          synced.current = JSON.stringify(doc);
          return doc;
        }),
      );
      setHasTyped(true);
    },
    onBlur: () => autosave.flush(),
  });

  // Once the editor stands in the page, the caret goes where the text was clicked.
  const startRef = useRef(start);
  useEffect(() => {
    if (editor) placeCaret(editor, startRef.current);
  }, [editor]);

  // A change of the stored text made elsewhere, while nothing typed here waits: the editor shows it.
  const storedJson = JSON.stringify(stored);
  useEffect(() => {
    if (!editor || editor.isFocused || autosave.hasUnsaved || storedJson === synced.current) return;
    synced.current = storedJson;
    editor.commands.setContent(JSON.parse(storedJson) as RichTextNode, { emitUpdate: false });
  }, [editor, storedJson, autosave.hasUnsaved]);

  const labels = useRichTextLabels();
  const area = useTypingMode<HTMLDivElement>();
  return (
    <div ref={area} className="in-place-text is-editing" data-in-place={blockGuid}>
      <RichTextEditor editor={editor} labels={labels} className="rich-text-field in-place-editor">
        <RichTextToolbar sticky />
        <RichTextEditor.Content />
      </RichTextEditor>
      <SaveStatus status={autosave.status} hasTyped={hasTyped} onRetry={autosave.retry} />
    </div>
  );
}

/**
 * Under the click where the editor opened (when the click lands in the text as the editor lays it
 * out), else at the end of the text; the editor takes the focus.
 */
function placeCaret(editor: Editor, start: CaretStart, frames = 60) {
  requestAnimationFrame(() => {
    if (editor.isDestroyed) return;
    // The editor's element is put into the page a moment after the editor is made.
    if (!editor.view.dom.isConnected) {
      if (frames > 0) placeCaret(editor, start, frames - 1);
      return;
    }
    let at: { pos: number } | null = null;
    if (start !== 'end') {
      const box = editor.view.dom.getBoundingClientRect();
      const isInside =
        start.x >= box.left && start.x <= box.right && start.y >= box.top && start.y <= box.bottom;
      at = isInside ? editor.view.posAtCoords({ left: start.x, top: start.y }) : null;
    }
    if (at) editor.chain().focus().setTextSelection(at.pos).run();
    else editor.commands.focus('end');
  });
}
