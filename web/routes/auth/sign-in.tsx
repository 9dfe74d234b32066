import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { appContext } from '#app-context';
import { safeReturnPath } from '../../../common/urls';
import { accountMeta } from '../../account/meta';
import { errorMessage } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { AuthCard } from '../../components/account/AuthCard';
import { FormError } from '../../components/FormError';
import { useTranslation } from '../../i18n';
import { useRootData } from '../../layouts/root-data';
import type { Route } from './+types/sign-in';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'auth.signIn.title');
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = await context.get(appContext).site.getViewer();
  if (!viewer) return null;
  // A signed-in user goes straight back: a path on this site, whatever the query says (issue 33).
  const url = new URL(request.url);
  throw redirect(safeReturnPath(url.searchParams.get('returnTo'), '/', url.origin));
}

export default function SignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get('returnTo'));
  const signUpEnabled = useRootData()?.shell.settings.signUpEnabled === 'true';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.POST('/api/auth:signIn', { body: { email: email.trim(), password } }));
      await navigate(returnTo, { replace: true });
      await revalidate();
    } catch (caught) {
      setError(errorMessage(caught, t('auth.signIn.failed')));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.signIn.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error ? <FormError>{error}</FormError> : null}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('auth.password.label')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.signIn.forgot')}
            </Anchor>
            <Button type="submit" loading={busy} disabled={!email.trim() || !password}>
              {t('auth.signIn.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {signUpEnabled ? (
        <Text size="sm">
          {t('auth.signIn.noAccount')}{' '}
          <Anchor component={Link} to={`/sign-up?returnTo=${encodeURIComponent(returnTo)}`}>
            {t('auth.signUp.title')}
          </Anchor>
        </Text>
      ) : null}
    </AuthCard>
  );
}
