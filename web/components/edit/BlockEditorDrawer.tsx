import '@mantine/dropzone/styles.css';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import { BLOCK_TYPES, type BlockTypeName, isBlockTypeName } from '../../../common/blocks/index';
import {
  ADD_PERMISSIONS,
  type AddPermission,
  BLOCK_PERMISSIONS_KEY,
  type BlockPermissions,
  readBlockPermissions,
} from '../../../common/blocks/permissions';
import type { RichTextNode } from '../../../common/blocks/rich-text';
import { LIST_SORT_KEYS, MAX_ITEMS_PER_PAGE } from '../../../common/list-items';
import type { Locale } from '../../../common/localized-text';
import type { PageView } from '../../../common/site';
import { errorMessage, useTask } from '../../account/tasks';
import { useViewer } from '../../account/viewer';
import { ApiError, api, unwrap } from '../../api/client';
import { ImageUpload } from '../media/ImageUpload';
import { defaultOptions, emptyEditorDoc, fieldKey, hasLocalizedContent, newContent } from './block-editing';
import type { EditTarget } from './EditableBlocks';
import { RichTextField } from './RichTextField';

type Fields = Record<string, unknown>;
type Draft = {
  name: BlockTypeName;
  content: { nl: Fields; en: Fields | null };
  options: Fields;
  permissions: BlockPermissions;
};
type Errors = Record<string, string>;

/** SPEC 9: the edit drawer uses an overlay below this width; above it the page stays usable beside it. */
const OVERLAY_BELOW = 1556;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The editor of one block, in a drawer: its content per language (Dutch and English tabs; English
 * is optional and falls back to Dutch), its options, and for images the upload. Saving runs as a
 * task (busy notice after 1 s, done notice, failure with retry) and then reloads the page's data.
 */
