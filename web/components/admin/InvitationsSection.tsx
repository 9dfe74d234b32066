import {
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LOCALES, type Locale } from '../../../common/localized-text';
import { formatDateTime } from '../../account/format';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { type Column, DataTable } from './DataTable';
import { type AdminInvitation, adminQueries, useAccessGuard } from './queries';
import { useLocalTableState } from './table-state-local';
import '../../i18n/admin';

const INVITATION_SORT_KEYS = ['createdAt', 'email', 'expiresAt'] as const;
type InvitationSortKey = (typeof INVITATION_SORT_KEYS)[number];

const DEFAULT_DAYS = 14;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const STATUS_COLOR: Record<AdminInvitation['status'], string> = {
  open: 'blue',
  accepted: 'green',
  revoked: 'gray',
  expired: 'orange',
};

function isLocale(value: string | null): value is Locale {
  return (LOCALES as readonly (string | null)[]).includes(value);
}

/** Invitations by e-mail: a form to send one and the list with their state. */
export function InvitationsSection() {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  // The users table above keeps its state in the URL; this one keeps its own, so they never mix.
  const table = useLocalTableState<InvitationSortKey>({
    sortKeys: INVITATION_SORT_KEYS,
    defaultSort: 'createdAt',
    defaultDirection: 'desc',
    defaultPageSize: 10,
  });
  const invitations = useQuery({
    ...adminQueries.invitations(table.query),
    placeholderData: keepPreviousData,
  });
  const roles = useQuery(adminQueries.roles);
  useAccessGuard(invitations.error);

  const [email, setEmail] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [isContentManager, setIsContentManager] = useState(false);
  const [locale, setLocale] = useState<Locale>(isLocale(i18n.language) ? i18n.language : 'nl');
  const [days, setDays] = useState<number | string>(DEFAULT_DAYS);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailError = submitted && !EMAIL.test(email.trim()) ? t('admin.invitations.invalidEmail') : null;
  const roleName = new Map((roles.data ?? []).map((role) => [role.guid, role.name]));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'invitations'] });

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!EMAIL.test(email.trim())) return;
    setBusy(true);
    const body = {
      email: email.trim(),
      roleIds,
      isContentManager,
      locale,
      expiresInDays: typeof days === 'number' ? days : DEFAULT_DAYS,
    };
    const result = await run(t('admin.invitations.create'), async () => {
      const created = await unwrap(api.POST('/api/userinvitations', { body }));
      // Inside the task, so a retry from the failure notice refreshes the list too.
      void refresh();
      return created;
    });
    setBusy(false);
    if (!result) return;
    setEmail('');
    setRoleIds([]);
    setIsContentManager(false);
    setDays(DEFAULT_DAYS);
    setSubmitted(false);
  }

  async function remove(invitation: AdminInvitation) {
    await run(t('admin.invitations.delete', { email: invitation.email }), async () => {
      await unwrap(
        api.DELETE('/api/userinvitations/{guid}', { params: { path: { guid: invitation.guid } } }),
      );
      await refresh();
      return true;
    });
  }

  const columns: Column<AdminInvitation, InvitationSortKey>[] = [
    {
      key: 'email',
      header: t('admin.invitations.email'),
      sortKey: 'email',
      isRowHeader: true,
      render: (invitation) => <Text size="sm">{invitation.email}</Text>,
    },
    {
      key: 'roles',
      header: t('admin.invitations.roles'),
      visibleFrom: 'sm',
      render: (invitation) => (
        <Group gap={4}>
          {invitation.isContentManager ? (
            <Badge size="xs" variant="light">
              {t('admin.invitations.isContentManager')}
            </Badge>
          ) : null}
          {invitation.roleIds.map((id) => (
            <Badge key={id} size="xs" variant="outline">
              {roleName.get(id) ?? id}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'locale',
      header: t('admin.invitations.locale'),
      visibleFrom: 'md',
      render: (invitation) => <Text size="sm">{t(`languages.${invitation.locale}`)}</Text>,
    },
    {
      key: 'status',
      header: t('admin.invitations.status'),
      render: (invitation) => (
        <Badge color={STATUS_COLOR[invitation.status]} variant="light">
          {t(`admin.invitations.states.${invitation.status}`)}
        </Badge>
      ),
    },
    {
      key: 'expiresAt',
      header: t('admin.invitations.expiresAt'),
      sortKey: 'expiresAt',
      visibleFrom: 'sm',
      render: (invitation) => <Text size="sm">{formatDateTime(invitation.expiresAt, i18n.language)}</Text>,
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('admin.invitations.actions')}</VisuallyHidden>,
      render: (invitation) =>
        invitation.status === 'open' ? (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={t('admin.invitations.delete', { email: invitation.email })}
            onClick={() => void remove(invitation)}
          >
            {t('buttons.delete')}
          </Button>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="admin-invitations">
      <Title order={2} size="h3" id="admin-invitations" mb="sm">
        {t('admin.invitations.title')}
      </Title>
      <form onSubmit={create} noValidate aria-label={t('admin.invitations.newTitle')}>
        <Group align="flex-end" gap="sm" mb="md">
          <TextInput
            label={t('admin.invitations.email')}
            type="email"
            required
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.currentTarget.value)}
            w={260}
          />
          <MultiSelect
            label={t('admin.invitations.roles')}
            data={(roles.data ?? []).map((role) => ({ value: role.guid, label: role.name }))}
            value={roleIds}
            onChange={setRoleIds}
            placeholder={roleIds.length === 0 ? t('admin.users.rolesPlaceholder') : undefined}
            disabled={(roles.data ?? []).length === 0}
            clearable
            w={240}
          />
          <Select
            label={t('admin.invitations.locale')}
            data={LOCALES.map((value) => ({ value, label: t(`languages.${value}`) }))}
            value={locale}
            onChange={(value) => {
              if (isLocale(value)) setLocale(value);
            }}
            allowDeselect={false}
            w={140}
          />
          <NumberInput
            label={t('admin.invitations.days')}
            min={1}
            max={365}
            clampBehavior="strict"
            allowDecimal={false}
            value={days}
            onChange={setDays}
            w={120}
          />
          <Checkbox
            label={t('admin.invitations.isContentManager')}
            checked={isContentManager}
            onChange={(event) => setIsContentManager(event.currentTarget.checked)}
            mb={8}
          />
          <Button type="submit" loading={busy}>
            {t('buttons.create')}
          </Button>
        </Group>
      </form>
      <DataTable
        caption={t('admin.invitations.title')}
        columns={columns}
        rowKey={(invitation) => invitation.guid}
        query={invitations}
        table={table}
        searchLabel={t('adminPeople.invitations.search')}
        empty={t('adminPeople.invitations.empty')}
      />
    </section>
  );
}
