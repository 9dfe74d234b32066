import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '../../account/format';
import { useViewer } from '../../account/viewer';
import { useTranslation } from '../../i18n';
import { type Column, DataTable } from './DataTable';
import { type AdminUserRow, adminQueries, displayName, useAccessGuard } from './queries';
import { useTableState } from './table-state';
import '../../i18n/admin';

const SORT_KEYS = ['name', 'email', 'createdAt', 'lastSignIn'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** Accounts, server-paged (SPEC "admin/users"); each row opens the user's own page. */
export function UsersSection() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const table = useTableState<SortKey>({ sortKeys: SORT_KEYS, defaultSort: 'name' });
  const users = useQuery({ ...adminQueries.users(table.query), placeholderData: keepPreviousData });
  useAccessGuard(users.error);

  const columns: Column<AdminUserRow, SortKey>[] = [
    {
      key: 'name',
      header: t('adminPeople.users.name'),
      sortKey: 'name',
      isRowHeader: true,
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/admin/users/${user.guid}/profile`} size="sm">
            {displayName(user)}
          </Anchor>
          {viewer?.guid === user.guid ? (
            <Badge size="xs" variant="outline">
              {t('admin.users.you')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'email',
      header: t('adminPeople.users.email'),
      sortKey: 'email',
      visibleFrom: 'sm',
      render: (user) => <Text size="sm">{user.email}</Text>,
    },
    {
      key: 'type',
      header: t('adminPeople.users.type'),
      render: (user) => <Text size="sm">{t(`adminPeople.accountTypes.${user.accountType}`)}</Text>,
    },
    {
      key: 'status',
      header: t('adminPeople.users.status'),
      visibleFrom: 'sm',
      render: (user) => (
        <Group gap={4}>
          <Badge size="sm" variant="light" color={user.isActive ? 'green' : 'gray'}>
            {t(user.isActive ? 'adminPeople.users.active' : 'adminPeople.users.inactive')}
          </Badge>
          {user.isEmailVerified ? null : (
            <Badge size="sm" variant="outline" color="orange">
              {t('adminPeople.users.unverified')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'createdAt',
      header: t('adminPeople.users.createdAt'),
      sortKey: 'createdAt',
      visibleFrom: 'md',
      render: (user) => <Text size="sm">{formatDateTime(user.createdAt, i18n.language)}</Text>,
    },
    {
      key: 'lastSignIn',
      header: t('adminPeople.users.lastSignIn'),
      sortKey: 'lastSignIn',
      visibleFrom: 'md',
      render: (user) => (
        <Text size="sm">
          {user.lastSignInAt
            ? formatDateTime(user.lastSignInAt, i18n.language)
            : t('adminPeople.users.never')}
        </Text>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-users">
      <Title order={2} size="h3" id="admin-users" mb="sm">
        {t('admin.users.title')}
      </Title>
      <DataTable
        caption={t('adminPeople.users.caption')}
        columns={columns}
        rowKey={(user) => user.guid}
        query={users}
        table={table}
        searchLabel={t('adminPeople.users.search')}
        empty={t('adminPeople.users.empty')}
      />
    </section>
  );
}
