import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  ColorInput,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import {
  COOKIE_CATEGORIES,
  isMediaGuid,
  PLATFORM_SETTINGS,
  type PlatformSettingKey,
  platformSettingValueProblem,
} from '../../../common/settings';
import { LEGAL_PAGES } from '../../../common/site';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { QueryState } from '../../components/account/QueryState';
import { AdminPage } from '../../components/admin/AdminPage';
import { BackupRuns } from '../../components/admin/BackupRuns';
import { DayInput } from '../../components/dates';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { LibraryImageField } from '../../components/media/MediaPicker';
import { mediaUrl } from '../../components/media-url';
import { useTranslation } from '../../i18n';
import { useRootData } from '../../layouts/root-data';
import { colorTuple, readablePrimaryShade } from '../../theme';
import type { Route } from './+types/settings';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'settings.title');
}

/** The groups of the screen (the tab is in the URL: ?tab=…) and the settings each one edits. */
const GROUPS = {
  identity: [
    'platformName',
    'platformDescription',
    'headerLogo',
    'headerLogoHeight',
    'headerLogoPadding',
    'favicon',
    'colorScheme',
    'browserColor',
  ],
  access: ['signUpEnabled', 'termsOfUseVersion'],
  privacy: ['cookieCategories', 'autoTranslate'],
  notifications: ['notificationClose'],
  // Issue 30: robots.txt and noindex for a test site, the contact of security.txt.
  search: ['discourageSearchEngines', 'securityContact', 'securityExpires'],
  // Issue 28: a backup every night, how many are kept; the latest runs below the form.
  backups: ['backupSchedule', 'backupKeep'],
  parts: [],
} as const satisfies Record<string, readonly PlatformSettingKey[]>;
type SettingsGroup = keyof typeof GROUPS;
const GROUP_NAMES = Object.keys(GROUPS) as SettingsGroup[];
const EDITED_KEYS = GROUP_NAMES.flatMap((group) => GROUPS[group]) as PlatformSettingKey[];
type Values = Record<PlatformSettingKey, string>;
/** Cookie categories a site may use besides the required ones (SPEC 9). */
const OPTIONAL_COOKIES = COOKIE_CATEGORIES.filter((category) => category !== 'required');

const settingsQuery = {
  queryKey: ['admin', 'settings'] as const,
  queryFn: () => unwrap(api.GET('/api/platformsettingvalues', { params: { query: { includeAll: true } } })),
};

function toValues(list: { key: string; value: string }[]): Values {
  const byKey = new Map(list.map((entry) => [entry.key, entry.value]));
  return Object.fromEntries(
    Object.keys(PLATFORM_SETTINGS).map((key) => [
      key,
      byKey.get(key) ?? PLATFORM_SETTINGS[key as PlatformSettingKey].default,
    ]),
  ) as Values;
}

