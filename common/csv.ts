/** CSV as spreadsheets read it (statistics, form exports): one rule for cells, lines and documents. */

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
  return `${CSV_BOM}${[header, ...rows].map(csvLine).join('')}`;
}

export const CSV_BOM = '\uFEFF';

/** One CSV line with its CRLF, for documents written a line at a time (streamed exports). */
export function csvLine(row: readonly (string | number | null)[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}
