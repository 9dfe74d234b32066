import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { listSearch } from './list-url';

/**
 * The page numbers a pager shows: the first and last page, the current one with one on each side,
 * and `null` for the pages left out between them (Mantine's pagination with one sibling and one
 * boundary, which this replaces: its code and icons cost a list page 2.7 KB, issue 32).
 */
export function pagerRange(page: number, total: number): (number | null)[] {
  const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= 7) return numbers(1, total);
  const left = Math.max(page - 1, 1);
  const right = Math.min(page + 1, total);
  if (left <= 3) return [...numbers(1, 5), null, total];
  if (right >= total - 2) return [1, null, ...numbers(total - 4, total)];
  return [1, null, ...numbers(left, right), null, total];
}

const ICONS = {
  first: 'M11 4 7 8l4 4M6 4v8',
  previous: 'M10 4 6 8l4 4',
  next: 'M6 4l4 4-4 4',
  last: 'M5 4l4 4-4 4M10 4v8',
} as const;

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

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
  const current = Math.min(Math.max(page, 1), totalPages);
  const link = (target: number, label: string, content: ReactNode, isCurrent = false) => (
    <Link
      to={{ pathname, search: listSearch(searchParams, blockGuid, { page: target }) }}
      preventScrollReset
      className="pager-item"
      aria-label={label}
      aria-current={isCurrent ? 'page' : undefined}
    >
      {content}
    </Link>
  );
  const control = (name: keyof typeof ICONS, target: number) =>
    target === current ? (
      // Nowhere to go: shown greyed out, not a link.
      <span className="pager-item" data-disabled aria-hidden="true">
        <Icon path={ICONS[name]} />
      </span>
    ) : (
      link(target, t(`lists.${name}`), <Icon path={ICONS[name]} />)
    );
  return (
    <nav aria-label={t('lists.paging')} className="list-pager">
      <ul className="pager">
        <li>{control('first', 1)}</li>
        <li>{control('previous', Math.max(current - 1, 1))}</li>
        {pagerRange(current, totalPages).map((number, index) => (
          <li key={number ?? `gap-${index}`}>
            {number === null ? (
              <span className="pager-gap" aria-hidden="true">
                …
              </span>
            ) : (
              link(number, t('lists.pageN', { page: number }), number, number === current)
            )}
          </li>
        ))}
        <li>{control('next', Math.min(current + 1, totalPages))}</li>
        <li>{control('last', totalPages)}</li>
      </ul>
    </nav>
  );
}
