/*
 * The one rule for a phone number: the contact block's (issue 31) and a form's phone answers
 * (./forms/answers.ts), apart from its schema (./contact-schemas.ts), so that the browser's public
 * pages, which only check answers and make `tel:` links, do not load zod.
 */

export const MAX_PHONE_LENGTH = 30;
export const MIN_PHONE_DIGITS = 6;
export const MAX_PHONE_DIGITS = 20;

/**
 * A phone number as people write it: digits, spaces, `-`, `/`, `(`, `)`, `.` and one `+` at the start,
 * with 6 to 20 digits (`0513 123 456`, `+31 (0)513-123456`, `112`-like short numbers are too short
 * to be a contact's number). Nothing else: no letters, no `;ext=`, no `,` pauses, no newlines, no
 * look-alike digits or spaces of other scripts (the `tel:` link is made of what is typed).
 */
export function isPhoneNumber(value: string): boolean {
  if (value.length > MAX_PHONE_LENGTH || !/^\+?[0-9 ()./-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

/**
 * The `tel:` link of a phone number that passed `isPhoneNumber`: its digits and a leading `+`
 * (`+31 (0)513-123456` → `tel:+31513123456`: after a country code the trunk zero in brackets is not
 * dialled). Null for a value the rule refuses.
 */
export function telHref(value: string): string | null {
  if (!isPhoneNumber(value)) return null;
  const international = value.startsWith('+');
  const digits = (international ? value.replace(/\(0\)/g, '') : value).replace(/\D/g, '');
  return `tel:${international ? '+' : ''}${digits}`;
}
