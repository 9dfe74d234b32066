import { Button, Group, Paper, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_ACCORDION_ITEMS } from '../../../common/blocks/accordion';
import { emptyEditorDoc } from '../../../common/blocks/rich-text';
import { RichTextField } from '../../components/edit/RichTextField';
import { useTranslation } from '../../i18n';
import { type BlockEditor, OptionsSection, patchRow } from '../editor-kit';
import '../../i18n/editor';

export const accordionEditor: BlockEditor<'accordion'> = {
  Content: function AccordionContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    const rows = value.items;
    // Rich text editors keep their own state: a stable key per row, so removing one does not shift the others.
    const [keys, setKeys] = useState(() => rows.map((_, index) => `${locale}-${index.toString()}`));
    const update = (items: typeof rows) => onChange({ ...value, items });
    return (
      <Stack gap="sm">
        {rows.map((row, index) => (
          <Paper key={keys[index] ?? index} withBorder p="sm">
            <Stack gap="xs">
              <TextInput
                label={t('blockEditor.fields.accordionTitle', { number: index + 1 })}
                required
                value={row.title}
                error={errors[`${locale}.items.${index}.title`]}
                onChange={(event) => update(patchRow(rows, index, { title: event.currentTarget.value }))}
              />
              <RichTextField
                label={t('blockEditor.fields.accordionText', { number: index + 1 })}
                value={row.doc}
                onChange={(doc) => update(patchRow(rows, index, { doc }))}
              />
              <Group>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => {
                    update(rows.filter((_, at) => at !== index));
                    setKeys(keys.filter((_, at) => at !== index));
                  }}
                >
                  {t('blockEditor.removeItem', { number: index + 1 })}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            disabled={rows.length >= MAX_ACCORDION_ITEMS}
            onClick={() => {
              update([...rows, { title: '', doc: emptyEditorDoc() }]);
              setKeys([...keys, `${locale}-${Date.now().toString(36)}`]);
            }}
          >
            {t('blockEditor.addItem')}
          </Button>
        </Group>
      </Stack>
    );
  },
  Options: function AccordionOptions({ options, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <Switch
          label={t('blockEditor.fields.multiple')}
          checked={options.multiple === true}
          onChange={(event) => setOptions({ multiple: event.currentTarget.checked })}
        />
      </OptionsSection>
    );
  },
};
