/**
 * Solves a server-signed proof-of-work challenge (ALTCHA, SHA-256) in the browser and returns what
 * the server takes as a proof: base64 of `{ challenge, solution }`, or null when it was not found
 * in time. The solver loads only when it is needed: pages that never need it cost nothing.
 */
export async function solveProofOfWork(challenge: unknown, timeoutMs = 20_000): Promise<string | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const solution = await solveChallenge({
    challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey,
    timeout: timeoutMs,
  });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
