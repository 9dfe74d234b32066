const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Settings such as the header logo and favicon hold a URL or a media guid; a guid is served by the
 * media endpoint /a/{guid} with optional transform parameters. Empty means "none".
 */
export function mediaUrl(value: string, params: Record<string, string | number> = {}): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!GUID.test(trimmed)) return trimmed;
  const query = new URLSearchParams(Object.entries(params).map(([key, param]) => [key, String(param)]));
  const search = query.toString();
  return `/a/${trimmed}${search ? `?${search}` : ''}`;
}
