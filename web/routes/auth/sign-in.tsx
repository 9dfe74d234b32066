import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { appContext } from '#app-context';
import { safeReturnPath } from '../../../common/urls';
import { accountMeta } from '../../account/meta';
import { errorMessage } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { AuthCard } from '../../components/account/AuthCard';
import { FormError } from '../../components/FormError';
import { solveProofOfWork } from '../../components/proof-of-work';
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
  // What is missing, said at the field when "Inloggen" is pressed (the button is never disabled).
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // Past the sign-in limits (issue 34) every attempt brings a proof of work, solved here by itself.
  const [needsProof, setNeedsProof] = useState(false);
  const [checking, setChecking] = useState(false);

  const attempt = (proof?: string) =>
    unwrap(
      api.POST('/api/auth:signIn', { body: { email: email.trim(), password, ...(proof ? { proof } : {}) } }),
    );

  /** A proof for this account from this browser's address; null when it could not be made. */
  async function proofOfWork(): Promise<string | null> {
    setChecking(true);
    try {
      const challenge = await unwrap(
        api.POST('/api/auth:signInChallenge', { body: { email: email.trim() } }),
      );
      return await solveProofOfWork(challenge);
    } finally {
      setChecking(false);
    }
  }

  async function signIn() {
    if (!needsProof) {
      try {
        await attempt();
        return;
      } catch (caught) {
        if (!(caught instanceof ApiError && caught.code === 'rate_limited')) throw caught;
        setNeedsProof(true);
      }
    }
    const proof = await proofOfWork();
    if (!proof) throw new Error('proof of work not found');
    await attempt(proof);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nowMissing = {
      ...(email.trim() ? {} : { email: t('auth.signIn.emailMissing') }),
      ...(password ? {} : { password: t('auth.signIn.passwordMissing') }),
    };
    setMissing(nowMissing);
    if (nowMissing.email || nowMissing.password) {
      (nowMissing.email ? emailField : passwordField).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn();
      await navigate(returnTo, { replace: true });
      await revalidate();
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? errorMessage(caught, t('auth.signIn.failed'))
          : t('auth.signIn.checkFailed'),
      );
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.signIn.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error ? <FormError>{error}</FormError> : null}
          {needsProof ? (
            <Alert color="blue" className="sign-in-check">
              <Text size="sm">{t('auth.signIn.checkNotice')}</Text>
            </Alert>
          ) : null}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            required
            ref={emailField}
            value={email}
            error={missing.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('auth.password.label')}
            autoComplete="current-password"
            required
            ref={passwordField}
            value={password}
            error={missing.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.signIn.forgot')}
            </Anchor>
            <Button type="submit" loading={busy}>
              {t('auth.signIn.submit')}
            </Button>
          </Group>
          <Text
            size="sm"
            role="status"
            aria-live="polite"
            className={checking ? undefined : 'visually-hidden'}
          >
            {checking ? t('auth.signIn.checking') : ''}
          </Text>
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
