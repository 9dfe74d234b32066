import { BarChart } from '@mantine/charts';
import { Box, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../i18n';
import { formatNumber } from '../../statistics/format';
import { formatPercentage } from './format';
import '../../../../i18n/form-results';

export type CountRow = { key: string; label: string; count: number; percentage?: number | undefined };

/**
 * Counts as bars with the same figures in a real table beneath. The picture is for the eye only
 * (aria-hidden, no keyboard layer): screen readers read the table, whose caption names the question.
 */
export function CountChart({
  caption,
  rows,
  labelHeader,
  layout,
  testId,
  isTableWithoutZeros = false,
}: {
  caption: string;
  rows: CountRow[];
  labelHeader: string;
  /** 'bars' for labelled answers (bars side-ways, the labels readable), 'columns' for days and values. */
  layout: 'bars' | 'columns';
  testId?: string | undefined;
  /** The table lists only rows with a count (the chart's quiet days would make it long). */
  isTableWithoutZeros?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const countLabel = t('formResults.dashboard.count');
  const withPercentage = rows.some((row) => row.percentage !== undefined);
  const hasCounts = rows.some((row) => row.count > 0);
  const data = rows.map((row) => ({ label: row.label, count: row.count }));
  const height = layout === 'bars' ? Math.max(120, rows.length * 36 + 40) : 220;
  return (
    <Box data-testid={testId}>
      {hasCounts ? (
        <Box aria-hidden="true" className="form-results-chart" mb="sm">
          <BarChart
            h={height}
            data={data}
            dataKey="label"
            series={[{ name: 'count', label: countLabel, color: 'var(--mantine-primary-color-filled)' }]}
            orientation={layout === 'bars' ? 'vertical' : 'horizontal'}
            accessibilityLayer={false}
            withTooltip={false}
            withBarValueLabel
            textColor="gray.8"
            gridAxis={layout === 'bars' ? 'y' : 'x'}
            valueFormatter={(value) => formatNumber(value, locale)}
            yAxisProps={layout === 'bars' ? { width: 110, interval: 0 } : { allowDecimals: false }}
            xAxisProps={layout === 'bars' ? { allowDecimals: false } : undefined}
          />
        </Box>
      ) : null}
      <Table.ScrollContainer minWidth={260}>
        <Table striped withTableBorder>
          <caption className="visually-hidden">{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{labelHeader}</Table.Th>
              <Table.Th scope="col" ta="right">
                {countLabel}
              </Table.Th>
              {withPercentage ? (
                <Table.Th scope="col" ta="right">
                  {t('formResults.dashboard.percentage')}
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(isTableWithoutZeros ? rows.filter((row) => row.count > 0) : rows).map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw="normal" style={{ wordBreak: 'break-word' }}>
                  {row.label}
                </Table.Th>
                <Table.Td ta="right">{formatNumber(row.count, locale)}</Table.Td>
                {withPercentage ? (
                  <Table.Td ta="right">
                    {row.percentage === undefined ? '' : formatPercentage(row.percentage, locale)}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

/** A card for one part of the dashboard: its heading and what it holds. */
export function ResultCard({
  title,
  headingId,
  note,
  children,
}: {
  title: string;
  headingId: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      p="md"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, minWidth: 0 }}
    >
      <Text component="h3" id={headingId} fw={600} size="lg" style={{ wordBreak: 'break-word' }}>
        {title}
      </Text>
      {note ? (
        <Text size="sm" c="dimmed" mb="sm">
          {note}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}
