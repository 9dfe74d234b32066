import { formatMoment } from '../../../common/dates';
import { type ListUrlKey, listParamName } from '../../../common/list-items';

/** "22 november 2026" in Dutch, "22 November 2026" in English: the one formatter, without the time. */
export function formatItemDate(iso: string | null | undefined, language: string): string {
  return formatMoment(iso, language, { time: false });
}

/**
 * The query string for one list's new state, keeping everything else in the URL (other lists'
 * state, the language). A change of sort, filter or search starts at page 1 again; values that
 * equal the default are left out so URLs stay short and shareable.
 */
export function listSearch(
  current: URLSearchParams,
  blockGuid: string,
  changes: Partial<Record<ListUrlKey, string | number | null>>,
): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes) as [ListUrlKey, string | number | null][]) {
    const name = listParamName(blockGuid, key);
    if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(name);
    else next.set(name, String(value));
  }
  if (!('page' in changes)) next.delete(listParamName(blockGuid, 'page'));
  const search = next.toString();
  return search ? `?${search}` : '';
}

/** The current URL's parameters that do not belong to this list (kept as hidden form fields). */
export function otherParams(current: URLSearchParams, blockGuid: string): [string, string][] {
  const prefix = `${blockGuid.slice(0, 8)}_`;
  return [...current.entries()].filter(([name]) => !name.startsWith(prefix));
}

/** The item type filter in the list filter language (`type:{name}`). */
export const typeFilter = (name: string) => `type:${name}`;

/** `/nieuws/i/Ab3dE9xZ/de-titel` → the list page's path, the item id and the slug (if any). */
export function parseItemPath(path: string): { path: string; id: string; slug: string | null } | null {
  const segments = path.split('/').filter(Boolean);
  // The last `i` segment followed by an id and at most a slug: a page may be called "i" itself.
  for (let index = segments.length - 2; index >= 0; index -= 1) {
    if (segments[index] !== 'i') continue;
    const rest = segments.slice(index + 1);
    if (rest.length > 2) return null;
    let id: string;
    let slug: string | null = null;
    try {
      id = decodeURIComponent(rest[0] ?? '');
      slug = rest[1] === undefined ? null : decodeURIComponent(rest[1]);
    } catch {
      return null;
    }
    if (!id) return null;
    return { path: `/${segments.slice(0, index).join('/')}`, id, slug };
  }
  return null;
}
