import { Alert, Anchor, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { accountMeta } from '../../account/meta';
import { errorMessage } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { AuthCard } from '../../components/account/AuthCard';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/verify-email';
import '../../i18n/account';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'auth.verify.title');
}

type State = { status: 'busy' } | { status: 'done' } | { status: 'failed'; message: string };

export default function VerifyEmail({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<State>({ status: 'busy' });
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // The token works once: never post it twice (StrictMode runs effects twice in development).
    if (sentFor.current === params.token) return;
    sentFor.current = params.token;
    unwrap(api.POST('/api/auth:verifyEmail', { body: { token: params.token } }))
      .then(() => {
        setState({ status: 'done' });
        void revalidate();
      })
      .catch((error: unknown) =>
        setState({ status: 'failed', message: errorMessage(error, t('tasks.failedText')) }),
      );
  }, [params.token, revalidate, t]);

  return (
    <AuthCard title={t('auth.verify.title')}>
      {state.status === 'busy' ? <Loader aria-label={t('tasks.busy')} /> : null}
      {state.status === 'done' ? (
        <Alert color="green" role="status">
          {t('auth.verify.done')}
        </Alert>
      ) : null}
      {state.status === 'failed' ? (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      ) : null}
      <Anchor component={Link} to="/">
        {t('auth.toHome')}
      </Anchor>
    </AuthCard>
  );
}
