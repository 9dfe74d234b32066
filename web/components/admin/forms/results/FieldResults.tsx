import { Box, List, SimpleGrid, Text } from '@mantine/core';
import { formatMoment } from '../../../../account/format';
import { useTranslation } from '../../../../i18n';
import { formatNumber } from '../../statistics/format';
import { CountChart, ResultCard } from './CountChart';
import { formatFigure } from './format';
import type { DashboardField } from './queries';
import '../../../../i18n/form-results';

/** One question's results: counted choices, a number's summary and spread, or the latest texts. */
export function FieldResults({ field, index }: { field: DashboardField; index: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = `field-${index}-${field.key}`;
  const answered = t('formResults.dashboard.answered', {
    count: field.answered,
    number: formatNumber(field.answered, locale),
  });

  if (field.type === 'choice') {
    return (
      <ResultCard title={field.label} headingId={headingId} note={answered}>
        <CountChart
          testId={`field-${field.key}`}
          caption={field.label}
          labelHeader={t('formResults.dashboard.answer')}
          layout="bars"
          rows={field.options.map((option) => ({
            key: option.value,
            label: option.label,
            count: option.count,
            percentage: option.percentage,
          }))}
        />
      </ResultCard>
    );
  }

  if (field.type === 'number') {
    const figures = [
      ['mean', field.mean],
      ['median', field.median],
      ['min', field.min],
      ['max', field.max],
    ] as const;
    return (
      <ResultCard title={field.label} headingId={headingId} note={answered}>
        <SimpleGrid
          cols={{ base: 2, xs: 4 }}
          component="dl"
          m={0}
          mb="sm"
          spacing="xs"
          data-testid={`figures-${field.key}`}
        >
          {figures.map(([name, value]) => (
            <Box key={name}>
              <Text component="dt" size="sm" c="dimmed">
                {t(`formResults.dashboard.${name}`)}
              </Text>
              <Text component="dd" m={0} fw={700} size="lg">
                {formatFigure(value, locale)}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        {field.distribution.length > 0 ? (
          <CountChart
            testId={`field-${field.key}`}
            caption={field.label}
            labelHeader={t('formResults.dashboard.value')}
            layout="columns"
            rows={field.distribution.map((entry) => ({
              key: entry.value,
              label: formatFigure(Number(entry.value), locale),
              count: entry.count,
            }))}
          />
        ) : null}
      </ResultCard>
    );
  }

  return (
    <ResultCard title={field.label} headingId={headingId} note={answered}>
      {field.latest.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('formResults.dashboard.noTexts')}
        </Text>
      ) : (
        <>
          <Text size="sm" fw={600} mb={4} id={`${headingId}-latest`}>
            {t('formResults.dashboard.latest', { count: field.latest.length })}
          </Text>
          <List spacing="xs" listStyleType="none" aria-labelledby={`${headingId}-latest`} m={0} p={0}>
            {field.latest.map((entry) => (
              <List.Item key={`${entry.at}-${entry.text}`}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {entry.text}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={entry.at}>{formatMoment(entry.at, locale)}</time>
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </ResultCard>
  );
}
