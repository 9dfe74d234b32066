/**
 * The one rule for calendar days written the ISO way (`YYYY-MM-DD`), as query parameters and
 * CSV cells carry them: four-digit year, two-digit month and day, a day that exists. Nothing else
 * is accepted (no time, no zone, no spaces, no other digits than ASCII, no signs).
 */
const ISO_DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The same day back when `value` is a real ISO calendar day from 1900 to 9999, else null. */
export function parseIsoDay(value: unknown): string | null {
  if (typeof value !== 'string' || value.length !== 10) return null;
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

const DAY_MS = 86_400_000;

/** The UTC calendar day of a moment. */
export function isoDayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). `day` must be a valid ISO day. */
export function addDays(day: string, days: number): string {
  return isoDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days from `from` to `to`, both counted (1 for the same day; 0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
