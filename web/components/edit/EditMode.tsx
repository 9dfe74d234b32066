import { Button, Group, Kbd, Menu, Modal, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PageView } from '../../../common/site';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { codePart } from '../code-parts';
import { useDraft } from './draft';
import { PublishDialog } from './PublishDialog';
import { isTextField } from './typing';
import { useLeaveGuard } from './unsaved';
import '../../i18n/editor';

// The bar's less used screens load when first opened.
const PreviewDialog = lazy(() => import('./PreviewDialog'));
const ScheduleDialog = lazy(() => import('./ScheduleDialog'));
const RevisionsDrawer = lazy(() => import('./RevisionsDrawer'));
const ShortcutsDialog = lazy(() => import('./ShortcutsDialog'));
// The one page settings dialog (issue 26), the same form as the admin pages table's. Its files come
// with edit mode's (EDIT_MODE_SOURCES) and it is read as soon as edit mode is, so the bar's first
// button opens it at once (issue 35): a React.lazy part would first show its fallback and then wait
// behind the blocks' hydration.
const settingsDialog = codePart(() => import('./PageSettingsDialog').then((module) => module.default));
if (typeof window !== 'undefined') void settingsDialog.preload();
const EditPageSettingsDialog = settingsDialog.Part;

type Dialog = 'settings' | 'publish' | 'discard' | 'preview' | 'schedule' | 'revisions' | 'shortcuts';

/** "Naar de blokken": the focus on the page's first block (or the first area's add button). */
function skipToBlocks() {
  const first =
    document.querySelector<HTMLElement>('[data-editable-block]') ??
    document.querySelector<HTMLElement>('[data-editable-position] button');
  first?.focus({ preventScroll: true });
  first?.scrollIntoView({ block: 'center' });
}

/**
 * The bar of a page (or template) in edit mode (SPEC 2, issue 13): what is edited and whether it has
 * unpublished changes, Publiceer and Concept weggooien, preview and sharing, scheduling, the
 * history, the page's settings, and the way back (asking first while a form holds unsaved changes).
 */
export function EditModeBar({ page, isTemplate = false }: { page: PageView; isTemplate?: boolean }) {
  // A reusable block (issue 31) is closed back to its own tab of admin/pages.
  const isReusableBlock = isTemplate && page.templateKind === 'block';
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { draft, reload } = useDraft(page.guid);
  const blocker = useLeaveGuard();
  const close = () => setDialog(null);
  const hasDraft = draft?.hasDraft === true;
  const pending = draft?.schedules ?? [];
  const [hasShownShortcuts, setHasShownShortcuts] = useState(false);
  if (dialog === 'shortcuts' && !hasShownShortcuts) setHasShownShortcuts(true);
  // Where the focus goes back to when the shortcut list closes (what had it when ? was pressed, or
  // the "Meer" button): the lazily loaded list cannot know it.
  const shortcutsFrom = useRef<HTMLElement | null>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const closeShortcuts = () => {
    const from = shortcutsFrom.current;
    setDialog(null);
    requestAnimationFrame(() => from?.focus({ preventScroll: true }));
  };
  // ? (outside text fields, with no dialog open) lists the keyboard shortcuts.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target))
        return;
      if (document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      shortcutsFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setDialog('shortcuts');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Paper className="edit-mode-bar" radius={0} p="sm" withBorder role="region" aria-label={t('edit.mode')}>
        {/* Past the bar's buttons straight to the blocks (issue 35); shown when it has the focus. */}
        <button type="button" className="skip-link" onClick={skipToBlocks}>
          {t('editBar.skipToBlocks')}
        </button>
        <Group justify="space-between" className="container" gap="xs">
          <Stack gap={0}>
            {/* Where the focus starts on entering edit mode (web/components/route-focus.ts). */}
            <Text fw={600} data-route-focus tabIndex={-1} className="edit-mode-title">
              {t('edit.mode')}: {page.title}
            </Text>
            <Text
              size="sm"
              c="dimmed"
              role="status"
              data-draft-status={draft ? (hasDraft ? 'draft' : 'published') : ''}
            >
              {draft
                ? hasDraft
                  ? t('editBar.status.draft')
                  : t('editBar.status.published')
                : t('edit.loading')}
              {draft && !draft.isPublished && !isTemplate ? ` ${t('editBar.status.hidden')}` : ''}
              {pending.length > 0 ? ` ${t('editBar.status.scheduled', { count: pending.length })}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button onClick={() => setDialog('publish')} disabled={!hasDraft}>
              {t('editBar.publish')}
            </Button>
            {/* A template's title and kind are set in admin/pages' Sjablonen tab. */}
            {isTemplate ? null : (
              <Button variant="light" onClick={() => setDialog('settings')}>
                {t('edit.settings')}
              </Button>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="light" ref={moreButton}>
                  {t('editBar.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {isTemplate ? null : (
                  <Menu.Item onClick={() => setDialog('preview')}>{t('editBar.preview')}</Menu.Item>
                )}
                <Menu.Item onClick={() => setDialog('schedule')}>{t('editBar.schedule')}</Menu.Item>
                <Menu.Item onClick={() => setDialog('revisions')}>{t('editBar.history')}</Menu.Item>
                <Menu.Item
                  onClick={() => {
                    shortcutsFrom.current = moreButton.current;
                    setDialog('shortcuts');
                  }}
                  rightSection={<Kbd size="xs">?</Kbd>}
                >
                  {t('editBar.shortcuts')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" disabled={!hasDraft} onClick={() => setDialog('discard')}>
                  {t('editBar.discard')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              variant="default"
              component={Link}
              to={
                isTemplate
                  ? `/admin/pages?tab=${isReusableBlock ? 'reusable' : 'templates'}`
                  : page.path || '/admin/pages'
              }
            >
              {t('edit.close')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Suspense fallback={null}>
        {dialog === 'settings' ? <EditPageSettingsDialog page={page} opened onClose={close} /> : null}
      </Suspense>
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
        {/* Kept once loaded: it closes with its transition and opens at once the next time. */}
        {dialog === 'shortcuts' || hasShownShortcuts ? (
          <ShortcutsDialog opened={dialog === 'shortcuts'} onClose={closeShortcuts} />
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
