import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { formatMoment } from '../../../../common/dates';
import { useTask } from '../../../account/tasks';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import { useTranslation } from '../../../i18n';
import { isChanged, useCloseGuard } from '../../close-guard';
import { DataTable } from '../DataTable';
import { useTableState } from '../table-state';
import { fieldErrors } from './menu-data';
import '../../../i18n/admin';

type Redirect = components['schemas']['Redirect'];

/** Redirects (old path → new path or URL): server-paged, searchable, editable. */
export function RedirectsSection() {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const table = useTableState({
    sortKeys: ['fromPath', 'toPath', 'createdAt'] as const,
    defaultSort: 'fromPath',
  });
  const query = useQuery({
    queryKey: ['admin', 'redirects', table.query],
    queryFn: () => unwrap(api.GET('/api/redirects', { params: { query: table.query } })),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Redirect | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Redirect | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const close = () => {
    setEditing(null);
    setDeleting(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  async function remove(redirect: Redirect) {
    const done = await run(t('adminMenu.deleteRedirect', { from: redirect.fromPath }), async () => {
      await unwrap(api.DELETE('/api/redirects/{guid}', { params: { path: { guid: redirect.guid } } }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'redirects'] });
      return true;
    });
    if (done) {
      setDeleting(null);
      document.getElementById('admin-redirects')?.focus();
    }
  }

  const newButton = (
    <Button
      variant="light"
      onClick={(event) => {
        opener.current = event.currentTarget;
        setEditing('new');
      }}
    >
      {t('adminMenu.newRedirect')}
    </Button>
  );

  return (
    <section aria-labelledby="admin-redirects">
      <Group justify="space-between" align="center" mb="xs">
        <Title order={2} size="h3" id="admin-redirects" tabIndex={-1}>
          {t('adminMenu.redirects')}
        </Title>
        {newButton}
      </Group>
      <Text c="dimmed" size="sm" mb="sm">
        {t('adminMenu.redirectsDescription')}
      </Text>
      <DataTable
        caption={t('adminMenu.redirects')}
        columns={[
          {
            key: 'fromPath',
            header: t('adminMenu.fromPath'),
            sortKey: 'fromPath',
            isRowHeader: true,
            render: (row: Redirect) => <code>{row.fromPath}</code>,
          },
          {
            key: 'toPath',
            header: t('adminMenu.toPath'),
            sortKey: 'toPath',
            render: (row) => <code>{row.toPath}</code>,
          },
          {
            key: 'createdAt',
            header: t('adminMenu.createdAt'),
            sortKey: 'createdAt',
            visibleFrom: 'md',
            render: (row) => formatMoment(row.createdAt, i18n.language, { time: false }),
          },
          {
            key: 'createdBy',
            header: t('adminMenu.createdBy'),
            visibleFrom: 'md',
            render: (row) => row.createdBy ?? '—',
          },
          {
            key: 'actions',
            header: t('adminMenu.actions'),
            render: (row) => (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={t('adminMenu.editRedirect', { from: row.fromPath })}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setEditing(row);
                  }}
                >
                  {t('buttons.update')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={t('adminMenu.deleteRedirect', { from: row.fromPath })}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setDeleting(row);
                  }}
                >
                  {t('buttons.delete')}
                </Button>
              </Group>
            ),
          },
        ]}
        rowKey={(row) => row.guid}
        query={query}
        table={table}
        searchLabel={t('adminMenu.searchRedirects')}
        empty={<Text size="sm">{t('adminMenu.redirectsEmpty')}</Text>}
      />
      {editing ? (
        <RedirectDialog
          redirect={editing === 'new' ? null : editing}
          onClose={close}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: ['admin', 'redirects'] });
            close();
          }}
        />
      ) : null}
      <Modal
        opened={deleting !== null}
        onClose={close}
        title={t('adminMenu.deleteRedirect', { from: deleting?.fromPath ?? '' })}
      >
        <Stack>
          <Text>{t('adminMenu.deleteRedirectConfirm', { from: deleting?.fromPath ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('buttons.cancel')}
            </Button>
            <Button color="red" onClick={() => deleting && void remove(deleting)}>
              {t('buttons.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}

function RedirectDialog({
  redirect,
  onClose,
  onSaved,
}: {
  redirect: Redirect | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const [fromPath, setFromPath] = useState(redirect?.fromPath ?? '/');
  const [toPath, setToPath] = useState(redirect?.toPath ?? '/');
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const { close, closeOnEscape, question } = useCloseGuard(
    isChanged([fromPath, toPath], [redirect?.fromPath ?? '/', redirect?.toPath ?? '/']),
    onClose,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    const body = { fromPath: fromPath.trim(), toPath: toPath.trim() };
    let failure: unknown = null;
    const saved = await run(t('adminMenu.saveRedirect'), async () => {
      try {
        return redirect
          ? await unwrap(
              api.PUT('/api/redirects/{guid}', { params: { path: { guid: redirect.guid } }, body }),
            )
          : await unwrap(api.POST('/api/redirects', { body }));
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    if (saved) onSaved();
    else setErrors(fieldErrors(failure));
  }

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={closeOnEscape}
      title={redirect ? t('adminMenu.editRedirect', { from: redirect.fromPath }) : t('adminMenu.newRedirect')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('adminMenu.fromPath')}
            value={fromPath}
            onChange={(event) => setFromPath(event.currentTarget.value)}
            required
            error={errors.fromPath}
            data-autofocus
          />
          <TextInput
            label={t('adminMenu.toPath')}
            value={toPath}
            onChange={(event) => setToPath(event.currentTarget.value)}
            required
            error={errors.toPath}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit">{redirect ? t('buttons.update') : t('buttons.create')}</Button>
          </Group>
        </Stack>
      </form>
      {question}
    </Modal>
  );
}
