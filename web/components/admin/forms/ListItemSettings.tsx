import { Alert, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormField } from '../../../../common/forms/definition';
import {
  type FormListItemField,
  type FormListItemSettings,
  fitsListItemField,
} from '../../../../common/forms/settings';
import { type Locale, pickLocale } from '../../../../common/localized-text';
import { errorMessage } from '../../../account/tasks';
import { api, unwrap } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { loadItemTypes } from '../../lists/item-api';
import '../../../i18n/admin';

const listBlocksQuery = {
  queryKey: ['blocks', 'list'] as const,
  queryFn: () =>
    unwrap(api.GET('/api/buildingblockinstance', { params: { query: { buildingBlockName: 'list' } } })),
};
const itemTypesQuery = { queryKey: ['listItemTypes'] as const, queryFn: loadItemTypes };

/**
 * "Create a list item" (issue 11): whether each submission also becomes an unpublished item of a
 * list, which list and type, and which questions of the saved draft give its title, description
 * and image (only questions of a fitting kind are offered; the server checks the same).
 */
export function ListItemSettings({
  value,
  questions,
  error,
  onChange,
}: {
  value: FormListItemSettings | null;
  /** The saved draft's questions: what the server checks the mapping against. */
  questions: readonly FormField[];
  error(path: string): string | undefined;
  onChange(value: FormListItemSettings | null): void;
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'nl';
  const isOn = value !== null;
  const lists = useQuery({ ...listBlocksQuery, enabled: isOn });
  const types = useQuery({ ...itemTypesQuery, enabled: isOn });
  // Switching off and on again brings back what was chosen.
  const [remembered, setRemembered] = useState<FormListItemSettings | null>(value);

  const fitting = (field: FormListItemField) =>
    questions
      .filter((question) => fitsListItemField(field, question))
      .map((question) => ({
        value: question.key,
        label: `${pickLocale(question.label, locale) || question.key} (${question.key})`,
      }));
  const titleOptions = fitting('titleField');
  const listOptions = (lists.data ?? []).map((block) => ({
    value: block.guid,
    label: `${block.title || t('adminForms.settings.untitledList')} (${block.pageTitle})`,
  }));
  const typeOptions = (types.data ?? []).map((type) => ({
    value: type.name,
    label: type.label || type.name,
  }));
  if (value?.listItemTypeName && !typeOptions.some((option) => option.value === value.listItemTypeName)) {
    typeOptions.push({ value: value.listItemTypeName, label: value.listItemTypeName });
  }

  function toggle(checked: boolean) {
    if (!checked) {
      setRemembered(value);
      onChange(null);
      return;
    }
    onChange(
      remembered ?? {
        blockGuid: '',
        listItemTypeName: types.data?.[0]?.name ?? '',
        titleField: titleOptions[0]?.value ?? '',
        descriptionField: null,
        imageField: null,
      },
    );
  }
  const change = (patch: Partial<FormListItemSettings>) => {
    if (value) onChange({ ...value, ...patch });
  };

  return (
    <Stack gap="xs">
      <Text fw={600} component="h3" size="md" m={0}>
        {t('adminForms.settings.listItem')}
      </Text>
      <Switch
        label={t('adminForms.settings.listItemSwitch')}
        description={t('adminForms.settings.listItemHint')}
        checked={isOn}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {value ? (
        <>
          {titleOptions.length === 0 ? (
            <Alert variant="light" color="yellow">
              {t('adminForms.settings.listItemNoQuestions')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('adminForms.settings.listItemList')}
              description={t('adminForms.settings.listItemListHint')}
              placeholder={lists.isPending ? t('table.loading') : t('adminForms.settings.choose')}
              required
              // Choosing the chosen option again keeps it (a required choice is not cleared by a click).
              allowDeselect={false}
              searchable
              nothingFoundMessage={t('table.noRecords')}
              data={listOptions}
              value={value.blockGuid || null}
              error={
                error('listItem.blockGuid') ??
                (lists.error ? errorMessage(lists.error, t('status.error.title')) : undefined)
              }
              onChange={(blockGuid) => change({ blockGuid: blockGuid ?? '' })}
            />
            <Select
              label={t('adminForms.settings.listItemType')}
              placeholder={types.isPending ? t('table.loading') : t('adminForms.settings.choose')}
              required
              allowDeselect={false}
              searchable
              nothingFoundMessage={t('table.noRecords')}
              data={typeOptions}
              value={value.listItemTypeName || null}
              error={error('listItem.listItemTypeName')}
              onChange={(listItemTypeName) => change({ listItemTypeName: listItemTypeName ?? '' })}
            />
            <Select
              label={t('adminForms.settings.listItemTitle')}
              description={t('adminForms.settings.listItemTitleHint')}
              placeholder={t('adminForms.settings.choose')}
              required
              allowDeselect={false}
              data={titleOptions}
              value={value.titleField || null}
              error={error('listItem.titleField')}
              onChange={(titleField) => change({ titleField: titleField ?? '' })}
            />
            <Select
              label={t('adminForms.settings.listItemDescription')}
              placeholder={t('adminForms.settings.listItemNoDescription')}
              clearable
              data={fitting('descriptionField')}
              value={value.descriptionField}
              error={error('listItem.descriptionField')}
              onChange={(descriptionField) => change({ descriptionField })}
            />
            <Select
              label={t('adminForms.settings.listItemImage')}
              description={t('adminForms.settings.listItemImageHint')}
              placeholder={t('adminForms.settings.listItemNoImage')}
              clearable
              data={fitting('imageField')}
              // Settings saved before the image existed have none.
              value={value.imageField ?? null}
              error={error('listItem.imageField')}
              onChange={(imageField) => change({ imageField })}
            />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
