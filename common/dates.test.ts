import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, isoDayOf, parseIsoDay } from './dates.ts';

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
