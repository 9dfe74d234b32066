import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { PageDocument } from '../../../../common/page-drafts';
import {
  LAYOUT_COLUMNS,
  layoutPositions,
  PAGE_LAYOUTS,
  type PageLayout,
  type PageOption,
} from '../../../../common/pages';
import { type PageView, TOP_LEVEL_MENU } from '../../../../common/site';
import { slugify } from '../../../../common/urls';
import { errorMessage, useTask } from '../../../account/tasks';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import { useTranslation } from '../../../i18n';
import { isChanged, useCloseGuard, useReportDirty } from '../../close-guard';
import { useDraft } from '../../edit/draft';
import { GrowingTextarea } from '../../GrowingTextarea';
import { LibraryImageField } from '../../media/MediaPicker';
import { flatten, menuQueries } from '../menu/menu-data';
import { adminQueries } from '../queries';
import { pageQueries, titleIn } from './queries';
import '../../../i18n/admin';

const SWITCHES = ['showMainMenu', 'showSubMenu', 'showHeader', 'showBreadcrumbs', 'showFooter'] as const;
const TEMPLATE_OPTIONS = ['templateHeader', 'footerGuid', 'templateFooter'] as const;

type ApiPage = components['schemas']['Page'];

type FormState = {
  nl: string;
  en: string;
  descriptionNl: string;
  descriptionEn: string;
  layout: PageLayout;
  isPublished: boolean;
  switches: Record<(typeof SWITCHES)[number], boolean>;
  templates: Record<(typeof TEMPLATE_OPTIONS)[number], string>;
  headerImage: string;
  socialImage: string;
  noindex: boolean;
  editPermission: 'admins' | 'roles';
  editRoles: string[];
  roleIds: string[];
  /** Edit mode: blocks of side columns the new layout hides go to the main area. */
  moveHiddenBlocks: boolean;
  /** A page no menu serves: where the top level menu gets an item for it ('' none, 'top', or a parent item's guid). */
  menuParent: string;
  urlSegment: string;
};

const EMPTY: FormState = {
  nl: '',
  en: '',
  descriptionNl: '',
  descriptionEn: '',
  layout: '100',
  isPublished: false,
  switches: {
    showMainMenu: true,
    showSubMenu: true,
    showHeader: true,
    showBreadcrumbs: true,
    showFooter: true,
  },
  templates: { templateHeader: '', footerGuid: '', templateFooter: '' },
  headerImage: '',
  socialImage: '',
  noindex: false,
  editPermission: 'admins',
  editRoles: [],
  roleIds: [],
  moveHiddenBlocks: true,
  menuParent: '',
  urlSegment: '',
};

/** The form from what is stored: the page's own fields, and its draft's where edit mode has one. */
function formOf(
  page: ApiPage,
  document?: Pick<PageDocument, 'title' | 'description' | 'layout' | 'options'>,
): FormState {
  const options: readonly PageOption[] = document?.options ?? page.options;
  const option = (name: string) => options.find((entry) => entry.name === name)?.value;
  const title = document?.title ?? page.titleTranslations;
  const description = document ? document.description : page.descriptionTranslations;
  return {
    ...EMPTY,
    nl: title.nl,
    en: title.en ?? '',
    descriptionNl: description?.nl ?? '',
    descriptionEn: description?.en ?? '',
    layout: document?.layout ?? page.layout,
    isPublished: page.isPublished,
    switches: Object.fromEntries(
      SWITCHES.map((name) => [name, option(name) !== 'false']),
    ) as FormState['switches'],
    templates: Object.fromEntries(
      TEMPLATE_OPTIONS.map((name) => [name, option(name) ?? '']),
    ) as FormState['templates'],
    headerImage: option('headerImage') ?? '',
    socialImage: option('socialImage') ?? '',
    noindex: option('noindex') === 'true',
    editPermission: page.editPermission,
    editRoles: page.editRoles,
    roleIds: page.roleIds,
  };
}

