import '@mantine/dropzone/styles.layer.css';
import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { BLOCK_TYPES, type BlockTypeName } from '../../../common/blocks/index';
import { BLOCK_PERMISSIONS_KEY, type BlockPermissions } from '../../../common/blocks/permissions';
import { issueMessage, type SchemaIssue } from '../../../common/issues';
import type { Locale } from '../../../common/localized-text';
import { ApiError } from '../../api/client';
import type { ContentDraft, FieldErrors, OptionsDraft } from '../../blocks/editor-kit';
import { BLOCK_EDITORS } from '../../blocks/editors';
import { useTranslation } from '../../i18n';
import { useReportDirty } from '../close-guard';
import { defaultOptions, fieldKey } from './block-editing';
import { useUnsavedChanges } from './unsaved';
import '../../i18n/editor';

/** A block as its form holds it: the content per language (English optional), the options. */
export type BlockDraft<N extends BlockTypeName = BlockTypeName> = {
  name: N;
  content: { nl: ContentDraft<N>; en: ContentDraft<N> | null };
  options: OptionsDraft<N>;
  /** Who may add items to a list or widget; null where it cannot be set (yet). */
  permissions: BlockPermissions | null;
};

/** What a saved form hands over: the block's content and options as the API takes them. */
export type BlockValues = {
  content: { nl: Record<string, unknown>; en?: Record<string, unknown> };
  options: Record<string, unknown>;
  permissions: BlockPermissions | null;
};

export function newBlockDraft<N extends BlockTypeName>(name: N): BlockDraft<N> {
  return {
    name,
    content: { nl: BLOCK_TYPES[name].newContent() as ContentDraft<N>, en: null },
    options: defaultOptions(name) as OptionsDraft<N>,
    permissions: null,
  };
}

/** A stored block's form: the type's defaults under what is stored (a field added later has its default). */
export function storedBlockDraft<N extends BlockTypeName>(
  name: N,
  block: { content: unknown; options: Record<string, unknown> },
  permissions: BlockPermissions | null = null,
): BlockDraft<N> {
  const stored = (block.content ?? {}) as { nl?: object; en?: object };
  const { [BLOCK_PERMISSIONS_KEY]: _permissions, ...options } = block.options;
  const start = BLOCK_TYPES[name].newContent();
  return {
    name,
    content: {
      nl: { ...start, ...stored.nl } as ContentDraft<N>,
      en: stored.en ? ({ ...stored.en } as ContentDraft<N>) : null,
    },
    options: { ...defaultOptions(name), ...options } as OptionsDraft<N>,
    permissions,
  };
}

/**
 * The form of one block, wherever it lives (a page's or template's draft, a list item's own
 * blocks): its content per language (Dutch and English tabs; English is optional and falls back to
 * Dutch), its options, and for images the upload. The type's own fields come from its editor
 * (web/blocks/<Type>/Editor.tsx); the checks are the server's (common/blocks), so a mistake shows at
 * its field before a round trip, and the server's own refusals mark their fields too. `onSubmit`
 * stores the values (as a task) and resolves to whether it did; it reports a refusal to `onError`.
 */
