import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import {
  DEFINABLE_INPUT_TYPES,
  PROPERTY_CATEGORIES,
  type PropertyCategory,
  propertyKeyProblem,
} from '../../../common/profile-properties';
import { accountQueries } from '../../account/queries';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { isChanged, useCloseGuard } from '../close-guard';
import { type AdminPropertyDefinition, adminQueries, focusHeadingAfterDialog } from './queries';
import '../../i18n/admin';

type Option = { value: string; nl: string; en: string };
type Draft = {
  key: string;
  labelNl: string;
  labelEn: string;
  category: PropertyCategory;
  section: string;
  subsection: string;
  inputType: string;
  isRequired: boolean;
  visibleFor: 'self' | 'user';
  isMettOnly: boolean;
  options: Option[];
};

const EMPTY: Draft = {
  key: '',
  labelNl: '',
  labelEn: '',
  category: 'profile',
  section: '',
  subsection: '',
  inputType: 'text',
  isRequired: false,
  visibleFor: 'self',
  isMettOnly: false,
  options: [],
};

function draftOf(definition: AdminPropertyDefinition): Draft {
  return {
    key: definition.key,
    labelNl: definition.label.nl,
    labelEn: definition.label.en,
    category: definition.category,
    section: definition.section,
    subsection: definition.subsection,
    inputType: definition.inputType,
    isRequired: definition.isRequired,
    visibleFor: definition.visibleFor,
    isMettOnly: definition.isMettOnly,
    options: definition.options.map((option) => ({
      value: option.value,
      nl: option.label.nl,
      en: option.label.en,
    })),
  };
}

/** A definition changed: the admin list and every account page's definitions refresh at once. */
function useRefreshDefinitions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminQueries.propertyDefinitions.queryKey }),
      queryClient.invalidateQueries({ queryKey: accountQueries.properties.queryKey }),
      queryClient.invalidateQueries({ queryKey: accountQueries.profile.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    ]);
}

