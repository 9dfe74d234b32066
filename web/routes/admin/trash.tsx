import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatMoment } from '../../account/format';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { AdminPage } from '../../components/admin/AdminPage';
import { DataTable } from '../../components/admin/DataTable';
import { RowActionButton } from '../../components/admin/RowActionButton';
import { useTableState } from '../../components/admin/table-state';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/trash';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminTrash.title');
}

type Entry = {
  guid: string;
  kind: 'page' | 'listItem' | 'form' | 'menuItem';
  title: string;
  deletedBy: { name: string } | null;
  deletedAt: string;
  purgeAt: string;
};

/** A refusal's reason (the restore's 409 names what is gone or taken) as the task's message. */
function withReason(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const details = (error.body as { error?: { details?: { message?: string }[] } } | undefined)?.error
    ?.details;
  const reason = details?.[0]?.message;
  return reason ? new ApiError(error.status, error.code, reason, error.body) : error;
}

/**
 * The trash (issue 26): deleted pages, list items, forms and menu items for 30 days: what, who
 * deleted it, when; restore it as it was, or delete it for good after a question.
 */
export default function TrashPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const run = useTask();
  const table = useTableState({
    sortKeys: ['deletedAt', 'title', 'kind'] as const,
    defaultSort: 'deletedAt',
    defaultDirection: 'desc',
  });
  const query = useQuery({
    queryKey: ['admin', 'trash', table.query],
    queryFn: () => unwrap(api.GET('/api/trash', { params: { query: table.query } })),
    placeholderData: keepPreviousData,
  });
  const [purging, setPurging] = useState<Entry | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const backToOpener = () => requestAnimationFrame(() => opener.current?.focus());
  const toTitle = () => requestAnimationFrame(() => document.getElementById('admin-title')?.focus());
  // Whatever a restore brings back shows up on every screen that lists it.
  const invalidate = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  async function restore(entry: Entry, button: HTMLElement) {
    opener.current = button;
    const done = await run(t('adminTrash.tasks.restore', { title: entry.title }), () =>
      unwrap(api.POST('/api/trash/{guid}/restore', { params: { path: { guid: entry.guid } } })).then(
        () => true,
        (error: unknown) => {
          throw withReason(error);
        },
      ),
    );
    if (done !== undefined) {
      await invalidate();
      toTitle();
    } else backToOpener();
  }

  async function purge(entry: Entry) {
    const done = await run(t('adminTrash.tasks.purge', { title: entry.title }), () =>
      // A 204 has no body: the task's result says it was done.
      unwrap(api.DELETE('/api/trash/{guid}', { params: { path: { guid: entry.guid } } })).then(() => true),
    );
    setPurging(null);
    if (done !== undefined) {
      await invalidate();
      toTitle();
    } else backToOpener();
  }

  return (
    <AdminPage title={t('adminTrash.title')} description={t('adminTrash.description')}>
      <DataTable
        caption={t('adminTrash.caption')}
        table={table}
        query={query}
        rowKey={(row) => row.guid}
        searchLabel={t('buttons.search')}
        empty={<Text>{t('adminTrash.empty')}</Text>}
        columns={[
          {
            key: 'title',
            header: t('adminTrash.columns.title'),
            sortKey: 'title',
            isRowHeader: true,
            render: (row) => row.title,
          },
          {
            key: 'kind',
            header: t('adminTrash.columns.kind'),
            sortKey: 'kind',
            render: (row) => t(`adminTrash.kinds.${row.kind}`),
          },
          {
            key: 'deletedBy',
            header: t('adminTrash.columns.deletedBy'),
            visibleFrom: 'sm',
            render: (row) => row.deletedBy?.name ?? t('adminTrash.system'),
          },
          {
            key: 'deletedAt',
            header: t('adminTrash.columns.deletedAt'),
            sortKey: 'deletedAt',
            render: (row) => (
              <time dateTime={row.deletedAt}>{formatMoment(row.deletedAt, i18n.language)}</time>
            ),
          },
          {
            key: 'purgeAt',
            header: t('adminTrash.columns.purgeAt'),
            visibleFrom: 'md',
            render: (row) => (
              <time dateTime={row.purgeAt}>{formatMoment(row.purgeAt, i18n.language, { time: false })}</time>
            ),
          },
          {
            key: 'actions',
            header: t('adminTrash.columns.actions'),
            render: (row) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={(event) => restore(row, event.currentTarget)}
                >
                  {t('adminTrash.restore')}
                  <span className="visually-hidden"> {row.title}</span>
                </Button>
                <RowActionButton
                  label={t('adminTrash.purge')}
                  rowName={row.title}
                  opener={opener}
                  onOpen={() => setPurging(row)}
                />
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={purging !== null}
        onClose={() => {
          setPurging(null);
          backToOpener();
        }}
        title={t('adminTrash.purgeTitle')}
      >
        {purging ? (
          <Stack gap="md">
            <Text>{t('adminTrash.purgeText', { title: purging.title })}</Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                data-autofocus
                onClick={() => {
                  setPurging(null);
                  backToOpener();
                }}
              >
                {t('buttons.cancel')}
              </Button>
              <Button color="red.8" onClick={() => purge(purging)}>
                {t('adminTrash.purgeConfirm')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </AdminPage>
  );
}
