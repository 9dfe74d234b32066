import { randomBytes } from 'node:crypto';

// argon2id with OWASP's minimum: 19 MiB, two passes (about 25 ms a hash here).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The native module is loaded on the first sign-in or password change, not at start-up (issue 12).
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

export const hashPassword = async (password: string) => (await loadArgon2()).hash(password, ARGON2_OPTIONS);
/** How many passwords this process checked (each an argon2 run): the sign-in limits' tests count them. */
export const passwordChecks = { count: 0 };

export const verifyPassword = async (passwordHash: string, password: string) => {
  passwordChecks.count += 1;
  return (await loadArgon2()).verify(passwordHash, password);
};

/** A readable random password of 20 characters (about 119 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}
