import { Select, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MAX_WIDGET_ITEMS } from '../../../common/blocks/widget';
import { errorMessage } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { type BlockEditor, OptionsSection } from '../editor-kit';
import { ListOptionsFields, ListTitleContent } from '../List/Editor';
import '../../i18n/editor';

const listBlocksQuery = {
  queryKey: ['blocks', 'list'] as const,
  queryFn: () =>
    unwrap(api.GET('/api/buildingblockinstance', { params: { query: { buildingBlockName: 'list' } } })),
};

/** A widget's source: one of the list blocks on the pages the editor may see. */
function SourceListField({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error: string | undefined;
  onChange(guid: string | null): void;
}) {
  const { t } = useTranslation();
  const blocks = useQuery(listBlocksQuery);
  const data = blocks.data?.map((block) => ({
    value: block.guid,
    label: `${block.title || t('blockEditor.untitledList')} (${block.pageTitle})`,
  }));
  return (
    <Select
      label={t('blockEditor.fields.sourceList')}
      description={t('blockEditor.fields.sourceListHint')}
      placeholder={data ? t('blockEditor.fields.ownItems') : t('table.loading')}
      data={data ?? []}
      value={value}
      clearable
      searchable
      nothingFoundMessage={t('table.noRecords')}
      error={error ?? (blocks.error ? errorMessage(blocks.error, t('blockEditor.loadFailed')) : undefined)}
      onChange={onChange}
    />
  );
}

export const widgetEditor: BlockEditor<'widget'> = {
  Content: ListTitleContent,
  Options: function WidgetOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <Stack gap="sm">
          <SourceListField
            value={options.sourceBlockGuid ?? null}
            error={errors.sourceBlockGuid}
            onChange={(sourceBlockGuid) => setOptions({ sourceBlockGuid })}
          />
          <Switch
            label={t('blockEditor.fields.showImages')}
            checked={options.showImages !== false}
            onChange={(event) => setOptions({ showImages: event.currentTarget.checked })}
          />
          <ListOptionsFields
            options={options}
            errors={errors}
            setOptions={setOptions}
            maxPerPage={MAX_WIDGET_ITEMS}
          />
        </Stack>
      </OptionsSection>
    );
  },
};