export function BlockForm<N extends BlockTypeName>({
  initial,
  title,
  isNew,
  blockGuid,
  onSubmit,
  onClose,
  onDirtyChange,
}: {
  initial: BlockDraft<N>;
  title: string;
  isNew: boolean;
  /** The stored block's guid (an image can be uploaded for a stored block only). */
  blockGuid: string | null;
  onSubmit(values: BlockValues, onError: (error: unknown) => void): Promise<boolean>;
  onClose(): void;
  /** Told whether the form holds changes not saved (a drawer asks before it closes then). */
  onDirtyChange?(isDirty: boolean): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChanges(isDirty);
  useReportDirty(isDirty, onDirtyChange);
  const [tab, setTab] = useState<Locale>('nl');
  const { name } = draft;
  const type = BLOCK_TYPES[name];
  const { Content, Options } = BLOCK_EDITORS[name];

  /** A schema problem in the editor's language (the same texts the server answers with). */
  function describe(issue: z.core.$ZodIssue): string {
    const { key, params } = issueMessage(issue as SchemaIssue);
    return t(key, params ?? {});
  }

  function validate(current: BlockDraft<N>): FieldErrors {
    const found: FieldErrors = {};
    for (const locale of ['nl', 'en'] as const) {
      const content = current.content[locale];
      if (!content) continue;
      const result = type.content.safeParse(content);
      if (!result.success) {
        for (const issue of result.error.issues) {
          found[[locale, ...issue.path.map(String)].join('.')] ??= describe(issue);
        }
      }
    }
    const options = type.options.safeParse(current.options);
    if (!options.success) {
      for (const issue of options.error.issues) found[issue.path.map(String).join('.')] ??= describe(issue);
    }
    return found;
  }

  /** A refusal (400) names its fields: they are marked, the rest of the form stays as typed. */
  function markRefusal(error: unknown) {
    if (!(error instanceof ApiError && error.status === 400)) return;
    const details =
      (error.body as { error?: { details?: { path: string }[] } } | undefined)?.error?.details ?? [];
    setErrors(
      Object.fromEntries(details.map((detail) => [fieldKey(detail.path), t('blockEditor.errors.invalid')])),
    );
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const keys = Object.keys(found);
      setTab(
        keys.some((key) => key.startsWith('en.')) && !keys.some((key) => key.startsWith('nl.')) ? 'en' : 'nl',
      );
      return;
    }
    setSaving(true);
    await onSubmit(
      {
        content: {
          nl: draft.content.nl as Record<string, unknown>,
          ...(type.isLocalized && draft.content.en
            ? { en: draft.content.en as Record<string, unknown> }
            : {}),
        },
        options: draft.options as Record<string, unknown>,
        permissions: draft.permissions,
      },
      markRefusal,
    );
    setSaving(false);
  }

  const setContent = (locale: Locale, content: ContentDraft<N>) =>
    setDraft((current) => ({ ...current, content: { ...current.content, [locale]: content } }));
  const setOptions = (changes: Partial<OptionsDraft<N>>) =>
    setDraft((current) => ({ ...current, options: { ...current.options, ...changes } }));
  const hasErrorsIn = (locale: Locale) => Object.keys(errors).some((key) => key.startsWith(`${locale}.`));
  const errorCount = Object.keys(errors).length;
  const english = draft.content.en;

  return (
    <form onSubmit={save} noValidate aria-label={title}>
      <Stack gap="md">
        {errorCount > 0 ? (
          <Alert color="red" role="alert">
            {t('blockEditor.errors.summary', { number: errorCount })}
          </Alert>
        ) : null}
        {Content && type.isLocalized ? (
          <Tabs value={tab} onChange={(value) => value && setTab(value as Locale)}>
            <Tabs.List>
              <Tabs.Tab value="nl" color={hasErrorsIn('nl') ? 'red' : undefined}>
                {t('blockEditor.dutch')}
              </Tabs.Tab>
              <Tabs.Tab value="en" color={hasErrorsIn('en') ? 'red' : undefined}>
                {t('blockEditor.english')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="nl" pt="sm">
              <Content
                locale="nl"
                value={draft.content.nl}
                errors={errors}
                options={draft.options}
                onChange={(value) => setContent('nl', value)}
              />
            </Tabs.Panel>
            <Tabs.Panel value="en" pt="sm">
              {english ? (
                <Stack gap="sm">
                  <Content
                    locale="en"
                    value={english}
                    errors={errors}
                    options={draft.options}
                    onChange={(value) => setContent('en', value)}
                  />
                  <Group>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => setDraft({ ...draft, content: { ...draft.content, en: null } })}
                    >
                      {t('blockEditor.removeEnglish')}
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Stack gap="sm" align="flex-start">
                  <Text size="sm" c="dimmed">
                    {t('blockEditor.noEnglish')}
                  </Text>
                  <Button
                    variant="light"
                    size="compact-sm"
                    onClick={() => setContent('en', structuredClone(draft.content.nl))}
                  >
                    {t('blockEditor.addEnglish')}
                  </Button>
                </Stack>
              )}
            </Tabs.Panel>
          </Tabs>
        ) : Content ? (
          <Content
            locale="nl"
            value={draft.content.nl}
            errors={errors}
            options={draft.options}
            onChange={(value) => setContent('nl', value)}
          />
        ) : null}
        {Options ? (
          <Options
            options={draft.options}
            errors={errors}
            setOptions={setOptions}
            blockGuid={blockGuid}
            permissions={draft.permissions}
            setPermissions={(permissions) => setDraft({ ...draft, permissions })}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('buttons.close')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {isNew ? t('buttons.create') : t('blockEditor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
