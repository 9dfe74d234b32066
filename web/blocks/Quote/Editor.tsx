import { Stack } from '@mantine/core';
import { MAX_QUOTE_LENGTH } from '../../../common/blocks/quote';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ContentTextField, contentError } from '../editor-kit';
import '../../i18n/editor';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/** A quote has words and a source in each language, and no options. */
export const quoteEditor: BlockEditor<'quote'> = {
  Content: function QuoteContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <Stack gap="sm">
        <GrowingTextarea
          label={t('blockEditor.fields.quoteText')}
          required
          minRows={3}
          maxLength={MAX_QUOTE_LENGTH}
          value={value.text}
          error={contentError(errors, locale, 'text')}
          onChange={(event) => onChange({ ...value, text: event.currentTarget.value })}
        />
        <ContentTextField
          label={t('blockEditor.fields.quoteSource')}
          description={t('blockEditor.fields.quoteSourceHint')}
          value={value.caption}
          error={contentError(errors, locale, 'caption')}
          onChange={(caption) => onChange({ ...value, caption })}
        />
      </Stack>
    );
  },
};
