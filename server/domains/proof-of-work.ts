import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { type ServerSecretName, serverSecret } from '../db/server-secrets.ts';

/**
 * Proof of work (ALTCHA, self-hosted: no third party, no tracking), for the forms' anonymous
 * submissions and for sign-ins past their limits. The browser tries counters until SHA-256 of
 * salt + nonce + counter starts with the challenge's prefix and sends `{ challenge, solution }` as
 * base64. The server signed the challenge (so it can't be made up, nor its `data` changed) and the
 * expected key (so checking costs one HMAC, not the search); each use lets a nonce count once.
 */

const secrets = async (db: Database, name: ServerSecretName) => {
  const secret = await serverSecret(db, name);
  // Two keys from one secret: one signs the challenge, one the key it leads to.
  return { hmacSignatureSecret: `${secret}:challenge`, hmacKeySignatureSecret: `${secret}:key` };
};

/** A signed challenge: on average `maxCounter / 2` hashes to solve, valid `expiresMinutes`. */
export async function newProofChallenge(
  db: Database,
  options: {
    secret: ServerSecretName;
    maxCounter: number;
    expiresMinutes: number;
    data?: Record<string, string> | undefined;
  },
) {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(options.maxCounter),
    deriveKey,
    expiresAt: new Date(Date.now() + options.expiresMinutes * 60_000),
    ...(options.data ? { data: options.data } : {}),
    ...(await secrets(db, options.secret)),
  });
  const { signature, parameters } = challenge;
  if (!signature || parameters.expiresAt === undefined) throw new Error('challenge not signed');
  // `data` as given (the library types it wider): what the challenge is for, signed with it.
  const { data: _signed, ...rest } = parameters;
  const data = options.data ? { data: options.data } : {};
  return { parameters: { ...rest, expiresAt: parameters.expiresAt, ...data }, signature };
}

const hex = z.string().regex(/^[0-9a-f]{1,256}$/i);
/** The proof as the browser sends it: base64 of `{ challenge, solution }`, checked field by field. */
const proofSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal('SHA-256'),
      nonce: hex,
      salt: hex,
      cost: z.number().int().min(1).max(10),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: hex,
      keySignature: hex.optional(),
      expiresAt: z.number().int().positive(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: hex,
  }),
  solution: z.object({
    counter: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1),
    derivedKey: hex,
    time: z.number().optional(),
  }),
});

/** What a proof came to: none sent, a wrong or stale one, or a good one (its nonce, expiry and data). */
export type ProofCheck =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | {
      kind: 'valid';
      nonce: string;
      /** When the challenge expires (seconds since the epoch): a used nonce need be kept no longer. */
      expiresAt: number;
      data: Record<string, string | number | boolean | null>;
    };

export async function checkProofOfWork(
  db: Database,
  secret: ServerSecretName,
  proof: string | undefined,
  maxLength: number,
): Promise<ProofCheck> {
  if (!proof) return { kind: 'missing' };
  if (proof.length > maxLength) return { kind: 'invalid' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
  } catch {
    return { kind: 'invalid' };
  }
  const parsed = proofSchema.safeParse(decoded);
  if (!parsed.success) return { kind: 'invalid' };
  const { challenge, solution } = parsed.data;
  try {
    const result = await verifySolution({ challenge, solution, deriveKey, ...(await secrets(db, secret)) });
    if (!result.verified) return { kind: 'invalid' };
    const { nonce, expiresAt, data } = challenge.parameters;
    return { kind: 'valid', nonce: nonce.toLowerCase(), expiresAt, data: data ?? {} };
  } catch {
    // The library refuses malformed values by throwing: for us that is a wrong proof.
    return { kind: 'invalid' };
  }
}
