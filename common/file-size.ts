import type { Locale } from './localized-text.ts';

/** SPEC 9: sizes are shown from Bytes to YB in steps of 1024. */
export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A byte count as people read it: "30 MB", "1,5 KB" in Dutch (comma as decimal separator, SPEC 9),
 * "1.5 KB" in English. At most two decimals, trailing zeros dropped; whole bytes have none.
 */
export function formatFileSize(bytes: number, locale: Locale): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding can carry a value to 1024.00 ("1024 KB"): show it as the next unit instead.
  if (Number(value.toFixed(2)) >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = unit === 0 ? String(Math.round(value)) : String(Number(value.toFixed(2)));
  return `${locale === 'nl' ? number.replace('.', ',') : number} ${FILE_SIZE_UNITS[unit]}`;
}
