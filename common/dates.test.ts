import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInRange,
  formatDay,
  formatMoment,
  isoDayOf,
  parseIsoDay,
  SITE_TIME_ZONE,
} from './dates.ts';

const VALID = ['2026-01-01', '2024-02-29', '2026-12-31', '1900-01-01', '9999-12-31', '2026-11-30'];

const HOSTILE: unknown[] = [
  '',
  ' 2026-01-01',
  '2026-01-01 ',
  '2026-1-01',
  '2026-01-1',
  '26-01-01',
  '2026/01/01',
  '01-01-2026',
  '2026-00-10',
  '2026-13-01',
  '2026-02-29',
  '2025-02-29',
  '2026-04-31',
  '2026-01-32',
  '2026-01-00',
  '1899-12-31',
  '+2026-01-01',
  '-2026-01-01',
  '20260101',
  '2026-01-01T00:00:00Z',
  '2026-01-01\n',
  '2026-01-01\u0000',
  '２０２６-01-01',
  '٢٠٢٦-01-01',
  '2026-01-01; DROP TABLE users',
  "2026-01-01' OR '1'='1",
  '=2026-01-01',
  'NaN',
  'now',
  'today',
  '0000-00-00',
  '10000-01-01',
  '2026-0x-01',
  '2026-01-0a',
  null,
  undefined,
  20260101,
  new Date('2026-01-01'),
  ['2026-01-01'],
  { toString: () => '2026-01-01' },
];

describe('parseIsoDay', () => {
  it.each(VALID)('keeps %s', (value) => {
    expect(parseIsoDay(value)).toBe(value);
  });

  it.each(HOSTILE.map((value) => [value]))('refuses %j', (value) => {
    expect(parseIsoDay(value)).toBeNull();
  });
});

describe('day arithmetic', () => {
  it('moves across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('counts both ends of a range', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-01-31')).toBe(31);
    expect(daysInRange('2026-01-02', '2026-01-01')).toBe(0);
  });

  it('takes the UTC day of a moment', () => {
    expect(isoDayOf(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
  });
});

describe('formatMoment and formatDay, written without Intl in the years of one clock rule (issue 32)', () => {
  const intl = (tag: string, moment: boolean) =>
    new Intl.DateTimeFormat(tag, {
      dateStyle: 'long',
      ...(moment ? { timeStyle: 'short' as const, hourCycle: 'h23' as const } : {}),
      timeZone: SITE_TIME_ZONE,
    });
  const formats = {
    nl: [intl('nl-NL', false), intl('nl-NL', true)],
    en: [intl('en-GB', false), intl('en-GB', true)],
  };

  it('reads exactly as Intl does, around every change of summer time and at random moments', () => {
    const moments: Date[] = [];
    for (let year = 1995; year <= 2038; year += 1) {
      for (const month of [2, 9]) {
        // The last Sunday of the month, the hours around 01:00 UTC.
        const last = new Date(Date.UTC(year, month + 1, 0));
        const sunday = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay());
        for (let minutes = -90; minutes <= 90; minutes += 15)
          moments.push(new Date(sunday + 3_600_000 + minutes * 60_000));
      }
      moments.push(new Date(Date.UTC(year, 0, 1, 0, 0)), new Date(Date.UTC(year, 11, 31, 23, 59)));
    }
    let seed = 20261130;
    for (let index = 0; index < 2000; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      moments.push(new Date(Date.UTC(1990, 0, 1) + (seed / 2 ** 31) * 55 * 365 * 86_400_000));
    }
    for (const moment of moments) {
      for (const locale of ['nl', 'en'] as const) {
        const [day, withTime] = formats[locale];
        expect(formatMoment(moment, locale), moment.toISOString()).toBe(withTime?.format(moment));
        expect(formatMoment(moment.toISOString(), locale, { time: false })).toBe(day?.format(moment));
      }
    }
  });

  it('writes a calendar day as that day, and leaves what is not a day as it is', () => {
    expect(formatDay('2016-05-04', 'nl')).toBe('4 mei 2016');
    expect(formatDay('2016-05-04', 'en')).toBe('4 May 2016');
    expect(formatDay('1950-01-31', 'nl')).toBe('31 januari 1950');
    expect(formatDay('2026-02-30', 'nl')).toBe('2026-02-30');
    expect(formatMoment('', 'nl')).toBe('');
    expect(formatMoment('not a date', 'en')).toBe('');
  });
});
