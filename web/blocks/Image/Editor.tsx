import { Stack, Text } from '@mantine/core';
import { IMAGE_SIZES } from '../../../common/blocks/image';
import { LibraryImageField } from '../../components/media/MediaPicker';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ChoiceField, ContentTextField, contentError, OptionsSection } from '../editor-kit';
import '../../i18n/editor';
import { LinkField } from '../../components/edit/LinkPicker';

export const imageEditor: BlockEditor<'image'> = {
  Content: function ImageContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <Stack gap="sm">
        <ContentTextField
          label={t('blockEditor.fields.alt')}
          description={t('blockEditor.fields.altOverrideHint')}
          value={value.alt}
          error={contentError(errors, locale, 'alt')}
          onChange={(alt) => onChange({ ...value, alt })}
        />
        <ContentTextField
          label={t('blockEditor.fields.caption')}
          value={value.caption}
          error={contentError(errors, locale, 'caption')}
          onChange={(caption) => onChange({ ...value, caption })}
        />
      </Stack>
    );
  },
  /**
   * An image from the media library (issue 27): uploaded into the library when the block is not
   * saved yet (the asset exists first, the block names it), or picked from it.
   */
  Options: function ImageOptions({ options, errors, setOptions, blockGuid }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <Stack gap="sm">
          <LibraryImageField
            purpose={blockGuid ? { block: blockGuid } : 'library'}
            value={options.imageGuid ?? null}
            label={t('blockEditor.fields.image')}
            onChange={(imageGuid) => setOptions({ imageGuid })}
          />
          {errors.imageGuid ? (
            <Text size="sm" c="red" role="alert">
              {errors.imageGuid}
            </Text>
          ) : null}
          <ChoiceField
            label={t('blockEditor.fields.imageSize')}
            values={IMAGE_SIZES}
            labelOf={(value) => t(`blockEditor.imageSizes.${value}`)}
            value={options.size}
            error={errors.size}
            onChange={(size) => setOptions({ size })}
          />
          <LinkField
            label={t('blockEditor.fields.imageLink')}
            description={t('blockEditor.fields.linkHint')}
            value={options.href ?? ''}
            error={errors.href}
            onChange={(href) => setOptions({ href: href === '' ? undefined : href })}
          />
        </Stack>
      </OptionsSection>
    );
  },
};
