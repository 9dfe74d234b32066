import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import {
  CALL_TO_ACTION_BACKGROUNDS,
  MAX_CALL_TO_ACTION_BUTTONS,
  MAX_CALL_TO_ACTION_TEXT_LENGTH,
} from '../../../common/blocks/call-to-action';
import { LinkField } from '../../components/edit/LinkPicker';
import { useTranslation } from '../../i18n';
import {
  type BlockEditor,
  ChoiceField,
  ContentTextField,
  contentError,
  OptionsSection,
  patchRow,
} from '../editor-kit';
import '../../i18n/editor';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/** The fields of the first (main) and the second (secondary) button. */
const BUTTON_FIELDS = [
  { label: 'blockEditor.fields.ctaPrimaryLabel', link: 'blockEditor.fields.ctaPrimaryLink' },
  { label: 'blockEditor.fields.ctaSecondaryLabel', link: 'blockEditor.fields.ctaSecondaryLink' },
] as const;

export const callToActionEditor: BlockEditor<'callToAction'> = {
  Content: function CallToActionContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    const rows = value.buttons;
    const update = (buttons: typeof rows) => onChange({ ...value, buttons });
    return (
      <Stack gap="sm">
        <ContentTextField
          label={t('blockEditor.fields.ctaTitle')}
          required
          value={value.title}
          error={contentError(errors, locale, 'title')}
          onChange={(title) => onChange({ ...value, title })}
        />
        <GrowingTextarea
          label={t('blockEditor.fields.ctaText')}
          minRows={2}
          maxLength={MAX_CALL_TO_ACTION_TEXT_LENGTH}
          value={value.text ?? ''}
          error={contentError(errors, locale, 'text')}
          onChange={(event) => onChange({ ...value, text: event.currentTarget.value })}
        />
        {rows.slice(0, MAX_CALL_TO_ACTION_BUTTONS).map((row, index) => {
          const fields = BUTTON_FIELDS[index === 0 ? 0 : 1];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the first button is the main one, the second the other: their place is their identity
            <Paper key={index} withBorder p="sm">
              <Stack gap="xs">
                <Group grow align="flex-start">
                  <TextInput
                    label={t(fields.label)}
                    required
                    value={row.label}
                    error={errors[`${locale}.buttons.${index}.label`]}
                    onChange={(event) => update(patchRow(rows, index, { label: event.currentTarget.value }))}
                  />
                  <LinkField
                    label={t(fields.link)}
                    required
                    description={t('blockEditor.fields.linkHint')}
                    value={row.href}
                    error={errors[`${locale}.buttons.${index}.href`]}
                    onChange={(href) => update(patchRow(rows, index, { href }))}
                  />
                </Group>
                {index > 0 ? (
                  <Group>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => update(rows.filter((_, at) => at !== index))}
                    >
                      {t('blockEditor.removeSecondButton')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
        {rows.length < MAX_CALL_TO_ACTION_BUTTONS ? (
          <Group>
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => update([...rows, { label: '', href: '' }])}
            >
              {t('blockEditor.addSecondButton')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  },
  Options: function CallToActionOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <ChoiceField
          label={t('blockEditor.fields.ctaBackground')}
          values={CALL_TO_ACTION_BACKGROUNDS}
          labelOf={(value) => t(`blockEditor.ctaBackgrounds.${value}`)}
          value={options.background}
          error={errors.background}
          onChange={(background) => setOptions({ background })}
        />
      </OptionsSection>
    );
  },
};
