import { Anchor, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FormAvailability } from '../../../common/forms/settings';
import { formatMoment } from '../../account/format';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { useViewer } from '../../account/viewer';
import { ApiError, api, unwrap } from '../../api/client';
import { AdminPage } from '../../components/admin/AdminPage';
import { DataTable } from '../../components/admin/DataTable';
import { RowActionButton } from '../../components/admin/RowActionButton';
import { useTableState } from '../../components/admin/table-state';
import { useCloseGuard } from '../../components/close-guard';
import { fieldErrors } from '../../components/site-admin/field-errors';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/forms';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminShell.forms');
}

type FormRow = {
  guid: string;
  title: string;
  state: 'Open' | 'Closed' | 'Custom';
  openDate: string | null;
  closeDate: string | null;
  availability: FormAvailability;
  currentVersion: number | null;
  submissionCount: number;
  lastSubmissionAt: string | null;
  abilities: { update: boolean; viewResults: boolean; delete: boolean };
};
type Dialog = { mode: 'create' } | { mode: 'rename'; form: FormRow } | { mode: 'duplicate'; form: FormRow };

const AVAILABILITY_COLORS: Record<FormAvailability, string> = {
  open: 'green',
  'close-future': 'green',
  'open-future': 'blue',
  closed: 'gray',
};

/**
 * SPEC 2 `admin/forms` (beta): every form with its state, open and close moments, current version
 * and submissions; make, rename, duplicate and delete forms, open the builder and the submissions.
 */
