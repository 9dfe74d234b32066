import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { accountMeta } from '../../account/meta';
import { errorMessage } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { AuthCard } from '../../components/account/AuthCard';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/forgot-password';
import '../../i18n/account';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'auth.forgot.title');
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(t('auth.emailInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.POST('/api/auth:requestPasswordReset', { body: { email: email.trim() } }));
      setSent(true);
    } catch (caught) {
      setError(errorMessage(caught, t('tasks.failedText')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.forgot.title')}>
      {sent ? (
        <Alert color="green" role="status">
          {t('auth.forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('auth.email')}
              description={t('auth.forgot.intro')}
              type="email"
              autoComplete="email"
              required
              value={email}
              error={error}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('auth.forgot.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        {t('auth.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
