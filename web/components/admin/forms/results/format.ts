/** Numbers of form results as the admin reads them, in the interface language (moments: web/account/format.ts). */

const intlLocale = (locale: string) => (locale === 'en' ? 'en-GB' : 'nl-NL');

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
