import { Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../i18n';
import { formatDay, formatNumber } from './format';
import '../../../i18n/admin';

type Day = { day: string; views: number; visitors: number };

const HEIGHT = 120;

/**
 * Page views per day as bars: a small SVG without a chart library. The picture is decoration for
 * screen readers; they get the figcaption's summary and the same numbers as a (visually hidden) table.
 */
export function ViewsChart({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const captionId = useId();
  const max = Math.max(0, ...days.map((entry) => entry.views));
  const total = days.reduce((sum, entry) => sum + entry.views, 0);
  const busiest = days.find((entry) => entry.views === max && max > 0);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const barWidth = 10;
  const width = Math.max(days.length * barWidth, barWidth);
  const range = { from: formatDay(first, locale), to: formatDay(last, locale) };

  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <Text component="h2" fw={600} size="lg" mb="xs">
        {t('statistics.chartTitle')}
      </Text>
      <Group gap="xs" align="stretch" wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ alignSelf: 'flex-start' }} aria-hidden>
          {formatNumber(max, locale)}
        </Text>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height={HEIGHT}
            aria-hidden="true"
            focusable="false"
            className="statistics-chart"
          >
            <line
              x1={0}
              y1={HEIGHT - 0.5}
              x2={width}
              y2={HEIGHT - 0.5}
              stroke="var(--mantine-color-gray-5)"
            />
            {days.map((entry, index) =>
              entry.views > 0 ? (
                <rect
                  key={entry.day}
                  x={index * barWidth + 1}
                  width={barWidth - 2}
                  y={HEIGHT - (entry.views / max) * (HEIGHT - 4)}
                  height={(entry.views / max) * (HEIGHT - 4)}
                  fill="var(--mantine-primary-color-filled)"
                >
                  <title>{`${formatDay(entry.day, locale)}: ${formatNumber(entry.views, locale)}`}</title>
                </rect>
              ) : null,
            )}
          </svg>
          <Group justify="space-between" aria-hidden>
            <Text size="xs" c="dimmed">
              {range.from}
            </Text>
            <Text size="xs" c="dimmed">
              {range.to}
            </Text>
          </Group>
        </Box>
      </Group>
      <Text component="figcaption" id={captionId} size="sm" c="dimmed" mt="xs">
        {busiest
          ? t('statistics.chartSummary', {
              total: formatNumber(total, locale),
              ...range,
              day: formatDay(busiest.day, locale),
              max: formatNumber(max, locale),
            })
          : t('statistics.chartEmpty', range)}
      </Text>
      <VisuallyHidden>
        <Table>
          <caption>{t('statistics.chartTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('statistics.day')}</th>
              <th scope="col">{t('statistics.views')}</th>
              <th scope="col">{t('statistics.visitors')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day}>
                <th scope="row">{formatDay(entry.day, locale)}</th>
                <td>{entry.views}</td>
                <td>{entry.visitors}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