export default function BlockEditorDrawer({
  page,
  target,
  onTargetChange,
  onClose,
}: {
  page: PageView;
  target: EditTarget;
  onTargetChange(target: EditTarget): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const { revalidate } = useRevalidator();
  const isWide = useMediaQuery(`(min-width: ${OVERLAY_BELOW}px)`) ?? false;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [savedPermissions, setSavedPermissions] = useState<BlockPermissions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isSaving, setSaving] = useState(false);
  const [tab, setTab] = useState<Locale>('nl');

  const targetKey = target.kind === 'edit' ? target.guid : `${target.name}@${target.position}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the target changes
  useEffect(() => {
    setErrors({});
    setLoadError(null);
    if (target.kind === 'create') {
      setDraft({
        name: target.name,
        content: { nl: newContent(target.name), en: null },
        options: defaultOptions(target.name),
        permissions: readBlockPermissions({}),
      });
      setSavedPermissions(null);
      return;
    }
    setDraft(null);
    let isCurrent = true;
    unwrap(api.GET('/api/buildingblockinstance/{guid}', { params: { path: { guid: target.guid } } }))
      .then((block) => {
        if (!isCurrent) return;
        if (!isBlockTypeName(block.buildingBlockName)) throw new Error('unknown block type');
        const name = block.buildingBlockName;
        const stored = (block.content ?? {}) as { nl?: Fields; en?: Fields };
        const permissions = readBlockPermissions(block.options);
        const { [BLOCK_PERMISSIONS_KEY]: _permissions, ...options } = block.options;
        setDraft({
          name,
          content: { nl: { ...newContent(name), ...stored.nl }, en: stored.en ? { ...stored.en } : null },
          options: { ...defaultOptions(name), ...options },
          permissions,
        });
        setSavedPermissions(permissions);
      })
      .catch((error: unknown) => {
        if (isCurrent) setLoadError(errorMessage(error, t('blockEditor.loadFailed')));
      });
    return () => {
      isCurrent = false;
    };
  }, [targetKey]);

  const typeName = t(`blockEditor.types.${target.name}`);
  const title =
    target.kind === 'create'
      ? t('blockEditor.createTitle', { type: typeName })
      : t('blockEditor.editTitle', { type: typeName });

  function issueMessage(issue: z.core.$ZodIssue): string {
    if (issue.code === 'too_small' && issue.origin === 'string') return t('blockEditor.errors.required');
    if (issue.code === 'invalid_format') return t('blockEditor.errors.url');
    if (issue.code === 'custom') return t('blockEditor.errors.link');
    return t('blockEditor.errors.invalid');
  }

  /** The same checks the server makes (common/blocks), so mistakes show at the field before a round trip. */
  function validate(current: Draft): Errors {
    const found: Errors = {};
    const type = BLOCK_TYPES[current.name];
    for (const locale of ['nl', 'en'] as const) {
      const content = current.content[locale];
      if (!content) continue;
      const result = type.content.safeParse(content);
      if (!result.success) {
        for (const issue of result.error.issues) {
          found[[locale, ...issue.path.map(String)].join('.')] ??= issueMessage(issue);
        }
      }
    }
    const options = type.options.safeParse(current.options);
    if (!options.success) {
      for (const issue of options.error.issues)
        found[issue.path.map(String).join('.')] ??= issueMessage(issue);
    }
    return found;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const firstLocale =
        Object.keys(found).find((key) => key.startsWith('en.')) &&
        !Object.keys(found).some((key) => key.startsWith('nl.'))
          ? 'en'
          : 'nl';
      setTab(firstLocale);
      return;
    }
    const content = {
      nl: draft.content.nl,
      ...(hasLocalizedContent(draft.name) && draft.content.en ? { en: draft.content.en } : {}),
    };
    const permissionsChanged =
      (draft.name === 'list' || draft.name === 'widget') &&
      JSON.stringify(draft.permissions) !== JSON.stringify(savedPermissions ?? readBlockPermissions({}));
    setSaving(true);
    const saved = await run(t('blockEditor.tasks.save', { type: typeName }), async () => {
      try {
        const block =
          target.kind === 'create'
            ? await unwrap(
                api.POST('/api/pages/{id}/buildingblockinstances', {
                  params: { path: { id: page.guid } },
                  body: {
                    buildingBlockName: draft.name,
                    layoutPosition: target.position,
                    content,
                    options: draft.options,
                  },
                }),
              )
            : await unwrap(
                api.PUT('/api/buildingblockinstance/{guid}', {
                  params: { path: { guid: target.guid } },
                  body: { content, options: draft.options },
                }),
              );
        if (permissionsChanged) {
          await unwrap(
            api.POST('/api/buildingblockinstance/{guid}/permissions', {
              params: { path: { guid: block.guid } },
              body: draft.permissions,
            }),
          );
        }
        return block;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) setErrors(serverErrors(error));
        throw error;
      }
    });
    setSaving(false);
    if (!saved) return;
    await revalidate();
    // A new image block stays open: now that it exists, an image can be uploaded for it.
    if (target.kind === 'create' && draft.name === 'image') {
      onTargetChange({ kind: 'edit', guid: saved.guid, name: 'image' });
      return;
    }
    onClose();
  }

  function serverErrors(error: ApiError): Errors {
    const details =
      (error.body as { error?: { details?: { path: string }[] } } | undefined)?.error?.details ?? [];
    const found: Errors = {};
    for (const detail of details) found[fieldKey(detail.path)] = t('blockEditor.errors.invalid');
    return found;
  }

  const setContent = (locale: Locale, content: Fields) =>
    setDraft((current) =>
      current ? { ...current, content: { ...current.content, [locale]: content } } : current,
    );
  const setOptions = (changes: Fields) =>
    setDraft((current) => (current ? { ...current, options: { ...current.options, ...changes } } : current));

  const errorCount = Object.keys(errors).length;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      withOverlay={!isWide}
      lockScroll={!isWide}
      className="block-editor-drawer"
    >
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : null}
      {!draft && !loadError ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('table.loading')} />
        </Group>
      ) : null}
      {draft ? (
        <form onSubmit={save} noValidate aria-label={title}>
          <Stack gap="md">
            {errorCount > 0 ? (
              <Alert color="red" role="alert">
                {t('blockEditor.errors.summary', { number: errorCount })}
              </Alert>
            ) : null}
            {hasLocalizedContent(draft.name) ? (
              <Tabs value={tab} onChange={(value) => value && setTab(value as Locale)}>
                <Tabs.List>
                  <Tabs.Tab value="nl" color={hasErrorsIn(errors, 'nl') ? 'red' : undefined}>
                    {t('blockEditor.dutch')}
                  </Tabs.Tab>
                  <Tabs.Tab value="en" color={hasErrorsIn(errors, 'en') ? 'red' : undefined}>
                    {t('blockEditor.english')}
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="nl" pt="sm">
                  <ContentFields
                    name={draft.name}
                    locale="nl"
                    value={draft.content.nl}
                    errors={errors}
                    onChange={(value) => setContent('nl', value)}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="en" pt="sm">
                  {draft.content.en ? (
                    <Stack gap="sm">
                      <ContentFields
                        name={draft.name}
                        locale="en"
                        value={draft.content.en}
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
            <OptionsFields
              draft={draft}
              target={target}
              errors={errors}
              setOptions={setOptions}
              setPermissions={(permissions) => setDraft({ ...draft, permissions })}
            />
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
      ) : null}
    </Drawer>
  );
}

function hasErrorsIn(errors: Errors, locale: Locale): boolean {
  return Object.keys(errors).some((key) => key.startsWith(`${locale}.`));
}

/** The content fields of one language. */
function ContentFields({
  name,
  locale,
  value,
  errors,
  onChange,
}: {
  name: BlockTypeName;
  locale: Locale;
  value: Fields;
  errors: Errors;
  onChange(value: Fields): void;
}) {
  const { t } = useTranslation();
  const error = (field: string) => errors[`${locale}.${field}`];
  const field = (key: string, label: string, options: { required?: boolean; description?: string } = {}) => (
    <TextInput
      label={label}
      required={options.required}
      description={options.description}
      value={text(value[key])}
      error={error(key)}
      onChange={(event) => onChange({ ...value, [key]: event.currentTarget.value })}
    />
  );
  switch (name) {
    case 'text':
      return (
        <RichTextField
          key={locale}
          label={t('blockEditor.fields.text')}
          value={(value.doc as RichTextNode | undefined) ?? emptyEditorDoc()}
          error={error('doc')}
          onChange={(doc) => onChange({ ...value, doc })}
        />
      );
    case 'image':
      return (
        <Stack gap="sm">
          {field('alt', t('blockEditor.fields.alt'), {
            required: true,
            description: t('blockEditor.fields.altHint'),
          })}
          {field('caption', t('blockEditor.fields.caption'))}
        </Stack>
      );
    case 'video':
      return (
        <Stack gap="sm">
          {field('url', t('blockEditor.fields.videoUrl'), {
            required: true,
            description: t('blockEditor.fields.videoUrlHint'),
          })}
          {field('title', t('blockEditor.fields.videoTitle'), { required: true })}
        </Stack>
      );
    case 'list':
    case 'widget':
      return field('title', t('blockEditor.fields.title'));
    case 'buttons':
      return <ButtonsFields locale={locale} value={value} errors={errors} onChange={onChange} />;
    case 'accordion':
      return <AccordionFields locale={locale} value={value} errors={errors} onChange={onChange} />;
    default:
      return null;
  }
}

type ButtonRow = { label: string; href: string; variant: 'filled' | 'outline' | 'light' };

/** The rows with row `index` changed by `patch` (repeating fields: buttons, accordion items). */
function patchRow<Row>(rows: Row[], index: number, patch: Partial<Row>): Row[] {
  return rows.map((row, at) => (at === index ? { ...row, ...patch } : row));
}

function ButtonsFields({
  locale,
  value,
  errors,
  onChange,
}: {
  locale: Locale;
  value: Fields;
  errors: Errors;
  onChange(value: Fields): void;
}) {
  const { t } = useTranslation();
  const rows = list<ButtonRow>(value.buttons);
  const update = (next: ButtonRow[]) => onChange({ ...value, buttons: next });
  return (
    <Stack gap="sm">
      {rows.map((row, index) => (
        <Paper key={`${locale}-${index.toString()}`} withBorder p="sm">
          <Stack gap="xs">
            <Group grow align="flex-start">
              <TextInput
                label={t('blockEditor.fields.buttonLabel', { number: index + 1 })}
                required
                value={row.label}
                error={errors[`${locale}.buttons.${index}.label`]}
                onChange={(event) => update(patchRow(rows, index, { label: event.currentTarget.value }))}
              />
              <TextInput
                label={t('blockEditor.fields.link')}
                required
                description={t('blockEditor.fields.linkHint')}
                value={row.href}
                error={errors[`${locale}.buttons.${index}.href`]}
                onChange={(event) => update(patchRow(rows, index, { href: event.currentTarget.value }))}
              />
            </Group>
            <Group justify="space-between" align="flex-end">
              <Select
                label={t('blockEditor.fields.buttonVariant')}
                data={(['filled', 'outline', 'light'] as const).map((variant) => ({
                  value: variant,
                  label: t(`blockEditor.buttonVariants.${variant}`),
                }))}
                value={row.variant ?? 'filled'}
                allowDeselect={false}
                onChange={(variant) =>
                  variant && update(patchRow(rows, index, { variant: variant as ButtonRow['variant'] }))
                }
              />
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => update(rows.filter((_, at) => at !== index))}
              >
                {t('blockEditor.removeButton', { number: index + 1 })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          disabled={rows.length >= 12}
          onClick={() => update([...rows, { label: '', href: '', variant: 'filled' }])}
        >
          {t('blockEditor.addButton')}
        </Button>
      </Group>
    </Stack>
  );
}

type AccordionRow = { title: string; doc: RichTextNode };

function AccordionFields({
  locale,
  value,
  errors,
  onChange,
}: {
  locale: Locale;
  value: Fields;
  errors: Errors;
  onChange(value: Fields): void;
}) {
  const { t } = useTranslation();
  const rows = list<AccordionRow>(value.items);
  // Rich text editors keep their own state: a stable key per row, so removing one does not shift the others.
  const [keys, setKeys] = useState(() => rows.map((_, index) => `${locale}-${index.toString()}`));
  const update = (next: AccordionRow[]) => onChange({ ...value, items: next });
  return (
    <Stack gap="sm">
      {rows.map((row, index) => (
        <Paper key={keys[index] ?? index} withBorder p="sm">
          <Stack gap="xs">
            <TextInput
              label={t('blockEditor.fields.accordionTitle', { number: index + 1 })}
              required
              value={row.title}
              error={errors[`${locale}.items.${index}.title`]}
              onChange={(event) => update(patchRow(rows, index, { title: event.currentTarget.value }))}
            />
            <RichTextField
              label={t('blockEditor.fields.accordionText', { number: index + 1 })}
              value={row.doc}
              onChange={(doc) => update(patchRow(rows, index, { doc }))}
            />
            <Group>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => {
                  update(rows.filter((_, at) => at !== index));
                  setKeys(keys.filter((_, at) => at !== index));
                }}
              >
                {t('blockEditor.removeItem', { number: index + 1 })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          disabled={rows.length >= 50}
          onClick={() => {
            update([...rows, { title: '', doc: emptyEditorDoc() }]);
            setKeys([...keys, `${locale}-${Date.now().toString(36)}`]);
          }}
        >
          {t('blockEditor.addItem')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The block's options (the same in every language). */
function OptionsFields({
  draft,
  target,
  errors,
  setOptions,
  setPermissions,
}: {
  draft: Draft;
  target: EditTarget;
  errors: Errors;
  setOptions(changes: Fields): void;
  setPermissions(permissions: BlockPermissions): void;
}) {
  const { t } = useTranslation();
  const { options } = draft;
  const choice = <V extends string>(
    key: string,
    label: string,
    values: readonly V[],
    labelOf: (value: V) => string,
  ) => (
    <Select
      label={label}
      data={values.map((value) => ({ value, label: labelOf(value) }))}
      value={text(options[key])}
      error={errors[key]}
      allowDeselect={false}
      onChange={(value) => value && setOptions({ [key]: value })}
    />
  );
  const section = (children: ReactNode) => (
    <>
      <Divider label={t('blockEditor.settings')} labelPosition="left" />
      {children}
    </>
  );
  switch (draft.name) {
    case 'buttons':
      return section(
        choice('align', t('blockEditor.fields.align'), ['left', 'center', 'right'] as const, (value) =>
          t(`blockEditor.align.${value}`),
        ),
      );
    case 'accordion':
      return section(
        <Switch
          label={t('blockEditor.fields.multiple')}
          checked={options.multiple === true}
          onChange={(event) => setOptions({ multiple: event.currentTarget.checked })}
        />,
      );
    case 'divider':
      return section(
        <Stack gap="sm">
          {choice(
            'variant',
            t('blockEditor.fields.dividerVariant'),
            ['solid', 'dashed', 'dotted', 'space'] as const,
            (value) => t(`blockEditor.dividerVariants.${value}`),
          )}
          {choice(
            'size',
            t('blockEditor.fields.dividerSize'),
            ['xs', 'sm', 'md', 'lg', 'xl'] as const,
            (value) => t(`blockEditor.sizes.${value}`),
          )}
        </Stack>,
      );
    case 'video':
      return section(
        choice(
          'aspectRatio',
          t('blockEditor.fields.aspectRatio'),
          ['16/9', '4/3', '1/1'] as const,
          (value) => value,
        ),
      );
    case 'image':
      return section(
        <Stack gap="sm">
          {target.kind === 'edit' ? (
            <ImageUpload
              purpose={{ block: target.guid }}
              value={(options.imageGuid as string | null) ?? null}
              label={t('blockEditor.fields.image')}
              onChange={(guid) => setOptions({ imageGuid: guid })}
            />
          ) : (
            <Alert color="blue">{t('blockEditor.uploadAfterCreate')}</Alert>
          )}
          {errors.imageGuid ? (
            <Text size="sm" c="red" role="alert">
              {errors.imageGuid}
            </Text>
          ) : null}
          {choice(
            'size',
            t('blockEditor.fields.imageSize'),
            ['full', 'large', 'medium', 'small'] as const,
            (value) => t(`blockEditor.imageSizes.${value}`),
          )}
          <TextInput
            label={t('blockEditor.fields.imageLink')}
            description={t('blockEditor.fields.linkHint')}
            value={text(options.href)}
            error={errors.href}
            onChange={(event) => {
              const href = event.currentTarget.value;
              setOptions({ href: href === '' ? undefined : href });
            }}
          />
        </Stack>,
      );
    case 'list':
      return section(
        <Stack gap="sm">
          <ListOptionsFields
            options={options}
            errors={errors}
            setOptions={setOptions}
            maxPerPage={MAX_ITEMS_PER_PAGE}
          />
          <PermissionsFields permissions={draft.permissions} onChange={setPermissions} />
        </Stack>,
      );
    case 'widget':
      return section(
        <Stack gap="sm">
          <SourceListField
            value={(options.sourceBlockGuid as string | null) ?? null}
            error={errors.sourceBlockGuid}
            onChange={(guid) => setOptions({ sourceBlockGuid: guid })}
          />
          <Switch
            label={t('blockEditor.fields.showImages')}
            checked={options.showImages !== false}
            onChange={(event) => setOptions({ showImages: event.currentTarget.checked })}
          />
          <ListOptionsFields options={options} errors={errors} setOptions={setOptions} maxPerPage={20} />
        </Stack>,
      );
    default:
      return null;
  }
}

/** The options of list and widget blocks (listBlockOptionsSchema in common/list-items). */
function ListOptionsFields({
  options,
  errors,
  setOptions,
  maxPerPage,
}: {
  options: Fields;
  errors: Errors;
  setOptions(changes: Fields): void;
  maxPerPage: number;
}) {
  const { t } = useTranslation();
  const sortKeys = LIST_SORT_KEYS.map((key) => ({ value: key, label: t(`blockEditor.sortKeys.${key}`) }));
  const toggle = (key: string, label: string) => (
    <Switch
      label={label}
      checked={options[key] === true}
      onChange={(event) => setOptions({ [key]: event.currentTarget.checked })}
    />
  );
  return (
    <Stack gap="sm">
      <NumberInput
        label={t('blockEditor.fields.itemsPerPage')}
        min={1}
        max={maxPerPage}
        allowDecimal={false}
        value={typeof options.defaultItemsPerPage === 'number' ? options.defaultItemsPerPage : ''}
        error={errors.defaultItemsPerPage}
        onChange={(value) =>
          setOptions({ defaultItemsPerPage: typeof value === 'number' ? value : undefined })
        }
      />
      <Select
        label={t('blockEditor.fields.sortOrder')}
        data={(['automatic', 'manual'] as const).map((value) => ({
          value,
          label: t(`blockEditor.sortOrders.${value}`),
        }))}
        value={text(options.sortOrder) || 'automatic'}
        allowDeselect={false}
        onChange={(value) => value && setOptions({ sortOrder: value })}
      />
      <Select
        label={t('blockEditor.fields.defaultSortBy')}
        data={sortKeys}
        value={text(options.defaultSortBy)}
        error={errors.defaultSortBy}
        allowDeselect={false}
        onChange={(value) => value && setOptions({ defaultSortBy: value })}
      />
      <Select
        label={t('blockEditor.fields.nestedSortOrder')}
        data={sortKeys}
        value={text(options.nestedSortOrder)}
        allowDeselect={false}
        onChange={(value) => value && setOptions({ nestedSortOrder: value })}
      />
      <NumberInput
        label={t('blockEditor.fields.recentForDays')}
        description={t('blockEditor.fields.recentForDaysHint')}
        min={1}
        max={36500}
        allowDecimal={false}
        value={typeof options.itemsRecentForDays === 'number' ? options.itemsRecentForDays : ''}
        error={errors.itemsRecentForDays}
        onChange={(value) => setOptions({ itemsRecentForDays: typeof value === 'number' ? value : null })}
      />
      <TextInput
        label={t('blockEditor.fields.filter')}
        value={text(options.filter)}
        error={errors.filter}
        onChange={(event) => setOptions({ filter: event.currentTarget.value })}
      />
      {toggle('showExpiredItemsByDefault', t('blockEditor.fields.showExpired'))}
      {toggle('hasActiveItems', t('blockEditor.fields.activeOnly'))}
      {toggle('highlightOnly', t('blockEditor.fields.highlightOnly'))}
      {toggle('lazyLoad', t('blockEditor.fields.lazyLoad'))}
    </Stack>
  );
}

/** A widget's source: one of the list blocks on the pages the editor may see. */
function SourceListField({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error: string | undefined;
  onChange(guid: string | null): void;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<{ value: string; label: string }[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    unwrap(api.GET('/api/buildingblockinstance', { params: { query: { buildingBlockName: 'list' } } }))
      .then((blocks) =>
        setData(
          blocks.map((block) => ({
            value: block.guid,
            label: `${block.title || t('blockEditor.untitledList')} (${block.pageTitle})`,
          })),
        ),
      )
      .catch((caught: unknown) => setLoadError(errorMessage(caught, t('blockEditor.loadFailed'))));
  }, [t]);
  return (
    <Select
      label={t('blockEditor.fields.sourceList')}
      description={t('blockEditor.fields.sourceListHint')}
      placeholder={data ? t('blockEditor.fields.ownItems') : t('table.loading')}
      data={data ?? []}
      value={value}
      clearable
      searchable
      nothingFoundMessage={t('table.noRecords')}
      error={error ?? loadError}
      onChange={onChange}
    />
  );
}

/** SPEC 6: who may add items to this list (admins and the page's editors always may). */
function PermissionsFields({
  permissions,
  onChange,
}: {
  permissions: BlockPermissions;
  onChange(permissions: BlockPermissions): void;
}) {
  const { t } = useTranslation();
  const isAdmin = useViewer()?.isAdmin === true;
  const [roles, setRoles] = useState<{ value: string; label: string }[] | null>(null);
  const isRolesMode = permissions.addPermission === 'roles';
  useEffect(() => {
    // Only admins may read the roles; others type role ids (the list stays as it is stored).
    if (!isAdmin || !isRolesMode) return;
    unwrap(api.GET('/api/roles'))
      .then((rows) => setRoles(rows.map((role) => ({ value: role.guid, label: role.name }))))
      .catch(() => setRoles(null));
  }, [isAdmin, isRolesMode]);
  return (
    <Stack gap="sm">
      <Select
        label={t('blockEditor.fields.addPermission')}
        data={ADD_PERMISSIONS.map((value) => ({ value, label: t(`blockEditor.addPermissions.${value}`) }))}
        value={permissions.addPermission}
        allowDeselect={false}
        onChange={(value) => value && onChange({ ...permissions, addPermission: value as AddPermission })}
      />
      {permissions.addPermission === 'roles' ? (
        roles ? (
          <MultiSelect
            label={t('blockEditor.fields.addRoles')}
            data={roles}
            value={permissions.addRoles}
            searchable
            onChange={(addRoles) => onChange({ ...permissions, addRoles })}
          />
        ) : (
          <TagsInput
            label={t('blockEditor.fields.addRoles')}
            value={permissions.addRoles}
            onChange={(addRoles) => onChange({ ...permissions, addRoles })}
          />
        )
      ) : null}
    </Stack>
  );
}
