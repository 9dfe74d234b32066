import { isMediaGuid } from '../../common/settings';

/**
 * Settings such as the header logo and favicon hold a URL or a media guid; a guid is served by the
 * media endpoint /a/{guid} with optional transform parameters. Empty means "none".
 */
export function mediaUrl(value: string, params: Record<string, string | number> = {}): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!isMediaGuid(trimmed)) return trimmed;
  return withParams(`/a/${trimmed}`, params);
}

/** Adds transform parameters to an image URL that may already carry a query. */
export function withParams(url: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, param]) => [key, String(param)]));
  const search = query.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}
