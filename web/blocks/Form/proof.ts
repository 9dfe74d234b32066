import { useCallback, useRef, useState } from 'react';
import { solveProofOfWork } from '../../components/proof-of-work';

/**
 * The proof-of-work answer of an anonymous submission (issue 11, see FORM_PROOF): asked for when
 * the visitor starts filling the form in, searched while they type, sent with the answers. The
 * solver loads only then, so a page with a form costs visitors nothing until they use it. When
 * anything fails (no network, too slow) the form still goes: the server then allows fewer
 * submissions from the address, as it does for visitors without JavaScript.
 */
export function useProofOfWork(enabled: boolean) {
  const [proof, setProof] = useState<string | null>(null);
  const work = useRef<Promise<string | null> | null>(null);

  const start = useCallback((): Promise<string | null> => {
    if (!enabled) return Promise.resolve(null);
    if (!work.current) {
      work.current = solve().then(
        (found) => {
          setProof(found);
          return found;
        },
        () => null,
      );
    }
    return work.current;
  }, [enabled]);

  /** After a refusal: a fresh challenge (an answer counts once, and may have expired). */
  const renew = useCallback(() => {
    if (!enabled) return;
    work.current = null;
    setProof(null);
    void start();
  }, [enabled, start]);

  return { proof, start, renew };
}

async function solve(): Promise<string | null> {
  const response = await fetch('/api/forms/challenge', { headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  return solveProofOfWork(await response.json());
}
