/** Numbers and days as the admin reads them, in the interface language; days by the one formatter. */
export { formatDay } from '../../../../common/dates';

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'nl-NL').format(value);
}

/** "+12%", "−5%", "0%". */
export function formatChange(change: number, locale: string): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(change), locale)}%`;
}
