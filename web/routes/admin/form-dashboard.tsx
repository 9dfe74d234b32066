import '@mantine/charts/styles.layer.css';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { addDays, daysInRange } from '../../../common/dates';
import { accountMeta } from '../../account/meta';
import { QueryState } from '../../components/account/QueryState';
import { AdminPage } from '../../components/admin/AdminPage';
import { CountChart } from '../../components/admin/forms/results/CountChart';
import { DayRangeInputs } from '../../components/admin/forms/results/DayRangeInputs';
import { FieldResults } from '../../components/admin/forms/results/FieldResults';
import { type Dashboard, formResultsQueries } from '../../components/admin/forms/results/queries';
import { useResultFilters } from '../../components/admin/forms/results/url-filters';
import { VersionLinks } from '../../components/admin/forms/results/VersionLinks';
import { useAccessGuard } from '../../components/admin/queries';
import { formatDay, formatNumber } from '../../components/admin/statistics/format';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/form-dashboard';
import '../../components/admin/forms/results/results.css';
import '../../i18n/form-results';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'formResults.dashboard.metaTitle');
}

/** Up to this many days the chart shows every day of the span, the quiet ones as empty columns. */
const MAX_FILLED_DAYS = 366;

/**
 * `admin/forms/{guid}/{version}/dashboard` (issue 11): one version's results over a range of days:
 * the total, submissions per day, per choice question the counts, per number or scale the summary
 * and spread, per text question the latest answers. Every chart has its table.
 */
export default function FormDashboardPage({ params }: Route.ComponentProps) {
  const { guid } = params;
  const version = Number(params.version);
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { filters, update } = useResultFilters();
  const range = {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const isRanged = Object.keys(range).length > 0;
  const form = useQuery(formResultsQueries.form(guid));
  const dashboard = useQuery({
    ...formResultsQueries.dashboard(guid, version, range),
    placeholderData: keepPreviousData,
  });
  useAccessGuard(dashboard.error ?? form.error);

  const title = dashboard.data
    ? t('formResults.dashboard.title', { title: dashboard.data.title, version })
    : t('formResults.dashboard.metaTitle');
  const rangeSearch = new URLSearchParams(range).toString();

  return (
    <div className="form-results">
      <AdminPage
        title={title}
        description={t('formResults.dashboard.description')}
        actions={
          <Button component={Link} to={`/admin/forms/${guid}`} variant="default">
            {t('formResults.dashboard.toSubmissions')}
          </Button>
        }
      >
        <Anchor component={Link} to="/admin/forms" size="sm" style={{ alignSelf: 'flex-start' }}>
          {t('formResults.common.allForms')}
        </Anchor>
        {form.data ? (
          <VersionLinks
            guid={guid}
            versions={form.data.versions}
            current={version}
            label={t('formResults.dashboard.versions')}
            search={rangeSearch ? `?${rangeSearch}` : ''}
          />
        ) : null}
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dashboard-range">
          <Stack gap="sm">
            <Text component="h2" id="dashboard-range" fw={600} size="lg">
              {t('formResults.dashboard.range')}
            </Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <DayRangeInputs
                idPrefix="dashboard-range"
                from={filters.from}
                to={filters.to}
                onChange={(changes) => update(changes)}
              />
              {isRanged ? (
                <Button
                  variant="default"
                  onClick={() => {
                    update({ from: null, to: null });
                    document.getElementById('dashboard-range-from')?.focus();
                  }}
                >
                  {t('formResults.dashboard.allTime')}
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {t('formResults.filters.timeZone')}
            </Text>
          </Stack>
        </Paper>
        <QueryState query={dashboard}>
          {(data) => (
            <Stack gap="lg" aria-busy={dashboard.isFetching}>
              <Paper withBorder p="md" radius="md">
                <dl style={{ margin: 0 }}>
                  <Text component="dt" size="sm" c="dimmed">
                    {isRanged ? t('formResults.dashboard.totalInRange') : t('formResults.dashboard.total')}
                  </Text>
                  <Text component="dd" m={0} fw={700} fz={28} data-testid="dashboard-total">
                    {formatNumber(data.total, locale)}
                  </Text>
                </dl>
              </Paper>
              {data.total === 0 ? (
                <Alert
                  color="gray"
                  title={t('formResults.dashboard.emptyTitle')}
                  data-testid="dashboard-empty"
                >
                  {isRanged ? t('formResults.dashboard.emptyInRange') : t('formResults.dashboard.empty')}
                </Alert>
              ) : (
                <>
                  <PerDay data={data} />
                  <section aria-labelledby="dashboard-questions">
                    <Text component="h2" id="dashboard-questions" fw={600} size="lg" mb="sm">
                      {t('formResults.dashboard.questions')}
                    </Text>
                    {data.fields.length === 0 ? (
                      <Text c="dimmed">{t('formResults.dashboard.noQuestions')}</Text>
                    ) : (
                      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                        {data.fields.map((field, index) => (
                          <FieldResults key={field.key} field={field} index={index} />
                        ))}
                      </SimpleGrid>
                    )}
                  </section>
                </>
              )}
            </Stack>
          )}
        </QueryState>
      </AdminPage>
    </div>
  );
}

/** Submissions per day; within a year's span the quiet days show as empty columns in the chart. */
function PerDay({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const counts = new Map(data.perDay.map((entry) => [entry.day, entry.count]));
  const first = data.perDay[0]?.day;
  const last = data.perDay.at(-1)?.day;
  const span = first && last ? daysInRange(first, last) : 0;
  const days =
    first && span <= MAX_FILLED_DAYS
      ? Array.from({ length: span }, (_, index) => addDays(first, index))
      : data.perDay.map((entry) => entry.day);
  const caption = t('formResults.dashboard.perDay');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dashboard-per-day">
      <Text component="h2" id="dashboard-per-day" fw={600} size="lg" mb="sm">
        {caption}
      </Text>
      <CountChart
        testId="per-day"
        caption={caption}
        labelHeader={t('formResults.dashboard.day')}
        layout="columns"
        isTableWithoutZeros
        rows={days.map((day) => ({ key: day, label: formatDay(day, locale), count: counts.get(day) ?? 0 }))}
      />
    </Paper>
  );
}
