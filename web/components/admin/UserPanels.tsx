import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../account/format';
import { accountQueries, type PropertyDefinitionView } from '../../account/queries';
import { useTask } from '../../account/tasks';
import { useViewer } from '../../account/viewer';
import { ApiError, api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { PropertyField } from '../account/PropertyField';
import { ActivitySentence } from '../activity/ActivitySentence';
import { type Column, DataTable } from './DataTable';
import { type AdminUser, adminQueries, displayName } from './queries';
import { useTableState } from './table-state';
import '../../i18n/admin';

/** The account categories of SPEC 2, as the admin sees someone's account. */
export const USER_CATEGORIES = ['profile', 'preferences', 'activity', 'privacy', 'security'] as const;
export type AdminUserCategory = (typeof USER_CATEGORIES)[number];

type Flag = 'isActive' | 'isAdmin' | 'isContentManager' | 'isDeveloper' | 'isMett';

function useUser(guid: string) {
  return useQuery(adminQueries.user(guid));
}

/** Saves a change to the account and refreshes every admin view of users. */
function useUserUpdate(user: AdminUser | undefined) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return async (
    label: string,
    body: Partial<Record<Flag, boolean>> & {
      roleIds?: string[];
      properties?: { key: string; value: string }[];
    },
    /** Told the per-field problems of a 400, before the failure notice shows. */
    onInvalid?: (error: { details: { path: string; message: string }[] }) => void,
  ) => {
    if (!user) return undefined;
    return run(label, async () => {
      try {
        const saved = await unwrap(
          api.PUT('/api/users/{guid}', { params: { path: { guid: user.guid } }, body }),
        );
        queryClient.setQueryData(adminQueries.user(user.guid).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'roles'] });
        return saved;
      } catch (error) {
        if (onInvalid && error instanceof ApiError && error.status === 400) {
          const details = (error.body as { error?: { details?: { path: string; message: string }[] } })?.error
            ?.details;
          onInvalid({ details: details ?? [] });
        }
        if (viewer?.guid === user.guid && error instanceof ApiError && error.status === 409) {
          throw new ApiError(
            409,
            error.code,
            `${error.message} ${t('adminPeople.user.flags.selfConflict')}`,
            error.body,
          );
        }
        throw error;
      }
    });
  };
}

/** Profile: details, rights (flags), roles and the profile properties. */
export function UserProfilePanel({ guid }: { guid: string }) {
  const { t, i18n } = useTranslation();
  const user = useUser(guid).data;
  if (!user) return <Text c="dimmed">{t('table.loading')}</Text>;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('adminPeople.user.details.title')}
          </Title>
          <dl className="admin-details">
            <Text component="dt" fw={600} size="sm">
              {t('adminPeople.user.details.email')}
            </Text>
            <Text component="dd" size="sm" mb="xs">
              {user.email}{' '}
              <Badge size="xs" variant="light" color={user.isEmailVerified ? 'green' : 'orange'}>
                {t(
                  user.isEmailVerified
                    ? 'adminPeople.user.details.verified'
                    : 'adminPeople.user.details.notVerified',
                )}
              </Badge>
            </Text>
            <Text component="dt" fw={600} size="sm">
              {t('adminPeople.user.details.locale')}
            </Text>
            <Text component="dd" size="sm" mb="xs">
              {user.locale === 'en' ? 'English' : 'Nederlands'}
            </Text>
            <Text component="dt" fw={600} size="sm">
              {t('adminPeople.user.details.termsAccepted')}
            </Text>
            <Text component="dd" size="sm">
              {user.termsOfUseVersionAccepted ?? t('adminPeople.user.details.none')}
            </Text>
          </dl>
          <Text size="xs" c="dimmed" mt="xs" lang={i18n.language}>
            {user.roles.join(', ')}
          </Text>
        </Card>
        <FlagsCard user={user} />
      </SimpleGrid>
      <RolesCard user={user} />
      <UserPropertiesPanel guid={guid} category="profile" />
    </Stack>
  );
}

function FlagsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  // Only a platform operator grants or removes the operator flag (SPEC 6).
  const own = useQuery(accountQueries.profile);
  const save = useUserUpdate(user);
  const [busy, setBusy] = useState(false);
  const name = displayName(user);
  const flags: Flag[] = ['isActive', 'isAdmin', 'isContentManager', 'isDeveloper'];
  if (own.data?.isMett) flags.push('isMett');
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('adminPeople.user.flags.title')}
      </Title>
      <Stack gap="sm">
        {flags.map((flag) => (
          <Switch
            key={flag}
            label={t(`adminPeople.user.flags.${flag}`)}
            checked={user[flag]}
            disabled={busy}
            onChange={async (event) => {
              const checked = event.currentTarget.checked;
              setBusy(true);
              await save(t('adminPeople.user.flags.task', { name }), { [flag]: checked });
              setBusy(false);
            }}
          />
        ))}
      </Stack>
    </Card>
  );
}

function RolesCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const roles = useQuery(adminQueries.roles);
  const save = useUserUpdate(user);
  const [roleIds, setRoleIds] = useState<string[]>(user.roleIds);
  const [busy, setBusy] = useState(false);
  const changed = roleIds.length !== user.roleIds.length || roleIds.some((id) => !user.roleIds.includes(id));
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const saved = await save(t('adminPeople.user.roles.task', { name: displayName(user) }), { roleIds });
    if (saved) setRoleIds(saved.roleIds);
    setBusy(false);
  }
  return (
    <Card withBorder component="section" aria-labelledby="admin-user-roles">
      <Title order={2} size="h4" mb="sm" id="admin-user-roles">
        {t('adminPeople.user.roles.title')}
      </Title>
      {roles.data && roles.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('adminPeople.user.roles.none')}
        </Text>
      ) : (
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <MultiSelect
              label={t('adminPeople.user.roles.label')}
              data={(roles.data ?? []).map((role) => ({ value: role.guid, label: role.name }))}
              value={roleIds}
              onChange={setRoleIds}
              searchable
              clearable
              disabled={busy}
              w={{ base: '100%', sm: 360 }}
            />
            <Button type="submit" disabled={busy || !changed}>
              {t('adminPeople.user.roles.save')}
            </Button>
          </Group>
        </form>
      )}
    </Card>
  );
}

/** A property the admin edits here: not read-only, not a photo (only its owner uploads one). */
const isEditable = (definition: PropertyDefinitionView) =>
  definition.inputType !== 'readonly' && definition.inputType !== 'image';

const propertyFieldId = (key: string) => `admin-user-property-${key}`;

/**
 * The user's properties in a category, edited with the fields of their own account page and the
 * same server rules (PUT /api/users/{guid} with `properties`). Only changed values are sent.
 */
export function UserPropertiesPanel({
  guid,
  category,
}: {
  guid: string;
  category: 'profile' | 'preferences' | 'privacy';
}) {
  const { t } = useTranslation();
  const user = useUser(guid).data;
  const definitions = useQuery(accountQueries.properties);
  if (!user || !definitions.data) return <Text c="dimmed">{t('table.loading')}</Text>;
  const shown = definitions.data.filter((definition) =>
    category === 'preferences'
      ? definition.section === 'preferences'
      : definition.category === category && definition.section !== 'preferences',
  );
  return <UserPropertiesForm key={user.guid} user={user} category={category} definitions={shown} />;
}

