import { Alert, Button, Checkbox, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, isoDayOf, parseIsoDay } from '../../../common/dates';
import {
  STATISTICS_LIST_KINDS,
  STATISTICS_MAX_DAYS,
  type StatisticsExportKind,
} from '../../../common/statistics';
import { accountMeta } from '../../account/meta';
import { api, unwrap } from '../../api/client';
import { QueryState } from '../../components/account/QueryState';
import { AdminPage } from '../../components/admin/AdminPage';
import { formatDay } from '../../components/admin/statistics/format';
import { StatisticsListTable } from '../../components/admin/statistics/ListTable';
import { Totals } from '../../components/admin/statistics/Totals';
import { ViewsChart } from '../../components/admin/statistics/ViewsChart';
import { SiteDates, usePickerProps } from '../../components/dates';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/statistics';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'statistics.title');
}

const PRESETS = { '7d': 7, '30d': 30, '12m': 365 } as const;
type Preset = keyof typeof PRESETS | 'custom';
const isPreset = (value: string | null): value is Preset =>
  value === 'custom' || (value !== null && value in PRESETS);

/** The period in the URL (`?period=7d|30d|12m|custom&from=&to=&compare=0`), so reload and back keep it. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const today = isoDayOf(new Date());
  const rawPreset = params.get('period');
  const preset: Preset = isPreset(rawPreset) ? rawPreset : '30d';
  const compare = params.get('compare') !== '0';
  let from = addDays(today, -((PRESETS[preset as keyof typeof PRESETS] ?? 30) - 1));
  let to = today;
  if (preset === 'custom') {
    from = parseIsoDay(params.get('from')) ?? from;
    to = parseIsoDay(params.get('to')) ?? to;
  }
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { preset, from, to, compare, update };
}

const LISTS = STATISTICS_LIST_KINDS;

const exportHref = (kind: StatisticsExportKind, from: string, to: string) =>
  `/api/statistics/export?${new URLSearchParams({ kind, from, to })}`;

export default function StatisticsPage() {
  const { t, i18n } = useTranslation();
  const picker = usePickerProps();
  const locale = i18n.language;
  const { preset, from, to, compare, update } = usePeriod();
  const query = useQuery({
    queryKey: ['admin', 'statistics', from, to, compare] as const,
    queryFn: () =>
      unwrap(
        api.GET('/api/statistics', { params: { query: { from, to, compare: compare ? 'true' : 'false' } } }),
      ),
    placeholderData: keepPreviousData,
  });
  // The picker's own state while a range is half chosen; the URL changes once both days are set.
  const [picked, setPicked] = useState<[string | null, string | null]>([from, to]);
  useEffect(() => setPicked([from, to]), [from, to]);
  const dayOf = (value: Date | string | null) => {
    if (value === null) return null;
    if (typeof value === 'string') return parseIsoDay(value.slice(0, 10));
    const pad = (part: number) => String(part).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  };

  return (
    <AdminPage
      title={t('statistics.title')}
      description={t('statistics.description')}
      actions={
        <Button component="a" href={exportHref('views', from, to)} download variant="default">
          {t('statistics.exportViews')}
        </Button>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text id="statistics-period" fw={600}>
            {t('statistics.period')}
          </Text>
          <SegmentedControl
            aria-labelledby="statistics-period"
            value={preset}
            onChange={(value) =>
              update(
                value === 'custom'
                  ? { period: 'custom', from, to }
                  : { period: value === '30d' ? null : value, from: null, to: null },
              )
            }
            data={[
              { value: '7d', label: t('statistics.presets.last7') },
              { value: '30d', label: t('statistics.presets.last30') },
              { value: '12m', label: t('statistics.presets.last12Months') },
              { value: 'custom', label: t('statistics.presets.custom') },
            ]}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', flexWrap: 'wrap' }}
          />
          {preset === 'custom' ? (
            <SiteDates language={locale}>
              <DatePickerInput
                {...picker('period')}
                type="range"
                label={t('statistics.customRange')}
                description={t('statistics.customRangeHint')}
                value={picked}
                valueFormat="D MMMM YYYY"
                maxDate={isoDayOf(new Date())}
                allowSingleDateInRange
                maw={360}
                onChange={(value) => {
                  const start = dayOf(value[0]);
                  const end = dayOf(value[1]);
                  setPicked([start, end]);
                  if (!start || !end) return;
                  const earliest = addDays(end, -(STATISTICS_MAX_DAYS - 1));
                  update({ period: 'custom', from: start < earliest ? earliest : start, to: end });
                }}
              />
            </SiteDates>
          ) : null}
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('statistics.range', { from: formatDay(from, locale), to: formatDay(to, locale) })}
          </Text>
          <Checkbox
            label={t('statistics.compare')}
            checked={compare}
            onChange={(event) => update({ compare: event.currentTarget.checked ? null : '0' })}
          />
        </Stack>
      </Paper>

      <QueryState query={query}>
        {(report) => (
          <Stack gap="lg" aria-busy={query.isFetching}>
            {report.totals.views === 0 ? (
              <Alert color="gray" title={t('statistics.empty')} data-testid="statistics-empty">
                {t('statistics.emptyHint')}
              </Alert>
            ) : null}
            <Totals totals={report.totals} previous={report.previous?.totals ?? null} />
            <Paper withBorder p="md" radius="md">
              <ViewsChart days={report.days} />
            </Paper>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {LISTS.map((kind) => (
                <StatisticsListTable
                  key={kind}
                  kind={kind}
                  title={t(`statistics.lists.${kind}.title`)}
                  empty={t(`statistics.lists.${kind}.empty`)}
                  from={from}
                  to={to}
                  exportHref={exportHref(kind, from, to)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}
