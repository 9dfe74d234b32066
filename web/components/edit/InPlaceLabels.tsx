import { Stack, Text, TextInput } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { RichTextNode } from '../../../common/blocks/rich-text';
import type { Locale } from '../../../common/localized-text';
import { useTranslation } from '../../i18n';
import { type ContentChange, useBlockAutosave } from './autosave';
import { useDraft } from './draft';
import { SaveStatus } from './SaveStatus';
import { useTypingMode } from './typing';
import '../../i18n/editor';

// Tiptap loads when an accordion is entered: buttons' labels and the first paint of edit mode never get it.
const RichTextField = lazy(() =>
  import('./RichTextField').then((module) => ({ default: module.RichTextField })),
);

/** The blocks whose short texts are edited in place, and where those texts are in their content. */
export const LABELLED_BLOCKS = {
  buttons: { list: 'buttons', field: 'label', key: 'inPlace.buttonLabel' },
  accordion: { list: 'items', field: 'title', key: 'inPlace.itemTitle' },
} as const;
export type LabelledBlock = keyof typeof LABELLED_BLOCKS;

export const isLabelledBlock = (name: string): name is LabelledBlock => Object.hasOwn(LABELLED_BLOCKS, name);

type Entry = Record<string, unknown>;
type LocalizedLists = Partial<Record<Locale, Record<string, unknown>>>;

function entriesOf(content: unknown, language: Locale, list: string): Entry[] {
  const localized = (content ?? {}) as LocalizedLists;
  const entries = (localized[language] ?? localized.nl)?.[list];
  return Array.isArray(entries) ? (entries as Entry[]) : [];
}

/** Readers of the rich texts typed in place, by entry (an accordion item's body). */
type TypedDocs = ReadonlyMap<number, () => RichTextNode>;

/**
 * The short texts of a block (its buttons' labels, its accordion items' titles) in the language the
 * page is shown in, each replaced by `values` (null: not typed), and the items' bodies typed in place
 * (read when the save is made); English starts as a copy of Dutch.
 */
const withValues =
  (name: LabelledBlock, language: Locale, values: string[] | null, docs: TypedDocs): ContentChange =>
  (content) => {
    const { list, field } = LABELLED_BLOCKS[name];
    const localized = (content ?? {}) as LocalizedLists;
    const base = localized[language] ?? structuredClone(localized.nl) ?? {};
    const entries = entriesOf(content, language, list).map((entry, index) => {
      let next = values && index < values.length ? { ...entry, [field]: values[index] } : entry;
      const readDoc = docs.get(index);
      if (readDoc) next = { ...next, doc: readDoc() };
      return next;
    });
    return { ...localized, [language]: { ...base, [list]: entries } } as ReturnType<ContentChange>;
  };

/**
 * A block's texts edited on the page (issue 26): its buttons' labels, or its accordion items' titles
 * and texts, shown as visitors see them until clicked or focused, then as fields in their place
 * (every accordion item open: its title, then its text in the same rich-text editor as a text
 * block), saved to the draft as the editor types (autosave.ts) with the save's status under them.
 * The rest of the block (links, adding or removing items, options) stays in the block drawer.
 */
export function InPlaceLabels({
  pageGuid,
  blockGuid,
  name,
  typeName,
  number,
  children,
}: {
  pageGuid: string;
  blockGuid: string;
  name: LabelledBlock;
  typeName: string;
  number: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  if (!isEditing) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: a group of the block's texts as shown, which turn into fields when it is entered
      <div
        className="in-place-text"
        data-in-place={blockGuid}
        role="group"
        aria-label={t('inPlace.labelsLabel', { type: typeName, number })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: entering the group by keyboard opens its fields
        tabIndex={0}
        // A button's link is text to edit here, not a way off the page.
        onClickCapture={(event) => {
          event.preventDefault();
          setEditing(true);
        }}
        onFocus={() => setEditing(true)}
      >
        {children}
      </div>
    );
  }
  return <LabelFields pageGuid={pageGuid} blockGuid={blockGuid} name={name} />;
}

function LabelFields({
  pageGuid,
  blockGuid,
  name,
}: {
  pageGuid: string;
  blockGuid: string;
  name: LabelledBlock;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const { draft } = useDraft(pageGuid);
  const autosave = useBlockAutosave(pageGuid, blockGuid);
  const { list, field, key } = LABELLED_BLOCKS[name];
  const entries = entriesOf(
    draft?.document.blocks.find((block) => block.guid === blockGuid)?.content,
    language,
    list,
  );
  const stored = entries.map((entry) => String(entry[field] ?? ''));
  const [values, setValues] = useState<string[] | null>(null);
  const valuesRef = useRef(values);
  // The items whose text was typed here, each with a way to read its editor's text.
  const docs = useRef(new Map<number, () => RichTextNode>()).current;
  const [hasTyped, setHasTyped] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const shown = values ?? stored;
  const isLoaded = draft !== undefined;
  useEffect(() => {
    if (isLoaded) first.current?.focus();
  }, [isLoaded]);

  function change(index: number, value: string) {
    const next = shown.map((item, at) => (at === index ? value : item));
    valuesRef.current = next;
    setValues(next);
    setHasTyped(true);
    autosave.schedule(withValues(name, language, next, docs));
  }

  function changeDoc(index: number, readDoc: () => RichTextNode) {
    docs.set(index, readDoc);
    setHasTyped(true);
    autosave.schedule(withValues(name, language, valuesRef.current, docs));
  }

  const area = useTypingMode<HTMLDivElement>();
  return (
    <div ref={area} className="in-place-text is-editing" data-in-place={blockGuid}>
      <Stack gap="md">
        {shown.map((value, index) => {
          const title = (
            <TextInput
              // The entries of a block keep their order while they are edited here.
              // biome-ignore lint/suspicious/noArrayIndexKey: the entries have no key of their own
              key={index}
              ref={index === 0 ? first : undefined}
              label={t(key, { number: index + 1 })}
              value={value}
              onChange={(event) => change(index, event.currentTarget.value)}
              onBlur={() => autosave.flush()}
              data-in-place-field={index}
            />
          );
          if (name !== 'accordion') return title;
          const doc = entries[index]?.doc as RichTextNode | undefined;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the entries have no key of their own
            <Stack key={index} gap="xs" className="in-place-item" data-in-place-item={index}>
              {title}
              <Suspense
                fallback={
                  <Text size="sm" c="dimmed">
                    {t('status.loading')}
                  </Text>
                }
              >
                <RichTextField
                  label={t('blockEditor.fields.accordionText', { number: index + 1 })}
                  value={doc ?? { type: 'doc', content: [{ type: 'paragraph' }] }}
                  onEdit={(readDoc) => changeDoc(index, readDoc)}
                  onBlur={() => autosave.flush()}
                  sticky
                />
              </Suspense>
            </Stack>
          );
        })}
      </Stack>
      <SaveStatus status={autosave.status} hasTyped={hasTyped} onRetry={autosave.retry} />
    </div>
  );
}
