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

const SITE_TIME_ZONE = 'Europe/Amsterdam';
const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per language and kind (making one costs more than formatting). */
function formatOf(language: string, withTime: boolean): Intl.DateTimeFormat {
  const locale = language === 'en' ? 'en-GB' : 'nl-NL';
  const key = `${locale}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short', hourCycle: 'h23' } : {}),
      timeZone: SITE_TIME_ZONE,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment on the site's clock as people read it (issue 26): "4 mei 2016 om 14:05", "4 May 2016 at
 * 14:05", always in Europe/Amsterdam whatever the reader's computer says (form submissions,
 * revisions, schedules, preview links); `{ time: false }` gives the day alone ("4 mei 2016").
 */
export function formatMoment(iso: string, language: string, options: { time?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatOf(language, options.time !== false).format(date);
}

/** A calendar day (`YYYY-MM-DD`, no moment) as people read it: "4 mei 2016", "4 May 2016". */
export function formatDay(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  // Noon UTC is the same calendar day in Amsterdam, summer or winter.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return Number.isNaN(date.getTime()) ? day : formatOf(language, false).format(date);
}