const fieldId = (key: PlatformSettingKey) => `setting-${key}`;

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('settings.title')} description={t('adminSite.settings.description')}>
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
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: SettingsGroup = GROUP_NAMES.includes(tabParam as SettingsGroup)
    ? (tabParam as SettingsGroup)
    : 'identity';
  const [saved, setSaved] = useState<Values>(initial);
  const [values, setValues] = useState<Values>(initial);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<PlatformSettingKey, string>>>({});
  const [confirmTerms, setConfirmTerms] = useState(false);
  const lastError = useRef<unknown>(null);
  const termsButton = useRef<HTMLButtonElement>(null);
  // The terms of use are a page of their own (issue 26): raising the version links to its text.
  const termsPage = useQuery({
    queryKey: ['admin', 'pages', 'byName', LEGAL_PAGES.termsOfUse.name],
    queryFn: () =>
      unwrap(api.GET('/api/pages:withName', { params: { query: { name: LEGAL_PAGES.termsOfUse.name } } })),
  });
  const termsLinks = (
    <Stack gap={4} data-terms-links>
      <Text size="sm">{t('adminSite.terms.texts')}</Text>
      {termsPage.data ? (
        <>
          <Anchor href={`/edit?page=${termsPage.data.guid}&lang=nl`} size="sm">
            {t('adminSite.terms.editNl')}
          </Anchor>
          <Anchor href={`/edit?page=${termsPage.data.guid}&lang=en`} size="sm">
            {t('adminSite.terms.editEn')}
          </Anchor>
        </>
      ) : null}
      <Anchor href={LEGAL_PAGES.termsOfUse.path(i18n.language === 'en' ? 'en' : 'nl')} size="sm">
        {t('adminSite.terms.view')}
      </Anchor>
    </Stack>
  );
  const hasTranslationService = useRootData()?.autoTranslate.hasService ?? false;

  const problems = useMemo(() => {
    const found: Partial<Record<PlatformSettingKey, string>> = {};
    for (const key of EDITED_KEYS) {
      const problem = platformSettingValueProblem(key, values[key]);
      if (problem) found[key] = t(problem);
    }
    return found;
  }, [values, t]);
  const set = (key: PlatformSettingKey) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => ({ ...current, [key]: undefined }));
  };
  const errorOf = (key: PlatformSettingKey) =>
    serverErrors[key] ?? (submitted || values[key] !== saved[key] ? problems[key] : undefined);
  const changedIn = (group: SettingsGroup) =>
    (GROUPS[group] as readonly PlatformSettingKey[]).filter(
      (key) => key !== 'termsOfUseVersion' && values[key] !== saved[key],
    );

  const focusField = (key: PlatformSettingKey) =>
    requestAnimationFrame(() => document.getElementById(fieldId(key))?.focus());

  async function save(entries: { key: PlatformSettingKey; value: string }[], label: string) {
    setBusy(true);
    lastError.current = null;
    const result = await run(label, async () => {
      try {
        return await unwrap(api.PUT('/api/platformsettingvalues', { body: entries }));
      } catch (error) {
        lastError.current = error;
        throw error;
      }
    });
    setBusy(false);
    if (result) {
      queryClient.setQueryData(settingsQuery.queryKey, result);
      const next = toValues(result);
      setSaved(next);
      setValues((current) => ({
        ...current,
        ...Object.fromEntries(entries.map(({ key }) => [key, next[key]])),
      }));
      setSubmitted(false);
      setServerErrors({});
      // The header, favicon, colours and cookie dialog come from the root loader: load them again.
      await revalidate();
      return true;
    }
    // A 400 names the entry (body/<index>/value) and says what is wrong: show it under that field.
    const error = lastError.current;
    if (error instanceof ApiError && error.status === 400) {
      const details =
        (error.body as { error?: { details?: { path: string; message: string }[] } } | undefined)?.error
          ?.details ?? [];
      const found: Partial<Record<PlatformSettingKey, string>> = {};
      for (const detail of details) {
        const index = Number(/^body\/(\d+)\//.exec(detail.path)?.[1]);
        const key = entries[index]?.key;
        if (key) found[key] = detail.message;
      }
      setServerErrors(found);
      const first = entries.find(({ key }) => found[key]);
      if (first) focusField(first.key);
    }
    return false;
  }

  async function submit(event: FormEvent<HTMLFormElement>, group: SettingsGroup) {
    event.preventDefault();
    setSubmitted(true);
    const changed = changedIn(group);
    const invalid = changed.find((key) => problems[key]);
    if (invalid) {
      focusField(invalid);
      return;
    }
    if (changed.length === 0) return;
    await save(
      changed.map((key) => ({ key, value: values[key] })),
      t('settings.save'),
    );
  }

  async function raiseTerms() {
    const next = String(Number(saved.termsOfUseVersion) + 1);
    const done = await save([{ key: 'termsOfUseVersion', value: next }], t('adminSite.terms.raiseTask'));
    setConfirmTerms(false);
    if (done) setValues((current) => ({ ...current, termsOfUseVersion: next }));
    requestAnimationFrame(() => termsButton.current?.focus());
  }

  const saveBar = (group: SettingsGroup) => {
    const count = changedIn(group).length;
    return (
      <Group justify="flex-end" gap="sm">
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {t('settings.noChanges')}
          </Text>
        ) : null}
        <Button type="submit" loading={busy} disabled={count === 0}>
          {t('settings.save')}
        </Button>
      </Group>
    );
  };

  const number = (
    key: 'headerLogoHeight' | 'headerLogoPadding' | 'notificationClose',
    min: number,
    max: number,
  ) => (
    <NumberInput
      id={fieldId(key)}
      label={t(key === 'notificationClose' ? 'adminSite.notifications.seconds' : `settings.fields.${key}`)}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      value={values[key] === '' ? '' : Number(values[key])}
      onChange={(next) => set(key)(next === '' ? '' : String(next))}
      error={errorOf(key)}
    />
  );

  const cookies = values.cookieCategories
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

  return (
    <Tabs
      value={tab}
      onChange={(next) => {
        if (!next) return;
        const nextParams = new URLSearchParams(params);
        nextParams.set('tab', next);
        setParams(nextParams, { replace: true, preventScrollReset: true });
      }}
      keepMounted={false}
    >
      <Tabs.List className="settings-tabs">
        {GROUP_NAMES.map((group) => (
          <Tabs.Tab key={group} value={group}>
            {t(`adminSite.groups.${group}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>

      <Tabs.Panel value="identity" pt="md">
        <form onSubmit={(event) => submit(event, 'identity')} noValidate>
          <Stack gap="lg">
            <HeaderPreview values={values} />
            <Fieldset legend={t('settings.sections.identity')}>
              <Stack gap="sm">
                <TextInput
                  id={fieldId('platformName')}
                  label={t('settings.fields.platformName')}
                  required
                  value={values.platformName}
                  onChange={(event) => set('platformName')(event.currentTarget.value)}
                  error={errorOf('platformName')}
                />
                <GrowingTextarea
                  id={fieldId('platformDescription')}
                  label={t('settings.fields.platformDescription')}
                  description={t('settings.fields.platformDescriptionHelp')}
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
                <Group grow align="flex-start" wrap="wrap">
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
                    id={fieldId(key)}
                    label={t(`settings.fields.${key}`)}
                    description={t(`settings.fields.${key}Help`)}
                    format="hex"
                    value={values[key]}
                    onChange={set(key)}
                    error={errorOf(key)}
                    eyeDropperButtonProps={{ 'aria-label': t('colorPicker.eyeDropper') }}
                  />
                ))}
              </Stack>
            </Fieldset>
            {saveBar('identity')}
          </Stack>
        </form>
      </Tabs.Panel>

      <Tabs.Panel value="access" pt="md">
        <Stack gap="lg">
          <form onSubmit={(event) => submit(event, 'access')} noValidate>
            <Fieldset legend={t('adminSite.registration.legend')}>
              <Stack gap="sm">
                <Switch
                  id={fieldId('signUpEnabled')}
                  label={t('adminSite.registration.signUpEnabled')}
                  description={t('adminSite.registration.signUpEnabledHelp')}
                  checked={values.signUpEnabled === 'true'}
                  onChange={(event) => set('signUpEnabled')(event.currentTarget.checked ? 'true' : 'false')}
                  error={errorOf('signUpEnabled')}
                />
                {saveBar('access')}
              </Stack>
            </Fieldset>
          </form>
          <Fieldset legend={t('adminSite.terms.legend')}>
            <Stack gap="sm">
              <Text>{t('adminSite.terms.current', { version: saved.termsOfUseVersion })}</Text>
              <Text size="sm" c="dimmed">
                {t('adminSite.terms.help')}
              </Text>
              {serverErrors.termsOfUseVersion ? (
                <Text size="sm" c="red.8" role="alert">
                  {serverErrors.termsOfUseVersion}
                </Text>
              ) : null}
              {termsLinks}
              <Group>
                <Button ref={termsButton} variant="default" onClick={() => setConfirmTerms(true)}>
                  {t('adminSite.terms.raise')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          <Modal
            opened={confirmTerms}
            onClose={() => {
              setConfirmTerms(false);
              requestAnimationFrame(() => termsButton.current?.focus());
            }}
            title={t('adminSite.terms.confirmTitle')}
          >
            <Stack gap="md">
              <Text>
                {t('adminSite.terms.confirmText', {
                  version: Number(saved.termsOfUseVersion) + 1,
                })}
              </Text>
              {termsLinks}
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => {
                    setConfirmTerms(false);
                    requestAnimationFrame(() => termsButton.current?.focus());
                  }}
                  data-autofocus
                >
                  {t('buttons.cancel')}
                </Button>
                <Button color="red.8" loading={busy} onClick={raiseTerms}>
                  {t('adminSite.terms.confirm')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="privacy" pt="md">
        <form onSubmit={(event) => submit(event, 'privacy')} noValidate>
          <Stack gap="lg">
            <Checkbox.Group
              id={fieldId('cookieCategories')}
              label={t('adminSite.cookies.legend')}
              description={t('adminSite.cookies.help')}
              value={cookies}
              onChange={(next) =>
                set('cookieCategories')(
                  OPTIONAL_COOKIES.filter((category) => next.includes(category)).join(','),
                )
              }
              error={errorOf('cookieCategories')}
            >
              <Stack gap="xs" mt="xs">
                <Checkbox value="required" label={t('adminSite.cookies.required')} checked disabled />
                {OPTIONAL_COOKIES.map((category) => (
                  <Checkbox key={category} value={category} label={t(`adminSite.cookies.${category}`)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Switch
              id={fieldId('autoTranslate')}
              label={t('adminSite.autoTranslate.label')}
              description={t('adminSite.autoTranslate.help')}
              checked={values.autoTranslate === 'true'}
              onChange={(event) => set('autoTranslate')(event.currentTarget.checked ? 'true' : 'false')}
              error={errorOf('autoTranslate')}
            />
            {hasTranslationService ? null : (
              <Alert color="orange" title={t('adminSite.autoTranslate.noServiceTitle')}>
                {t('adminSite.autoTranslate.noService')}
              </Alert>
            )}
            {saveBar('privacy')}
          </Stack>
        </form>
      </Tabs.Panel>

      <Tabs.Panel value="notifications" pt="md">
        <form onSubmit={(event) => submit(event, 'notifications')} noValidate>
          <Stack gap="lg">
            <Text size="sm" c="dimmed">
              {t('adminSite.notifications.help')}
            </Text>
            {number('notificationClose', 1, 600)}
            {saveBar('notifications')}
          </Stack>
        </form>
      </Tabs.Panel>

      <Tabs.Panel value="search" pt="md">
        <form onSubmit={(event) => submit(event, 'search')} noValidate>
          <Stack gap="lg">
            <Switch
              id={fieldId('discourageSearchEngines')}
              label={t('adminSite.searchEngines.discourage')}
              description={t('adminSite.searchEngines.discourageHelp')}
              checked={values.discourageSearchEngines === 'true'}
              onChange={(event) =>
                set('discourageSearchEngines')(event.currentTarget.checked ? 'true' : 'false')
              }
              error={errorOf('discourageSearchEngines')}
            />
            <Stack gap={4}>
              <Text size="sm">{t('adminSite.searchEngines.documents')}</Text>
              <Group gap="md">
                <Anchor href="/sitemap.xml" size="sm">
                  {t('adminSite.searchEngines.sitemap')}
                </Anchor>
                <Anchor href="/robots.txt" size="sm">
                  {t('adminSite.searchEngines.robots')}
                </Anchor>
                <Anchor href="/feed.rss" size="sm">
                  {t('adminSite.searchEngines.feed')}
                </Anchor>
              </Group>
            </Stack>
            <Fieldset legend={t('adminSite.searchEngines.securityLegend')}>
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t('adminSite.searchEngines.securityHelp')}
                </Text>
                <TextInput
                  id={fieldId('securityContact')}
                  label={t('adminSite.searchEngines.securityContact')}
                  description={t('adminSite.searchEngines.securityContactHelp')}
                  value={values.securityContact}
                  onChange={(event) => set('securityContact')(event.currentTarget.value)}
                  error={errorOf('securityContact')}
                />
                <DayInput
                  id={fieldId('securityExpires')}
                  name="securityExpires"
                  label={t('adminSite.searchEngines.securityExpires')}
                  description={t('adminSite.searchEngines.securityExpiresHelp')}
                  value={values.securityExpires}
                  onChange={set('securityExpires')}
                  error={errorOf('securityExpires')}
                />
              </Stack>
            </Fieldset>
            {saveBar('search')}
          </Stack>
        </form>
      </Tabs.Panel>

      <Tabs.Panel value="backups" pt="md">
        <form onSubmit={(event) => submit(event, 'backups')} noValidate>
          <Stack gap="lg">
            <Switch
              id={fieldId('backupSchedule')}
              label={t('adminSite.backups.nightly')}
              description={t('adminSite.backups.nightlyHelp')}
              checked={values.backupSchedule === 'nightly'}
              onChange={(event) => set('backupSchedule')(event.currentTarget.checked ? 'nightly' : 'off')}
              error={errorOf('backupSchedule')}
            />
            <NumberInput
              id={fieldId('backupKeep')}
              label={t('adminSite.backups.keep')}
              description={t('adminSite.backups.keepHelp')}
              min={1}
              max={365}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              value={values.backupKeep === '' ? '' : Number(values.backupKeep)}
              onChange={(next) => set('backupKeep')(next === '' ? '' : String(next))}
              error={errorOf('backupKeep')}
            />
            {saveBar('backups')}
          </Stack>
        </form>
        <BackupRuns />
      </Tabs.Panel>

      <Tabs.Panel value="parts" pt="md">
        <Stack gap="sm">
          <Text>{t('adminSite.parts.help')}</Text>
          <Box component="ul" className="settings-parts">
            <li>
              <Anchor component={Link} to="/admin/header-images">
                {t('adminSite.headerImages.title')}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('adminSite.headerImages.description')}
              </Text>
            </li>
            <li>
              <Anchor component={Link} to="/admin/item-types">
                {t('adminSite.itemTypes.title')}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('adminSite.itemTypes.description')}
              </Text>
            </li>
          </Box>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

const toPixels = (value: string, fallback: number) => {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number >= 0 && number <= 240 ? number : fallback;
};

/**
 * A small, faithful rendering of the site's header with the values as typed (before saving): the
 * bar with the logo (or the name) at its height and padding, and the main menu in the main colour
 * at the shade the site uses for it.
 */
function HeaderPreview({ values }: { values: Values }) {
  const { t } = useTranslation();
  const logoHeight = toPixels(values.headerLogoHeight, 72);
  const logoPadding = Math.min(toPixels(values.headerLogoPadding, 8), 64);
  const color = /^#[0-9a-f]{6}$/i.test(values.colorScheme)
    ? values.colorScheme
    : PLATFORM_SETTINGS.colorScheme.default;
  const colors = colorTuple(color);
  const menuColor = colors[readablePrimaryShade(colors)];
  const logoUrl = values.headerLogo ? mediaUrl(values.headerLogo, { height: logoHeight * 2 }) : null;
  return (
    <Box component="figure" className="settings-preview" m={0} aria-labelledby="settings-preview-caption">
      <Text id="settings-preview-caption" component="figcaption" size="sm" fw={600} mb={4}>
        {t('adminSite.preview.caption')}
      </Text>
      <div className="settings-preview-frame" data-testid="header-preview">
        <div
          className="settings-preview-bar"
          style={{ paddingBlock: `${logoPadding}px`, minHeight: 56 } as CSSProperties}
        >
          {logoUrl ? (
            <img src={logoUrl} alt={values.platformName} style={{ height: logoHeight, width: 'auto' }} />
          ) : (
            <span className="site-name">{values.platformName}</span>
          )}
        </div>
        <div className="settings-preview-menu" style={{ background: menuColor }} data-color={color}>
          <span>{t('adminSite.preview.menuItem', { number: 1 })}</span>
          <span>{t('adminSite.preview.menuItem', { number: 2 })}</span>
        </div>
      </div>
    </Box>
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
    <Stack gap={4} id={fieldId(settingKey)} tabIndex={-1}>
      <LibraryImageField
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
