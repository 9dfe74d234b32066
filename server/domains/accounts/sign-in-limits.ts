import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { signInAddresses, signInCounters, type UserRow } from '../../db/schema.ts';
import { serverSecret } from '../../db/server-secrets.ts';
import { checkProofOfWork, newProofChallenge } from '../proof-of-work.ts';
import { normalizeEmail } from './queries.ts';

/**
 * The sign-in limits (issue 34). Every attempt is counted in the database before its password is
 * checked: one upsert per attempt adds one to each of its counters and returns the new counts under
 * the row locks, so a concurrent burst, on one node or many, is counted one by one and only the
 * attempts within the limits reach argon2. An attempt past a limit is refused (429 `rate_limited`)
 * unless it brings a proof of work made for this account and address; its count is given back, as
 * is a successful one's, so the counters hold the failures (and the attempts still being checked).
 *
 * Whose counters: a caller at an address the account signed in from before (a known address, kept
 * as a keyed hash per account) counts only against that account at that address. Everyone else
 * counts against the account and against their address. So an attack from elsewhere never stops
 * the owner at their usual address, and past the limits the others need a proof of work (harder
 * the more failures went before), never a lockout.
 *
 * These counters are bookkeeping, not commands (like a session's last use): they decide, they are
 * no one's decision. The attempts themselves stay in sign_in_attempts and the audit log.
 */

export const SIGN_IN_LIMITS = { windowMinutes: 15, perAccount: 5, perAddress: 20 } as const;

/**
 * The proof of work past a limit: on average `baseCounter / 2` SHA-256 hashes (well under a second
 * in a browser), doubled for every `perAccount` failures over the limit, at most `maxDoublings` times.
 */
export const SIGN_IN_PROOF = {
  baseCounter: 50_000,
  maxDoublings: 4,
  expiresMinutes: 10,
  maxLength: 4000,
} as const;

/** An address counts as the account's own this long after its last successful sign-in. */
const KNOWN_ADDRESS_DAYS = 365;

const WINDOW_MS = SIGN_IN_LIMITS.windowMinutes * 60_000;
const windowOf = (at: number) => Math.floor(at / WINDOW_MS) * WINDOW_MS;

/**
 * The address an attempt counts against: an IPv4 address as it is, an IPv6 one by its /64 (a client
 * usually holds a whole /64; otherwise one machine could count as billions of addresses).
 */
