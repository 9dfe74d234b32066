import { MultiSelect, NumberInput, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ADD_PERMISSIONS,
  type AddPermission,
  type BlockPermissions,
} from '../../../common/blocks/permissions';
import { LIST_SORT_KEYS, MAX_ITEMS_PER_PAGE } from '../../../common/list-items';
import { useViewer } from '../../account/viewer';
import { adminQueries } from '../../components/admin/queries';
import { useTranslation } from '../../i18n';
import {
  type BlockEditor,
  type ContentEditorProps,
  ContentTextField,
  contentError,
  type FieldErrors,
  type OptionsDraft,
  OptionsSection,
} from '../editor-kit';
import { ParentPicker } from './ParentPicker';
import '../../i18n/editor';

/** A list's (or widget's) only content: its title in one language. */
export function ListTitleContent({ locale, value, errors, onChange }: ContentEditorProps<'list' | 'widget'>) {
  const { t } = useTranslation();
  return (
    <ContentTextField
      label={t('blockEditor.fields.title')}
      value={value.title}
      error={contentError(errors, locale, 'title')}
      onChange={(title) => onChange({ ...value, title })}
    />
  );
}

type ListOptionsDraft = OptionsDraft<'list'>;

/** The options lists and widgets share (listBlockOptionsSchema in common/list-item-schemas). */
export function ListOptionsFields({
  options,
  errors,
  setOptions,
  maxPerPage,
}: {
  options: ListOptionsDraft;
  errors: FieldErrors;
  setOptions(changes: Partial<ListOptionsDraft>): void;
  maxPerPage: number;
}) {
  const { t } = useTranslation();
  const sortKeys = LIST_SORT_KEYS.map((key) => ({ value: key, label: t(`blockEditor.sortKeys.${key}`) }));
  const toggle = (
    key: 'showExpiredItemsByDefault' | 'hasActiveItems' | 'highlightOnly' | 'lazyLoad',
    label: string,
  ) => (
    <Switch
      label={label}
      checked={options[key] === true}
      onChange={(event) => setOptions({ [key]: event.currentTarget.checked })}
    />
  );
  return (
    <Stack gap="sm">
      <NumberInput
        label={t('blockEditor.fields.itemsPerPage')}
        min={1}
        max={maxPerPage}
        allowDecimal={false}
        value={options.defaultItemsPerPage ?? ''}
        error={errors.defaultItemsPerPage}
        onChange={(value) =>
          setOptions({ defaultItemsPerPage: typeof value === 'number' ? value : undefined })
        }
      />
      <Select
        label={t('blockEditor.fields.sortOrder')}
        data={(['automatic', 'manual'] as const).map((value) => ({
          value,
          label: t(`blockEditor.sortOrders.${value}`),
        }))}
        value={options.sortOrder ?? 'automatic'}
        allowDeselect={false}
        onChange={(value) => value && setOptions({ sortOrder: value as 'automatic' | 'manual' })}
      />
      <Select
        label={t('blockEditor.fields.defaultSortBy')}
        data={sortKeys}
        value={options.defaultSortBy ?? null}
        error={errors.defaultSortBy}
        allowDeselect={false}
        onChange={(value) =>
          value && setOptions({ defaultSortBy: value as ListOptionsDraft['defaultSortBy'] })
        }
      />
      <Select
        label={t('blockEditor.fields.nestedSortOrder')}
        data={sortKeys}
        value={options.nestedSortOrder ?? null}
        allowDeselect={false}
        onChange={(value) =>
          value && setOptions({ nestedSortOrder: value as ListOptionsDraft['nestedSortOrder'] })
        }
      />
      <NumberInput
        label={t('blockEditor.fields.recentForDays')}
        description={t('blockEditor.fields.recentForDaysHint')}
        min={1}
        max={36500}
        allowDecimal={false}
        value={options.itemsRecentForDays ?? ''}
        error={errors.itemsRecentForDays}
        onChange={(value) => setOptions({ itemsRecentForDays: typeof value === 'number' ? value : null })}
      />
      <ParentPicker
        value={options.defaultParentGuids ?? []}
        error={errors.defaultParentGuids}
        onChange={(defaultParentGuids) => setOptions({ defaultParentGuids })}
      />
      <TextInput
        label={t('blockEditor.fields.filter')}
        value={options.filter ?? ''}
        error={errors.filter}
        onChange={(event) => setOptions({ filter: event.currentTarget.value })}
      />
      {toggle('showExpiredItemsByDefault', t('blockEditor.fields.showExpired'))}
      {toggle('hasActiveItems', t('blockEditor.fields.activeOnly'))}
      {toggle('highlightOnly', t('blockEditor.fields.highlightOnly'))}
      {toggle('lazyLoad', t('blockEditor.fields.lazyLoad'))}
    </Stack>
  );
}

/** SPEC 6: who may add items to this list (admins and the page's editors always may). */
export function PermissionsFields({
  permissions,
  onChange,
}: {
  permissions: BlockPermissions;
  onChange(permissions: BlockPermissions): void;
}) {
  const { t } = useTranslation();
  const isAdmin = useViewer()?.isAdmin === true;
  const isRolesMode = permissions.addPermission === 'roles';
  // Only admins may read the roles; others type role ids (the list stays as it is stored).
  const roles = useQuery({ ...adminQueries.roles, enabled: isAdmin && isRolesMode });
  return (
    <Stack gap="sm">
      <Select
        label={t('blockEditor.fields.addPermission')}
        data={ADD_PERMISSIONS.map((value) => ({ value, label: t(`blockEditor.addPermissions.${value}`) }))}
        value={permissions.addPermission}
        allowDeselect={false}
        onChange={(value) => value && onChange({ ...permissions, addPermission: value as AddPermission })}
      />
      {isRolesMode ? (
        roles.data ? (
          <MultiSelect
            label={t('blockEditor.fields.addRoles')}
            data={roles.data.map((role) => ({ value: role.guid, label: role.name }))}
            value={permissions.addRoles}
            searchable
            onChange={(addRoles) => onChange({ ...permissions, addRoles })}
          />
        ) : (
          <TagsInput
            label={t('blockEditor.fields.addRoles')}
            value={permissions.addRoles}
            onChange={(addRoles) => onChange({ ...permissions, addRoles })}
          />
        )
      ) : null}
    </Stack>
  );
}

export const listEditor: BlockEditor<'list'> = {
  Content: ListTitleContent,
  Options: function ListOptions({ options, errors, setOptions, permissions, setPermissions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <Stack gap="sm">
          <ListOptionsFields
            options={options}
            errors={errors}
            setOptions={setOptions}
            maxPerPage={MAX_ITEMS_PER_PAGE}
          />
          {permissions ? (
            <PermissionsFields permissions={permissions} onChange={setPermissions} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('blockEditor.permissionsAfterPublish')}
            </Text>
          )}
        </Stack>
      </OptionsSection>
    );
  },
};
