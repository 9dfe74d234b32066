import { Stack, Text } from '@mantine/core';
import { COLUMN_COUNTS, COLUMN_WIDTHS } from '../../../common/blocks/columns';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ChoiceField, OptionsSection } from '../editor-kit';
import '../../i18n/editor';

/**
 * A columns block's own fields are its shape: how many columns and how wide each is. Its columns'
 * blocks are added, edited and moved in the page itself (web/components/edit/EditableColumns.tsx).
 */
export const columnsEditor: BlockEditor<'columns'> = {
  Options: function ColumnsOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <Stack gap="sm">
          <ChoiceField
            label={t('blockEditor.columns.count')}
            values={COLUMN_COUNTS}
            labelOf={(value) => value}
            value={options.count}
            error={errors.count}
            onChange={(count) => setOptions({ count })}
          />
          <Text size="sm" c="dimmed">
            {t('blockEditor.columns.countHint')} {t('blockEditor.columns.fewerHint')}
          </Text>
          <ChoiceField
            label={t('blockEditor.columns.widths')}
            values={COLUMN_WIDTHS}
            labelOf={(value) => t(`blockEditor.columns.widthValues.${value}`)}
            value={options.widths}
            error={errors.widths}
            onChange={(widths) => setOptions({ widths })}
          />
        </Stack>
      </OptionsSection>
    );
  },
};
