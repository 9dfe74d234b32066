import {
  Button,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { TABLE_ALL_LIMIT, TABLE_PAGE_SIZES, type TablePageSize } from '../../../common/table';
import { errorMessage } from '../../account/tasks';
import { useTranslation } from '../../i18n';
import type { TableControls } from './table-state';
import '../../i18n/admin';
import '../../i18n/account';

/** Typing in the search field asks the server this long after the last key. */
const SEARCH_DELAY_MS = 300;

export type Column<Row, S extends string> = {
  key: string;
  header: ReactNode;
  /** The API's sort key for this column; without it the column is not sortable. */
  sortKey?: S | undefined;
  render: (row: Row) => ReactNode;
  /** Hidden on narrow screens below this breakpoint (the first column always shows). */
  visibleFrom?: 'sm' | 'md' | undefined;
  /** The row's header cell (its name), read by screen readers with every cell of the row. */
  isRowHeader?: boolean | undefined;
};

export type Page<Row> = { items: Row[]; total: number };

/**
 * Every admin list: a server-paged, sortable, searchable table with SPEC 9's texts ('Laden...',
 * 'Geen gegevens beschikbaar', 'Geen records gevonden', 'Records per pagina:', 'Alle'). Its state
 * (page, size, sort, search) is the URL's (useTableState), so reload and back keep the view.
 */
export function DataTable<Row, S extends string>({
  caption,
  columns,
  rowKey,
  query,
  table,
  searchLabel,
  empty,
  toolbar,
  minWidth = 560,
}: {
  caption: string;
  columns: Column<Row, S>[];
  rowKey: (row: Row) => string;
  query: UseQueryResult<Page<Row>>;
  table: TableControls<S>;
  searchLabel?: string | undefined;
  /** What to do next when there is nothing at all (not when a search finds nothing). */
  empty?: ReactNode;
  toolbar?: ReactNode;
  /** Below this width the table scrolls within itself (narrow tables can go lower). */
  minWidth?: number;
}) {
  const { t } = useTranslation();
  const { state } = table;
  const captionId = useId();
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pageSize = state.pageSize === 'all' ? TABLE_ALL_LIMIT : state.pageSize;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (state.page - 1) * pageSize + 1;
  const to = Math.min(total, state.page * pageSize);

  // A page beyond the last (rows deleted, a stale link) goes to the last page that has rows.
  const { setPage } = table;
  useEffect(() => {
    if (query.data && state.page > pageCount) setPage(pageCount);
  }, [query.data, state.page, pageCount, setPage]);

  return (
    <Stack gap="sm" className="data-table">
      {searchLabel || toolbar ? (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          {searchLabel ? (
            <TableSearch
              label={searchLabel}
              caption={caption}
              value={state.search}
              onSearch={table.setSearch}
            />
          ) : (
            <span />
          )}
          {toolbar ? <Group gap="sm">{toolbar}</Group> : null}
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover aria-labelledby={captionId} aria-busy={query.isFetching}>
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} table={table} caption={caption} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <StatusRow query={query} isSearch={state.search !== ''} columns={columns.length} empty={empty} />
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => {
                  const Cell = column.isRowHeader ? Table.Th : Table.Td;
                  return (
                    <Cell
                      key={column.key}
                      visibleFrom={column.visibleFrom}
                      {...(column.isRowHeader ? { scope: 'row', fw: 'normal' } : {})}
                    >
                      {column.render(row)}
                    </Cell>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            label={t('table.recordsPerPage')}
            size="xs"
            value={String(state.pageSize)}
            onChange={(event) => table.setPageSize(parsePageSize(event.currentTarget.value))}
            data={[
              ...TABLE_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) })),
              { value: 'all', label: t('table.all') },
            ]}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { margin: 0 } }}
          />
        </Group>
        <Text size="sm" c="dimmed" role="status">
          {query.data ? t('adminShell.table.range', { from, to, total }) : ''}
        </Text>
        {pageCount > 1 ? (
          <nav aria-label={t('adminShell.table.pagination')}>
            <Pagination
              size="sm"
              total={pageCount}
              value={Math.min(state.page, pageCount)}
              onChange={table.setPage}
              withEdges
              siblings={1}
              getItemProps={(page) => ({
                'aria-label': t('adminShell.table.page', { page }),
                'aria-current': page === state.page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({ 'aria-label': t(`adminShell.table.${control}`) })}
            />
          </nav>
        ) : null}
      </Group>
    </Stack>
  );
}

