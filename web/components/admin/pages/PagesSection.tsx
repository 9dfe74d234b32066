import { Anchor, Badge, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoment } from '../../../../common/dates';
import { useTask } from '../../../account/tasks';
import { api, unwrap } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { DataTable } from '../DataTable';
import { useAccessGuard } from '../queries';
import { useTableState } from '../table-state';
import { DeletePageDialog } from './DeletePageDialog';
import { PageFormDialog } from './PageFormDialog';
import { type AdminPageRow, pageQueries, titleIn } from './queries';
import '../../../i18n/admin';

/** The admin table of all pages with create, settings, duplicate, publish and delete. */
export function PagesSection() {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const table = useTableState({
    sortKeys: ['title', 'path', 'isPublished', 'layout', 'updatedAt'] as const,
    defaultSort: 'title',
  });
  const query = useQuery({ ...pageQueries.list(table.query), placeholderData: keepPreviousData });
  useAccessGuard(query.error);
  const [form, setForm] = useState<{ guid: string | null; path: string | null } | null>(null);
  const [deleting, setDeleting] = useState<{ guid: string; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The dashboard's "Nieuwe pagina" (issue 26) arrives with `?new=page`: the new-page dialog opens
  // (after hydration) and the parameter goes, so a reload or going back does not open it again.
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('new') !== 'page') return;
    setForm({ guid: null, path: null });
    const rest = new URLSearchParams(params);
    rest.delete('new');
    setParams(rest, { replace: true, preventScrollReset: true });
  }, [params, setParams]);

  const title = (row: AdminPageRow) => titleIn(row.title, i18n.language);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pageQueries.all });
  /** After an action, the focus goes to the named row's first cell, else back to the opener. */
  const focusRow = (guid: string | null) =>
    window.setTimeout(() => {
      const target =
        (guid && document.querySelector<HTMLElement>(`[data-page-row="${guid}"]`)) ||
        opener.current ||
        newButton.current;
      target?.focus();
    }, 150);

  async function duplicate(row: AdminPageRow) {
    const copy = await run(t('adminPages.tasks.duplicate', { title: title(row) }), async () => {
      const result = await unwrap(
        api.POST('/api/pages/{id}/duplicate', { params: { path: { id: row.guid } } }),
      );
      await refresh();
      return result;
    });
    if (copy) focusRow(copy.guid);
  }

  async function setPublished(row: AdminPageRow, isPublished: boolean) {
    await run(
      t(isPublished ? 'adminPages.tasks.publish' : 'adminPages.tasks.unpublish', { title: title(row) }),
      async () => {
        await unwrap(
          api.PUT('/api/pages/{id}', { params: { path: { id: row.guid } }, body: { isPublished } }),
        );
        await refresh();
      },
    );
    focusRow(row.guid);
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    const target = deleting;
    const done = await run(t('adminPages.tasks.delete', { title: target.title }), async () => {
      await unwrap(api.DELETE('/api/pages/{id}', { params: { path: { id: target.guid } } }));
      await refresh();
      return true;
    });
    setBusy(false);
    if (done) {
      setDeleting(null);
      window.setTimeout(() => newButton.current?.focus(), 150);
    }
  }

  const rights = (row: AdminPageRow) => {
    const edit =
      row.editPermission === 'admins' || row.editRoles.length === 0
        ? t('adminPages.adminsOnly')
        : row.editRoles.map((role) => role.name ?? t('adminPages.unknownRole')).join(', ');
    const view = row.roleIds.length
      ? t('adminPages.membersOnly', {
          roles: row.roleIds.map((role) => role.name ?? t('adminPages.unknownRole')).join(', '),
        })
      : null;
    return (
      <>
        <Text size="sm">{edit}</Text>
        {view ? (
          <Text size="xs" c="dimmed">
            {view}
          </Text>
        ) : null}
      </>
    );
  };

  const actionsFor = (row: AdminPageRow) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          onClick={(event) => {
            opener.current = event.currentTarget;
          }}
        >
          {t('adminPages.columns.actions')}
          <span className="visually-hidden"> {title(row)}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('adminPages.actions.menu', { title: title(row) })}>
        {/* Every page opens in edit mode (issue 26): at its path, or by its guid when no menu serves it. */}
        <Menu.Item
          component="a"
          href={row.path !== null ? `${row.path === '/' ? '' : row.path}/edit` : `/edit?page=${row.guid}`}
        >
          {t('adminPages.actions.edit')}
        </Menu.Item>
        <Menu.Item onClick={() => setForm({ guid: row.guid, path: row.path })}>
          {t('adminPages.actions.settings')}
        </Menu.Item>
        <Menu.Item onClick={() => void duplicate(row)}>{t('adminPages.actions.duplicate')}</Menu.Item>
        <Menu.Item onClick={() => void setPublished(row, !row.isPublished)}>
          {t(row.isPublished ? 'adminPages.actions.unpublish' : 'adminPages.actions.publish')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.8" onClick={() => setDeleting({ guid: row.guid, title: title(row) })}>
          {t('adminPages.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const newPage = (
    <Button
      ref={newButton}
      onClick={(event) => {
        opener.current = event.currentTarget;
        setForm({ guid: null, path: null });
      }}
    >
      {t('adminPages.newPage')}
    </Button>
  );

  return (
    <>
      <DataTable
        caption={t('adminPages.caption')}
        searchLabel={t('adminPages.searchLabel')}
        table={table}
        query={query}
        rowKey={(row) => row.guid}
        toolbar={newPage}
        empty={
          <Group gap="sm">
            <Text size="sm">{t('adminPages.empty')}</Text>
            <Button variant="light" onClick={() => setForm({ guid: null, path: null })}>
              {t('adminPages.newPage')}
            </Button>
          </Group>
        }
        columns={[
          {
            key: 'title',
            header: t('adminPages.columns.title'),
            sortKey: 'title',
            isRowHeader: true,
            render: (row) => (
              <UnstyledButton
                data-page-row={row.guid}
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setForm({ guid: row.guid, path: row.path });
                }}
              >
                <Text size="sm" fw={500} td="underline">
                  {title(row)}
                </Text>
              </UnstyledButton>
            ),
          },
          {
            key: 'path',
            header: t('adminPages.columns.path'),
            sortKey: 'path',
            visibleFrom: 'sm',
            render: (row) =>
              row.path !== null ? (
                <Anchor href={row.path} size="sm">
                  {row.path}
                </Anchor>
              ) : row.legalPage ? (
                // A legal page has a route of its own, in no menu (issue 26): shown as what it is.
                <Group gap={6} wrap="wrap">
                  <Badge variant="light" color="gray">
                    {t('adminPages.legalText')}
                  </Badge>
                  <Anchor href={row.legalPage.path} size="sm">
                    {row.legalPage.path}
                  </Anchor>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('adminPages.notInMenu')}
                </Text>
              ),
          },
          {
            key: 'isPublished',
            header: t('adminPages.columns.published'),
            sortKey: 'isPublished',
            render: (row) => (
              <Badge variant="light" color={row.isPublished ? 'green' : 'gray'}>
                {row.isPublished ? t('adminPages.yes') : t('adminPages.no')}
              </Badge>
            ),
          },
          {
            key: 'layout',
            header: t('adminPages.columns.layout'),
            sortKey: 'layout',
            visibleFrom: 'md',
            render: (row) => <Text size="sm">{row.layout}</Text>,
          },
          {
            key: 'updatedAt',
            header: t('adminPages.columns.updated'),
            sortKey: 'updatedAt',
            visibleFrom: 'md',
            render: (row) => (
              <>
                <Text size="sm">{formatMoment(row.updatedAt, i18n.language)}</Text>
                {row.updatedBy ? (
                  <Text size="xs" c="dimmed">
                    {t('adminPages.byWhom', {
                      name: row.updatedBy.isRemoved
                        ? t('adminPages.removedUser')
                        : (row.updatedBy.name ?? t('adminPages.removedUser')),
                    })}
                  </Text>
                ) : null}
              </>
            ),
          },
          { key: 'rights', header: t('adminPages.columns.editRights'), visibleFrom: 'md', render: rights },
          { key: 'actions', header: t('adminPages.columns.actions'), render: actionsFor },
        ]}
      />
      <PageFormDialog
        guid={form?.guid ?? null}
        path={form?.path ?? null}
        opened={form !== null}
        onClose={() => {
          setForm(null);
          focusRow(null);
        }}
        onSaved={(guid) => {
          setForm(null);
          focusRow(guid);
        }}
      />
      <DeletePageDialog
        page={deleting}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
