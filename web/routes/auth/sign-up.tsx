import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { appContext } from '#app-context';
import { safeReturnPath } from '../../../common/urls';
import { accountMeta } from '../../account/meta';
import { errorMessage } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { AuthCard } from '../../components/account/AuthCard';
import { isNewPasswordAcceptable, NewPasswordFields } from '../../components/account/NewPasswordFields';
import { FormError, focusFirstInvalid } from '../../components/FormError';
import { useTranslation } from '../../i18n';
import { useRootData } from '../../layouts/root-data';
import type { Route } from './+types/sign-up';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'auth.signUp.title');
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.get(appContext).site.getViewer();
  if (viewer) throw redirect('/account/profile');
  return null;
}

export default function SignUp() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get('returnTo'));
  const signUpEnabled = useRootData()?.shell.settings.signUpEnabled === 'true';
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!signUpEnabled) {
    return (
      <AuthCard title={t('auth.signUp.title')}>
        <Alert color="gray">{t('auth.signUp.disabled')}</Alert>
        <Anchor component={Link} to="/sign-in">
          {t('auth.signIn.title')}
        </Anchor>
      </AuthCard>
    );
  }

  const emailError = submitted && !/^\S+@\S+\.\S+$/.test(email.trim()) ? t('auth.emailInvalid') : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!/^\S+@\S+\.\S+$/.test(email.trim()) || !isNewPasswordAcceptable(password, repeat)) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unwrap(
        api.POST('/api/auth:signUp', {
          body: {
            email: email.trim(),
            password,
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            locale: i18n.language === 'en' ? 'en' : 'nl',
          },
        }),
      );
      await navigate(returnTo, { replace: true });
      await revalidate();
    } catch (caught) {
      setError(errorMessage(caught, t('auth.signUp.failed')));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.signUp.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error ? <FormError>{error}</FormError> : null}
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
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPasswordChange={setPassword}
            onRepeatChange={setRepeat}
            showErrors={submitted}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('auth.signUp.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm">
        {t('auth.signUp.haveAccount')}{' '}
        <Anchor component={Link} to={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`}>
          {t('auth.signIn.title')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
