import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';

/**
 * Solves a proof-of-work challenge (GET /api/forms/challenge) as a visitor's browser does, and
 * returns what goes in a submission's `proof`.
 */
export async function solveProof(challenge: unknown): Promise<string> {
  const solution = await solveChallenge({
    challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey,
  });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A solved challenge from a test app. */
export async function solvedProof(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/forms/challenge' });
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode} ${response.body}`);
  return solveProof(response.json());
}
