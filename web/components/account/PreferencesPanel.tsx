import { Button, Group, NumberInput, Select, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { DEFAULT_NOTIFICATION_CLOSE_SECONDS } from '../../../common/profile-properties';
import { type ApplicationUser, accountQueries } from '../../account/queries';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { QueryState } from './QueryState';
import '../../i18n/account';

export function PreferencesPanel() {
  const profile = useQuery(accountQueries.profile);
  return <QueryState query={profile}>{(user) => <PreferencesForm key={user.guid} user={user} />}</QueryState>;
}

function PreferencesForm({ user }: { user: ApplicationUser }) {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const stored = user.properties.find((property) => property.key === 'notificationClose')?.value;
  const [locale, setLocale] = useState<'nl' | 'en'>(user.locale);
  const [closeSeconds, setCloseSeconds] = useState<number | string>(
    stored && Number.isFinite(Number(stored)) ? Number(stored) : DEFAULT_NOTIFICATION_CLOSE_SECONDS,
  );
  const [busy, setBusy] = useState(false);
  const closeError =
    typeof closeSeconds !== 'number' || closeSeconds < 1 || closeSeconds > 300
      ? t('account.preferences.closeRange')
      : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (closeError) return;
    setBusy(true);
    const saved = await run(t('account.preferences.save'), () =>
      unwrap(
        api.PUT('/api/profiles:loggedIn', {
          body: { locale, properties: [{ key: 'notificationClose', value: String(closeSeconds) }] },
        }),
      ),
    );
    setBusy(false);
    if (!saved) return;
    queryClient.setQueryData(accountQueries.profile.queryKey, saved);
    // The site follows the chosen language: ?lang= makes the server remember it in a cookie.
    if (locale !== i18n.language) await navigate(`${pathname}?lang=${locale}`, { replace: true });
    await revalidate();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <Select
          label={t('account.preferences.language')}
          data={[
            { value: 'nl', label: t('languages.nl', { defaultValue: 'Nederlands' }) },
            { value: 'en', label: t('languages.en', { defaultValue: 'English' }) },
          ]}
          value={locale}
          allowDeselect={false}
          onChange={(value) => setLocale(value === 'en' ? 'en' : 'nl')}
        />
        <NumberInput
          label={t('account.preferences.notificationClose')}
          description={t('account.preferences.notificationCloseHint')}
          min={1}
          max={300}
          value={closeSeconds}
          error={closeError}
          onChange={setCloseSeconds}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('account.update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
