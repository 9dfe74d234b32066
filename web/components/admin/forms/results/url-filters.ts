import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parseIsoDay } from '../../../../../common/dates';

/**
 * The filters of a form's results live in the URL beside the table state (`?version=2&handled=false
 * &from=2026-03-01&to=2026-03-31`), so a reload, a shared link and the back button keep them.
 */

export type SubmissionFilters = {
  version?: number;
  handled?: boolean;
  from?: string;
  to?: string;
};
type FilterName = keyof SubmissionFilters;

export function readFilters(params: URLSearchParams): SubmissionFilters {
  const filters: SubmissionFilters = {};
  const version = Number(params.get('version'));
  if (Number.isInteger(version) && version >= 1) filters.version = version;
  const handled = params.get('handled');
  if (handled === 'true' || handled === 'false') filters.handled = handled === 'true';
  const from = parseIsoDay(params.get('from'));
  if (from) filters.from = from;
  const to = parseIsoDay(params.get('to'));
  if (to) filters.to = to;
  return filters;
}

export function useResultFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  /** Changes filters (null removes one); the table goes back to its first page. */
  const update = useCallback(
    (changes: Partial<Record<FilterName, string | null>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const isFiltered = Object.keys(filters).length > 0;
  return { filters, update, isFiltered };
}
