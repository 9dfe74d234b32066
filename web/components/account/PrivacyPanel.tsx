import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { CookieCategory } from '../../../common/settings';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { useCookieConsent } from '../cookie-consent';
import '../../i18n/account';

export function PrivacyPanel() {
  return (
    <Stack gap="xl">
      <CookieChoices />
      <DownloadData />
      <DeleteAccount />
    </Stack>
  );
}

function CookieChoices() {
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const run = useTask();
  const [chosen, setChosen] = useState<CookieCategory[]>(() =>
    consent.categories.filter((category) => consent.accepts(category)),
  );
  return (
    <section aria-labelledby="privacy-cookies">
      <Title order={2} size="h3" id="privacy-cookies" mb="xs">
        {t('account.privacy.cookies')}
      </Title>
      <Stack gap="xs">
        <Checkbox checked disabled label={t('cookies.category.required')} />
        {consent.categories.map((category) => (
          <Checkbox
            key={category}
            label={t(`cookies.category.${category}`)}
            description={t(`cookies.description.${category}`)}
            checked={chosen.includes(category)}
            onChange={(event) => {
              const { checked } = event.currentTarget;
              setChosen((current) =>
                checked ? [...current, category] : current.filter((item) => item !== category),
              );
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button
            onClick={() =>
              void run(t('account.privacy.cookiesSave'), async () => {
                consent.save(chosen);
              })
            }
          >
            {t('account.update')}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}

function DownloadData() {
  const { t } = useTranslation();
  const run = useTask();
  async function download() {
    const data = await unwrap(api.GET('/api/profiles:export'));
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'mijn-gegevens.json';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <section aria-labelledby="privacy-download">
      <Title order={2} size="h3" id="privacy-download" mb="xs">
        {t('account.privacy.download')}
      </Title>
      <Text mb="sm">{t('account.privacy.downloadText')}</Text>
      <Button variant="light" onClick={() => void run(t('account.privacy.download'), download)}>
        {t('account.privacy.downloadButton')}
      </Button>
    </section>
  );
}

function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.DELETE('/api/profiles:loggedIn', { body: { password } }));
      setOpen(false);
      await navigate('/', { replace: true });
      await revalidate();
    } catch (caught) {
      setError(errorMessage(caught, t('tasks.failedText')));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="privacy-delete">
      <Title order={2} size="h3" id="privacy-delete" mb="xs">
        {t('account.privacy.delete')}
      </Title>
      <Text mb="sm">{t('account.privacy.deleteText')}</Text>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        {t('account.privacy.deleteButton')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('account.privacy.deleteConfirmTitle')}>
        <form onSubmit={confirm} noValidate>
          <Stack gap="sm">
            <Text>{t('account.privacy.deleteConfirmText')}</Text>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <PasswordInput
              label={t('auth.password.label')}
              autoComplete="current-password"
              required
              data-autofocus
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('account.cancel')}
              </Button>
              <Button type="submit" color="red" loading={busy} disabled={!password}>
                {t('account.delete')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </section>
  );
}