export function signInAddress(ip: string): string {
  if (!isIPv6(ip) || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

const keyed = async (db: Database, text: string) =>
  createHmac('sha256', await serverSecret(db, 'signIn'))
    .update(text)
    .digest('hex')
    .slice(0, 32);

type Bucket = { key: string; limit: number };

/** Who is signing in, as the limits see it. */
export type SignInCaller = {
  email: string;
  address: string;
  user: UserRow | undefined;
  /** The account's keyed hash of the address (null when no account has this e-mail address). */
  addressHash: string | null;
  /** The account signed in from this address before (within KNOWN_ADDRESS_DAYS). */
  isKnown: boolean;
  /** The counters the attempt adds to, in key order (so concurrent upserts lock rows in one order). */
  buckets: Bucket[];
  /** The key of the account's counter for callers at other addresses (null at a known address). */
  accountKey: string | null;
};

export async function identifyCaller(
  db: Database,
  input: { email: string; ip: string; user: UserRow | undefined },
): Promise<SignInCaller> {
  const email = normalizeEmail(input.email);
  const address = signInAddress(input.ip);
  const { user } = input;
  const addressHash = user ? await keyed(db, `address\n${user.id}\n${address}`) : null;
  const [known] =
    user && addressHash
      ? await db
          .select({ userId: signInAddresses.userId })
          .from(signInAddresses)
          .where(
            and(
              eq(signInAddresses.userId, user.id),
              eq(signInAddresses.addressHash, addressHash),
              gt(signInAddresses.lastSeenAt, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000)),
            ),
          )
          .limit(1)
      : [];
  if (user && addressHash && known) {
    return {
      email,
      address,
      user,
      addressHash,
      isKnown: true,
      buckets: [{ key: `known:${user.id}:${addressHash}`, limit: SIGN_IN_LIMITS.perAccount }],
      accountKey: null,
    };
  }
  const accountKey = `account:${email}`;
  return {
    email,
    address,
    user,
    addressHash,
    isKnown: false,
    buckets: [
      { key: accountKey, limit: SIGN_IN_LIMITS.perAccount },
      { key: `address:${address}`, limit: SIGN_IN_LIMITS.perAddress },
    ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    accountKey,
  };
}

/** Records that the account signed in from the caller's address (inside the sign-in command). */
export async function rememberAddress(tx: Executor, caller: SignInCaller) {
  if (!caller.user || !caller.addressHash) return;
  await tx
    .insert(signInAddresses)
    .values({ userId: caller.user.id, addressHash: caller.addressHash })
    .onConflictDoUpdate({
      target: [signInAddresses.userId, signInAddresses.addressHash],
      set: { lastSeenAt: sql`now()` },
    });
}

/**
 * A counter's count as it stands: this window's, plus the previous window's weighted by how much of
 * it still lies within the last windowMinutes (a sliding window in two rows per key).
 */
type Counted = { key: string; limit: number; count: number };

export type Reservation = {
  windowStart: Date;
  counted: Counted[];
  /** Some counter is past its limit (this attempt included). */
  isOver: boolean;
};

async function previousCounts(db: Database, keys: string[], windowStart: number) {
  const rows = await db
    .select({ key: signInCounters.key, attempts: signInCounters.attempts })
    .from(signInCounters)
    .where(
      and(
        eq(signInCounters.windowStart, new Date(windowStart - WINDOW_MS)),
        inArray(signInCounters.key, keys),
      ),
    );
  return new Map(rows.map((row) => [row.key, row.attempts]));
}

let prunedWindow = 0;

/** Counters of windows that no longer count, and addresses not used for a year, go (once a window per node). */
async function prune(db: Database, windowStart: number) {
  if (prunedWindow === windowStart) return;
  prunedWindow = windowStart;
  await db
    .delete(signInCounters)
    .where(lt(signInCounters.windowStart, new Date(windowStart - 2 * WINDOW_MS)));
  await db
    .delete(signInAddresses)
    .where(lt(signInAddresses.lastSeenAt, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000)));
}

/** Counts the attempt (before its password is checked) and says whether it is within the limits. */
export async function reserveAttempt(
  db: Database,
  caller: SignInCaller,
  now = Date.now(),
): Promise<Reservation> {
  const windowStart = windowOf(now);
  await prune(db, windowStart);
  const at = new Date(windowStart);
  const rows = await db
    .insert(signInCounters)
    .values(caller.buckets.map((bucket) => ({ windowStart: at, key: bucket.key, attempts: 1 })))
    .onConflictDoUpdate({
      target: [signInCounters.windowStart, signInCounters.key],
      set: { attempts: sql`${signInCounters.attempts} + 1` },
    })
    .returning({ key: signInCounters.key, attempts: signInCounters.attempts });
  const current = new Map(rows.map((row) => [row.key, row.attempts]));
  const previous = await previousCounts(
    db,
    caller.buckets.map((bucket) => bucket.key),
    windowStart,
  );
  const weight = 1 - (now - windowStart) / WINDOW_MS;
  const counted = caller.buckets.map((bucket) => ({
    ...bucket,
    count: (current.get(bucket.key) ?? 1) + (previous.get(bucket.key) ?? 0) * weight,
  }));
  return { windowStart: at, counted, isOver: counted.some((bucket) => bucket.count > bucket.limit) };
}

/** Gives an attempt's counts back: it was refused before the check, or its password was right. */
export async function releaseAttempt(db: Database, reservation: Reservation): Promise<void> {
  // One statement per key: no statement holds one counter's row lock while it waits for another's.
  for (const { key } of reservation.counted) {
    await db
      .update(signInCounters)
      .set({ attempts: sql`greatest(${signInCounters.attempts} - 1, 0)` })
      .where(and(eq(signInCounters.windowStart, reservation.windowStart), eq(signInCounters.key, key)));
  }
}

/** The account's count of failures from other addresses reached its limit in this reservation. */
export function isAccountUnderAttack(caller: SignInCaller, reservation: Reservation): boolean {
  const account = reservation.counted.find((bucket) => bucket.key === caller.accountKey);
  return Boolean(caller.user && account && account.count >= account.limit);
}

/** True for the first caller in the window: the owner is told once a window, not once an attempt. */
export async function claimAttackNotice(
  db: Database,
  userId: string,
  reservation: Reservation,
): Promise<boolean> {
  const claimed = await db
    .insert(signInCounters)
    .values({ windowStart: reservation.windowStart, key: `notice:${userId}`, attempts: 1 })
    .onConflictDoNothing()
    .returning({ key: signInCounters.key });
  return claimed.length > 0;
}

const proofBinding = (db: Database, caller: Pick<SignInCaller, 'email' | 'address'>) =>
  keyed(db, `proof\n${caller.email}\n${caller.address}`);

/**
 * A proof-of-work challenge for signing in to this account from the caller's address. Its work
 * doubles for every `perAccount` failures over the caller's limits (counted, not added to).
 */
export async function newSignInChallenge(db: Database, caller: SignInCaller, now = Date.now()) {
  const windowStart = windowOf(now);
  const keys = caller.buckets.map((bucket) => bucket.key);
  const [current, previous] = await Promise.all([
    db
      .select({ key: signInCounters.key, attempts: signInCounters.attempts })
      .from(signInCounters)
      .where(and(eq(signInCounters.windowStart, new Date(windowStart)), inArray(signInCounters.key, keys))),
    previousCounts(db, keys, windowStart),
  ]);
  const weight = 1 - (now - windowStart) / WINDOW_MS;
  const excess = Math.max(
    0,
    ...caller.buckets.map(
      (bucket) =>
        (current.find((row) => row.key === bucket.key)?.attempts ?? 0) +
        (previous.get(bucket.key) ?? 0) * weight -
        bucket.limit,
    ),
  );
  const doublings = Math.min(Math.ceil(excess / SIGN_IN_LIMITS.perAccount), SIGN_IN_PROOF.maxDoublings);
  return newProofChallenge(db, {
    secret: 'signIn',
    maxCounter: SIGN_IN_PROOF.baseCounter * 2 ** doublings,
    expiresMinutes: SIGN_IN_PROOF.expiresMinutes,
    data: { for: await proofBinding(db, caller) },
  });
}

/**
 * Whether a proof lets an attempt past the limits: made by our server for this account and
 * address, not expired, and not used before (its nonce is kept until the challenge expires).
 */
export async function acceptProof(
  db: Database,
  caller: SignInCaller,
  proof: string | undefined,
): Promise<'missing' | 'invalid' | 'valid'> {
  const check = await checkProofOfWork(db, 'signIn', proof, SIGN_IN_PROOF.maxLength);
  if (check.kind !== 'valid') return check.kind;
  if (check.data.for !== (await proofBinding(db, caller))) return 'invalid';
  const fresh = await db
    .insert(signInCounters)
    .values({ windowStart: new Date(check.expiresAt * 1000), key: `proof:${check.nonce}`, attempts: 1 })
    .onConflictDoNothing()
    .returning({ key: signInCounters.key });
  return fresh.length > 0 ? 'valid' : 'invalid';
}
