import { hostname } from 'node:os';
import type { Executor } from '../db/client.ts';
import { markScheduleFailed, runSchedule } from '../domains/drafts/commands.ts';
import { dueSchedules } from '../domains/drafts/queries.ts';

const NODE = `${hostname()}:${process.pid}`;

/** At most this many schedules per check; more wait for the next one. */
const BATCH = 20;

export type PublishingRun = { published: number; unpublished: number; failed: number };

/**
 * Carries out the schedules whose moment has come (issue 13). Every node runs this every
 * SCHEDULE_CHECK_SECONDS and once at start-up, so a moment that passed while no node ran is made
 * good at the next start; each schedule is claimed in the transaction that carries it out, so it
 * happens once however many nodes look. One that fails is marked failed (not tried forever), audited
 * as the system actor (`page.scheduleFailed`).
 */
export async function publishDueSchedules(db: Executor, now: Date, node = NODE): Promise<PublishingRun> {
  const run: PublishingRun = { published: 0, unpublished: 0, failed: 0 };
  for (const row of await dueSchedules(db, now, BATCH)) {
    try {
      const outcome = await runSchedule(db, row, node);
      if (outcome) run[outcome] += 1;
    } catch {
      run.failed += 1;
      await markScheduleFailed(db, row, node);
    }
  }
  return run;
}