function parsePageSize(value: string): TablePageSize {
  return value === 'all' ? 'all' : (Number(value) as TablePageSize);
}

function HeaderCell<Row, S extends string>({
  column,
  table,
  caption,
}: {
  column: Column<Row, S>;
  table: TableControls<S>;
  caption: string;
}) {
  const { t } = useTranslation();
  const { sortKey } = column;
  if (!sortKey) {
    return (
      <Table.Th scope="col" visibleFrom={column.visibleFrom}>
        {column.header}
      </Table.Th>
    );
  }
  const isSorted = table.state.sortBy === sortKey;
  const direction = isSorted ? table.state.sortDirection : undefined;
  return (
    <Table.Th
      scope="col"
      visibleFrom={column.visibleFrom}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        className="data-table-sort"
        // Named after its column and table (issue 26): a screen with several tables has one "Naam" each.
        aria-label={
          typeof column.header === 'string'
            ? t('adminShell.table.sortBy', { column: column.header, table: caption })
            : undefined
        }
        onClick={() => table.toggleSort(sortKey)}
        title={t(isSorted && direction === 'asc' ? 'adminShell.table.sortDesc' : 'adminShell.table.sortAsc')}
      >
        {column.header}
        <SortIcon direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  return (
    <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M3 5l3-3 3 3" fill="none" stroke="currentColor" opacity={direction === 'asc' ? 1 : 0.35} />
      <path d="M3 7l3 3 3-3" fill="none" stroke="currentColor" opacity={direction === 'desc' ? 1 : 0.35} />
    </svg>
  );
}

function TableSearch({
  label,
  caption,
  value,
  onSearch,
}: {
  label: string;
  caption: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const searchLater = useDebouncedCallback(onSearch, SEARCH_DELAY_MS);
  // The URL changed from elsewhere (back button, a link): show its search, unless the user is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setDraft(value);
  }, [value]);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The typed search goes now; a pending one must not follow (it would undo a click that came after).
    searchLater.cancel();
    onSearch(draft);
  }
  return (
    <form onSubmit={submit} className="data-table-search">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={input}
          type="search"
          label={label}
          value={draft}
          maxLength={200}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            searchLater(event.currentTarget.value);
          }}
          // On a phone the field takes what the button leaves (100 % would push the button out).
          w={{ sm: 300 }}
          className="data-table-search-input"
        />
        <Button
          type="submit"
          variant="light"
          aria-label={t('adminShell.table.searchButton', { search: t('buttons.search'), table: caption })}
        >
          {t('buttons.search')}
        </Button>
      </Group>
    </form>
  );
}

function StatusRow({
  query,
  isSearch,
  columns,
  empty,
}: {
  query: UseQueryResult<Page<unknown>>;
  isSearch: boolean;
  columns: number;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  let content: ReactNode = null;
  if (query.isPending) content = <Text c="dimmed">{t('table.loading')}</Text>;
  else if (query.isError) {
    content = (
      <Group justify="space-between" role="alert">
        <Text c="red">{errorMessage(query.error, t('tasks.failedText'))}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
          {t('tasks.retry')}
        </Button>
      </Group>
    );
  } else if (query.data.items.length === 0) {
    content = isSearch ? (
      <Text c="dimmed">{t('table.noRecords')}</Text>
    ) : (
      <Stack gap="xs" align="flex-start">
        <Text c="dimmed">{t('table.noData')}</Text>
        {empty}
      </Stack>
    );
  }
  if (!content) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>{content}</Table.Td>
    </Table.Tr>
  );
}
