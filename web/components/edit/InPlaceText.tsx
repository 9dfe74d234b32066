import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';

// Tiptap loads when a text is first clicked: visitors and the first paint of edit mode never get it.
const InPlaceTextEditor = lazy(() => import('./InPlaceTextEditor'));

/** Where the caret goes when the editor opens: under the click, or at the end (keyboard). */
export type CaretStart = { x: number; y: number } | 'end';

/**
 * A text block in edit mode (issue 26): its text as visitors see it until it is clicked or focused,
 * then the rich-text editor in its place, saving to the draft as the editor types.
 */
export function InPlaceText({
  pageGuid,
  blockGuid,
  typeName,
  number,
  children,
}: {
  pageGuid: string;
  blockGuid: string;
  typeName: string;
  number: number;
  /** What visitors see (or the empty block's placeholder). */
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const [start, setStart] = useState<CaretStart | null>(null);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const shown = (
    // biome-ignore lint/a11y/useSemanticElements: the shown text (headings, lists, links) turns into the rich-text editor, which no input or textarea can hold
    <div
      className="in-place-text"
      data-in-place={blockGuid}
      role="textbox"
      aria-multiline="true"
      aria-label={t('inPlace.label', { type: typeName, number })}
      tabIndex={0}
      onPointerDown={(event) => {
        pointer.current = { x: event.clientX, y: event.clientY };
      }}
      // A link in the text is text to edit here, not a way off the page.
      onClickCapture={(event) => event.preventDefault()}
      onFocus={() => setStart(pointer.current ?? 'end')}
    >
      {children}
    </div>
  );
  if (start === null) return shown;
  return (
    <Suspense fallback={shown}>
      <InPlaceTextEditor
        pageGuid={pageGuid}
        blockGuid={blockGuid}
        label={t('inPlace.editorLabel', {
          type: typeName,
          number,
          language: t(`inPlace.languages.${language}`),
        })}
        start={start}
        fallback={shown}
      />
    </Suspense>
  );
}
