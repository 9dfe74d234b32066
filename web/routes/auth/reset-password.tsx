import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { accountMeta } from '../../account/meta';
import { errorMessage } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { AuthCard } from '../../components/account/AuthCard';
import { isNewPasswordAcceptable, NewPasswordFields } from '../../components/account/NewPasswordFields';
import { FormError } from '../../components/FormError';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/reset-password';
import '../../i18n/account';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'auth.reset.title');
}

export default function ResetPassword({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!isNewPasswordAcceptable(password, repeat)) return;
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.POST('/api/auth:resetPassword', { body: { token: params.token, password } }));
      setDone(true);
    } catch (caught) {
      setError(errorMessage(caught, t('tasks.failedText')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.reset.title')}>
      {done ? (
        <>
          <Alert color="green" role="status">
            {t('auth.reset.done')}
          </Alert>
          <Anchor component={Link} to="/sign-in">
            {t('auth.signIn.title')}
          </Anchor>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {error ? <FormError>{error}</FormError> : null}
            <NewPasswordFields
              password={password}
              repeat={repeat}
              onPasswordChange={setPassword}
              onRepeatChange={setRepeat}
              showErrors={submitted}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('auth.reset.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
