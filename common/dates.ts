/**
 * The one rule for calendar days written the ISO way (`YYYY-MM-DD`), as query parameters and
 * CSV cells carry them: four-digit year, two-digit month and day, a day that exists. Nothing else
 * is accepted (no time, no zone, no spaces, no other digits than ASCII, no signs).
 */
const ISO_DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The same day back when `value` is a real ISO calendar day from 1900 to 9999, else null. */
export function parseIsoDay(value: unknown): string | null {
  if (typeof value !== 'string' || value.length !== 10) return null;
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

const DAY_MS = 86_400_000;

/** The UTC calendar day of a moment. */
export function isoDayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). `day` must be a valid ISO day. */
export function addDays(day: string, days: number): string {
  return isoDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days from `from` to `to`, both counted (1 for the same day; 0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A day as people type it, day first (`4-5-2016`, `04/05/2016`, `4.5.2016`), or the ISO way. */
const TYPED_DAY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/**
 * The one rule for a calendar day a person types (issue 26: a visitor's date question): day,
 * month and year in the order Dutch and British English write them, separated by `-`, `/` or `.`,
 * or the ISO form a browser's date field posts. The ISO day back, or null.
 */
export function parseDayInput(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length > 10) return null;
  const typed = TYPED_DAY.exec(text);
  if (!typed) return parseIsoDay(text);
  const iso = `${typed[3]}-${typed[2]?.padStart(2, '0')}-${typed[1]?.padStart(2, '0')}`;
  return parseIsoDay(iso);
}

/** An ISO day the way a person types it back (`04-05-2016`): the form a date question shows. */
export function typedDayOf(iso: string): string {
  const match = ISO_DAY.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
}

/** An ISO day as people read it: `4 mei 2016`, `4 May 2016` (the day itself, no zone moves it). */
export function longDayOf(iso: string, locale: 'nl' | 'en'): string {
  return formatDay(iso, locale);
}

/** Dates are shown on the site's clock, whatever the reader's computer says (SPEC 9). */
export const SITE_TIME_ZONE = 'Europe/Amsterdam';

// One formatter per language and kind: making one costs more than formatting with it.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(locale: string, kind: 'day' | 'moment'): Intl.DateTimeFormat {
  const tag = locale === 'en' ? 'en-GB' : 'nl-NL';
  const key = `${tag}|${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      dateStyle: 'long',
      ...(kind === 'moment' ? { timeStyle: 'short', hourCycle: 'h23' } : {}),
      timeZone: SITE_TIME_ZONE,
    });
    formats.set(key, format);
  }
  return format;
}

/*
 * Written out by hand for the years the site's clock follows one rule (issue 32): a browser's first
 * Intl.DateTimeFormat loads its locale data, about 80 ms on a fast machine and 300 ms on a phone,
 * in the middle of hydrating a page that shows a date. The text is exactly Intl's (dates.test.ts
 * compares them); server and browser use the same code, so hydration always agrees. Other years
 * (before 1996, or past 2037, where the rule may change) go through Intl.
 */
const MONTHS = {
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
} as const;
const FIRST_RULE_YEAR = 1996;
const LAST_RULE_YEAR = 2037;
const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month: when Amsterdam's summer time starts (March) or ends (October). */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * DAY_MS;
}

/** The moment as Amsterdam's wall clock reads it (in a Date's UTC fields), or null outside the rule's years. */
function amsterdamClock(date: Date): Date | null {
  const year = date.getUTCFullYear();
  if (year < FIRST_RULE_YEAR || year > LAST_RULE_YEAR) return null;
  const time = date.getTime();
  const isSummer = time >= lastSundayAtOne(year, 2) && time < lastSundayAtOne(year, 9);
  return new Date(time + (isSummer ? 2 : 1) * HOUR_MS);
}

function written(date: Date, locale: string, kind: 'day' | 'moment'): string {
  const clock = amsterdamClock(date);
  if (!clock) return formatOf(locale, kind).format(date);
  const language = locale === 'en' ? 'en' : 'nl';
  const day = `${clock.getUTCDate()} ${MONTHS[language][clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
  if (kind === 'day') return day;
  const time = `${String(clock.getUTCHours()).padStart(2, '0')}:${String(clock.getUTCMinutes()).padStart(2, '0')}`;
  return `${day} ${language === 'en' ? 'at' : 'om'} ${time}`;
}

/**
 * The one way a moment is shown (issue 26): "15 januari 2026 om 14:05", "15 January 2026 at
 * 14:05", on the site's clock; `{ time: false }` gives the day alone ("4 mei 2016"). An empty or
 * unreadable value gives ''.
 */
export function formatMoment(
  iso: string | Date | null | undefined,
  locale: string,
  options: { time?: boolean } = {},
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return written(date, locale, options.time === false ? 'day' : 'moment');
}

/** Noon UTC of an ISO day: the same calendar day in Amsterdam, summer or winter. */
function noonOf(day: string): Date | null {
  return parseIsoDay(day) ? new Date(`${day}T12:00:00Z`) : null;
}

/** The one way a calendar day (`YYYY-MM-DD`, no moment) is shown: "4 mei 2016"; anything else as given. */
export function formatDay(day: string, locale: string): string {
  const noon = noonOf(day);
  return noon ? written(noon, locale, 'day') : day;
}
