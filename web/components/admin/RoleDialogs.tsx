import { Alert, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { isChanged, useCloseGuard } from '../close-guard';
import { GrowingTextarea } from '../GrowingTextarea';
import {
  type AdminRoleRow,
  adminQueries,
  displayName,
  errorDetail,
  focusHeadingAfterDialog,
} from './queries';
import '../../i18n/admin';

/** A write to roles changes the roles table, the pickers and the users' role columns. */
function useRefreshRoles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'roles'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    ]);
}

/** Create a role, or rename and describe one. */
export function RoleDialog({
  opened,
  role,
  onClose,
}: {
  opened: boolean;
  role: AdminRoleRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const refresh = useRefreshRoles();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setName(role?.name ?? '');
    setDescription(role?.description ?? '');
    setError(null);
  }, [opened, role]);
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const { close, closeOnEscape, question } = useCloseGuard(
    opened && isChanged([name, description], [role?.name ?? '', role?.description ?? '']),
    onClose,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    const body = { name: name.trim(), description: description.trim() };
    const saved = await run(t('adminPeople.roles.saveTask', { name: body.name }), async () => {
      const result = role
        ? await unwrap(api.PUT('/api/roles/{guid}', { params: { path: { guid: role.guid } }, body }))
        : await unwrap(api.POST('/api/roles', { body }));
      await refresh();
      return result;
    });
    if (saved) onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={closeOnEscape}
      title={t(role ? 'adminPeople.roles.editTitle' : 'adminPeople.roles.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            data-autofocus
            required
            label={t('adminPeople.roles.name')}
            value={name}
            maxLength={100}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <GrowingTextarea
            label={t('adminPeople.roles.descriptionLabel')}
            value={description}
            maxLength={500}
            minRows={2}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit">{t(role ? 'buttons.update' : 'buttons.create')}</Button>
          </Group>
        </Stack>
      </form>
      {question}
    </Modal>
  );
}

/** Delete a role; while it is in use the admin picks a role that takes over its members and pages. */
export function RoleDeleteDialog({ role, onClose }: { role: AdminRoleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useTask();
  const refresh = useRefreshRoles();
  const roles = useQuery({ ...adminQueries.roles, enabled: role !== null });
  const [reassignTo, setReassignTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A new role to delete starts with nothing chosen.
  useEffect(() => {
    if (role) {
      setReassignTo(null);
      setProblem(null);
    }
  }, [role]);
  const inUse = role ? role.memberCount > 0 || role.editPages.length > 0 || role.viewPageCount > 0 : false;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!role) return;
    if (inUse && !reassignTo) {
      setProblem(t('adminPeople.roles.reassignRequired'));
      return;
    }
    let refused: string | undefined;
    const done = await run(t('adminPeople.roles.deleteTask', { name: role.name }), async () => {
      try {
        await unwrap(
          api.DELETE('/api/roles/{guid}', {
            params: { path: { guid: role.guid }, query: reassignTo ? { reassignTo } : {} },
          }),
        );
      } catch (error) {
        refused = errorDetail(error);
        throw error;
      }
      await refresh();
      return true;
    });
    if (done) {
      onClose();
      // The row (and its delete button, the dialog's opener) is gone: the heading takes the focus.
      focusHeadingAfterDialog();
    } else if (refused) setProblem(refused);
  }

  return (
    <Modal
      opened={role !== null}
      onClose={onClose}
      title={t('adminPeople.roles.deleteTitle', { name: role?.name ?? '' })}
    >
      {role ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {inUse ? (
              <>
                <Alert color="orange">
                  {t('adminPeople.roles.inUse', {
                    members: role.memberCount,
                    pages: Math.max(role.editPages.length, role.viewPageCount),
                  })}
                </Alert>
                <Select
                  data-autofocus
                  // Focused as the dialog opens: its list opens on a click or a key, so it never
                  // covers the dialog's buttons unasked (with many roles it reached them).
                  openOnFocus={false}
                  required
                  label={t('adminPeople.roles.reassign')}
                  data={(roles.data ?? [])
                    .filter((other) => other.guid !== role.guid)
                    .map((other) => ({ value: other.guid, label: other.name }))}
                  value={reassignTo}
                  onChange={setReassignTo}
                  error={problem}
                  searchable
                />
              </>
            ) : (
              <>
                <Text size="sm">{t('adminPeople.roles.deleteText')}</Text>
                {problem ? <Alert color="red">{problem}</Alert> : null}
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} data-autofocus={inUse ? undefined : true}>
                {t('buttons.cancel')}
              </Button>
              <Button type="submit" color="red">
                {t('buttons.delete')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

/** The members of a role: add someone found by name or e-mail, remove one. */
export function RoleMembersDialog({ role, onClose }: { role: AdminRoleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useTask();
  const refresh = useRefreshRoles();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const guid = role?.guid ?? '';
  const memberQuery = {
    page: 1,
    pageSize: 'all' as const,
    sortBy: 'name' as const,
    sortDirection: 'asc' as const,
  };
  const members = useQuery({ ...adminQueries.roleMembers(guid, memberQuery), enabled: role !== null });
  const found = useQuery({
    ...adminQueries.users({
      page: 1,
      pageSize: 10,
      sortBy: 'name',
      sortDirection: 'asc',
      ...(search ? { search } : {}),
    }),
    enabled: role !== null,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (role) {
      setSearch('');
      setPicked(null);
    }
  }, [role]);
  if (!role) return <Modal opened={false} onClose={onClose} title="" />;
  const memberIds = new Set((members.data?.items ?? []).map((user) => user.guid));
  const options = (found.data?.items ?? [])
    .filter((user) => !memberIds.has(user.guid))
    .map((user) => ({ value: user.guid, label: `${displayName(user)} (${user.email})` }));

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!picked || !role) return;
    const userGuid = picked;
    const done = await run(t('adminPeople.roles.addTask', { name: role.name }), async () => {
      await unwrap(
        api.POST('/api/roles/{guid}/members/{userGuid}', { params: { path: { guid: role.guid, userGuid } } }),
      );
      await refresh();
      return true;
    });
    if (done) {
      setPicked(null);
      setSearch('');
      // Ready for the next one.
      picker.current?.focus();
    }
  }
  async function remove(userGuid: string) {
    if (!role) return;
    await run(t('adminPeople.roles.removeTask', { name: role.name }), async () => {
      await unwrap(
        api.DELETE('/api/roles/{guid}/members/{userGuid}', {
          params: { path: { guid: role.guid, userGuid } },
        }),
      );
      await refresh();
    });
  }

  const list = members.data?.items ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('adminPeople.roles.membersTitle', { name: role.name })}
      size="lg"
    >
      <Stack gap="md">
        <form onSubmit={add}>
          <Group align="flex-end" gap="sm">
            <Select
              data-autofocus
              ref={picker}
              label={t('adminPeople.roles.pickUser')}
              placeholder={t('adminPeople.roles.pickUserPlaceholder')}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              data={options}
              value={picked}
              onChange={setPicked}
              nothingFoundMessage={t('table.noRecords')}
              w={{ base: '100%', sm: 360 }}
            />
            <Button type="submit" disabled={!picked}>
              {t('adminPeople.roles.addMember')}
            </Button>
          </Group>
        </form>
        {members.isPending ? (
          <Text c="dimmed">{t('table.loading')}</Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('adminPeople.roles.noMembers')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <caption className="visually-hidden">
                {t('adminPeople.roles.membersCaption', { name: role.name })}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('adminPeople.users.name')}</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    {t('adminPeople.users.email')}
                  </Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t('buttons.delete')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((user) => (
                  <Table.Tr key={user.guid}>
                    <Table.Td>{displayName(user)}</Table.Td>
                    <Table.Td visibleFrom="sm">{user.email}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={t('adminPeople.roles.removeMember', {
                          user: displayName(user),
                          role: role.name,
                        })}
                        onClick={() => void remove(user.guid)}
                      >
                        {t('buttons.delete')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
