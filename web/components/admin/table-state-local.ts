import { useState } from 'react';
import { type TableControls, type TableOptions, type TableState, tableQuery } from './table-state';

/**
 * The table state of a second table on a screen whose first table owns the URL's parameters (the
 * invitations below the users): the same controls as useTableState, kept in the component.
 */
export function useLocalTableState<S extends string>(options: TableOptions<S>): TableControls<S> {
  const [state, setState] = useState<TableState<S>>({
    page: 1,
    pageSize: options.defaultPageSize ?? 25,
    sortBy: options.defaultSort,
    sortDirection: options.defaultDirection ?? 'asc',
    search: '',
  });
  return {
    state,
    query: tableQuery(state),
    setPage: (page) => setState((current) => ({ ...current, page })),
    setPageSize: (pageSize) => setState((current) => ({ ...current, pageSize, page: 1 })),
    toggleSort: (sortBy) =>
      setState((current) => ({
        ...current,
        sortBy,
        sortDirection: current.sortBy === sortBy && current.sortDirection === 'asc' ? 'desc' : 'asc',
        page: 1,
      })),
    setSearch: (search) => setState((current) => ({ ...current, search: search.trim(), page: 1 })),
  };
}
