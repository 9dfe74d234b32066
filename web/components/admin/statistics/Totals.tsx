import { Paper, SimpleGrid, Text } from '@mantine/core';
import { percentChange } from '../../../../common/statistics';
import { useTranslation } from '../../../i18n';
import { formatChange, formatNumber } from './format';
import '../../../i18n/admin';

type TotalsValue = { views: number; visitors: number; signUps: number; itemsAdded: number };
const KEYS = ['views', 'visitors', 'signUps', 'itemsAdded'] as const;

/** The four totals of the period, each with its change against the previous period when compared. */
export function Totals({ totals, previous }: { totals: TotalsValue; previous: TotalsValue | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 4 }}
      component="dl"
      m={0}
      aria-label={t('statistics.totalsTitle')}
    >
      {KEYS.map((key) => {
        const change = previous ? percentChange(totals[key], previous[key]) : null;
        return (
          <Paper key={key} withBorder p="md" radius="md" data-total={key}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`statistics.totals.${key}`)}
            </Text>
            <Text component="dd" m={0} fw={700} fz={28} data-testid={`total-${key}`}>
              {formatNumber(totals[key], locale)}
            </Text>
            {previous ? (
              <Text
                component="dd"
                m={0}
                size="sm"
                c={change === null || change === 0 ? 'dimmed' : change > 0 ? 'teal.9' : 'red.9'}
              >
                {change === null
                  ? t('statistics.noPrevious', { previous: formatNumber(previous[key], locale) })
                  : t('statistics.change', {
                      change: formatChange(change, locale),
                      previous: formatNumber(previous[key], locale),
                    })}
              </Text>
            ) : null}
            {key === 'visitors' ? (
              <Text component="dd" m={0} size="xs" c="dimmed">
                {t('statistics.visitorsHint')}
              </Text>
            ) : null}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
