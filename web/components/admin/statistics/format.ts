/** Numbers and days as the admin reads them, in the interface language. */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'nl-NL').format(value);
}

export function formatDay(day: string, locale: string, options: { year?: boolean } = {}): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nl-NL', {
    day: 'numeric',
    month: 'short',
    ...(options.year === false ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** "+12%", "−5%", "0%". */
export function formatChange(change: number, locale: string): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(change), locale)}%`;
}
