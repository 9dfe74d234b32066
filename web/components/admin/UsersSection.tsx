import { Badge, Button, Group, MultiSelect, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTask } from '../../account/tasks';
import { useViewer } from '../../account/viewer';
import { ApiError, api, unwrap } from '../../api/client';
import { type AdminRole, type AdminUser, adminQueries, useAccessGuard } from './queries';
import { TableStatus } from './TableStatus';

type UserUpdate = Partial<Pick<AdminUser, 'isActive' | 'isAdmin' | 'isContentManager' | 'roleIds'>>;

const COLUMNS = 6;

/** Accounts with their flags and custom roles (SPEC "admin/users"). */
export function UsersSection() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const users = useQuery({ ...adminQueries.users(search), placeholderData: keepPreviousData });
  const roles = useQuery(adminQueries.roles);
  useAccessGuard(users.error ?? roles.error);

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(draft.trim());
  }

  const list = users.data ?? [];
  return (
    <section aria-labelledby="admin-users">
      <Title order={2} size="h3" id="admin-users" mb="sm">
        {t('admin.users.title')}
      </Title>
      <form onSubmit={submitSearch}>
        <Group align="flex-end" gap="sm" mb="md">
          <TextInput
            label={t('admin.users.searchLabel')}
            placeholder={t('admin.users.searchPlaceholder')}
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            w={320}
          />
          <Button type="submit" variant="light">
            {t('buttons.search')}
          </Button>
        </Group>
      </form>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover aria-busy={users.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.name')}</Table.Th>
              <Table.Th>{t('admin.users.email')}</Table.Th>
              <Table.Th>{t('admin.users.roles')}</Table.Th>
              <Table.Th>{t('admin.users.active')}</Table.Th>
              <Table.Th>{t('admin.users.isAdmin')}</Table.Th>
              <Table.Th>{t('admin.users.isContentManager')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableStatus query={users} isEmpty={list.length === 0} columns={COLUMNS} />
            {list.map((user) => (
              <UserRow key={user.guid} user={user} roles={roles.data ?? []} search={search} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

function fullName(user: AdminUser): string {
  return [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

function UserRow({ user, roles, search }: { user: AdminUser; roles: AdminRole[]; search: string }) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const [roleIds, setRoleIds] = useState<string[]>(user.roleIds);
  const [saving, setSaving] = useState(false);
  const isSelf = viewer?.guid === user.guid;
  const name = fullName(user);
  const label = t('admin.users.save', { email: user.email });

  async function save(update: UserUpdate) {
    setSaving(true);
    const saved = await run(label, async () => {
      try {
        const result = await unwrap(
          api.PUT('/api/users/{guid}', { params: { path: { guid: user.guid } }, body: update }),
        );
        // Inside the task, so a retry from the failure notice refreshes the table too.
        void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
        return result;
      } catch (error) {
        // The API answers 409 with a general "conflict" text; say why when it is about oneself.
        if (isSelf && error instanceof ApiError && error.status === 409) {
          throw new ApiError(
            409,
            error.code,
            `${error.message} ${t('admin.users.selfConflict')}`,
            error.body,
          );
        }
        throw error;
      }
    });
    setSaving(false);
    if (!saved) return;
    queryClient.setQueryData<AdminUser[]>(adminQueries.users(search).queryKey, (old) =>
      old?.map((row) => (row.guid === saved.guid ? saved : row)),
    );
    setRoleIds(saved.roleIds);
  }

  const flag = (key: 'isActive' | 'isAdmin' | 'isContentManager', text: string) => (
    <Switch
      checked={user[key]}
      disabled={saving}
      aria-label={`${text}: ${name || user.email}`}
      onChange={(event) => void save({ [key]: event.currentTarget.checked })}
    />
  );

  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{name || '—'}</Text>
          {isSelf ? (
            <Badge size="xs" variant="outline">
              {t('admin.users.you')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.email}</Text>
      </Table.Td>
      <Table.Td>
        {user.isDeveloper ? (
          <Badge size="xs" variant="light" mb={6}>
            {t('admin.users.isDeveloper')}
          </Badge>
        ) : null}
        {roles.length > 0 ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <MultiSelect
              aria-label={`${t('admin.users.roles')}: ${name || user.email}`}
              placeholder={roleIds.length === 0 ? t('admin.users.rolesPlaceholder') : undefined}
              data={roles.map((role) => ({ value: role.guid, label: role.name }))}
              value={roleIds}
              onChange={setRoleIds}
              size="xs"
              w={220}
              clearable
              disabled={saving}
            />
            <Button
              size="xs"
              variant="light"
              disabled={saving || sameSet(roleIds, user.roleIds)}
              onClick={() => void save({ roleIds })}
            >
              {t('buttons.update')}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('admin.users.noRoles')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{flag('isActive', t('admin.users.active'))}</Table.Td>
      <Table.Td>{flag('isAdmin', t('admin.users.isAdmin'))}</Table.Td>
      <Table.Td>{flag('isContentManager', t('admin.users.isContentManager'))}</Table.Td>
    </Table.Tr>
  );
}
