import { addDays, daysInRange } from '../../../common/dates.ts';

/** Every day of the range, in order, with zeros where nothing was counted. */
export function fillDays(
  from: string,
  to: string,
  counted: { day: string; views: number; visitors: number }[],
): { day: string; views: number; visitors: number }[] {
  const byDay = new Map(counted.map((row) => [row.day, row]));
  const length = daysInRange(from, to);
  return Array.from({ length }, (_unused, index) => {
    const day = addDays(from, index);
    const row = byDay.get(day);
    return { day, views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
  });
}

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with = + - @, a tab or
 * a carriage return) gets a leading apostrophe; cells with a comma, quote or line break are quoted,
 * quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole CSV document: a header row, then the rows; CRLF line ends; a BOM so spreadsheets read UTF-8. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
