import { Pagination } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { listSearch } from './list-url';

/**
 * Paging as real links (`?{guid8}_page=N`): it works without JavaScript, every page has its own
 * shareable URL and the back button steps back through the pages. The scroll position is kept, so
 * the page does not jump to the top on each step.
 */
export function ListPager({
  blockGuid,
  page,
  totalPages,
}: {
  blockGuid: string;
  page: number;
  totalPages: number;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  if (totalPages <= 1) return null;
  const link = (target: number) => {
    const clamped = Math.min(Math.max(target, 1), totalPages);
    return {
      component: Link,
      to: { pathname, search: listSearch(searchParams, blockGuid, { page: clamped }) },
      preventScrollReset: true,
    };
  };
  const controls = { first: 1, previous: page - 1, next: page + 1, last: totalPages } as const;
  return (
    <nav aria-label={t('lists.paging')} className="list-pager">
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        siblings={1}
        boundaries={1}
        getItemProps={(target) => ({
          ...link(target),
          'aria-label': t('lists.pageN', { page: target }),
          'aria-current': target === page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({
          ...link(controls[control]),
          'aria-label': t(`lists.${control}`),
        })}
      />
    </nav>
  );
}
