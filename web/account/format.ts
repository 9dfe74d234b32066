/** Date and time as the visitor's language writes it ("22-11-2026 14:05" in Dutch). */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(language === 'en' ? 'en-GB' : 'nl-NL', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/**
 * A moment on the site's clock, e.g. "3 mrt 2026, 14:05": always in Europe/Amsterdam, whatever
 * the reader's computer says (form submissions, revisions, schedules, preview links).
 */
export function formatMoment(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
    hourCycle: 'h23',
  }).format(date);
}