/** The page options the form holds (defaults are left out). */
function optionsOf(form: FormState): PageOption[] {
  return [
    ...SWITCHES.filter((name) => !form.switches[name]).map((name) => ({ name, value: 'false' })),
    ...TEMPLATE_OPTIONS.filter((name) => form.templates[name] !== '').map((name) => ({
      name,
      value: form.templates[name],
    })),
    ...(form.headerImage.trim() ? [{ name: 'headerImage', value: form.headerImage.trim() }] : []),
    ...(form.socialImage ? [{ name: 'socialImage', value: form.socialImage }] : []),
    ...(form.noindex ? [{ name: 'noindex', value: 'true' }] : []),
  ];
}

const titleOf = (form: FormState) => ({
  nl: form.nl.trim(),
  ...(form.en.trim() ? { en: form.en.trim() } : {}),
});
const descriptionOf = (form: FormState) =>
  form.descriptionNl.trim() || form.descriptionEn.trim()
    ? {
        nl: form.descriptionNl.trim(),
        ...(form.descriptionEn.trim() ? { en: form.descriptionEn.trim() } : {}),
      }
    : null;
const rightsOf = (form: FormState) => ({
  editPermission: form.editPermission,
  editRoles: form.editPermission === 'roles' ? form.editRoles : [],
  roleIds: form.roleIds,
});

/**
 * A page no menu serves gets an item in the top level menu when the form names a place (admins):
 * under the chosen item, or at the top, with the URL part given (the page's title by default).
 */
async function placeInMenu(form: FormState, pageGuid: string) {
  if (form.menuParent === '') return;
  const menus = await unwrap(api.GET('/api/menus'));
  const menu = menus.find((entry) => entry.name === TOP_LEVEL_MENU);
  if (!menu) return;
  await unwrap(
    api.POST('/api/menus/{guid}/items', {
      params: { path: { guid: menu.guid } },
      body: {
        name: titleOf(form),
        urlSegment: form.urlSegment.trim() || slugify(form.nl),
        pageGuid,
        externalUrl: null,
        isVisible: true,
        parentGuid: form.menuParent === 'top' ? null : form.menuParent,
      },
    }),
  );
}

/**
 * The one page settings dialog (issue 26), from the admin pages table ("Nieuwe pagina" and a page's
 * settings; `guid` null creates). Everything is saved on the page at once. Edit mode opens the same
 * form through `EditPageSettingsDialog`.
 */
export function PageFormDialog({
  guid,
  path,
  opened,
  onClose,
  onSaved,
}: {
  guid: string | null;
  /** Where a menu serves the page (the admin table's path), null when none does. */
  path: string | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (guid: string) => void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const existing = useQuery({ ...pageQueries.page(guid ?? ''), enabled: opened && guid !== null });
  const [saving, setSaving] = useState(false);
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const [isDirty, setDirty] = useState(false);
  const { close, closeOnEscape, question } = useCloseGuard(opened && isDirty, onClose);
  const page = existing.data?.page;
  const initial = guid === null ? EMPTY : page ? formOf(page) : null;

  async function submit(form: FormState) {
    setSaving(true);
    const title = titleOf(form);
    const fields = {
      description: descriptionOf(form),
      layout: form.layout,
      isPublished: form.isPublished,
      options: optionsOf(form),
      // Who may edit and view is the admins' (the server refuses anyone else's).
      ...(guid === null || page?.abilities.changeRights ? rightsOf(form) : {}),
    };
    const saved = await run(
      t(guid === null ? 'adminPages.tasks.create' : 'adminPages.tasks.save', { title: title.nl }),
      async () => {
        const result =
          guid === null
            ? await unwrap(api.POST('/api/pages', { body: { title, ...fields } }))
            : await unwrap(
                api.PUT('/api/pages/{id}', {
                  params: { path: { id: guid } },
                  body: { titleTranslations: title, ...fields },
                }),
              );
        await placeInMenu(form, result.guid);
        void queryClient.invalidateQueries({ queryKey: pageQueries.all });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'menus'] });
        return result;
      },
    );
    setSaving(false);
    if (saved) onSaved(saved.guid);
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={closeOnEscape}
      size="lg"
      title={
        guid === null
          ? t('adminPages.form.createTitle')
          : t('adminPages.form.settingsTitle', { title: page?.titleTranslations.nl ?? '' })
      }
    >
      {existing.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(existing.error, t('edit.loadFailed'))}
        </Alert>
      ) : initial === null ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('table.loading')} />
        </Group>
      ) : (
        <SettingsForm
          key={`${guid ?? 'new'}|${existing.dataUpdatedAt}`}
          initial={initial}
          guid={guid}
          path={path}
          mode="direct"
          canChangeRights={guid === null || page?.abilities.changeRights === true}
          canChooseSocialImage={guid === null || page?.abilities.chooseSocialImage === true}
          opened={opened}
          saving={saving}
          submitLabel={guid === null ? t('buttons.create') : t('adminPages.form.save')}
          onCancel={close}
          onDirtyChange={setDirty}
          onSubmit={submit}
        />
      )}
      {question}
    </Modal>
  );
}

