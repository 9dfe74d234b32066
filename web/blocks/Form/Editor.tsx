import { Anchor, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ContentTextField, contentError, OptionsSection } from '../editor-kit';
import '../../i18n/editor';
import { GrowingTextarea } from '../../components/GrowingTextarea';

const formsQuery = {
  queryKey: ['forms', 'picker'] as const,
  queryFn: () =>
    unwrap(
      api.GET('/api/forms', {
        params: { query: { pageSize: 'all', sortBy: 'title', sortDirection: 'asc' } },
      }),
    ),
};

/** A form block: a title and intro per language, and which form it shows (the same in every language). */
export const formEditor: BlockEditor<'form'> = {
  Content: function FormContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <Stack gap="sm">
        <ContentTextField
          label={t('blockEditor.fields.formTitle')}
          value={value.title ?? ''}
          error={contentError(errors, locale, 'title')}
          onChange={(title) => onChange({ ...value, title })}
        />
        <GrowingTextarea
          label={t('blockEditor.fields.formIntro')}
          minRows={2}
          maxLength={2000}
          value={value.intro ?? ''}
          error={contentError(errors, locale, 'intro')}
          onChange={(event) => onChange({ ...value, intro: event.currentTarget.value })}
        />
      </Stack>
    );
  },
  Options: function FormOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    const forms = useQuery(formsQuery);
    const data = forms.data?.items.map((form) => ({
      value: form.guid,
      label:
        form.currentVersion === null ? `${form.title} (${t('blockEditor.formUnpublished')})` : form.title,
    }));
    return (
      <OptionsSection>
        <Stack gap="xs">
          <Select
            label={t('blockEditor.fields.form')}
            description={t('blockEditor.fields.formHint')}
            placeholder={data ? t('blockEditor.fields.formChoose') : t('table.loading')}
            data={data ?? []}
            value={options.formGuid ?? null}
            clearable
            searchable
            nothingFoundMessage={t('table.noRecords')}
            error={
              errors.formGuid ??
              (forms.error ? errorMessage(forms.error, t('blockEditor.loadFailed')) : undefined)
            }
            onChange={(formGuid) => setOptions({ formGuid })}
          />
          {options.formGuid ? (
            <Anchor href={`/admin/forms/view/${options.formGuid}`} size="sm">
              {t('blockEditor.formOpenBuilder')}
            </Anchor>
          ) : null}
        </Stack>
      </OptionsSection>
    );
  },
};
