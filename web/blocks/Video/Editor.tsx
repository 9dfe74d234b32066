import { Stack } from '@mantine/core';
import { VIDEO_ASPECT_RATIOS } from '../../../common/blocks/video';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ChoiceField, ContentTextField, contentError, OptionsSection } from '../editor-kit';
import '../../i18n/editor';

export const videoEditor: BlockEditor<'video'> = {
  Content: function VideoContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <Stack gap="sm">
        <ContentTextField
          label={t('blockEditor.fields.videoUrl')}
          description={t('blockEditor.fields.videoUrlHint')}
          required
          value={value.url}
          error={contentError(errors, locale, 'url')}
          onChange={(url) => onChange({ ...value, url })}
        />
        <ContentTextField
          label={t('blockEditor.fields.videoTitle')}
          required
          value={value.title}
          error={contentError(errors, locale, 'title')}
          onChange={(title) => onChange({ ...value, title })}
        />
      </Stack>
    );
  },
  Options: function VideoOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <ChoiceField
          label={t('blockEditor.fields.aspectRatio')}
          values={VIDEO_ASPECT_RATIOS}
          labelOf={(value) => value}
          value={options.aspectRatio}
          error={errors.aspectRatio}
          onChange={(aspectRatio) => setOptions({ aspectRatio })}
        />
      </OptionsSection>
    );
  },
};
