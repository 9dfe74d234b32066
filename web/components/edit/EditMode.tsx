import { Button, Group, Modal, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { PAGE_LAYOUTS, type PageLayout } from '../../../common/pages';
import type { PageView } from '../../../common/site';
import { AccountProviders } from '../../account/AccountProviders';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';

/** The bar of a page in edit mode: what is being edited, its settings, and the way back (SPEC 2). */
export function EditModeBar({ page }: { page: PageView }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <AccountProviders>
      <Paper className="edit-mode-bar" radius={0} p="sm" withBorder role="region" aria-label={t('edit.mode')}>
        <Group justify="space-between" className="container">
          <Text fw={600}>
            {t('edit.mode')}: {page.title}
          </Text>
          <Group gap="sm">
            <Button variant="light" onClick={() => setOpen(true)}>
              {t('edit.settings')}
            </Button>
            <Button component={Link} to={page.path}>
              {t('edit.close')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <PageSettingsDialog page={page} isOpen={isOpen} onClose={() => setOpen(false)} />
    </AccountProviders>
  );
}

type Form = { nl: string; en: string; isPublished: boolean; layout: PageLayout };

function PageSettingsDialog({ page, isOpen, onClose }: { page: PageView; isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const run = useTask();
  const { revalidate } = useRevalidator();
  const [form, setForm] = useState<Form | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setLoadError(null);
    unwrap(api.GET('/api/pages/{id}', { params: { path: { id: page.guid } } }))
      .then(({ page: current }) =>
        setForm({
          nl: current.titleTranslations.nl,
          en: current.titleTranslations.en ?? '',
          isPublished: current.isPublished,
          layout: current.layout,
        }),
      )
      .catch((error: unknown) => setLoadError(errorMessage(error, t('edit.loadFailed'))));
  }, [isOpen, page.guid, t]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form || form.nl.trim() === '') return;
    setBusy(true);
    const saved = await run(t('edit.save'), () =>
      unwrap(
        api.PUT('/api/pages/{id}', {
          params: { path: { id: page.guid } },
          body: {
            titleTranslations: { nl: form.nl, ...(form.en.trim() ? { en: form.en } : {}) },
            isPublished: form.isPublished,
            layout: form.layout,
          },
        }),
      ),
    );
    setBusy(false);
    if (saved) {
      onClose();
      await revalidate();
    }
  }

  return (
    <Modal opened={isOpen} onClose={onClose} title={t('edit.settings')}>
      {loadError ? <Text c="red">{loadError}</Text> : null}
      {form ? (
        <form onSubmit={save} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('edit.titleNl')}
              required
              value={form.nl}
              error={form.nl.trim() === '' ? t('auth.required') : null}
              onChange={(event) => setForm({ ...form, nl: event.currentTarget.value })}
            />
            <TextInput
              label={t('edit.titleEn')}
              value={form.en}
              onChange={(event) => setForm({ ...form, en: event.currentTarget.value })}
            />
            <Select
              label={t('edit.layout')}
              data={PAGE_LAYOUTS.map((layout) => ({ value: layout, label: layout }))}
              value={form.layout}
              allowDeselect={false}
              onChange={(value) => value && setForm({ ...form, layout: value as PageLayout })}
            />
            <Switch
              label={t('edit.published')}
              checked={form.isPublished}
              onChange={(event) => setForm({ ...form, isPublished: event.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('buttons.cancel')}
              </Button>
              <Button type="submit" loading={isBusy}>
                {t('buttons.update')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
