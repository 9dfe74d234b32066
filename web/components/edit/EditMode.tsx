import {
  Alert,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LAYOUT_COLUMNS, layoutPositions, PAGE_LAYOUTS, type PageLayout } from '../../../common/pages';
import type { PageView } from '../../../common/site';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { useDraft } from './draft';
import { PublishDialog } from './PublishDialog';
import { useLeaveGuard, useUnsavedChanges } from './unsaved';
import '../../i18n/editor';

// The bar's less used screens load when first opened.
const PreviewDialog = lazy(() => import('./PreviewDialog'));
const ScheduleDialog = lazy(() => import('./ScheduleDialog'));
const RevisionsDrawer = lazy(() => import('./RevisionsDrawer'));

type Dialog = 'settings' | 'publish' | 'discard' | 'preview' | 'schedule' | 'revisions';

/**
 * The bar of a page (or template) in edit mode (SPEC 2, issue 13): what is edited and whether it has
 * unpublished changes, Publiceer and Concept weggooien, preview and sharing, scheduling, the
 * history, the page's settings, and the way back (asking first while a form holds unsaved changes).
 */
export function EditModeBar({ page, isTemplate = false }: { page: PageView; isTemplate?: boolean }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { draft, reload } = useDraft(page.guid);
  const blocker = useLeaveGuard();
  const close = () => setDialog(null);
  const hasDraft = draft?.hasDraft === true;
  const pending = draft?.schedules ?? [];
  return (
    <>
      <Paper className="edit-mode-bar" radius={0} p="sm" withBorder role="region" aria-label={t('edit.mode')}>
        <Group justify="space-between" className="container" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>
              {t('edit.mode')}: {page.title}
            </Text>
            <Text
              size="sm"
              c="dimmed"
              role="status"
              data-draft-status={draft ? (hasDraft ? 'draft' : 'published') : ''}
            >
              {draft ? (hasDraft ? t('editBar.status.draft') : t('editBar.status.published')) : ''}
              {draft && !draft.isPublished && !isTemplate ? ` ${t('editBar.status.hidden')}` : ''}
              {pending.length > 0 ? ` ${t('editBar.status.scheduled', { count: pending.length })}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button onClick={() => setDialog('publish')} disabled={!hasDraft}>
              {t('editBar.publish')}
            </Button>
            <Button variant="light" onClick={() => setDialog('settings')}>
              {t('edit.settings')}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="light">{t('editBar.more')}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                {isTemplate ? null : (
                  <Menu.Item onClick={() => setDialog('preview')}>{t('editBar.preview')}</Menu.Item>
                )}
                <Menu.Item onClick={() => setDialog('schedule')}>{t('editBar.schedule')}</Menu.Item>
                <Menu.Item onClick={() => setDialog('revisions')}>{t('editBar.history')}</Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" disabled={!hasDraft} onClick={() => setDialog('discard')}>
                  {t('editBar.discard')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              variant="default"
              component={Link}
              to={isTemplate ? '/admin/pages?tab=templates' : page.path}
            >
              {t('edit.close')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal opened={dialog === 'settings'} onClose={close} title={t('edit.settings')}>
        {dialog === 'settings' ? <PageSettingsForm page={page} onClose={close} /> : null}
      </Modal>
      <PublishDialog page={page} opened={dialog === 'publish'} onClose={close} />
      <DiscardDialog page={page} opened={dialog === 'discard'} onClose={close} />
      <Suspense fallback={null}>
        {dialog === 'preview' ? <PreviewDialog pageGuid={page.guid} opened onClose={close} /> : null}
        {dialog === 'schedule' ? (
          <ScheduleDialog pageGuid={page.guid} opened onClose={close} onChanged={() => void reload()} />
        ) : null}
        {dialog === 'revisions' ? (
          <RevisionsDrawer pageGuid={page.guid} opened onClose={close} onRestored={reload} />
        ) : null}
      </Suspense>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('editBar.leave.title')}
      >
        <Text size="sm">{t('editBar.leave.text')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('editBar.leave.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('editBar.leave.go')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** "Concept weggooien": the draft goes; the page stays as published (a confirmation first). */
function DiscardDialog({ page, opened, onClose }: { page: PageView; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const run = useTask();
  const { current, reload } = useDraft(page.guid);
  const [isBusy, setBusy] = useState(false);
  async function discard() {
    setBusy(true);
    const done = await run(t('editBar.discardTask'), async () => {
      const draft = await current();
      return unwrap(
        api.POST('/api/pages/{id}/draft:discard', {
          params: { path: { id: page.guid } },
          body: { version: draft.version, revision: draft.revision },
        }),
      );
    });
    await reload();
    setBusy(false);
    if (done) onClose();
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('editBar.discardTitle')}>
      <Text size="sm">{t('editBar.discardText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('buttons.cancel')}
        </Button>
        <Button color="red" loading={isBusy} onClick={() => void discard()}>
          {t('editBar.discard')}
        </Button>
      </Group>
    </Modal>
  );
}

function PageSettingsForm({ page, onClose }: { page: PageView; onClose(): void }) {
  const { t } = useTranslation();
  const { draft, error } = useDraft(page.guid);
  if (error) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(error, t('edit.loadFailed'))}
      </Alert>
    );
  }
  if (!draft) return <Text size="sm">{t('table.loading')}</Text>;
  const { title, layout } = draft.document;
  return (
    <SettingsFields
      page={page}
      initial={{
        nl: title.nl,
        en: title.en ?? '',
        isPublished: draft.isPublished,
        layout,
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
  const { change, reload } = useDraft(page.guid);
  const [form, setForm] = useState(initial);
  const [isBusy, setBusy] = useState(false);
  useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(initial));
  const hidden = hiddenBlockCounts(page, form.layout);
  const hidesBlocks = hidden.left + hidden.right > 0;

  /** The title and layout go to the draft; whether visitors may see the page counts at once. */
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.nl.trim() === '') return;
    setBusy(true);
    const title = { nl: form.nl, ...(form.en.trim() ? { en: form.en } : {}) };
    const moveHidden = hidesBlocks && form.moveHiddenBlocks;
    const shown = new Set(layoutPositions(form.layout));
    const saved = await change(t('edit.save'), (document) => ({
      ...document,
      title,
      layout: form.layout,
      blocks: moveHidden
        ? [
            ...document.blocks.filter((block) => shown.has(block.position)),
            ...document.blocks
              .filter((block) => !shown.has(block.position))
              .map((block) => ({ ...block, position: 'main' as const })),
          ]
        : document.blocks,
    }));
    const visibility =
      saved && form.isPublished !== initial.isPublished
        ? await run(t('edit.save'), () =>
            unwrap(
              api.PUT('/api/pages/{id}', {
                params: { path: { id: page.guid } },
                body: { isPublished: form.isPublished },
              }),
            ),
          )
        : saved;
    setBusy(false);
    if (visibility) {
      await reload();
      onClose();
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
