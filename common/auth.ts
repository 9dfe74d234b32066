/** Cookie and header names of the sign-in session (SPEC 7: XSRF-TOKEN and X-XSRF-TOKEN). */
export const SESSION_COOKIE = 'bs_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export const SESSION_LIFETIME_DAYS = 30;

/** Minimum password strength: long enough, and not a single repeated or trivially common value. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

const COMMON_PASSWORDS = new Set([
  'wachtwoord',
  'wachtwoord1',
  'wachtwoord123',
  'password',
  'password1',
  'password123',
  '1234567890',
  '12345678910',
  'qwertyuiop',
  'welkom1234',
  'welcome123',
  'iloveyou12',
]);

/** Why a password is too weak, or null when it is acceptable. */
export function passwordProblem(password: string): 'tooShort' | 'tooLong' | 'tooSimple' | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || new Set(lower).size < 4) return 'tooSimple';
  return null;
}