function UserPropertiesForm({
  user,
  category,
  definitions,
}: {
  user: AdminUser;
  category: 'profile' | 'preferences' | 'privacy';
  definitions: PropertyDefinitionView[];
}) {
  const { t } = useTranslation();
  const save = useUserUpdate(user);
  const stored = Object.fromEntries(user.properties.map((property) => [property.key, property.value]));
  const [values, setValues] = useState<Record<string, string>>(stored);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const editable = definitions.filter(isEditable);
  const changed = editable.filter(
    (definition) => (values[definition.key] ?? '') !== (stored[definition.key] ?? ''),
  );
  const titleId = `admin-user-properties-${category}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const properties = changed.map((definition) => ({
      key: definition.key,
      value: values[definition.key] ?? '',
    }));
    setBusy(true);
    setErrors({});
    const found: Record<string, string> = {};
    const saved = await save(
      t('adminPeople.user.properties.task', { name: displayName(user) }),
      { properties },
      (error) => {
        // The server names each wrong value by its place in what was sent.
        for (const detail of error.details) {
          const index = Number(/^properties\/(\d+)\//.exec(detail.path)?.[1] ?? Number.NaN);
          const key = properties[index]?.key;
          if (key) found[key] = detail.message;
        }
      },
    );
    setBusy(false);
    if (saved) {
      setValues(Object.fromEntries(saved.properties.map((property) => [property.key, property.value])));
      return;
    }
    setErrors(found);
    const first = editable.find((definition) => found[definition.key]);
    if (first) requestAnimationFrame(() => document.getElementById(propertyFieldId(first.key))?.focus());
  }

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {t('adminPeople.user.properties.title')}
      </Title>
      {definitions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('adminPeople.user.properties.none')}{' '}
          <Anchor component={Link} to="/admin/users/properties" underline="always">
            {t('adminPeople.user.properties.define')}
          </Anchor>
        </Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {definitions.map((definition) =>
              isEditable(definition) ? (
                <div key={definition.key}>
                  <PropertyField
                    id={propertyFieldId(definition.key)}
                    definition={definition}
                    value={values[definition.key] ?? ''}
                    error={errors[definition.key]}
                    onChange={(value) => setValues((current) => ({ ...current, [definition.key]: value }))}
                  />
                  {definition.isMettOnly ? (
                    <Badge size="xs" variant="outline" mt={4}>
                      {t('adminPeople.user.properties.operatorOnly')}
                    </Badge>
                  ) : null}
                </div>
              ) : (
                <div key={definition.key}>
                  <Text fw={600} size="sm">
                    {definition.label}
                  </Text>
                  <Text size="sm" c={stored[definition.key] ? undefined : 'dimmed'}>
                    {definition.inputType === 'image'
                      ? t(
                          stored[definition.key]
                            ? 'adminPeople.user.properties.photoSet'
                            : 'adminPeople.user.properties.photoNone',
                        )
                      : stored[definition.key] || t('adminPeople.user.properties.notFilled')}
                  </Text>
                </div>
              ),
            )}
            {editable.length > 0 ? (
              <Group justify="flex-end">
                <Button type="submit" loading={busy} disabled={changed.length === 0}>
                  {t('adminPeople.user.properties.save')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </form>
      )}
    </Card>
  );
}

type ActivityRow = Awaited<
  ReturnType<ReturnType<typeof adminQueries.userActivity>['queryFn']>
>['items'][number];

/** The account's audit trail: what they did and what was done to it. */
export function UserActivityPanel({ guid }: { guid: string }) {
  const { t, i18n } = useTranslation();
  const table = useTableState<'at'>({ sortKeys: ['at'], defaultSort: 'at', defaultDirection: 'desc' });
  const query = {
    page: table.state.page,
    pageSize: table.state.pageSize === 'all' ? 100 : table.state.pageSize,
  };
  const activity = useQuery({ ...adminQueries.userActivity(guid, query), placeholderData: keepPreviousData });
  const columns: Column<ActivityRow, 'at'>[] = [
    {
      key: 'at',
      header: t('adminPeople.user.activity.when'),
      render: (row) => formatDateTime(row.at, i18n.language),
    },
    {
      key: 'what',
      header: t('adminPeople.user.activity.what'),
      isRowHeader: true,
      render: (row) => <ActivitySentence parts={row.parts} />,
    },
  ];
  return (
    <DataTable
      caption={t('adminPeople.user.activity.caption')}
      columns={columns}
      rowKey={(row) => row.id}
      query={activity}
      table={table}
      empty={t('adminPeople.user.activity.empty')}
    />
  );
}

/** Privacy: the privacy properties, the data export and erasing the account. */
export function UserPrivacyPanel({ guid }: { guid: string }) {
  const { t } = useTranslation();
  const run = useTask();
  const user = useUser(guid).data;
  async function download() {
    await run(t('adminPeople.user.export.task'), async () => {
      const exported = await unwrap(api.GET('/api/users/{guid}/export', { params: { path: { guid } } }));
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = `gebruiker-${guid}.json`;
      link.click();
      URL.revokeObjectURL(url);
    });
  }
  return (
    <Stack gap="lg">
      <UserPropertiesPanel guid={guid} category="privacy" />
      <Card withBorder component="section" aria-labelledby="admin-user-export">
        <Title order={2} size="h4" mb="xs" id="admin-user-export">
          {t('adminPeople.user.export.title')}
        </Title>
        <Text size="sm" mb="sm">
          {t('adminPeople.user.export.text')}
        </Text>
        <Button variant="light" w="fit-content" onClick={() => void download()}>
          {t('adminPeople.user.export.button')}
        </Button>
      </Card>
      {user ? <EraseCard user={user} /> : null}
    </Stack>
  );
}

function EraseCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const run = useTask();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const word = t('adminPeople.user.erase.word');
  const name = displayName(user);
  const isSelf = viewer?.guid === user.guid;
  async function erase(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim() !== word) return;
    const done = await run(t('adminPeople.user.erase.task', { name }), async () => {
      await unwrap(api.DELETE('/api/users/{guid}', { params: { path: { guid: user.guid } } }));
      return true;
    });
    if (!done) return;
    setOpen(false);
    queryClient.removeQueries({ queryKey: adminQueries.user(user.guid).queryKey });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
    void navigate('/admin/users');
  }
  return (
    <Card withBorder component="section" aria-labelledby="admin-user-erase">
      <Title order={2} size="h4" mb="xs" id="admin-user-erase">
        {t('adminPeople.user.erase.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('adminPeople.user.erase.text')}
      </Text>
      {isSelf ? (
        <Alert color="gray">{t('adminPeople.user.erase.self')}</Alert>
      ) : (
        <Button color="red" w="fit-content" ref={opener} onClick={() => setOpen(true)}>
          {t('adminPeople.user.erase.button')}
        </Button>
      )}
      <Modal
        opened={open}
        onClose={() => {
          setOpen(false);
          setTyped('');
          opener.current?.focus();
        }}
        title={t('adminPeople.user.erase.dialogTitle', { name })}
      >
        <form onSubmit={erase}>
          <Text size="sm" mb="sm">
            {t('adminPeople.user.erase.text')}
          </Text>
          <TextInput
            data-autofocus
            label={t('adminPeople.user.erase.confirmLabel', { word })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={typed.trim() !== word}>
              {t('buttons.delete')}
            </Button>
          </Group>
        </form>
      </Modal>
    </Card>
  );
}

/** Security: e-mail verification and the open sessions. */
export function UserSecurityPanel({ guid }: { guid: string }) {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const user = useUser(guid).data;
  const sessions = useQuery(adminQueries.userSessions(guid));
  const [outcome, setOutcome] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueries.userSessions(guid).queryKey });

  async function resend() {
    const result = await run(t('adminPeople.user.verification.task'), () =>
      unwrap(api.POST('/api/users/{guid}/verification', { params: { path: { guid } } })),
    );
    if (result) setOutcome(result.outcome);
  }
  async function revoke(sessionGuid: string) {
    await run(t('adminPeople.user.sessions.revokeTask'), async () => {
      await unwrap(
        api.DELETE('/api/users/{guid}/sessions/{sessionGuid}', { params: { path: { guid, sessionGuid } } }),
      );
      await refresh();
    });
  }
  async function revokeAll() {
    await run(t('adminPeople.user.sessions.revokeAllTask'), async () => {
      await unwrap(api.DELETE('/api/users/{guid}/sessions', { params: { path: { guid } } }));
      await refresh();
    });
  }
  const list = sessions.data ?? [];
  return (
    <Stack gap="lg">
      <Card withBorder component="section" aria-labelledby="admin-user-verification">
        <Title order={2} size="h4" mb="xs" id="admin-user-verification">
          {t('adminPeople.user.verification.title')}
        </Title>
        <Text size="sm" mb="sm">
          {user?.isEmailVerified
            ? t('adminPeople.user.verification.verified')
            : t('adminPeople.user.verification.notVerified')}
        </Text>
        {user && !user.isEmailVerified ? (
          <Button variant="light" w="fit-content" onClick={() => void resend()}>
            {t('adminPeople.user.verification.send')}
          </Button>
        ) : null}
        <Text size="sm" mt="xs" role="status">
          {outcome ? t(`adminPeople.user.verification.outcomes.${outcome}`) : ''}
        </Text>
      </Card>
      <Card withBorder component="section" aria-labelledby="admin-user-sessions">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="admin-user-sessions">
            {t('adminPeople.user.sessions.title')}
          </Title>
          {list.length > 0 ? (
            <Button variant="light" color="red" onClick={() => void revokeAll()}>
              {t('adminPeople.user.sessions.revokeAll')}
            </Button>
          ) : null}
        </Group>
        {sessions.isPending ? (
          <Text c="dimmed">{t('table.loading')}</Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('adminPeople.user.sessions.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <caption className="visually-hidden">{t('adminPeople.user.sessions.caption')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('adminPeople.user.sessions.device')}</Table.Th>
                  <Table.Th scope="col">{t('adminPeople.user.sessions.ip')}</Table.Th>
                  <Table.Th scope="col">{t('adminPeople.user.sessions.lastUsed')}</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t('adminPeople.user.sessions.revoke')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((session) => (
                  <Table.Tr key={session.guid}>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {session.userAgent || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{session.ip}</Table.Td>
                    <Table.Td>{formatDateTime(session.lastUsedAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={t('adminPeople.user.sessions.revokeLabel', {
                          device: session.userAgent || session.ip,
                        })}
                        onClick={() => void revoke(session.guid)}
                      >
                        {t('adminPeople.user.sessions.revoke')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
