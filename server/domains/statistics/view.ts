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

export { csvCell, toCsv } from '../../../common/csv.ts';
