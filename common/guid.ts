/**
 * The one rule for a guid (a UUID as the API and the records write it): eight, four, four, four and
 * twelve hexadecimal digits, any case. Every check of a guid (a setting that names an image, a
 * list filter, a route parameter, a preview link) uses this pattern.
 */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuid(value: string): boolean {
  return GUID_PATTERN.test(value);
}
