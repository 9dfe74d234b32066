import type { Executor } from '../../db/client.ts';
import type { MediaRow } from '../../db/schema.ts';
import { type Actor, can, type MediaReferrer } from '../../policies/index.ts';
import { findMediaRows } from './queries.ts';

/**
 * The images a record names, checked by the one rule (policy row 'media.reference'): each guid is
 * answered with its media row when the record may name it, or null when it is unknown or not
 * allowed (a foreign block's upload, someone else's profile photo…). Callers turn null into a
 * validation error on their own field.
 */
export async function referencedMedia(
  db: Executor,
  actor: Actor,
  by: MediaReferrer,
  guids: readonly string[],
): Promise<Map<string, MediaRow | null>> {
  const rows = await findMediaRows(db, guids);
  return new Map(
    guids.map((guid) => {
      const row = rows.get(guid.toLowerCase());
      return [guid, row && can(actor, 'media.reference', { media: row, by }) ? row : null];
    }),
  );
}
