import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { FORM_PROOF } from '../../../common/forms/public.ts';
import type { Database } from '../../db/client.ts';
import { serverSecret } from '../../db/server-secrets.ts';

/**
 * The forms' proof-of-work challenge (ALTCHA, self-hosted: no third party, no tracking). A visitor's
 * browser asks for a challenge when they start filling a form in and, while they type, tries
 * counters until SHA-256 of salt + nonce + counter starts with the challenge's prefix; the answer
 * goes with the submission. The server signed the challenge (so it can't be made up), signed the
 * expected key (so checking costs one HMAC, not the search) and lets every nonce count once.
 */

const secrets = async (db: Database) => {
  const secret = await serverSecret(db, 'formChallenge');
  // Two keys from one secret: one signs the challenge, one the key it leads to.
  return { hmacSignatureSecret: `${secret}:challenge`, hmacKeySignatureSecret: `${secret}:key` };
};

/** A signed challenge (parameters and signature) as GET /api/forms/challenge answers it. */
export async function newFormChallenge(db: Database) {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(FORM_PROOF.maxCounter),
    deriveKey,
    expiresAt: new Date(Date.now() + FORM_PROOF.expiresMinutes * 60_000),
    ...(await secrets(db)),
  });
  const { signature, parameters } = challenge;
  if (!signature || parameters.expiresAt === undefined) throw new Error('challenge not signed');
  return { parameters: { ...parameters, expiresAt: parameters.expiresAt }, signature };
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

/** What a submission's proof came to: none sent, a wrong or stale one, or a good one (by its nonce). */
export type ProofCheck = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'valid'; nonce: string };

export async function checkProof(db: Database, proof: string | undefined): Promise<ProofCheck> {
  if (!proof) return { kind: 'missing' };
  if (proof.length > FORM_PROOF.maxLength) return { kind: 'invalid' };
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
    const result = await verifySolution({ challenge, solution, deriveKey, ...(await secrets(db)) });
    return result.verified
      ? { kind: 'valid', nonce: challenge.parameters.nonce.toLowerCase() }
      : { kind: 'invalid' };
  } catch {
    // The library refuses malformed values by throwing: for us that is a wrong proof.
    return { kind: 'invalid' };
  }
}
