import { hostname } from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';

const NODE = `${hostname()}:${process.pid}`;

/**
 * Runs `work` for a job's slot (e.g. the hour) on exactly one node: the node whose insert of the
 * (job, slot) row succeeds runs it, every other node sees the row and skips. Returns the work's
 * result, or null when another node had the slot.
 */
export async function runOncePerSlot<T extends Record<string, unknown>>(
  db: Executor,
  job: string,
  slot: string,
  work: () => Promise<T>,
): Promise<T | null> {
  const [claimed] = await db
    .insert(jobRuns)
    .values({ job, slot, node: NODE })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  if (!claimed) return null;
  const result = await work();
  await db
    .update(jobRuns)
    .set({ finishedAt: new Date(), result })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.slot, slot)));
  return result;
}

/** The hour a moment falls in, as a slot name (UTC). */
export const hourSlot = (now: Date) => now.toISOString().slice(0, 13);