/**
 * "Pagina-instellingen" in edit mode (issue 26): the same form as the admin table's. Title,
 * description, layout and the page options are the draft's (visitors see them after "Publiceer");
 * published, who may edit and who may view count at once. The dialog says which.
 */
export function EditPageSettingsDialog({
  page,
  opened,
  onClose,
}: {
  page: PageView;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const { draft, error, change, reload } = useDraft(page.guid);
  const stored = useQuery({ ...pageQueries.page(page.guid), enabled: opened });
  const [saving, setSaving] = useState(false);
  const apiPage = stored.data?.page;
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const [isDirty, setDirty] = useState(false);
  const { close, closeOnEscape, question } = useCloseGuard(opened && isDirty, onClose);
  const initial =
    apiPage && draft ? { ...formOf(apiPage, draft.document), isPublished: draft.isPublished } : null;

  async function submit(form: FormState) {
    if (!initial || !apiPage) return;
    setSaving(true);
    const title = titleOf(form);
    const description = descriptionOf(form);
    const options = optionsOf(form);
    const shown = new Set(layoutPositions(form.layout));
    const hidesBlocks = hiddenBlockCounts(page, form.layout);
    const moveHidden = hidesBlocks.left + hidesBlocks.right > 0 && form.moveHiddenBlocks;
    const draftChanged =
      JSON.stringify([title, description, form.layout, options]) !==
      JSON.stringify([titleOf(initial), descriptionOf(initial), initial.layout, optionsOf(initial)]);
    const saved = draftChanged
      ? await change(t('edit.save'), (document) => ({
          ...document,
          title,
          description,
          layout: form.layout,
          options,
          blocks: moveHidden
            ? [
                ...document.blocks.filter((block) => shown.has(block.position)),
                ...document.blocks
                  .filter((block) => !shown.has(block.position))
                  .map((block) => ({ ...block, position: 'main' as const })),
              ]
            : document.blocks,
        }))
      : true;
    const rights = apiPage.abilities.changeRights ? rightsOf(form) : {};
    const direct =
      form.isPublished !== initial.isPublished ||
      form.menuParent !== '' ||
      JSON.stringify(rights) !== JSON.stringify(apiPage.abilities.changeRights ? rightsOf(initial) : {});
    const done =
      saved && direct
        ? await run(t('edit.save'), async () => {
            const result = await unwrap(
              api.PUT('/api/pages/{id}', {
                params: { path: { id: page.guid } },
                body: { isPublished: form.isPublished, ...rights },
              }),
            );
            await placeInMenu(form, page.guid);
            void queryClient.invalidateQueries({ queryKey: pageQueries.all });
            return result;
          })
        : saved;
    setSaving(false);
    if (done) {
      await reload();
      onClose();
    }
  }

  return (
    <Modal opened={opened} onClose={close} closeOnEscape={closeOnEscape} size="lg" title={t('edit.settings')}>
      {error || stored.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(error ?? stored.error, t('edit.loadFailed'))}
        </Alert>
      ) : initial === null ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('table.loading')} />
        </Group>
      ) : (
        <SettingsForm
          key={`${draft?.version ?? 0}|${stored.dataUpdatedAt}`}
          initial={initial}
          guid={page.guid}
          path={page.path || null}
          mode="draft"
          page={page}
          canChangeRights={apiPage?.abilities.changeRights === true}
          canChooseSocialImage={apiPage?.abilities.chooseSocialImage === true}
          opened={opened}
          saving={saving}
          submitLabel={t('buttons.update')}
          onCancel={close}
          onDirtyChange={setDirty}
          onSubmit={submit}
        />
      )}
      {question}
    </Modal>
  );
}

