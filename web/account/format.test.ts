import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment } from './format';

describe('dates as people read them (issue 26)', () => {
  it('writes a moment on the site clock with the month in words and a 24-hour time', () => {
    expect(formatMoment('2016-05-04T12:05:00Z', 'nl')).toBe('4 mei 2016 om 14:05');
    expect(formatMoment('2016-05-04T12:05:00Z', 'en')).toBe('4 May 2016 at 14:05');
    // Late in the evening UTC is the next day in Amsterdam.
    expect(formatMoment('2016-12-31T23:30:00Z', 'nl', { time: false })).toBe('1 januari 2017');
    expect(formatMoment('not a date', 'nl')).toBe('');
  });

  it('writes a calendar day without moving it', () => {
    expect(formatDay('2016-05-04', 'nl')).toBe('4 mei 2016');
    expect(formatDay('2016-05-04', 'en')).toBe('4 May 2016');
    expect(formatDay('2016-03-27', 'nl')).toBe('27 maart 2016');
    expect(formatDay('04-05-2016', 'nl')).toBe('04-05-2016');
  });
});
