import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { TABLE_PAGE_SIZES, type TablePageSize } from '../../../common/table';

/**
 * The state of an admin table (page, page size, sort, search) lives in the URL's search
 * parameters, so a reload, a shared link and the back button bring the same view back. The
 * parameter names are those of the API's table query (server/routes/common-schemas.ts), so the
 * state is sent as it is.
 */

export type SortDirection = 'asc' | 'desc';

export type TableState<S extends string> = {
  page: number;
  pageSize: TablePageSize;
  sortBy: S;
  sortDirection: SortDirection;
  search: string;
};

export type TableOptions<S extends string> = {
  sortKeys: readonly S[];
  defaultSort: S;
  defaultDirection?: SortDirection | undefined;
  defaultPageSize?: TablePageSize | undefined;
};

const DEFAULT_PAGE_SIZE: TablePageSize = 25;

function parsePageSize(value: string | null, fallback: TablePageSize): TablePageSize {
  if (value === 'all') return 'all';
  const number = Number(value);
  return (TABLE_PAGE_SIZES as readonly (number | 'all')[]).includes(number)
    ? (number as TablePageSize)
    : fallback;
}

/** Reads the table state from search parameters; anything unknown falls back to the default. */
export function readTableState<S extends string>(
  params: URLSearchParams,
  options: TableOptions<S>,
): TableState<S> {
  const page = Number(params.get('page'));
  const sortBy = params.get('sortBy');
  const direction = params.get('sortDirection');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: parsePageSize(params.get('pageSize'), options.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    sortBy: options.sortKeys.includes(sortBy as S) ? (sortBy as S) : options.defaultSort,
    sortDirection:
      direction === 'asc' || direction === 'desc' ? direction : (options.defaultDirection ?? 'asc'),
    search: (params.get('search') ?? '').trim(),
  };
}

/**
 * Writes a change into search parameters, leaving other parameters (a tab, an open dialog) alone.
 * Defaults are left out, so the plain URL stays plain.
 */
export function writeTableState<S extends string>(
  params: URLSearchParams,
  state: TableState<S>,
  options: TableOptions<S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('page', String(state.page), '1');
  set('pageSize', String(state.pageSize), String(options.defaultPageSize ?? DEFAULT_PAGE_SIZE));
  set('sortBy', state.sortBy, options.defaultSort);
  set('sortDirection', state.sortDirection, options.defaultDirection ?? 'asc');
  set('search', state.search, '');
  return next;
}

/** The query an admin list call takes, from the table state. */
export function tableQuery<S extends string>(state: TableState<S>) {
  return {
    page: state.page,
    pageSize: state.pageSize,
    sortBy: state.sortBy,
    sortDirection: state.sortDirection,
    ...(state.search ? { search: state.search } : {}),
  };
}

export type TableControls<S extends string> = {
  state: TableState<S>;
  query: ReturnType<typeof tableQuery<S>>;
  setPage(page: number): void;
  setPageSize(pageSize: TablePageSize): void;
  /** Sorts by a column; the same column again turns the direction around. */
  toggleSort(sortBy: S): void;
  setSearch(search: string): void;
};

export function useTableState<S extends string>(options: TableOptions<S>): TableControls<S> {
  const [params, setParams] = useSearchParams();
  const { defaultSort, defaultDirection, defaultPageSize } = options;
  // The options are usually written inline: the sort keys' contents count, not their array.
  const keys = options.sortKeys.join(',');
  const stable = useMemo(
    () => ({ sortKeys: keys.split(',') as S[], defaultSort, defaultDirection, defaultPageSize }),
    [keys, defaultSort, defaultDirection, defaultPageSize],
  );
  const state = readTableState(params, stable);
  const update = useCallback(
    (change: (state: TableState<S>) => TableState<S>) =>
      setParams((current) => writeTableState(current, change(readTableState(current, stable)), stable), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams, stable],
  );
  return {
    state,
    query: tableQuery(state),
    setPage: (page) => update((current) => ({ ...current, page })),
    setPageSize: (pageSize) => update((current) => ({ ...current, pageSize, page: 1 })),
    toggleSort: (sortBy) =>
      update((current) => ({
        ...current,
        sortBy,
        sortDirection: current.sortBy === sortBy && current.sortDirection === 'asc' ? 'desc' : 'asc',
        page: 1,
      })),
    setSearch: (search) => update((current) => ({ ...current, search: search.trim(), page: 1 })),
  };
}
