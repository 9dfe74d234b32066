import '@mantine/dropzone/styles.layer.css';
import { Alert, Button, Drawer, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { BLOCK_TYPES, type BlockTypeName, isBlockTypeName } from '../../../common/blocks/index';
import {
  BLOCK_PERMISSIONS_KEY,
  type BlockPermissions,
  readBlockPermissions,
} from '../../../common/blocks/permissions';
import { issueMessage, type SchemaIssue } from '../../../common/issues';
import type { Locale } from '../../../common/localized-text';
import type { DraftBlock } from '../../../common/page-drafts';
import type { PageView } from '../../../common/site';
import { errorMessage, useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import type { ContentDraft, FieldErrors, OptionsDraft } from '../../blocks/editor-kit';
import { BLOCK_EDITORS } from '../../blocks/editors';
import { useTranslation } from '../../i18n';
import { defaultOptions, documentWithBlock, documentWithChangedBlock, fieldKey } from './block-editing';
import { useDraft } from './draft';
import type { EditTarget } from './EditableBlocks';
import { useUnsavedChanges } from './unsaved';
import '../../i18n/editor';

/** SPEC 9: the edit drawer uses an overlay below this width; above it the page stays usable beside it. */
const OVERLAY_BELOW = 1556;

type Draft<N extends BlockTypeName> = {
  name: N;
  content: { nl: ContentDraft<N>; en: ContentDraft<N> | null };
  options: OptionsDraft<N>;
  /** Null for a block that is not published yet (see livePermissionsQuery). */
  permissions: BlockPermissions | null;
};

/**
 * Who may add items to a list or widget is not part of the draft: it is set on the published block
 * and counts at once. Null while the block exists only in the draft (it can be set once published).
 */
const livePermissionsQuery = (guid: string) => ({
  queryKey: ['blocks', guid, 'permissions'] as const,
  queryFn: async (): Promise<BlockPermissions | null> => {
    try {
      const block = await unwrap(
        api.GET('/api/buildingblockinstance/{guid}', { params: { path: { guid } } }),
      );
      return readBlockPermissions(block.options);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

const clone = <T,>(value: T): T => structuredClone(value);

function newDraft<N extends BlockTypeName>(name: N): Draft<N> {
  return {
    name,
    content: { nl: BLOCK_TYPES[name].newContent() as ContentDraft<N>, en: null },
    options: defaultOptions(name) as OptionsDraft<N>,
    permissions: null,
  };
}

function storedDraft<N extends BlockTypeName>(
  name: N,
  block: DraftBlock,
  permissions: BlockPermissions | null,
): Draft<N> {
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
 * The editor of one block, in a drawer: its content per language (Dutch and English tabs; English
 * is optional and falls back to Dutch), its options, and for images the upload. The type's own
 * fields come from its editor (web/blocks/<Type>/Editor.tsx). Saving runs as a task (busy notice
 * after 1 s, done notice, failure with retry); `onSaved` then reloads the page's data.
 */
export default function BlockEditorDrawer({
  page,
  target,
  onSaved,
  onClose,
}: {
  page: PageView;
  target: EditTarget;
  onSaved(input: { guid: string; keepOpen: boolean }): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const isWide = useMediaQuery(`(min-width: ${OVERLAY_BELOW}px)`) ?? false;
  const { draft, error } = useDraft(page.guid);
  const block =
    target.kind === 'edit' ? draft?.document.blocks.find((item) => item.guid === target.guid) : undefined;
  const hasPermissions = target.kind === 'edit' && (target.name === 'list' || target.name === 'widget');
  const permissions = useQuery({
    ...livePermissionsQuery(target.kind === 'edit' ? target.guid : ''),
    enabled: hasPermissions,
  });
  const typeName = t(`blockEditor.types.${target.name}`);
  const title =
    target.kind === 'create'
      ? t('blockEditor.createTitle', { type: typeName })
      : t('blockEditor.editTitle', { type: typeName });

  let body: React.ReactNode;
  if (target.kind === 'create') {
    body = (
      <BlockForm
        key={`${target.name}@${target.position}`}
        page={page}
        target={target}
        initial={newDraft(target.name)}
        title={title}
        onSaved={onSaved}
        onClose={onClose}
      />
    );
  } else if (block && isBlockTypeName(block.name) && (!hasPermissions || permissions.isSuccess)) {
    body = (
      <BlockForm
        key={target.guid}
        page={page}
        target={target}
        initial={storedDraft(block.name, block, permissions.data ?? null)}
        title={title}
        onSaved={onSaved}
        onClose={onClose}
      />
    );
  } else if (error || permissions.error || draft) {
    body = (
      <Alert color="red" role="alert">
        {errorMessage(error ?? permissions.error, t('blockEditor.loadFailed'))}
      </Alert>
    );
  } else {
    body = (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t('table.loading')} />
      </Group>
    );
  }

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      withOverlay={!isWide}
      lockScroll={!isWide}
      closeButtonProps={{ 'aria-label': t('buttons.close') }}
      className="block-editor-drawer"
    >
      {body}
    </Drawer>
  );
}

function BlockForm<N extends BlockTypeName>({
  page,
  target,
  initial,
  title,
  onSaved,
  onClose,
}: {
  page: PageView;
  target: EditTarget;
  initial: Draft<N>;
  title: string;
  onSaved(input: { guid: string; keepOpen: boolean }): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const { change } = useDraft(page.guid);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(initial));
  const [tab, setTab] = useState<Locale>('nl');
  const { name } = draft;
  const type = BLOCK_TYPES[name];
  const editor = BLOCK_EDITORS[name];
  const typeName = t(`blockEditor.types.${String(name)}`);

  /** A schema problem in the editor's language (the same texts the server answers with). */
  function describe(issue: z.core.$ZodIssue): string {
    const { key, params } = issueMessage(issue as SchemaIssue);
    return t(key, params ?? {});
  }

  /** The same checks the server makes (common/blocks), so mistakes show at the field before a round trip. */
  function validate(current: Draft<N>): FieldErrors {
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

  function serverErrors(error: ApiError): FieldErrors {
    const details =
      (error.body as { error?: { details?: { path: string }[] } } | undefined)?.error?.details ?? [];
    return Object.fromEntries(
      details.map((detail) => [fieldKey(detail.path), t('blockEditor.errors.invalid')]),
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
    const content = {
      nl: draft.content.nl as Record<string, unknown>,
      ...(type.isLocalized && draft.content.en ? { en: draft.content.en as Record<string, unknown> } : {}),
    };
    const options = draft.options as Record<string, unknown>;
    const guid = target.kind === 'create' ? crypto.randomUUID() : target.guid;
    setSaving(true);
    const saved = await change(
      t('blockEditor.tasks.save', { type: typeName }),
      (document) =>
        target.kind === 'create'
          ? documentWithBlock(
              document,
              { guid, name, position: target.position, content, options },
              target.index,
            )
          : documentWithChangedBlock(document, guid, (block) => ({ ...block, content, options })),
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) setErrors(serverErrors(error));
        },
      },
    );
    const { permissions } = draft;
    if (saved && permissions && JSON.stringify(permissions) !== JSON.stringify(initial.permissions)) {
      await run(t('blockEditor.tasks.permissions'), () =>
        unwrap(
          api.POST('/api/buildingblockinstance/{guid}/permissions', {
            params: { path: { guid } },
            body: permissions,
          }),
        ),
      );
    }
    setSaving(false);
    // A new image block stays open: now that it exists, an image can be uploaded for it.
    if (saved) await onSaved({ guid, keepOpen: target.kind === 'create' && name === 'image' });
  }

  const setContent = (locale: Locale, content: ContentDraft<N>) =>
    setDraft((current) => ({ ...current, content: { ...current.content, [locale]: content } }));
  const setOptions = (changes: Partial<OptionsDraft<N>>) =>
    setDraft((current) => ({ ...current, options: { ...current.options, ...changes } }));
  const hasErrorsIn = (locale: Locale) => Object.keys(errors).some((key) => key.startsWith(`${locale}.`));
  const errorCount = Object.keys(errors).length;
  const { Content, Options } = editor;
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
                    onClick={() => setContent('en', clone(draft.content.nl))}
                  >
                    {t('blockEditor.addEnglish')}
                  </Button>
                </Stack>
              )}
            </Tabs.Panel>
          </Tabs>
        ) : null}
        {Options ? (
          <Options
            options={draft.options}
            errors={errors}
            setOptions={setOptions}
            blockGuid={target.kind === 'edit' ? target.guid : null}
            permissions={draft.permissions}
            setPermissions={(permissions) => setDraft({ ...draft, permissions })}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('buttons.close')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {target.kind === 'create' ? t('buttons.create') : t('blockEditor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
