import { emptyEditorDoc } from '../../../common/blocks/rich-text';
import { RichTextField } from '../../components/edit/RichTextField';
import { useTranslation } from '../../i18n';
import { type BlockEditor, contentError } from '../editor-kit';
import '../../i18n/editor';

export const textEditor: BlockEditor<'text'> = {
  Content: function TextContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <RichTextField
        key={locale}
        label={t('blockEditor.fields.text')}
        value={value.doc ?? emptyEditorDoc()}
        error={contentError(errors, locale, 'doc')}
        onChange={(doc) => onChange({ ...value, doc })}
      />
    );
  },
};
