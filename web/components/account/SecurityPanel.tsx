import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../account/format';
import { accountQueries } from '../../account/queries';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { isNewPasswordAcceptable, NewPasswordFields } from './NewPasswordFields';
import { QueryState } from './QueryState';
import '../../i18n/account';

export function SecurityPanel() {
  return (
    <Stack gap="xl">
      <AccountEmail />
      <ChangePassword />
      <Sessions />
      <Tokens />
    </Stack>
  );
}

function AccountEmail() {
  const { t } = useTranslation();
  const run = useTask();
  const profile = useQuery(accountQueries.profile);
  return (
    <section aria-labelledby="security-email">
      <Title order={2} size="h3" id="security-email" mb="xs">
        {t('account.security.email')}
      </Title>
      <QueryState query={profile}>
        {(user) => (
          <Group gap="sm">
            <Text>{user.email}</Text>
            {user.isEmailVerified ? (
              <Badge color="green" variant="light">
                {t('account.security.verified')}
              </Badge>
            ) : (
              <>
                <Badge color="orange" variant="light">
                  {t('account.security.notVerified')}
                </Badge>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() =>
                    void run(t('account.security.sendVerification'), async () => {
                      const { data, error } = await api.POST('/api/auth:sendVerificationMail', { body: {} });
                      // A refusal is an outcome (TooSoon, Abused, …) or, for a bad request, an error.
                      const outcome =
                        data?.outcome ?? (error && 'outcome' in error ? error.outcome : undefined);
                      if (outcome !== 'Sent' && outcome !== 'AlreadyVerified') {
                        throw new Error(t(`account.security.mailOutcome.${outcome ?? 'Failed'}`));
                      }
                    })
                  }
                >
                  {t('account.security.sendVerification')}
                </Button>
              </>
            )}
          </Group>
        )}
      </QueryState>
    </section>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const run = useTask();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!current || !isNewPasswordAcceptable(next, repeat)) return;
    setBusy(true);
    const done = await run(t('account.security.changePassword'), async () => {
      await unwrap(
        api.POST('/api/auth:changePassword', { body: { currentPassword: current, newPassword: next } }),
      );
      return true;
    });
    setBusy(false);
    if (done) {
      setCurrent('');
      setNext('');
      setRepeat('');
      setSubmitted(false);
    }
  }

  return (
    <section aria-labelledby="security-password">
      <Title order={2} size="h3" id="security-password" mb="xs">
        {t('account.security.changePassword')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={t('auth.password.current')}
            autoComplete="current-password"
            required
            value={current}
            error={submitted && !current ? t('auth.required') : null}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
          <NewPasswordFields
            password={next}
            repeat={repeat}
            onPasswordChange={setNext}
            onRepeatChange={setRepeat}
            showErrors={submitted}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('account.update')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}

function Sessions() {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const sessions = useQuery(accountQueries.sessions);
  return (
    <section aria-labelledby="security-sessions">
      <Title order={2} size="h3" id="security-sessions" mb="xs">
        {t('account.security.sessions')}
      </Title>
      <QueryState query={sessions}>
        {(list) => (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('account.security.device')}</Table.Th>
                  <Table.Th>{t('account.security.ip')}</Table.Th>
                  <Table.Th>{t('account.security.lastUsed')}</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">{t('account.security.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((session) => (
                  <Table.Tr key={session.guid}>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} title={session.userAgent}>
                        {session.userAgent || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{session.ip}</Table.Td>
                    <Table.Td>{formatDateTime(session.lastUsedAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      {session.isCurrent ? (
                        <Badge variant="light">{t('account.security.thisSession')}</Badge>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          onClick={() =>
                            void run(t('account.security.endSession'), async () => {
                              await unwrap(
                                api.DELETE('/api/sessions/{guid}', {
                                  params: { path: { guid: session.guid } },
                                }),
                              );
                              await queryClient.invalidateQueries({
                                queryKey: accountQueries.sessions.queryKey,
                              });
                            })
                          }
                        >
                          {t('account.security.endSession')}
                          {/* One such button per session: each is named after its row. */}
                          <span className="visually-hidden">
                            {' '}
                            {session.ip}, {formatDateTime(session.lastUsedAt, i18n.language)}
                          </span>
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </section>
  );
}

function Tokens() {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const tokens = useQuery(accountQueries.tokens);
  const [name, setName] = useState('');
  const [days, setDays] = useState<number | string>('');
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const nameError = submitted && !name.trim() ? t('auth.required') : null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountQueries.tokens.queryKey });

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!name.trim()) return;
    const result = await run(t('account.security.createToken'), () =>
      unwrap(
        api.POST('/api/tokens', {
          body: { name: name.trim(), ...(typeof days === 'number' ? { expiresInDays: days } : {}) },
        }),
      ),
    );
    if (!result) return;
    setCreated({ name: name.trim(), token: result.token });
    setName('');
    setDays('');
    setSubmitted(false);
    await refresh();
  }

  return (
    <section aria-labelledby="security-tokens">
      <Title order={2} size="h3" id="security-tokens" mb="xs">
        {t('account.security.tokens')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('account.security.tokensText')}
      </Text>
      {created ? (
        <Alert
          color="green"
          mb="sm"
          withCloseButton
          onClose={() => setCreated(null)}
          closeButtonLabel={t('account.close')}
        >
          <Stack gap="xs">
            <Text size="sm">{t('account.security.tokenCreated', { name: created.name })}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }}>{created.token}</Code>
              <CopyButton value={created.token}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="light" onClick={copy}>
                    {copied ? t('account.security.copied') : t('account.security.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={create} noValidate>
        <Group align="flex-end" gap="sm" mb="md">
          <TextInput
            label={t('account.security.tokenName')}
            required
            value={name}
            error={nameError}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <NumberInput
            label={t('account.security.tokenDays')}
            min={1}
            max={3650}
            value={days}
            onChange={setDays}
            w={160}
          />
          <Button type="submit">{t('account.create')}</Button>
        </Group>
      </form>
      <QueryState query={tokens}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('account.security.noTokens')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('account.security.tokenName')}</Table.Th>
                    <Table.Th>{t('account.security.created')}</Table.Th>
                    <Table.Th>{t('account.security.lastUsed')}</Table.Th>
                    <Table.Th>{t('account.security.expires')}</Table.Th>
                    <Table.Th>
                      <span className="visually-hidden">{t('account.security.actions')}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((token) => (
                    <Table.Tr key={token.guid}>
                      <Table.Td>
                        {token.name} <Code>{token.prefix}…</Code>
                      </Table.Td>
                      <Table.Td>{formatDateTime(token.createdAt, i18n.language)}</Table.Td>
                      <Table.Td>{formatDateTime(token.lastUsedAt, i18n.language) || '—'}</Table.Td>
                      <Table.Td>{formatDateTime(token.expiresAt, i18n.language) || '—'}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          aria-label={t('account.security.revokeToken', { name: token.name })}
                          onClick={() =>
                            void run(t('account.security.revokeToken', { name: token.name }), async () => {
                              await unwrap(
                                api.DELETE('/api/tokens/{guid}', { params: { path: { guid: token.guid } } }),
                              );
                              await refresh();
                            })
                          }
                        >
                          {t('account.delete')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </section>
  );
}
