import { FORM_PROOF } from '../../../common/forms/public.ts';
import type { Database } from '../../db/client.ts';
import { checkProofOfWork, newProofChallenge } from '../proof-of-work.ts';

/**
 * The forms' proof-of-work challenge (`../proof-of-work.ts`). A visitor's browser asks for a
 * challenge when they start filling a form in and solves it while they type; the answer goes with
 * the submission, and its nonce counts once (the submission keeps it).
 */

/** A signed challenge (parameters and signature) as GET /api/forms/challenge answers it. */
export const newFormChallenge = (db: Database) =>
  newProofChallenge(db, {
    secret: 'formChallenge',
    maxCounter: FORM_PROOF.maxCounter,
    expiresMinutes: FORM_PROOF.expiresMinutes,
  });

/** What a submission's proof came to: none sent, a wrong or stale one, or a good one (by its nonce). */
export type ProofCheck = { kind: 'missing' } | { kind: 'invalid' } | { kind: 'valid'; nonce: string };

export async function checkProof(db: Database, proof: string | undefined): Promise<ProofCheck> {
  const check = await checkProofOfWork(db, 'formChallenge', proof, FORM_PROOF.maxLength);
  return check.kind === 'valid' ? { kind: 'valid', nonce: check.nonce } : check;
}
