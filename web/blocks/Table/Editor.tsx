import { Box, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId, useRef } from 'react';
import {
  MAX_TABLE_CELL_LENGTH,
  MAX_TABLE_COLUMNS,
  MAX_TABLE_ROWS,
  tableBlock,
} from '../../../common/blocks/table';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ContentTextField, contentError, OptionsSection } from '../editor-kit';
import '../../i18n/editor';

type Rows = { text: string }[][];

const emptyRow = (columns: number) => Array.from({ length: columns }, () => ({ text: '' }));

/**
 * A table's caption and its grid of cells, one text field each ("Rij 2, kolom 3"), with buttons to
 * add a row or a column at the end and to remove any row or column. After a removal the focus goes
 * to a cell where the removed one was, so the keyboard is not sent back to the top of the drawer.
 */
export const tableEditor: BlockEditor<'table'> = {
  Content: function TableContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    const grid = useRef<HTMLDivElement>(null);
    const cellsLabel = useId();
    const rows: Rows = value.rows.length > 0 ? value.rows : (tableBlock.newContent().rows as Rows);
    const columns = Math.max(1, ...rows.map((row) => row.length));
    const update = (next: Rows) => onChange({ ...value, rows: next });
    const focusCell = (row: number, column: number) =>
      requestAnimationFrame(() =>
        grid.current?.querySelector<HTMLInputElement>(`[data-cell="${row}-${column}"]`)?.focus(),
      );
    const setCell = (row: number, column: number, text: string) =>
      update(
        rows.map((cells, at) =>
          at === row ? cells.map((cell, c) => (c === column ? { text } : cell)) : cells,
        ),
      );
    const removeRow = (row: number) => {
      update(rows.filter((_, at) => at !== row));
      focusCell(Math.min(row, rows.length - 2), 0);
    };
    const removeColumn = (column: number) => {
      update(rows.map((cells) => cells.filter((_, at) => at !== column)));
      focusCell(0, Math.min(column, columns - 2));
    };
    const gridErrors = Object.entries(errors)
      .filter(([key]) => key === `${locale}.rows` || key.startsWith(`${locale}.rows.`))
      .map(([, message]) => message);
    return (
      <Stack gap="sm">
        <ContentTextField
          label={t('blockEditor.fields.tableCaption')}
          description={t('blockEditor.fields.tableCaptionHint')}
          value={value.caption}
          error={contentError(errors, locale, 'caption')}
          onChange={(caption) => onChange({ ...value, caption })}
        />
        <Text size="sm" fw={500} id={cellsLabel}>
          {t('blockEditor.fields.tableCells')}
        </Text>
        <Box
          ref={grid}
          role="group"
          aria-labelledby={cellsLabel}
          style={{ overflowX: 'auto', paddingBottom: 4 }}
        >
          <Box
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(9rem, 1fr)) auto`,
              gap: 6,
              alignItems: 'end',
            }}
          >
            {Array.from({ length: columns }, (_, column) => (
              <Button
                // biome-ignore lint/suspicious/noArrayIndexKey: a column's place is its identity
                key={`column-${column}`}
                variant="subtle"
                color="red"
                size="compact-xs"
                disabled={columns <= 1}
                onClick={() => removeColumn(column)}
              >
                {t('blockEditor.removeColumn', { number: column + 1 })}
              </Button>
            ))}
            <span />
            {rows.map((cells, row) => [
              ...cells.map((cell, column) => (
                <TextInput
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its identity
                  key={`${row}-${column}`}
                  aria-label={t('blockEditor.fields.tableCell', { row: row + 1, column: column + 1 })}
                  data-cell={`${row}-${column}`}
                  maxLength={MAX_TABLE_CELL_LENGTH}
                  value={cell.text}
                  error={errors[`${locale}.rows.${row}.${column}.text`] ? true : undefined}
                  onChange={(event) => setCell(row, column, event.currentTarget.value)}
                />
              )),
              <Button
                key={`remove-${row.toString()}`}
                variant="subtle"
                color="red"
                size="compact-xs"
                disabled={rows.length <= 1}
                onClick={() => removeRow(row)}
              >
                {t('blockEditor.removeRow', { number: row + 1 })}
              </Button>,
            ])}
          </Box>
        </Box>
        {gridErrors.length > 0 ? (
          <Stack gap={2}>
            {gridErrors.map((message) => (
              <Text key={message} size="sm" c="red">
                {message}
              </Text>
            ))}
          </Stack>
        ) : null}
        <Group gap="xs">
          <Button
            variant="light"
            size="compact-sm"
            disabled={rows.length >= MAX_TABLE_ROWS}
            onClick={() => update([...rows, emptyRow(columns)])}
          >
            {t('blockEditor.addRow')}
          </Button>
          <Button
            variant="light"
            size="compact-sm"
            disabled={columns >= MAX_TABLE_COLUMNS}
            onClick={() => update(rows.map((cells) => [...cells, { text: '' }]))}
          >
            {t('blockEditor.addColumn')}
          </Button>
        </Group>
      </Stack>
    );
  },
  Options: function TableOptions({ options, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <Switch
          label={t('blockEditor.fields.tableHeaderRow')}
          checked={options.headerRow !== false}
          onChange={(event) => setOptions({ headerRow: event.currentTarget.checked })}
        />
        <Switch
          label={t('blockEditor.fields.tableHeaderColumn')}
          checked={options.headerColumn === true}
          onChange={(event) => setOptions({ headerColumn: event.currentTarget.checked })}
        />
        <Switch
          label={t('blockEditor.fields.tableStriped')}
          checked={options.striped !== false}
          onChange={(event) => setOptions({ striped: event.currentTarget.checked })}
        />
      </OptionsSection>
    );
  },
};
