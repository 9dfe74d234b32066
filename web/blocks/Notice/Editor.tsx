import { Stack } from '@mantine/core';
import { NOTICE_KINDS } from '../../../common/blocks/notice';
import { emptyEditorDoc } from '../../../common/blocks/rich-text';
import { RichTextField } from '../../components/edit/RichTextField';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ChoiceField, ContentTextField, contentError, OptionsSection } from '../editor-kit';
import '../../i18n/editor';

export const noticeEditor: BlockEditor<'notice'> = {
  Content: function NoticeContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <Stack gap="sm">
        <ContentTextField
          label={t('blockEditor.fields.noticeTitle')}
          value={value.title}
          error={contentError(errors, locale, 'title')}
          onChange={(title) => onChange({ ...value, title })}
        />
        <RichTextField
          key={locale}
          label={t('blockEditor.fields.noticeText')}
          value={value.doc ?? emptyEditorDoc()}
          error={contentError(errors, locale, 'doc')}
          onChange={(doc) => onChange({ ...value, doc })}
        />
      </Stack>
    );
  },
  Options: function NoticeOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <ChoiceField
          label={t('blockEditor.fields.noticeKind')}
          values={NOTICE_KINDS}
          labelOf={(value) => t(`blockEditor.noticeKinds.${value}`)}
          value={options.kind}
          error={errors.kind}
          onChange={(kind) => setOptions({ kind })}
        />
      </OptionsSection>
    );
  },
};
