import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  STATISTICS_LIST_SORT_KEYS,
  type StatisticsListKind,
  type StatisticsListSortKey,
} from '../../../../common/statistics';
import { api, unwrap } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { type Column, DataTable } from '../DataTable';
import { useAccessGuard } from '../queries';
import { useLocalTableState } from '../table-state-local';
import { formatNumber } from './format';
import '../../../i18n/admin';

type ListRow = { name: string; title: string | null; count: number; noResults: number };

/** What each list shows: the name column's header, the count's header, and the "nothing found" column. */
const COLUMNS: Record<StatisticsListKind, { name: string; count: string; noResults: boolean }> = {
  pages: { name: 'statistics.page', count: 'statistics.views', noResults: false },
  entries: { name: 'statistics.page', count: 'statistics.entries', noResults: false },
  referrers: { name: 'statistics.host', count: 'statistics.views', noResults: false },
  searches: { name: 'statistics.term', count: 'statistics.searches', noResults: true },
  'no-results': { name: 'statistics.term', count: 'statistics.searches', noResults: true },
};

/**
 * One list of the statistics as a server-paged, sortable, searchable table with its CSV export.
 * Five of them share the screen, so each keeps its table state itself; the period is the URL's.
 */
export function StatisticsListTable({
  kind,
  title,
  from,
  to,
  exportHref,
  empty,
}: {
  kind: StatisticsListKind;
  title: string;
  from: string;
  to: string;
  exportHref: string;
  empty: string;
}) {
  const { t, i18n } = useTranslation();
  const table = useLocalTableState<StatisticsListSortKey>({
    sortKeys: STATISTICS_LIST_SORT_KEYS,
    defaultSort: kind === 'no-results' ? 'noResults' : 'count',
    defaultDirection: 'desc',
    defaultPageSize: 10,
  });
  const query = useQuery({
    queryKey: ['admin', 'statistics', 'list', kind, from, to, table.query] as const,
    queryFn: () =>
      unwrap(
        api.GET('/api/statistics/lists/{kind}', {
          params: { path: { kind }, query: { ...table.query, from, to } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  useAccessGuard(query.error);
  const shape = COLUMNS[kind];
  const number = (value: number) => formatNumber(value, i18n.language);
  const columns: Column<ListRow, StatisticsListSortKey>[] = [
    {
      key: 'name',
      header: t(shape.name),
      sortKey: 'name',
      isRowHeader: true,
      render: (row) =>
        kind === 'pages' || kind === 'entries' ? <PagePath path={row.name} title={row.title} /> : row.name,
    },
    { key: 'count', header: t(shape.count), sortKey: 'count', render: (row) => number(row.count) },
    ...(shape.noResults
      ? [
          {
            key: 'noResults',
            header: t('statistics.noResults'),
            sortKey: 'noResults' as const,
            render: (row: ListRow) => number(row.noResults),
          },
        ]
      : []),
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Text component="h2" fw={600} size="lg">
          {title}
        </Text>
        <Button
          component="a"
          href={exportHref}
          download
          variant="default"
          size="compact-sm"
          aria-label={t('statistics.exportLabel', { name: title })}
        >
          {t('statistics.export')}
        </Button>
      </Group>
      <DataTable
        caption={title}
        columns={columns}
        rowKey={(row) => row.name}
        query={query}
        table={table}
        minWidth={260}
        searchLabel={t('statistics.searchIn', { name: title })}
        empty={
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        }
      />
    </Paper>
  );
}

/** A counted path: the page's title when it is a page in the menu, with its path beneath. */
export function PagePath({ path, title }: { path: string; title: string | null }) {
  return (
    <>
      <Anchor href={path} size="sm" style={{ wordBreak: 'break-word' }}>
        {title ?? path}
      </Anchor>
      {title ? (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {path}
        </Text>
      ) : null}
    </>
  );
}
