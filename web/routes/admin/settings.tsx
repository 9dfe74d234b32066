import {
  Button,
  ColorInput,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator } from 'react-router';
import {
  isMediaGuid,
  PLATFORM_SETTINGS,
  type PlatformSettingKey,
  platformSettingValueProblem,
} from '../../../common/settings';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { QueryState } from '../../components/account/QueryState';
import { AdminPage } from '../../components/admin/AdminPage';
import { ImageUpload } from '../../components/media/ImageUpload';
import type { Route } from './+types/settings';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'settings.title');
}

/** The settings this screen edits: the site's identity (SPEC 1), in the order they are shown. */
const EDITED_KEYS = [
  'platformName',
  'platformDescription',
  'headerLogo',
  'headerLogoHeight',
  'headerLogoPadding',
  'favicon',
  'colorScheme',
  'browserColor',
] as const satisfies readonly PlatformSettingKey[];
type EditedKey = (typeof EDITED_KEYS)[number];
type Values = Record<EditedKey, string>;

const settingsQuery = {
  queryKey: ['admin', 'settings'] as const,
  queryFn: () => unwrap(api.GET('/api/platformsettingvalues', { params: { query: { includeAll: true } } })),
};

function toValues(list: { key: string; value: string }[]): Values {
  const byKey = new Map(list.map((entry) => [entry.key, entry.value]));
  return Object.fromEntries(
    EDITED_KEYS.map((key) => [key, byKey.get(key) ?? PLATFORM_SETTINGS[key].default]),
  ) as Values;
}

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('settings.title')}>
      <SettingsLoader />
    </AdminPage>
  );
}

function SettingsLoader() {
  const query = useQuery(settingsQuery);
  const navigate = useNavigate();
  // The session ended or the account lost its admin rights while the screen was open.
  useEffect(() => {
    const error = query.error;
    if (!(error instanceof ApiError)) return;
    if (error.status === 401) void navigate('/sign-in?returnTo=%2Fsettings', { replace: true });
    else if (error.status === 403) void navigate('/unauthorized', { replace: true });
  }, [query.error, navigate]);
  return <QueryState query={query}>{(list) => <SettingsForm initial={toValues(list)} />}</QueryState>;
}

function SettingsForm({ initial }: { initial: Values }) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  const [saved, setSaved] = useState<Values>(initial);
  const [values, setValues] = useState<Values>(initial);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const problems = useMemo(() => {
    const found: Partial<Record<EditedKey, string>> = {};
    for (const key of EDITED_KEYS) {
      const problem = platformSettingValueProblem(key, values[key]);
      if (problem) found[key] = t(problem);
    }
    return found;
  }, [values, t]);
  const changed = EDITED_KEYS.filter((key) => values[key] !== saved[key]);
  const set = (key: EditedKey) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const errorOf = (key: EditedKey) => (submitted || values[key] !== saved[key] ? problems[key] : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (changed.some((key) => problems[key]) || changed.length === 0) return;
    setBusy(true);
    const result = await run(t('settings.save'), () =>
      unwrap(
        api.PUT('/api/platformsettingvalues', {
          body: changed.map((key) => ({ key, value: values[key] })),
        }),
      ),
    );
    setBusy(false);
    if (result) {
      queryClient.setQueryData(settingsQuery.queryKey, result);
      const next = toValues(result);
      setSaved(next);
      setValues(next);
      setSubmitted(false);
      // The header, favicon and colours come from the root loader: load them again.
      await revalidate();
    }
  }

  const number = (key: 'headerLogoHeight' | 'headerLogoPadding', min: number, max: number) => (
    <NumberInput
      label={t(`settings.fields.${key}`)}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      value={values[key] === '' ? '' : Number(values[key])}
      onChange={(next) => set(key)(next === '' ? '' : String(next))}
      error={errorOf(key)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('settings.sections.identity')}>
          <Stack gap="sm">
            <TextInput
              label={t('settings.fields.platformName')}
              required
              value={values.platformName}
              onChange={(event) => set('platformName')(event.currentTarget.value)}
              error={errorOf('platformName')}
            />
            <Textarea
              label={t('settings.fields.platformDescription')}
              description={t('settings.fields.platformDescriptionHelp')}
              autosize
              minRows={2}
              value={values.platformDescription}
              onChange={(event) => set('platformDescription')(event.currentTarget.value)}
              error={errorOf('platformDescription')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('settings.sections.logo')}>
          <Stack gap="sm">
            <ImageSetting
              settingKey="headerLogo"
              value={values.headerLogo}
              onChange={set('headerLogo')}
              error={errorOf('headerLogo')}
            />
            <Group grow align="flex-start">
              {number('headerLogoHeight', 16, 240)}
              {number('headerLogoPadding', 0, 64)}
            </Group>
            <ImageSetting
              settingKey="favicon"
              value={values.favicon}
              onChange={set('favicon')}
              error={errorOf('favicon')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('settings.sections.colors')}>
          <Stack gap="sm">
            {(['colorScheme', 'browserColor'] as const).map((key) => (
              <ColorInput
                key={key}
                label={t(`settings.fields.${key}`)}
                description={t(`settings.fields.${key}Help`)}
                format="hex"
                value={values[key]}
                onChange={set(key)}
                error={errorOf(key)}
              />
            ))}
          </Stack>
        </Fieldset>
        <Group justify="flex-end" gap="sm">
          {changed.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('settings.noChanges')}
            </Text>
          ) : null}
          <Button type="submit" loading={busy} disabled={changed.length === 0}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The logo or favicon: an upload (a public image, so every visitor can load it). A value that is a
 * URL (set before uploads existed, e.g. the demo's /brand/logo.svg) is shown and can be replaced or
 * removed.
 */
function ImageSetting({
  settingKey,
  value,
  onChange,
  error,
}: {
  settingKey: 'headerLogo' | 'favicon';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const isUrl = value !== '' && !isMediaGuid(value);
  return (
    <Stack gap={4}>
      <ImageUpload
        purpose="public"
        value={isMediaGuid(value) ? value : null}
        onChange={(guid) => onChange(guid ?? '')}
        label={t(`settings.fields.${settingKey}`)}
        description={t(`settings.fields.${settingKey}Help`)}
      />
      {isUrl ? (
        <Group gap="xs">
          <img src={value} alt="" className="settings-url-preview" />
          <Text size="xs">{t('settings.currentUrl', { url: value })}</Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange('')}>
            {t('settings.clearImage')}
          </Button>
        </Group>
      ) : null}
      {error ? (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
