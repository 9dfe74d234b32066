import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { BUTTON_ALIGNMENTS, BUTTON_VARIANTS, MAX_BUTTONS } from '../../../common/blocks/buttons';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ChoiceField, OptionsSection, patchRow } from '../editor-kit';
import '../../i18n/editor';
import { LinkField } from '../../components/edit/LinkPicker';

type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

export const buttonsEditor: BlockEditor<'buttons'> = {
  Content: function ButtonsContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    const rows = value.buttons;
    const update = (buttons: typeof rows) => onChange({ ...value, buttons });
    return (
      <Stack gap="sm">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; their position is their key
          <Paper key={index} withBorder p="sm">
            <Stack gap="xs">
              <Group grow align="flex-start">
                <TextInput
                  label={t('blockEditor.fields.buttonLabel', { number: index + 1 })}
                  required
                  value={row.label}
                  error={errors[`${locale}.buttons.${index}.label`]}
                  onChange={(event) => update(patchRow(rows, index, { label: event.currentTarget.value }))}
                />
                <LinkField
                  label={t('blockEditor.fields.link')}
                  required
                  description={t('blockEditor.fields.linkHint')}
                  value={row.href}
                  error={errors[`${locale}.buttons.${index}.href`]}
                  onChange={(href) => update(patchRow(rows, index, { href }))}
                />
              </Group>
              <Group justify="space-between" align="flex-end">
                <Select
                  label={t('blockEditor.fields.buttonVariant')}
                  data={BUTTON_VARIANTS.map((variant) => ({
                    value: variant,
                    label: t(`blockEditor.buttonVariants.${variant}`),
                  }))}
                  value={row.variant ?? 'filled'}
                  allowDeselect={false}
                  onChange={(variant) =>
                    variant && update(patchRow(rows, index, { variant: variant as ButtonVariant }))
                  }
                />
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => update(rows.filter((_, at) => at !== index))}
                >
                  {t('blockEditor.removeButton', { number: index + 1 })}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            disabled={rows.length >= MAX_BUTTONS}
            onClick={() => update([...rows, { label: '', href: '', variant: 'filled' }])}
          >
            {t('blockEditor.addButton')}
          </Button>
        </Group>
      </Stack>
    );
  },
  Options: function ButtonsOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <ChoiceField
          label={t('blockEditor.fields.align')}
          values={BUTTON_ALIGNMENTS}
          labelOf={(value) => t(`blockEditor.align.${value}`)}
          value={options.align}
          error={errors.align}
          onChange={(align) => setOptions({ align })}
        />
      </OptionsSection>
    );
  },
};
