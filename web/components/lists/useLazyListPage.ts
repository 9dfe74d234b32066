import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListPage, ListSortKey } from '../../../common/list-items';
import { fetchListPage } from './list-api';

export type ListQuery = {
  pageNumber: number;
  itemCount: number;
  sort_by: ListSortKey;
  filter: string;
  searchFilter: string;
};

export type LazyState =
  | { status: 'waiting' }
  | { status: 'loading' }
  | { status: 'done'; page: ListPage }
  | { status: 'failed'; error: unknown };

/**
 * A lazyLoad list (SPEC 3): nothing is fetched until the list scrolls into view; then the page
 * the URL asks for is fetched, and fetched again when the URL's list state changes. Without
 * IntersectionObserver (very old browsers) it loads at once.
 */
export function useLazyListPage(blockGuid: string, query: ListQuery | null) {
  const target = useRef<HTMLDivElement>(null);
  const [isVisible, setVisible] = useState(false);
  const [state, setState] = useState<LazyState>({ status: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  const key = query ? JSON.stringify(query) : null;

  useEffect(() => {
    if (isVisible || !key) return;
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isVisible, key]);

  // A retry bumps `attempt`, which changes the request key and so runs the fetch again.
  const request = isVisible && key ? `${attempt}|${key}` : null;
  useEffect(() => {
    if (!request) return;
    let isCurrent = true;
    setState({ status: 'loading' });
    fetchListPage(blockGuid, JSON.parse(request.slice(request.indexOf('|') + 1)) as ListQuery)
      .then((page) => {
        if (isCurrent) setState({ status: 'done', page });
      })
      .catch((error: unknown) => {
        if (isCurrent) setState({ status: 'failed', error });
      });
    return () => {
      isCurrent = false;
    };
  }, [request, blockGuid]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { target, state, retry };
}