/** Create or edit a definition; a built-in keeps its key and its kind of field. */
export function PropertyDialog({
  opened,
  definition,
  onClose,
}: {
  opened: boolean;
  definition: AdminPropertyDefinition | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const refresh = useRefreshDefinitions();
  const own = useQuery({ ...accountQueries.profile, enabled: opened });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!opened) return;
    setDraft(definition ? draftOf(definition) : EMPTY);
    setErrors({});
  }, [opened, definition]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const isBuiltIn = definition?.isBuiltIn ?? false;
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const { close, closeOnEscape, question } = useCloseGuard(
    opened && isChanged(draft, definition ? draftOf(definition) : EMPTY),
    onClose,
  );
  const inputTypes = isBuiltIn ? [definition!.inputType] : DEFINABLE_INPUT_TYPES;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (propertyKeyProblem(draft.key)) problems.key = t('validation.propertyKey');
    if (!draft.labelNl.trim()) problems.labelNl = t('validation.required');
    if (draft.inputType === 'select' && draft.options.length === 0)
      problems.options = t('validation.optionsRequired');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = {
      key: draft.key,
      label: { nl: draft.labelNl.trim(), en: draft.labelEn.trim() },
      category: draft.category,
      section: draft.section.trim(),
      subsection: draft.subsection.trim(),
      inputType: draft.inputType as (typeof DEFINABLE_INPUT_TYPES)[number],
      isRequired: draft.isRequired,
      visibleFor: draft.visibleFor,
      isMettOnly: draft.isMettOnly,
      options:
        draft.inputType === 'select'
          ? draft.options.map((option) => ({
              value: option.value.trim(),
              label: { nl: option.nl.trim(), en: option.en.trim() },
            }))
          : [],
      ...(definition
        ? { sectionSortOrdinal: definition.sectionSortOrdinal, sortOrdinal: definition.sortOrdinal }
        : {}),
    };
    let fieldErrors: Record<string, string> = {};
    const saved = await run(t('adminPeople.properties.saveTask', { label: body.label.nl }), async () => {
      try {
        const result = definition
          ? await unwrap(
              api.PUT('/api/profilepropertydefinitions/{key}', {
                params: { path: { key: definition.key } },
                body,
              }),
            )
          : await unwrap(api.POST('/api/profilepropertydefinitions', { body }));
        await refresh();
        return result;
      } catch (error) {
        if (error instanceof ApiError) {
          const details = (error.body as { error?: { details?: { path: string; message: string }[] } })?.error
            ?.details;
          fieldErrors = Object.fromEntries(
            (details ?? []).map((detail) => [
              detail.path.replace(/^body\//, '').split('/')[0] ?? '',
              detail.message,
            ]),
          );
        }
        throw error;
      }
    });
    if (saved) onClose();
    else setErrors(fieldErrors);
  }

  const options = draft.options;
  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={closeOnEscape}
      size="lg"
      title={t(definition ? 'adminPeople.properties.editTitle' : 'adminPeople.properties.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              data-autofocus
              required
              label={t('adminPeople.properties.fields.labelNl')}
              value={draft.labelNl}
              error={errors.labelNl ?? errors.label}
              onChange={(event) => set('labelNl', event.currentTarget.value)}
            />
            <TextInput
              label={t('adminPeople.properties.fields.labelEn')}
              value={draft.labelEn}
              onChange={(event) => set('labelEn', event.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            required
            label={t('adminPeople.properties.fields.key')}
            description={t('adminPeople.properties.fields.keyHint')}
            value={draft.key}
            readOnly={isBuiltIn}
            error={errors.key}
            onChange={(event) => set('key', event.currentTarget.value)}
            autoComplete="off"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('adminPeople.properties.fields.category')}
              data={PROPERTY_CATEGORIES.map((category) => ({
                value: category,
                label: t(`adminPeople.properties.categories.${category}`),
              }))}
              value={draft.category}
              allowDeselect={false}
              onChange={(value) => value && set('category', value as PropertyCategory)}
            />
            <TextInput
              label={t('adminPeople.properties.fields.section')}
              value={draft.section}
              error={errors.section}
              onChange={(event) => set('section', event.currentTarget.value)}
            />
            <TextInput
              label={t('adminPeople.properties.fields.subsection')}
              value={draft.subsection}
              error={errors.subsection}
              onChange={(event) => set('subsection', event.currentTarget.value)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('adminPeople.properties.fields.inputType')}
              data={inputTypes.map((type) => ({
                value: type,
                label: t(`adminPeople.properties.inputTypes.${type}`),
              }))}
              value={draft.inputType}
              allowDeselect={false}
              disabled={isBuiltIn}
              error={errors.inputType}
              onChange={(value) => value && set('inputType', value)}
            />
            <Select
              label={t('adminPeople.properties.fields.visibleFor')}
              data={(['self', 'user'] as const).map((value) => ({
                value,
                label: t(`adminPeople.properties.visibleFor.${value}`),
              }))}
              value={draft.visibleFor}
              allowDeselect={false}
              onChange={(value) => value && set('visibleFor', value as 'self' | 'user')}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label={t('adminPeople.properties.fields.isRequired')}
              checked={draft.isRequired}
              onChange={(event) => set('isRequired', event.currentTarget.checked)}
            />
            {own.data?.isMett ? (
              <Checkbox
                label={t('adminPeople.properties.fields.isMettOnly')}
                checked={draft.isMettOnly}
                onChange={(event) => set('isMettOnly', event.currentTarget.checked)}
              />
            ) : null}
          </Group>
          {draft.inputType === 'select' ? (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600} size="sm" mb={4}>
                {t('adminPeople.properties.fields.options')}
              </Text>
              <Stack gap="xs">
                {options.map((option, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: options have no id until saved; their position is their identity while editing
                  <Group key={index} gap="xs" align="flex-end" wrap="wrap">
                    <TextInput
                      size="xs"
                      label={t('adminPeople.properties.fields.optionValue')}
                      value={option.value}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        set(
                          'options',
                          options.map((item, at) => (at === index ? { ...item, value } : item)),
                        );
                      }}
                    />
                    <TextInput
                      size="xs"
                      label={t('adminPeople.properties.fields.optionLabelNl')}
                      value={option.nl}
                      onChange={(event) => {
                        const nl = event.currentTarget.value;
                        set(
                          'options',
                          options.map((item, at) => (at === index ? { ...item, nl } : item)),
                        );
                      }}
                    />
                    <TextInput
                      size="xs"
                      label={t('adminPeople.properties.fields.optionLabelEn')}
                      value={option.en}
                      onChange={(event) => {
                        const en = event.currentTarget.value;
                        set(
                          'options',
                          options.map((item, at) => (at === index ? { ...item, en } : item)),
                        );
                      }}
                    />
                    <ActionIcon
                      variant="light"
                      color="red"
                      size="lg"
                      aria-label={t('adminPeople.properties.fields.removeOption', { index: index + 1 })}
                      onClick={() =>
                        set(
                          'options',
                          options.filter((_item, at) => at !== index),
                        )
                      }
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
                {errors.options ? (
                  <Text size="sm" c="red">
                    {errors.options}
                  </Text>
                ) : null}
                <Button
                  size="xs"
                  variant="light"
                  w="fit-content"
                  onClick={() => set('options', [...options, { value: '', nl: '', en: '' }])}
                >
                  {t('adminPeople.properties.fields.addOption')}
                </Button>
              </Stack>
            </fieldset>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit">{t(definition ? 'buttons.update' : 'buttons.create')}</Button>
          </Group>
        </Stack>
      </form>
      {question}
    </Modal>
  );
}

/** Delete a site property: says how many users filled it in (those values go too). */
export function PropertyDeleteDialog({
  definition,
  onClose,
}: {
  definition: AdminPropertyDefinition | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const refresh = useRefreshDefinitions();
  const label = definition?.label.nl ?? '';
  async function remove() {
    if (!definition) return;
    const done = await run(t('adminPeople.properties.deleteTask', { label }), async () => {
      await unwrap(
        api.DELETE('/api/profilepropertydefinitions/{key}', { params: { path: { key: definition.key } } }),
      );
      await refresh();
      return true;
    });
    if (done) {
      onClose();
      focusHeadingAfterDialog();
    }
  }
  return (
    <Modal
      opened={definition !== null}
      onClose={onClose}
      title={t('adminPeople.properties.deleteTitle', { label })}
    >
      <Stack gap="sm">
        <Alert color={definition?.valueCount ? 'orange' : 'gray'}>
          {t('adminPeople.properties.deleteText', { count: definition?.valueCount ?? 0 })}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('buttons.cancel')}
          </Button>
          <Button color="red" onClick={() => void remove()}>
            {t('buttons.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
