import {
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../common/localized-text';
import { formatDateTime } from '../../account/format';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { type AdminInvitation, adminQueries, useAccessGuard } from './queries';
import { TableStatus } from './TableStatus';

const DEFAULT_DAYS = 14;
const COLUMNS = 6;
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
  const invitations = useQuery(adminQueries.invitations);
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueries.invitations.queryKey });

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

  const list = invitations.data ?? [];
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
      <Table.ScrollContainer minWidth={760}>
        <Table striped aria-busy={invitations.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.invitations.email')}</Table.Th>
              <Table.Th>{t('admin.invitations.roles')}</Table.Th>
              <Table.Th>{t('admin.invitations.locale')}</Table.Th>
              <Table.Th>{t('admin.invitations.status')}</Table.Th>
              <Table.Th>{t('admin.invitations.expiresAt')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('admin.invitations.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableStatus query={invitations} isEmpty={list.length === 0} columns={COLUMNS} />
            {list.map((invitation) => (
              <Table.Tr key={invitation.guid}>
                <Table.Td>
                  <Text size="sm">{invitation.email}</Text>
                </Table.Td>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`languages.${invitation.locale}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[invitation.status]} variant="light">
                    {t(`admin.invitations.states.${invitation.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(invitation.expiresAt, i18n.language)}</Text>
                </Table.Td>
                <Table.Td>
                  {invitation.status === 'open' ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      aria-label={t('admin.invitations.delete', { email: invitation.email })}
                      onClick={() => void remove(invitation)}
                    >
                      {t('buttons.delete')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
