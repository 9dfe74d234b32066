import { Button, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { type ApplicationUser, accountQueries, type PropertyDefinitionView } from '../../account/queries';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { ImageUpload } from '../media/ImageUpload';
import { PropertyField } from './PropertyField';
import { QueryState } from './QueryState';
import { UserAvatar } from './UserAvatar';
import '../../i18n/account';

/** Sections of the profile tab; the preferences section has its own tab. */
function groupBySection(definitions: PropertyDefinitionView[]) {
  const sections = new Map<string, PropertyDefinitionView[]>();
  for (const definition of definitions) {
    if (definition.category !== 'profile' || definition.section === 'preferences') continue;
    const list = sections.get(definition.section) ?? [];
    list.push(definition);
    sections.set(definition.section, list);
  }
  return [...sections.entries()];
}

export function ProfilePanel() {
  const profile = useQuery(accountQueries.profile);
  const properties = useQuery(accountQueries.properties);
  return (
    <QueryState query={profile}>
      {(user) => (
        <QueryState query={properties}>
          {(definitions) => <ProfileForm key={user.guid} user={user} definitions={definitions} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function ProfileForm({
  user,
  definitions,
}: {
  user: ApplicationUser;
  definitions: PropertyDefinitionView[];
}) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  const [names, setNames] = useState({
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
  });
  const initialValues = useMemo(
    () => Object.fromEntries(user.properties.map((property) => [property.key, property.value])),
    [user.properties],
  );
  const [values, setValues] = useState<Record<string, string>>(initialValues);
  const [busy, setBusy] = useState(false);
  const sections = groupBySection(definitions);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changed = sections
      .flatMap(([, list]) => list)
      // Photos are saved the moment they are uploaded (ProfilePhotoField), not with the form.
      .filter((definition) => definition.inputType !== 'readonly' && definition.inputType !== 'image')
      .filter((definition) => (values[definition.key] ?? '') !== (initialValues[definition.key] ?? ''))
      .map((definition) => ({ key: definition.key, value: values[definition.key] ?? '' }));
    setBusy(true);
    const saved = await run(t('account.profile.save'), () =>
      unwrap(
        api.PUT('/api/profiles:loggedIn', {
          body: { ...names, ...(changed.length > 0 ? { properties: changed } : {}) },
        }),
      ),
    );
    setBusy(false);
    if (saved) {
      queryClient.setQueryData(accountQueries.profile.queryKey, saved);
      await revalidate();
    }
  }

  const setName = (key: keyof typeof names) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setNames((current) => ({ ...current, [key]: value }));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('account.profile.name')}>
          <Stack gap="sm">
            <TextInput
              label={t('auth.firstName')}
              autoComplete="given-name"
              value={names.firstName}
              onChange={setName('firstName')}
            />
            <TextInput
              label={t('account.profile.middleName')}
              autoComplete="additional-name"
              value={names.middleName}
              onChange={setName('middleName')}
            />
            <TextInput
              label={t('auth.lastName')}
              autoComplete="family-name"
              value={names.lastName}
              onChange={setName('lastName')}
            />
          </Stack>
        </Fieldset>
        {sections.map(([section, list]) => (
          <Fieldset key={section} legend={t(`account.sections.${section}`, { defaultValue: section })}>
            <Stack gap="sm">
              {list.map((definition) =>
                definition.inputType === 'image' ? (
                  <ProfilePhotoField
                    key={definition.key}
                    definition={definition}
                    person={{ ...names, email: user.email }}
                    value={values[definition.key] ?? ''}
                    onSaved={(value) => setValues((current) => ({ ...current, [definition.key]: value }))}
                  />
                ) : (
                  <PropertyField
                    key={definition.key}
                    definition={definition}
                    value={values[definition.key] ?? definition.defaultValue ?? ''}
                    onChange={(value) => setValues((current) => ({ ...current, [definition.key]: value }))}
                  />
                ),
              )}
            </Stack>
          </Fieldset>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('account.update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A photo property (the profile photo): uploaded as a profile image and saved at once, so the
 * avatar on this page and in the user menu shows it without a separate save.
 */
function ProfilePhotoField({
  definition,
  person,
  value,
  onSaved,
}: {
  definition: PropertyDefinitionView;
  person: { firstName: string; lastName: string; email: string };
  value: string;
  onSaved: (value: string) => void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function save(guid: string | null) {
    setBusy(true);
    const saved = await run(t('media.profile.save'), () =>
      unwrap(
        api.PUT('/api/profiles:loggedIn', {
          body: { properties: [{ key: definition.key, value: guid ?? '' }] },
        }),
      ),
    );
    setBusy(false);
    if (saved) {
      onSaved(guid ?? '');
      queryClient.setQueryData(accountQueries.profile.queryKey, saved);
      await revalidate();
    }
  }

  return (
    <Group gap="md" align="flex-start" wrap="nowrap" className="profile-photo-field">
      <UserAvatar person={{ ...person, photoGuid: value || null }} size="xl" />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ImageUpload
          purpose="profile"
          value={value || null}
          onChange={(guid) => void save(guid)}
          label={definition.label}
          description={t('media.profile.description')}
          disabled={busy}
        />
      </div>
    </Group>
  );
}
