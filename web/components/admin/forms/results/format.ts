/** Moments and numbers of form results as the admin reads them: Dutch time, the interface language. */

const TIME_ZONE = 'Europe/Amsterdam';

const intlLocale = (locale: string) => (locale === 'en' ? 'en-GB' : 'nl-NL');

/** A submission's moment, e.g. "3 mrt 2026, 14:05", always in Europe/Amsterdam. */
export function formatMoment(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

/** A figure with at most two decimals (means, medians), in the interface language. */
export function formatFigure(value: number | null, locale: string): string {
  if (value === null) return '–';
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value);
}

/** A percentage the server rounded to one decimal: "42,5%". */
export function formatPercentage(value: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 1 }).format(
    value / 100,
  );
}
