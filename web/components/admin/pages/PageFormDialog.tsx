import {
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
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PAGE_LAYOUTS, type PageLayout } from '../../../../common/pages';
import { useTask } from '../../../account/tasks';
import { api, unwrap } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { adminQueries } from '../queries';
import { pageQueries, titleIn } from './queries';
import '../../../i18n/admin';

const SWITCHES = ['showMainMenu', 'showSubMenu', 'showHeader', 'showBreadcrumbs', 'showFooter'] as const;
const TEMPLATE_OPTIONS = ['templateHeader', 'footerGuid', 'templateFooter'] as const;

type FormState = {
  nl: string;
  en: string;
  layout: PageLayout;
  isPublished: boolean;
  switches: Record<(typeof SWITCHES)[number], boolean>;
  templates: Record<(typeof TEMPLATE_OPTIONS)[number], string>;
  headerImage: string;
  editPermission: 'admins' | 'roles';
  editRoles: string[];
  roleIds: string[];
};

const EMPTY: FormState = {
  nl: '',
  en: '',
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
  editPermission: 'admins',
  editRoles: [],
  roleIds: [],
};

/**
 * "Nieuwe pagina" and a page's settings: one form (title nl/en, layout, options of SPEC 3,
 * templates, published, who may edit, who may view). `guid` null creates.
 */
export function PageFormDialog({
  guid,
  opened,
  onClose,
  onSaved,
}: {
  guid: string | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (guid: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [saving, setSaving] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const templates = useQuery({ ...pageQueries.templates, enabled: opened });
  const roles = useQuery({ ...adminQueries.roles, enabled: opened });
  // Under ['admin', 'headerImages'] so that editing header images refreshes this choice too.
  const headerImages = useQuery({
    queryKey: ['admin', 'headerImages', 'all', i18n.language],
    queryFn: () => unwrap(api.GET('/api/headerimages')),
    enabled: opened,
  });
  const existing = useQuery({ ...pageQueries.page(guid ?? ''), enabled: opened && guid !== null });

  useEffect(() => {
    if (!opened) return;
    if (guid === null) {
      setForm(EMPTY);
      return;
    }
    const page = existing.data?.page;
    if (!page) return;
    const option = (name: string) => page.options.find((entry) => entry.name === name)?.value;
    setForm({
      nl: page.titleTranslations.nl,
      en: page.titleTranslations.en ?? '',
      layout: page.layout,
      isPublished: page.isPublished,
      switches: Object.fromEntries(
        SWITCHES.map((name) => [name, option(name) !== 'false']),
      ) as FormState['switches'],
      templates: Object.fromEntries(
        TEMPLATE_OPTIONS.map((name) => [name, option(name) ?? '']),
      ) as FormState['templates'],
      headerImage: option('headerImage') ?? '',
      editPermission: page.editPermission,
      editRoles: page.editRoles,
      roleIds: page.roleIds,
    });
  }, [opened, guid, existing.data]);

  const loading = guid !== null && !existing.data;
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.guid, label: role.name }));
  // The stored option value is the header image's guid; an unknown one (deleted image) stays listed.
  const headerImageOptions = [
    { value: '', label: t('adminPages.form.none') },
    ...(headerImages.data ?? []).map((image) => ({ value: image.guid, label: image.title || image.guid })),
    ...(form.headerImage && !headerImages.data?.some((image) => image.guid === form.headerImage)
      ? [{ value: form.headerImage, label: form.headerImage }]
      : []),
  ];
  const templateOptions = (kind: 'header' | 'footer') => [
    { value: '', label: t(kind === 'header' ? 'adminPages.form.siteDefault' : 'adminPages.form.none') },
    ...(templates.data ?? [])
      .filter((template) => template.templateKind === kind)
      .map((template) => ({ value: template.guid, label: titleIn(template.title, i18n.language) })),
  ];

  function options() {
    return [
      ...SWITCHES.filter((name) => !form.switches[name]).map((name) => ({ name, value: 'false' })),
      ...TEMPLATE_OPTIONS.filter((name) => form.templates[name] !== '').map((name) => ({
        name,
        value: form.templates[name],
      })),
      ...(form.headerImage.trim() ? [{ name: 'headerImage', value: form.headerImage.trim() }] : []),
    ];
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const title = { nl: form.nl.trim(), ...(form.en.trim() ? { en: form.en.trim() } : {}) };
    const rights = {
      editPermission: form.editPermission,
      editRoles: form.editPermission === 'roles' ? form.editRoles : [],
      roleIds: form.roleIds,
    };
    const saved = await run(
      t(guid === null ? 'adminPages.tasks.create' : 'adminPages.tasks.save', { title: title.nl }),
      async () => {
        const page =
          guid === null
            ? await unwrap(
                api.POST('/api/pages', {
                  body: {
                    title,
                    layout: form.layout,
                    isPublished: form.isPublished,
                    options: options(),
                    ...rights,
                  },
                }),
              )
            : await unwrap(
                api.PUT('/api/pages/{id}', {
                  params: { path: { id: guid } },
                  body: {
                    titleTranslations: title,
                    layout: form.layout,
                    isPublished: form.isPublished,
                    options: options(),
                    ...rights,
                  },
                }),
              );
        void queryClient.invalidateQueries({ queryKey: pageQueries.all });
        return page;
      },
    );
    setSaving(false);
    if (saved) onSaved(saved.guid);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        guid === null
          ? t('adminPages.form.createTitle')
          : t('adminPages.form.settingsTitle', { title: existing.data?.page.titleTranslations.nl ?? '' })
      }
    >
      {loading ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('table.loading')} />
        </Group>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              ref={firstField}
              data-autofocus
              label={t('adminPages.form.titleNl')}
              required
              maxLength={200}
              value={form.nl}
              onChange={(event) => setForm({ ...form, nl: event.currentTarget.value })}
            />
            <TextInput
              label={t('adminPages.form.titleEn')}
              maxLength={200}
              value={form.en}
              onChange={(event) => setForm({ ...form, en: event.currentTarget.value })}
            />
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
            <Switch
              label={t('adminPages.form.published')}
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
                    data={templateOptions(name === 'templateHeader' ? 'header' : 'footer')}
                    value={form.templates[name]}
                    allowDeselect={false}
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
                  onChange={(value) => setForm({ ...form, headerImage: value ?? '' })}
                />
              </Stack>
            </Fieldset>
            <Radio.Group
              label={t('adminPages.form.editPermission')}
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
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                {t('buttons.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {guid === null ? t('buttons.create') : t('adminPages.form.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
