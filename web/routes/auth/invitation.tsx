import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { formatMoment } from '../../../common/dates';
import { accountMeta } from '../../account/meta';
import { passwordProblemKey } from '../../account/password';
import { errorMessage } from '../../account/tasks';
import { useViewer } from '../../account/viewer';
import { api, unwrap } from '../../api/client';
import { AuthCard } from '../../components/account/AuthCard';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/invitation';
import '../../i18n/account';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'auth.invitation.title');
}

type Mode = 'signUp' | 'signIn';

export default function Invitation({ params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const status = useQuery({
    queryKey: ['invitation', params.code],
    queryFn: async () => {
      const { data, error } = await api.GET('/api/userinvitation:status/{id}', {
        params: { path: { id: params.code } },
      });
      const body = data ?? error;
      // An outcome (Success, NotFound, Expired, …) or an error answer (too many requests): the latter fails.
      if (!body || !('result' in body)) throw new Error('invitation status missing');
      return body;
    },
  });
  const [mode, setMode] = useState<Mode | null>(null);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [passwordMissing, setPasswordMissing] = useState(false);
  const passwordField = useRef<HTMLInputElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const invitation = status.data;
  const chosenMode: Mode = mode ?? (invitation?.hasAccount ? 'signIn' : 'signUp');

  async function accept(signUp?: { password: string; firstName: string; lastName: string }) {
    setBusy(true);
    setError(null);
    try {
      const { data, error: failure } = await api.POST('/api/userinvitation:accept', {
        body: { code: params.code, signUp },
      });
      const result = data ?? failure;
      if (result && 'result' in result && result.result === 'Success') {
        await navigate('/account/profile', { replace: true });
        await revalidate();
        return;
      }
      const message =
        result && 'error' in result && result.error?.message
          ? result.error.message
          : t(`auth.invitation.result.${result && 'result' in result ? result.result : 'Failed'}`);
      setError(message);
    } catch (caught) {
      setError(errorMessage(caught, t('tasks.failedText')));
    }
    setBusy(false);
  }

  async function signInAndAccept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!invitation?.email) return;
    // The button is never disabled: a missing password is said at its field.
    if (!password) {
      setPasswordMissing(true);
      passwordField.current?.focus();
      return;
    }
    setPasswordMissing(false);
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.POST('/api/auth:signIn', { body: { email: invitation.email, password } }));
    } catch (caught) {
      setError(errorMessage(caught, t('auth.signIn.failed')));
      setBusy(false);
      return;
    }
    await accept();
  }

  async function signUpAndAccept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (passwordProblemKey(password)) return;
    await accept({ password, firstName: firstName.trim(), lastName: lastName.trim() });
  }

  const title = t('auth.invitation.title');
  if (status.isPending) {
    return (
      <AuthCard title={title}>
        <Loader aria-label={t('tasks.busy')} />
      </AuthCard>
    );
  }
  if (status.isError || !invitation || invitation.result !== 'Success') {
    return (
      <AuthCard title={title}>
        <Alert color="red" role="alert">
          {t(`auth.invitation.result.${invitation?.result ?? 'Failed'}`)}
        </Alert>
        <Anchor component={Link} to="/">
          {t('auth.toHome')}
        </Anchor>
      </AuthCard>
    );
  }

  const expires = formatMoment(invitation.expiresAt, i18n.language, { time: false });
  const passwordKey = submitted ? passwordProblemKey(password) : null;

  return (
    <AuthCard title={title}>
      <Text>
        {t('auth.invitation.intro', { site: invitation.siteName ?? '', email: invitation.email ?? '' })}
      </Text>
      {expires ? (
        <Text size="sm" c="dimmed">
          {t('auth.invitation.expires', { date: expires })}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {viewer ? (
        <Group justify="flex-end">
          <Button onClick={() => void accept()} loading={busy}>
            {t('auth.invitation.accept')}
          </Button>
        </Group>
      ) : chosenMode === 'signIn' ? (
        <form onSubmit={signInAndAccept} noValidate>
          <Stack gap="sm">
            <TextInput label={t('auth.email')} value={invitation.email ?? ''} readOnly />
            <PasswordInput
              label={t('auth.password.label')}
              autoComplete="current-password"
              required
              ref={passwordField}
              value={password}
              error={passwordMissing ? t('auth.signIn.passwordMissing') : undefined}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Group justify="space-between">
              <Anchor component="button" type="button" size="sm" onClick={() => setMode('signUp')}>
                {t('auth.invitation.noAccount')}
              </Anchor>
              <Button type="submit" loading={busy}>
                {t('auth.invitation.signInAccept')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={signUpAndAccept} noValidate>
          <Stack gap="sm">
            <TextInput label={t('auth.email')} value={invitation.email ?? ''} readOnly />
            <Group grow align="flex-start">
              <TextInput
                label={t('auth.firstName')}
                autoComplete="given-name"
                value={firstName}
                onChange={(event) => setFirstName(event.currentTarget.value)}
              />
              <TextInput
                label={t('auth.lastName')}
                autoComplete="family-name"
                value={lastName}
                onChange={(event) => setLastName(event.currentTarget.value)}
              />
            </Group>
            <PasswordInput
              label={t('auth.password.new')}
              description={t('auth.password.rule')}
              autoComplete="new-password"
              required
              value={password}
              error={passwordKey ? t(passwordKey) : null}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Group justify="space-between">
              <Anchor component="button" type="button" size="sm" onClick={() => setMode('signIn')}>
                {t('auth.invitation.haveAccount')}
              </Anchor>
              <Button type="submit" loading={busy}>
                {t('auth.invitation.signUpAccept')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
