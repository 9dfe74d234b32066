import { isLocalLink, safeReturnPath } from '../../../common/urls.ts';
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
 * to a query the target has); an external one as the URL parser writes it. The suffix comes from the request's
 * decoded path, so the local location must pass the return-path rule (safeReturnPath: no control
 * characters, no `//` once resolved, ASCII only), else the target alone is the answer: a `Location`
 * header never gets a value that fails to send (issue 33).
 */
export function redirectLocation(toPath: string, suffix: string, search: string): string {
  if (!isLocalLink(toPath)) return externalLocation(toPath);
  const [path = '', query] = toPath.split(/\?(.*)/s, 2);
  const base = path === '/' && suffix !== '' ? '' : path;
  const params = [query, search.replace(/^\?/, '')].filter(Boolean).join('&');
  return safeReturnPath(`${base}${suffix}${params ? `?${params}` : ''}`, safeReturnPath(toPath));
}

/** An external target as the URL parser writes it (punycode host, percent-encoded path: ASCII). */
function externalLocation(toPath: string): string {
  try {
    return new URL(toPath).href;
  } catch {
    return '/';
  }
}
