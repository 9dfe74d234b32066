import { Stack } from '@mantine/core';
import { DIVIDER_SIZES, DIVIDER_VARIANTS } from '../../../common/blocks/divider';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ChoiceField, OptionsSection } from '../editor-kit';
import '../../i18n/editor';

/** A divider has no content in any language: only its options. */
export const dividerEditor: BlockEditor<'divider'> = {
  Options: function DividerOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <Stack gap="sm">
          <ChoiceField
            label={t('blockEditor.fields.dividerVariant')}
            values={DIVIDER_VARIANTS}
            labelOf={(value) => t(`blockEditor.dividerVariants.${value}`)}
            value={options.variant}
            error={errors.variant}
            onChange={(variant) => setOptions({ variant })}
          />
          <ChoiceField
            label={t('blockEditor.fields.dividerSize')}
            values={DIVIDER_SIZES}
            labelOf={(value) => t(`blockEditor.sizes.${value}`)}
            value={options.size}
            error={errors.size}
            onChange={(size) => setOptions({ size })}
          />
        </Stack>
      </OptionsSection>
    );
  },
};
