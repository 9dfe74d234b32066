import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import type { FormField } from '../../../../common/forms/definition';
import {
  FORM_ACTION_KINDS,
  FORM_AUDIENCES,
  FORM_VISIBILITY,
  type FormSettings,
  formSettingsSchema,
} from '../../../../common/forms/settings';
import { issueMessage } from '../../../../common/issues';
import { useTranslation } from '../../../i18n';
import { SiteDates, usePickerProps, useTimeProps } from '../../dates';
import { adminQueries } from '../queries';
import { ListItemSettings } from './ListItemSettings';
import '../../../i18n/admin';
import '../../../i18n/dates';
import { GrowingTextarea } from '../../GrowingTextarea';

/** The picker works in the browser's local time ('YYYY-MM-DD HH:mm:ss'); the form stores ISO moments. */
const toPicker = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null);
const fromPicker = (value: string | null) => (value ? dayjs(value).toISOString() : null);

/**
 * Who may fill the form in and when (SPEC 3 and 4), how often, and what a submission does. Saved
 * on its own (not versioned): closing a form acts at once on the version visitors see.
 */
export function SettingsPanel({
  initial,
  questions,
  namedRoles,
  canChangeRights,
  serverErrors,
  onSave,
}: {
  initial: FormSettings;
  /** The saved draft's questions (a list item's title and description come from them). */
  questions: readonly FormField[];
  /** The roles the settings name, with their names (the form's `roles`). */
  namedRoles: readonly { guid: string; name: string }[];
  /**
   * Whether the user chooses who works on the form and lists every role (admins). Others see the
   * roles the form names and keep them as they are.
   */
  canChangeRights: boolean;
  serverErrors: Record<string, string>;
  onSave(settings: FormSettings): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const picker = usePickerProps();
  const time = useTimeProps();
  const roles = useQuery({ ...adminQueries.roles, enabled: canChangeRights });
  // Forms saved before the list item setting existed have none.
  const [settings, setSettings] = useState<FormSettings>({ ...initial, listItem: initial.listItem ?? null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FormSettings>) => setSettings((current) => ({ ...current, ...patch }));
  const error = (key: string) => errors[key] ?? serverErrors[`body/settings/${key.replaceAll('.', '/')}`];
  const roleData = (roles.data ?? namedRoles).map((role) => ({ value: role.guid, label: role.name }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = formSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      // The first problem of each field, in the user's language.
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const message = issueMessage(issue as never);
        found[issue.path.join('.')] ??= t(message.key, message.params ?? {});
      }
      setErrors(found);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.form-settings [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    await onSave(parsed.data);
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate className="form-settings">
      <Stack gap="lg" maw={760}>
        <Stack gap="xs">
          <Text fw={600} component="h3" size="md" m={0}>
            {t('adminForms.settings.when')}
          </Text>
          <SegmentedControl
            aria-label={t('adminForms.settings.state')}
            data={FORM_VISIBILITY.map((value) => ({ value, label: t(`adminForms.states.${value}`) }))}
            value={settings.state}
            onChange={(state) => set({ state: state as FormSettings['state'] })}
          />
          <Text size="sm" c="dimmed">
            {t(`adminForms.settings.stateHint.${settings.state}`)}
          </Text>
          {settings.state === 'Custom' ? (
            <SiteDates language={i18n.language}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <DateTimePicker
                  {...picker('openDate')}
                  {...time}
                  placeholder={t('dates.choose')}
                  label={t('adminForms.columns.openDate')}
                  value={toPicker(settings.openDate)}
                  valueFormat="DD-MM-YYYY HH:mm"
                  clearable
                  error={error('openDate')}
                  onChange={(value) => set({ openDate: fromPicker(value) })}
                />
                <DateTimePicker
                  {...picker('closeDate')}
                  {...time}
                  placeholder={t('dates.choose')}
                  label={t('adminForms.columns.closeDate')}
                  value={toPicker(settings.closeDate)}
                  valueFormat="DD-MM-YYYY HH:mm"
                  clearable
                  error={error('closeDate')}
                  onChange={(value) => set({ closeDate: fromPicker(value) })}
                />
              </SimpleGrid>
            </SiteDates>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <GrowingTextarea
              label={t('adminForms.settings.closingMessage', { language: 'NL' })}
              minRows={2}
              value={settings.closingMessage?.nl ?? ''}
              onChange={(event) =>
                set({
                  closingMessage: {
                    ...(settings.closingMessage ?? { nl: '' }),
                    nl: event.currentTarget.value,
                  },
                })
              }
            />
            <GrowingTextarea
              label={t('adminForms.settings.closingMessage', { language: 'EN' })}
              minRows={2}
              value={settings.closingMessage?.en ?? ''}
              onChange={(event) =>
                set({
                  closingMessage: {
                    ...(settings.closingMessage ?? { nl: '' }),
                    en: event.currentTarget.value,
                  },
                })
              }
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="xs">
          <Text fw={600} component="h3" size="md" m={0}>
            {t('adminForms.settings.who')}
          </Text>
          <Select
            label={t('adminForms.settings.audience')}
            allowDeselect={false}
            data={FORM_AUDIENCES.map((value) => ({ value, label: t(`adminForms.audiences.${value}`) }))}
            value={settings.audience}
            onChange={(audience) => set({ audience: (audience ?? 'Public') as FormSettings['audience'] })}
          />
          {settings.audience === 'Roles' ? (
            <MultiSelect
              label={t('adminForms.settings.audienceRoles')}
              data={roleData}
              value={settings.audienceRoleIds}
              error={error('audienceRoleIds')}
              searchable
              onChange={(audienceRoleIds) => set({ audienceRoleIds })}
            />
          ) : null}
          <Switch
            label={t('adminForms.settings.onePerPerson')}
            description={t('adminForms.settings.onePerPersonHint')}
            checked={settings.onePerPerson}
            onChange={(event) => set({ onePerPerson: event.currentTarget.checked })}
          />
          <NumberInput
            label={t('adminForms.settings.maxSubmissions')}
            description={t('adminForms.settings.maxSubmissionsHint')}
            min={1}
            allowDecimal={false}
            value={settings.maxSubmissions ?? ''}
            error={error('maxSubmissions')}
            onChange={(value) => set({ maxSubmissions: typeof value === 'number' ? value : null })}
          />
        </Stack>

        <Stack gap="xs">
          <Text fw={600} component="h3" size="md" m={0}>
            {t('adminForms.settings.what')}
          </Text>
          <Checkbox.Group
            label={t('adminForms.settings.actions')}
            value={settings.actions}
            error={error('actions')}
            onChange={(actions) => set({ actions: actions as FormSettings['actions'] })}
          >
            <Group gap="lg" mt={4}>
              {FORM_ACTION_KINDS.map((kind) => (
                <Checkbox key={kind} value={kind} label={t(`adminForms.actionKinds.${kind}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          {settings.actions.includes('Notify') ? (
            <>
              <TagsInput
                label={t('adminForms.settings.notifyEmails')}
                description={t('adminForms.settings.notifyEmailsHint')}
                value={settings.notifyEmails}
                error={
                  error('notifyEmails') ??
                  Object.entries(errors).find(([key]) => key.startsWith('notifyEmails.'))?.[1]
                }
                onChange={(notifyEmails) => set({ notifyEmails })}
              />
              <MultiSelect
                label={t('adminForms.settings.notifyRoles')}
                data={roleData}
                value={settings.notifyRoleIds}
                searchable
                onChange={(notifyRoleIds) => set({ notifyRoleIds })}
              />
              <Switch
                label={t('adminForms.settings.copyToSubmitter')}
                description={t('adminForms.settings.copyToSubmitterHint')}
                checked={settings.copyToSubmitter}
                onChange={(event) => set({ copyToSubmitter: event.currentTarget.checked })}
              />
            </>
          ) : null}
          <NumberInput
            label={t('adminForms.settings.retentionDays')}
            description={t('adminForms.settings.retentionDaysHint')}
            min={1}
            max={3650}
            allowDecimal={false}
            value={settings.retentionDays ?? ''}
            error={error('retentionDays')}
            onChange={(value) => set({ retentionDays: typeof value === 'number' ? value : null })}
          />
        </Stack>

        <Stack gap="xs">
          <Text fw={600} component="h3" size="md" m={0}>
            {t('adminForms.settings.rights')}
          </Text>
          <MultiSelect
            label={t('adminForms.settings.editorRoles')}
            description={t(
              canChangeRights
                ? 'adminForms.settings.editorRolesHint'
                : 'adminForms.settings.editorRolesAdminsOnly',
            )}
            data={roleData}
            value={settings.editorRoleIds}
            error={error('editorRoleIds')}
            searchable
            disabled={!canChangeRights}
            onChange={(editorRoleIds) => set({ editorRoleIds })}
          />
          <Switch
            label={t('adminForms.settings.acceptsSubmissionsOffPage')}
            description={t('adminForms.settings.acceptsSubmissionsOffPageHint')}
            checked={settings.acceptsSubmissionsOffPage}
            onChange={(event) => set({ acceptsSubmissionsOffPage: event.currentTarget.checked })}
          />
        </Stack>

        <ListItemSettings
          value={settings.listItem}
          questions={questions}
          error={error}
          onChange={(listItem) => set({ listItem })}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t('adminForms.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
