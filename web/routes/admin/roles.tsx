import { Button, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountMeta } from '../../account/meta';
import { AdminPage } from '../../components/admin/AdminPage';
import { type Column, DataTable } from '../../components/admin/DataTable';
import { type AdminRoleRow, adminQueries, useAccessGuard } from '../../components/admin/queries';
import { RoleDeleteDialog, RoleDialog, RoleMembersDialog } from '../../components/admin/RoleDialogs';
import { useTableState } from '../../components/admin/table-state';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/roles';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminPeople.roles.title');
}

const SORT_KEYS = ['name', 'members'] as const;
type SortKey = (typeof SORT_KEYS)[number];
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; role: AdminRoleRow }
  | { kind: 'delete'; role: AdminRoleRow }
  | { kind: 'members'; role: AdminRoleRow }
  | null;

/** SPEC route "admin/roles": roles with their members and the pages they may edit. */
export default function AdminRolesPage() {
  const { t } = useTranslation();
  const table = useTableState<SortKey>({ sortKeys: SORT_KEYS, defaultSort: 'name' });
  const roles = useQuery({ ...adminQueries.rolesTable(table.query), placeholderData: keepPreviousData });
  useAccessGuard(roles.error);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const columns: Column<AdminRoleRow, SortKey>[] = [
    {
      key: 'name',
      header: t('adminPeople.roles.name'),
      sortKey: 'name',
      isRowHeader: true,
      render: (role) => (
        <div>
          <Text size="sm" fw={600}>
            {role.name}
          </Text>
          {role.description ? (
            <Text size="xs" c="dimmed">
              {role.description}
            </Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'members',
      header: t('adminPeople.roles.members'),
      sortKey: 'members',
      render: (role) => (
        <Button
          size="xs"
          variant="subtle"
          aria-label={`${t('adminPeople.roles.membersLabel', { name: role.name })}: ${role.memberCount}`}
          onClick={() => setDialog({ kind: 'members', role })}
        >
          {role.memberCount}
        </Button>
      ),
    },
    {
      key: 'pages',
      header: t('adminPeople.roles.pages'),
      visibleFrom: 'sm',
      render: (role) => (
        <Text size="sm">
          {role.editPages.length > 0
            ? role.editPages.map((page) => page.title).join(', ')
            : t('adminPeople.roles.noPages')}
        </Text>
      ),
    },
    {
      key: 'viewPages',
      header: t('adminPeople.roles.viewPages'),
      visibleFrom: 'md',
      render: (role) => <Text size="sm">{role.viewPageCount}</Text>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('adminPeople.roles.edit')}</span>,
      render: (role) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            aria-label={t('adminPeople.roles.editLabel', { name: role.name })}
            onClick={() => setDialog({ kind: 'edit', role })}
          >
            {t('adminPeople.roles.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={t('adminPeople.roles.deleteLabel', { name: role.name })}
            onClick={() => setDialog({ kind: 'delete', role })}
          >
            {t('buttons.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('adminPeople.roles.title')}
      description={t('adminPeople.roles.description')}
      actions={<Button onClick={() => setDialog({ kind: 'create' })}>{t('adminPeople.roles.create')}</Button>}
    >
      <DataTable
        caption={t('adminPeople.roles.caption')}
        columns={columns}
        rowKey={(role) => role.guid}
        query={roles}
        table={table}
        searchLabel={t('adminPeople.roles.search')}
        empty={t('adminPeople.roles.empty')}
      />
      <RoleDialog
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        role={dialog?.kind === 'edit' ? dialog.role : null}
        onClose={close}
      />
      <RoleDeleteDialog role={dialog?.kind === 'delete' ? dialog.role : null} onClose={close} />
      <RoleMembersDialog role={dialog?.kind === 'members' ? dialog.role : null} onClose={close} />
    </AdminPage>
  );
}
