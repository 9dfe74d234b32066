import { Anchor, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { type BlockEditor, OptionsSection } from '../editor-kit';
import '../../i18n/editor';

/** The reusable blocks to pick from (issue 31), by title; kept with the other edit-mode queries. */
export const reusableBlocksQuery = {
  queryKey: ['reusableblocks', 'picker'] as const,
  queryFn: () => unwrap(api.GET('/api/reusableblocks')),
};

/**
 * A reusable block has no content of its own: only which reusable block it shows. Its blocks are
 * edited in the reusable block's own edit screen.
 */
export const reusableEditor: BlockEditor<'reusable'> = {
  Options: function ReusableOptions({ options, errors, setOptions }) {
    const { t, i18n } = useTranslation();
    const blocks = useQuery(reusableBlocksQuery);
    const data = blocks.data?.map((block) => ({
      value: block.guid,
      label: (i18n.language === 'en' && block.title.en) || block.title.nl,
    }));
    return (
      <OptionsSection>
        <Stack gap="xs">
          <Select
            label={t('blockEditor.fields.reusableBlock')}
            description={t('blockEditor.fields.reusableBlockHint')}
            placeholder={data ? t('blockEditor.fields.reusableBlockChoose') : t('table.loading')}
            nothingFoundMessage={t('blockEditor.fields.reusableBlockNone')}
            data={data ?? []}
            searchable
            value={options.templateId ?? null}
            required
            error={errors.templateId}
            onChange={(templateId) => setOptions({ templateId })}
          />
          {options.templateId ? (
            <Anchor href={`/admin/pagetemplates/${options.templateId}/edit`} size="sm">
              {t('blockEditor.reusable.editLink')}
            </Anchor>
          ) : null}
        </Stack>
      </OptionsSection>
    );
  },
};
