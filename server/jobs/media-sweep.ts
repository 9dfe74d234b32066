import path from 'node:path';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { MEDIA_SWEEP_JOB, type MediaSweepResult, sweepOrphanMedia } from '../domains/media/sweep.ts';
import { FsMediaStorage, type MediaStorage } from '../media/storage.ts';
import { runOncePerSlot } from './run-once.ts';

export { MEDIA_SWEEP_JOB };

/** The day a moment falls in, as a slot name (UTC). */
export const daySlot = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The media orphan sweep (issue 27): once a day across all nodes (the node that claims the day's
 * slot in job_runs sweeps; its result stays in that row, which the library screen shows admins).
 * Null when another node had the day.
 */
export async function runMediaSweep(
  db: Executor,
  storage: MediaStorage,
  config: Pick<Config, 'dataDir'>,
  now = new Date(),
): Promise<MediaSweepResult | null> {
  const local = new FsMediaStorage(path.join(config.dataDir, 'media'));
  return runOncePerSlot(db, MEDIA_SWEEP_JOB, daySlot(now), () => sweepOrphanMedia(db, storage, local, now));
}
