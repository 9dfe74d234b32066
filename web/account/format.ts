import { formatMoment } from '../../common/dates';

/**
 * Dates as people read them (issue 26) come from the one formatter in common/dates.ts:
 * `formatMoment` ("4 mei 2016 om 14:05", on the site's clock) and `formatDay` ("4 mei 2016").
 */
export { formatDay, formatMoment } from '../../common/dates';

/** A moment with its time, or '' when there is none: "22 november 2026 om 14:05". */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  return formatMoment(iso, language);
}
