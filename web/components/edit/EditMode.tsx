import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { LAYOUT_COLUMNS, PAGE_LAYOUTS, type PageLayout } from '../../../common/pages';
import type { PageView } from '../../../common/site';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';

/** The bar of a page in edit mode: what is being edited, its settings, and the way back (SPEC 2). */
export function EditModeBar({ page }: { page: PageView }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
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
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={t('edit.settings')}>
        {isOpen ? <PageSettingsForm page={page} onClose={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

const pageQuery = (guid: string) => ({
  queryKey: ['pages', guid] as const,
  queryFn: () => unwrap(api.GET('/api/pages/{id}', { params: { path: { id: guid } } })),
});

function PageSettingsForm({ page, onClose }: { page: PageView; onClose(): void }) {
  const { t } = useTranslation();
  const current = useQuery(pageQuery(page.guid));
  if (current.error) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(current.error, t('edit.loadFailed'))}
      </Alert>
    );
  }
  if (!current.data) return <Text size="sm">{t('table.loading')}</Text>;
  const stored = current.data.page;
  return (
    <SettingsFields
      page={page}
      initial={{
        nl: stored.titleTranslations.nl,
        en: stored.titleTranslations.en ?? '',
        isPublished: stored.isPublished,
        layout: stored.layout,
        moveHiddenBlocks: true,
      }}
      onClose={onClose}
    />
  );
}

type Form = { nl: string; en: string; isPublished: boolean; layout: PageLayout; moveHiddenBlocks: boolean };

/** How many blocks each side column holds that `layout` would not show. */
function hiddenBlockCounts(page: PageView, layout: PageLayout) {
  const count = (position: 'left' | 'right') =>
    LAYOUT_COLUMNS[layout][position] ? 0 : page.blocks.filter((block) => block.position === position).length;
  return { left: count('left'), right: count('right') };
}

function SettingsFields({ page, initial, onClose }: { page: PageView; initial: Form; onClose(): void }) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  const [form, setForm] = useState(initial);
  const [isBusy, setBusy] = useState(false);
  const hidden = hiddenBlockCounts(page, form.layout);
  const hidesBlocks = hidden.left + hidden.right > 0;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.nl.trim() === '') return;
    setBusy(true);
    const saved = await run(t('edit.save'), () =>
      unwrap(
        api.PUT('/api/pages/{id}', {
          params: { path: { id: page.guid } },
          body: {
            titleTranslations: { nl: form.nl, ...(form.en.trim() ? { en: form.en } : {}) },
            isPublished: form.isPublished,
            layout: form.layout,
            ...(hidesBlocks && form.moveHiddenBlocks ? { moveHiddenBlocksTo: 'main' as const } : {}),
          },
        }),
      ),
    );
    setBusy(false);
    if (saved) {
      await queryClient.invalidateQueries({ queryKey: pageQuery(page.guid).queryKey });
      onClose();
      await revalidate();
    }
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('edit.titleNl')}
          required
          value={form.nl}
          error={form.nl.trim() === '' ? t('auth.required') : null}
          onChange={(event) => setForm({ ...form, nl: event.currentTarget.value })}
          data-autofocus
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
  );
}
