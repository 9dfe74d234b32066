import { describe, expect, it } from 'vitest';
import { readTableState, tableQuery, writeTableState } from './table-state';

const OPTIONS = { sortKeys: ['title', 'updatedAt'] as const, defaultSort: 'title' as const };

describe('admin table state in the URL', () => {
  it('reads defaults from an empty URL and leaves them out when written back', () => {
    const state = readTableState(new URLSearchParams(), OPTIONS);
    expect(state).toEqual({ page: 1, pageSize: 25, sortBy: 'title', sortDirection: 'asc', search: '' });
    expect(writeTableState(new URLSearchParams('tab=templates'), state, OPTIONS).toString()).toBe(
      'tab=templates',
    );
    expect(tableQuery(state)).toEqual({ page: 1, pageSize: 25, sortBy: 'title', sortDirection: 'asc' });
  });

  it('round-trips a changed state and keeps other parameters', () => {
    const state = {
      page: 3,
      pageSize: 'all' as const,
      sortBy: 'updatedAt' as const,
      sortDirection: 'desc' as const,
      search: 'raad',
    };
    const params = writeTableState(new URLSearchParams('tab=pages'), state, OPTIONS);
    expect(params.get('tab')).toBe('pages');
    expect(readTableState(params, OPTIONS)).toEqual(state);
    expect(tableQuery(state)).toEqual({ ...state });
  });

  it('falls back to the default for anything a hand-edited URL can hold', () => {
    for (const query of [
      'page=0&pageSize=7&sortBy=password&sortDirection=sideways',
      'page=-2&pageSize=ALL&sortBy=&sortDirection=',
      'page=1.5&pageSize=1e3&sortBy=__proto__',
      'page=abc&pageSize=&sortBy=constructor',
    ]) {
      expect(readTableState(new URLSearchParams(query), OPTIONS)).toEqual({
        page: 1,
        pageSize: 25,
        sortBy: 'title',
        sortDirection: 'asc',
        search: '',
      });
    }
    expect(readTableState(new URLSearchParams('search=%20%20raad%20'), OPTIONS).search).toBe('raad');
  });
});
