import { isMediaGuid } from '../../common/settings';
import { isAllowedUrl } from '../../common/urls';

/**
 * Settings such as the header logo and favicon hold a URL or a media guid; a guid is served by the
 * media endpoint /a/{guid} with optional transform parameters. Empty means "none"; so does a URL
 * that breaks the asset rule (common/urls.ts).
 */
export function mediaUrl(value: string, params: Record<string, string | number> = {}): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  // The setting's rule (common/settings.ts) refuses anything else; a row written by hand shows nothing.
  if (!isMediaGuid(trimmed)) return isAllowedUrl(trimmed, 'asset') ? trimmed : null;
  return withParams(`/a/${trimmed}`, params);
}

/** Adds transform parameters to an image URL that may already carry a query. */
export function withParams(url: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, param]) => [key, String(param)]));
  const search = query.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}
