import type { Executor } from '../db/client.ts';
import { purgeOlderThan, TRASH_DAYS } from '../domains/trash/commands.ts';
import { ANONYMOUS } from '../policies/index.ts';
import { hourSlot, runOncePerSlot } from './run-once.ts';

export const TRASH_PURGE_JOB = 'trash.purge';

/**
 * The trash empties itself (issue 26): entries deleted more than TRASH_DAYS ago go for good (the
 * files of a trashed form's submissions then leave the form-file storage at the retention job's
 * next sweep). Once per hour across all nodes: the node that claims the hour's slot does it.
 */
export async function runTrashPurge(db: Executor, now = new Date()) {
  return runOncePerSlot(db, TRASH_PURGE_JOB, hourSlot(now), async () => ({
    purged: await purgeOlderThan({ db, actor: ANONYMOUS }, new Date(now.getTime() - TRASH_DAYS * 86_400_000)),
  }));
}
