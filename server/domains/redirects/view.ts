import { isLocalLink } from '../../../common/urls.ts';
import type { RedirectRow } from '../../db/schema.ts';

/** Redirects as the admin table shows them. */
export function presentRedirect(
  row: RedirectRow,
  createdBy?: { firstName: string | null; lastName: string | null },
) {
  const name = createdBy ? [createdBy.firstName, createdBy.lastName].filter(Boolean).join(' ') : '';
  return {
    guid: row.id,
    fromPath: row.fromPath,
    toPath: row.toPath,
    createdAt: row.createdAt.toISOString(),
    createdBy: name === '' ? null : name,
  };
}

/**
 * The paths a request may be redirected by, with what to append to the target: the path itself,
 * then, for `{path}/edit` and `{path}/i/{id}/{slug?}`, the page's path with that suffix kept.
 */
export function redirectCandidates(path: string): { fromPath: string; suffix: string }[] {
  const candidates = [{ fromPath: path, suffix: '' }];
  const segments = path.split('/').filter(Boolean);
  if (segments.at(-1) === 'edit') {
    candidates.push({ fromPath: `/${segments.slice(0, -1).join('/')}`, suffix: '/edit' });
  }
  for (let index = segments.length - 2; index >= 0 && index >= segments.length - 3; index -= 1) {
    if (segments[index] === 'i') {
      candidates.push({
        fromPath: `/${segments.slice(0, index).join('/')}`,
        suffix: `/${segments.slice(index).join('/')}`,
      });
      break;
    }
  }
  return candidates;
}

/**
 * The location a redirect answers: a local target keeps the suffix and the request's query (joined
 * to a query the target has); an external one is used as it is.
 */
export function redirectLocation(toPath: string, suffix: string, search: string): string {
  if (!isLocalLink(toPath)) return toPath;
  const [path = '', query] = toPath.split(/\?(.*)/s, 2);
  const base = path === '/' && suffix !== '' ? '' : path;
  const params = [query, search.replace(/^\?/, '')].filter(Boolean).join('&');
  return `${base}${suffix}${params ? `?${params}` : ''}`;
}