export default function AdminFormsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const viewer = useViewer();
  const run = useTask();
  const table = useTableState({
    sortKeys: ['title', 'state', 'openDate', 'closeDate', 'submissions', 'lastSubmission'] as const,
    defaultSort: 'title',
  });
  const query = useQuery({
    queryKey: ['admin', 'forms', table.query],
    queryFn: () => unwrap(api.GET('/api/forms', { params: { query: table.query } })),
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState<FormRow | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const backToOpener = () => requestAnimationFrame(() => opener.current?.focus());
  const toHeading = () => requestAnimationFrame(() => document.getElementById('admin-title')?.focus());
  const invalidate = () => queryClient.invalidateQueries({ queryKey: ['admin', 'forms'] });
  const moment = (value: string | null) => (value ? formatMoment(value, i18n.language) : '–');

  async function remove(form: FormRow) {
    const done = await run(t('adminForms.tasks.delete'), () =>
      unwrap(api.DELETE('/api/forms/{guid}', { params: { path: { guid: form.guid } } })),
    );
    setDeleting(null);
    await invalidate();
    if (done !== undefined) toHeading();
    else backToOpener();
  }

  const add = (
    <Group gap="xs">
      <Badge variant="light">{t('adminShell.beta')}</Badge>
      {/* Only admins make forms; content managers work on those given to their roles (issue 34). */}
      {viewer?.isAdmin ? (
        <Button
          onClick={(event) => {
            opener.current = event.currentTarget;
            setDialog({ mode: 'create' });
          }}
        >
          {t('adminForms.add')}
        </Button>
      ) : null}
    </Group>
  );

  return (
    <AdminPage title={t('adminShell.forms')} description={t('adminForms.description')} actions={add}>
      <DataTable<FormRow, (typeof table.query)['sortBy']>
        caption={t('adminForms.caption')}
        table={table}
        query={query}
        rowKey={(row) => row.guid}
        searchLabel={t('buttons.search')}
        empty={<Text>{t('adminForms.empty')}</Text>}
        columns={[
          {
            key: 'title',
            header: t('adminForms.columns.title'),
            sortKey: 'title',
            isRowHeader: true,
            render: (row) =>
              row.abilities.update ? (
                <Anchor component={Link} to={`/admin/forms/view/${row.guid}`}>
                  {row.title}
                </Anchor>
              ) : (
                row.title
              ),
          },
          {
            key: 'state',
            header: t('adminForms.columns.state'),
            sortKey: 'state',
            render: (row) => (
              <Stack gap={2}>
                <Text size="sm">{t(`adminForms.states.${row.state}`)}</Text>
                <Badge size="sm" variant="light" color={AVAILABILITY_COLORS[row.availability]}>
                  {t(`adminForms.availability.${row.availability}`)}
                </Badge>
              </Stack>
            ),
          },
          {
            key: 'openDate',
            header: t('adminForms.columns.openDate'),
            sortKey: 'openDate',
            visibleFrom: 'md',
            render: (row) => moment(row.openDate),
          },
          {
            key: 'closeDate',
            header: t('adminForms.columns.closeDate'),
            sortKey: 'closeDate',
            visibleFrom: 'md',
            render: (row) => moment(row.closeDate),
          },
          {
            key: 'version',
            header: t('adminForms.columns.version'),
            visibleFrom: 'sm',
            render: (row) => row.currentVersion ?? t('adminForms.notPublished'),
          },
          {
            key: 'submissions',
            header: t('adminForms.columns.submissions'),
            sortKey: 'submissions',
            render: (row) =>
              row.abilities.viewResults ? (
                <Anchor component={Link} to={`/admin/forms/${row.guid}`}>
                  {row.submissionCount}
                  <span className="visually-hidden">
                    {' '}
                    {t('adminForms.submissionsOf', { title: row.title })}
                  </span>
                </Anchor>
              ) : (
                row.submissionCount
              ),
          },
          {
            key: 'lastSubmission',
            header: t('adminForms.columns.lastSubmission'),
            sortKey: 'lastSubmission',
            visibleFrom: 'sm',
            render: (row) => moment(row.lastSubmissionAt),
          },
          {
            key: 'actions',
            header: t('adminForms.columns.actions'),
            render: (row) => (
              <Group gap="xs" wrap="nowrap">
                {row.abilities.update ? (
                  <RowActionButton
                    variant="light"
                    label={t('adminForms.rename')}
                    rowName={row.title}
                    opener={opener}
                    onOpen={() => setDialog({ mode: 'rename', form: row })}
                  />
                ) : null}
                {row.abilities.delete ? (
                  <>
                    <RowActionButton
                      label={t('adminForms.duplicate')}
                      rowName={row.title}
                      opener={opener}
                      onOpen={() => setDialog({ mode: 'duplicate', form: row })}
                    />
                    <RowActionButton
                      color="red"
                      label={t('buttons.delete')}
                      rowName={row.title}
                      opener={opener}
                      onOpen={() => setDeleting(row)}
                    />
                  </>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
      {dialog ? (
        <TitleDialog
          dialog={dialog}
          onClose={(saved) => {
            setDialog(null);
            if (!saved) return backToOpener();
            void invalidate();
            if (dialog.mode === 'rename') return toHeading();
            navigate(`/admin/forms/view/${saved}`);
          }}
        />
      ) : null}
      <Modal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          backToOpener();
        }}
        title={t('adminForms.deleteTitle')}
      >
        {deleting ? (
          <Stack gap="md">
            <Text>
              {t('adminForms.deleteText', { title: deleting.title, count: deleting.submissionCount })}
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                data-autofocus
                onClick={() => {
                  setDeleting(null);
                  backToOpener();
                }}
              >
                {t('buttons.cancel')}
              </Button>
              <Button color="red" onClick={() => void remove(deleting)}>
                {t('buttons.delete')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </AdminPage>
  );
}

/** New form, rename, or duplicate: one title field. Resolves with the form's guid when saved. */
function TitleDialog({ dialog, onClose }: { dialog: Dialog; onClose(saved: string | null): void }) {
  const { t } = useTranslation();
  const run = useTask();
  const [initialTitle] = useState(() =>
    dialog.mode === 'create'
      ? ''
      : dialog.mode === 'rename'
        ? dialog.form.title
        : t('adminForms.copyOf', { title: dialog.form.title }),
  );
  const [title, setTitle] = useState(initialTitle);
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const { close, closeOnEscape, question } = useCloseGuard(title !== initialTitle, () => onClose(null));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    const label = t(`adminForms.tasks.${dialog.mode}`);
    const saved = await run(label, async () => {
      try {
        if (dialog.mode === 'create') {
          return await unwrap(api.POST('/api/forms', { body: { title } }));
        }
        if (dialog.mode === 'rename') {
          return await unwrap(
            api.PUT('/api/forms/{guid}', { params: { path: { guid: dialog.form.guid } }, body: { title } }),
          );
        }
        return await unwrap(
          api.POST('/api/forms/{guid}/duplicate', {
            params: { path: { guid: dialog.form.guid } },
            body: { title },
          }),
        );
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 400) {
          setError(fieldErrors(failure)['body/title'] ?? failure.message);
          return undefined;
        }
        throw failure;
      }
    });
    setBusy(false);
    if (saved) onClose(saved.guid);
  }

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={closeOnEscape}
      title={t(`adminForms.dialogs.${dialog.mode}`)}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('adminForms.columns.title')}
            required
            data-autofocus
            maxLength={200}
            value={title}
            error={error}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {dialog.mode === 'create' ? t('buttons.create') : t('buttons.update')}
            </Button>
          </Group>
        </Stack>
      </form>
      {question}
    </Modal>
  );
}