/** How many blocks each side column holds that `layout` would not show. */
function hiddenBlockCounts(page: PageView, layout: PageLayout) {
  const count = (position: 'left' | 'right') =>
    LAYOUT_COLUMNS[layout][position] ? 0 : page.blocks.filter((block) => block.position === position).length;
  return { left: count('left'), right: count('right') };
}

function SettingsForm({
  initial,
  guid,
  path,
  mode,
  page,
  canChangeRights,
  canChooseSocialImage,
  opened,
  saving,
  submitLabel,
  onCancel,
  onDirtyChange,
  onSubmit,
}: {
  initial: FormState;
  guid: string | null;
  path: string | null;
  /** `direct`: every field is saved on the page; `draft`: title, description, layout and options go to the draft. */
  mode: 'direct' | 'draft';
  /** Edit mode's page: its blocks, for the side columns a new layout would hide. */
  page?: PageView;
  canChangeRights: boolean;
  /** The page's editors who may use the media library (the policies' ability, never re-derived here). */
  canChooseSocialImage: boolean;
  opened: boolean;
  saving: boolean;
  submitLabel: string;
  onCancel(): void;
  /** Told whether the form holds input not saved (the dialog asks before it closes then). */
  onDirtyChange(isDirty: boolean): void;
  onSubmit(form: FormState): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  // The parent gives a new `key` when what is stored changes: the form starts again from it.
  const [form, setForm] = useState<FormState>(initial);
  const isDirty = isChanged(form, initial);
  useReportDirty(isDirty, onDirtyChange);
  const templates = useQuery({ ...pageQueries.templates, enabled: opened && canChangeRights });
  const roles = useQuery({ ...adminQueries.roles, enabled: opened && canChangeRights });
  // Under ['admin', 'headerImages'] so that editing header images refreshes this choice too.
  const headerImages = useQuery({
    queryKey: ['admin', 'headerImages', 'all', i18n.language],
    queryFn: () => unwrap(api.GET('/api/headerimages')),
    enabled: opened && canChangeRights,
  });
  // Where a page no menu serves can go: the top level menu's items (admins place pages in menus).
  const canPlace = canChangeRights && path === null;
  const menus = useQuery({ ...menuQueries.list, enabled: opened && canPlace });
  const topMenuGuid = menus.data?.find((entry) => entry.name === TOP_LEVEL_MENU)?.guid ?? '';
  const topMenu = useQuery({
    ...menuQueries.menu(topMenuGuid),
    enabled: opened && canPlace && topMenuGuid !== '',
  });
  const parentOptions = [
    { value: '', label: t('adminPages.form.menuNone') },
    { value: 'top', label: t('adminPages.form.menuTop') },
    ...flatten(topMenu.data?.menuItems ?? [])
      .filter(({ item }) => item.path !== null && item.externalUrl === null)
      .map(({ item }) => ({
        value: item.guid,
        label: t('adminPages.form.menuUnder', { path: item.path ?? '' }),
      })),
  ];
  const hidden = page ? hiddenBlockCounts(page, form.layout) : { left: 0, right: 0 };
  const hidesBlocks = mode === 'draft' && hidden.left + hidden.right > 0;

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.guid, label: role.name }));
  // A stored guid the lists do not have (a deleted image, or lists this user may not read) stays listed.
  const keep = (value: string, known: readonly { value: string }[]) =>
    value && !known.some((entry) => entry.value === value) ? [{ value, label: value }] : [];
  const imageChoices = (headerImages.data ?? []).map((image) => ({
    value: image.guid,
    label: image.title || image.guid,
  }));
  const headerImageOptions = [
    { value: '', label: t('adminPages.form.none') },
    ...imageChoices,
    ...keep(form.headerImage, imageChoices),
  ];
  const templateOptions = (kind: 'header' | 'footer', value: string) => {
    const known = (templates.data ?? [])
      .filter((template) => template.templateKind === kind)
      .map((template) => ({ value: template.guid, label: titleIn(template.title, i18n.language) }));
    return [
      { value: '', label: t(kind === 'header' ? 'adminPages.form.siteDefault' : 'adminPages.form.none') },
      ...known,
      ...keep(value, known),
    ];
  };
  const editUrl = path !== null ? `${path === '/' ? '' : path}/edit` : guid ? `/edit?page=${guid}` : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.nl.trim() === '') return;
    void onSubmit(form);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="blue" variant="light" data-settings-note={mode}>
          <Text size="sm">
            {t(mode === 'draft' ? 'adminPages.form.draftNote' : 'adminPages.form.directNote')}
          </Text>
        </Alert>
        <TextInput
          data-autofocus
          label={t('adminPages.form.titleNl')}
          required
          maxLength={200}
          value={form.nl}
          error={form.nl.trim() === '' && form.nl !== initial.nl ? t('auth.required') : null}
          onChange={(event) => setForm({ ...form, nl: event.currentTarget.value })}
        />
        <TextInput
          label={t('adminPages.form.titleEn')}
          maxLength={200}
          value={form.en}
          onChange={(event) => setForm({ ...form, en: event.currentTarget.value })}
        />
        <GrowingTextarea
          label={t('adminPages.form.descriptionNl')}
          description={t('adminPages.form.descriptionHint')}
          maxLength={500}
          minRows={2}
          value={form.descriptionNl}
          onChange={(event) => setForm({ ...form, descriptionNl: event.currentTarget.value })}
        />
        <GrowingTextarea
          label={t('adminPages.form.descriptionEn')}
          maxLength={500}
          minRows={2}
          value={form.descriptionEn}
          onChange={(event) => setForm({ ...form, descriptionEn: event.currentTarget.value })}
        />
        {guid !== null || canPlace ? (
          <Fieldset legend={t('adminPages.form.placement')}>
            <Stack gap="xs">
              {guid !== null ? (
                <Text size="sm" data-page-path={path ?? ''}>
                  {path !== null ? t('adminPages.form.servedAt', { path }) : t('adminPages.form.notServed')}
                </Text>
              ) : null}
              {canPlace ? (
                <>
                  <Select
                    label={t('adminPages.form.menuParent')}
                    data={parentOptions}
                    value={form.menuParent}
                    allowDeselect={false}
                    description={mode === 'draft' ? t('adminPages.form.atOnce') : undefined}
                    onChange={(value) => setForm({ ...form, menuParent: value ?? '' })}
                  />
                  {form.menuParent !== '' ? (
                    <TextInput
                      label={t('adminPages.form.urlSegment')}
                      description={t('adminPages.form.urlSegmentHint')}
                      maxLength={100}
                      value={form.urlSegment}
                      placeholder={slugify(form.nl)}
                      onChange={(event) => setForm({ ...form, urlSegment: event.currentTarget.value })}
                    />
                  ) : null}
                </>
              ) : null}
              {editUrl && mode === 'direct' ? (
                <Text size="sm">
                  {t('adminPages.form.editUrl')}{' '}
                  <Anchor href={editUrl} size="sm">
                    {editUrl}
                  </Anchor>
                </Text>
              ) : null}
              {canChangeRights ? (
                <Anchor component={Link} to="/admin/menu" size="sm">
                  {t('adminPages.form.menuLink')}
                </Anchor>
              ) : null}
            </Stack>
          </Fieldset>
        ) : null}
        <Select
          label={t('adminPages.form.layout')}
          data={PAGE_LAYOUTS.map((layout) => ({
            value: layout,
            label: t(`adminPages.form.layouts.${layout}`),
          }))}
          value={form.layout}
          allowDeselect={false}
          onChange={(value) => value && setForm({ ...form, layout: value as PageLayout })}
        />
        {hidesBlocks ? (
          <Alert color="orange" role="status">
            <Stack gap="xs">
              {(['left', 'right'] as const)
                .filter((position) => hidden[position] > 0)
                .map((position) => (
                  <Text size="sm" key={position}>
                    {t(`edit.hiddenBlocks.${position}`, { count: hidden[position] })}
                  </Text>
                ))}
              <Checkbox
                label={t('edit.hiddenBlocks.move')}
                checked={form.moveHiddenBlocks}
                onChange={(event) => setForm({ ...form, moveHiddenBlocks: event.currentTarget.checked })}
              />
              {form.moveHiddenBlocks ? null : <Text size="sm">{t('edit.hiddenBlocks.keep')}</Text>}
            </Stack>
          </Alert>
        ) : null}
        <Switch
          label={t('adminPages.form.published')}
          description={mode === 'draft' ? t('adminPages.form.atOnce') : undefined}
          checked={form.isPublished}
          onChange={(event) => setForm({ ...form, isPublished: event.currentTarget.checked })}
        />
        <Fieldset legend={t('adminPages.form.options')}>
          <Stack gap="xs">
            {SWITCHES.map((name) => (
              <Checkbox
                key={name}
                label={t(`adminPages.form.${name}`)}
                checked={form.switches[name]}
                onChange={(event) =>
                  setForm({
                    ...form,
                    switches: { ...form.switches, [name]: event.currentTarget.checked },
                  })
                }
              />
            ))}
            {TEMPLATE_OPTIONS.map((name) => (
              <Select
                key={name}
                label={t(`adminPages.form.${name}`)}
                data={templateOptions(name === 'templateHeader' ? 'header' : 'footer', form.templates[name])}
                value={form.templates[name]}
                allowDeselect={false}
                disabled={!canChangeRights}
                onChange={(value) =>
                  setForm({ ...form, templates: { ...form.templates, [name]: value ?? '' } })
                }
              />
            ))}
            <Select
              label={t('adminPages.form.headerImage')}
              data={headerImageOptions}
              value={form.headerImage}
              allowDeselect={false}
              disabled={!canChangeRights}
              onChange={(value) => setForm({ ...form, headerImage: value ?? '' })}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('adminPages.form.sharing')}>
          <Stack gap="xs">
            {canChooseSocialImage ? (
              <LibraryImageField
                purpose="library"
                value={form.socialImage || null}
                onChange={(socialImage) => setForm({ ...form, socialImage: socialImage ?? '' })}
                label={t('adminPages.form.socialImage')}
                description={t('adminPages.form.socialImageHint')}
              />
            ) : (
              <Text size="sm">
                {t(form.socialImage ? 'adminPages.form.socialImageSet' : 'adminPages.form.socialImageNone')}
              </Text>
            )}
            <Checkbox
              label={t('adminPages.form.noindex')}
              description={t('adminPages.form.noindexHint')}
              checked={form.noindex}
              onChange={(event) => setForm({ ...form, noindex: event.currentTarget.checked })}
            />
          </Stack>
        </Fieldset>
        {canChangeRights ? (
          <>
            <Radio.Group
              label={t('adminPages.form.editPermission')}
              description={mode === 'draft' ? t('adminPages.form.atOnce') : undefined}
              value={form.editPermission}
              onChange={(value) => setForm({ ...form, editPermission: value as FormState['editPermission'] })}
            >
              <Group gap="md" mt={4}>
                <Radio value="admins" label={t('adminPages.form.editAdmins')} />
                <Radio value="roles" label={t('adminPages.form.editRoles')} />
              </Group>
            </Radio.Group>
            {form.editPermission === 'roles' ? (
              <MultiSelect
                label={t('adminPages.form.editRolesLabel')}
                data={roleOptions}
                value={form.editRoles}
                onChange={(editRoles) => setForm({ ...form, editRoles })}
              />
            ) : null}
            <MultiSelect
              label={t('adminPages.form.viewRoles')}
              description={t('adminPages.form.viewRolesHint')}
              data={roleOptions}
              value={form.roleIds}
              onChange={(roleIds) => setForm({ ...form, roleIds })}
            />
            {roles.isError ? (
              <Text size="sm" c="red">
                {t('table.noData')}
              </Text>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('adminPages.form.rightsAdminsOnly')}
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('buttons.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
