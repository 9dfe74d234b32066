/**
 * SPEC 5 generic field checks. A rule returns false (or a message key) for an error and true when
 * the value is fine; empty values are the `required` rule's business, not these.
 */
export type FieldRule = (value: string) => true | false | string;

export const FIELD_PATTERNS = {
  /** year/month/day with slashes */
  date: /^\d{4}\/(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/,
  /** hours:minutes, 24-hour clock */
  time: /^([01]\d|2[0-3]):[0-5]\d$/,
  /** hours:minutes:seconds */
  fullTime: /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  hexColor: /^#([0-9a-f]{3}|[0-9a-f]{6})$/i,
  hexAlphaColor: /^#([0-9a-f]{4}|[0-9a-f]{8})$/i,
  rgb: /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i,
  rgba: /^rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(0|1|0?\.\d+)\s*\)$/i,
} as const;

function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('/').map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === (month ?? 1) - 1 && date.getUTCDate() === day
  );
}

const channelsInRange = (match: RegExpMatchArray | null) =>
  match !== null && [match[1], match[2], match[3]].every((channel) => Number(channel) <= 255);

export const FIELD_RULES = {
  date: (value) => (FIELD_PATTERNS.date.test(value) && isRealDate(value)) || 'validation.date',
  time: (value) => FIELD_PATTERNS.time.test(value) || 'validation.time',
  fullTime: (value) => FIELD_PATTERNS.fullTime.test(value) || 'validation.fullTime',
  email: (value) => FIELD_PATTERNS.email.test(value) || 'validation.email',
  hexColor: (value) => FIELD_PATTERNS.hexColor.test(value) || 'validation.hexColor',
  hexAlphaColor: (value) => FIELD_PATTERNS.hexAlphaColor.test(value) || 'validation.hexAlphaColor',
  rgb: (value) => channelsInRange(value.match(FIELD_PATTERNS.rgb)) || 'validation.rgb',
  rgba: (value) => channelsInRange(value.match(FIELD_PATTERNS.rgba)) || 'validation.rgba',
  /** SPEC 5: notification timeout must be a number of at least 0. */
  nonNegativeNumber: (value) =>
    (/^\d+(\.\d+)?$/.test(value) && Number(value) >= 0) || 'validation.nonNegativeNumber',
} satisfies Record<string, FieldRule>;
