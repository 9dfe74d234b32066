import { inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import type { FsMediaStorage, MediaStorage } from '../../media/storage.ts';

/*
 * The media orphan sweep (issue 27): originals in the media storage (the disk, or the bucket's
 * `media/` objects) that no asset names, as its file or as a PDF's first-page thumbnail, go; so do
 * the variants cached on this node's disk for any hash no asset names, and upload scratch files
 * left behind by an upload that never finished. Form files live in a storage namespace of their
 * own with a sweep of their own (domains/forms/files.ts) and are never looked at here.
 *
 * The grace period: nothing stored (or, for the disk, last written) less than SWEEP_GRACE_MS ago is
 * touched, so an upload between its file landing in the storage and its row being written is never
 * swept. Each batch asks the database right before it removes, so a file an upload names meanwhile
 * stays. The job (server/jobs/media-sweep.ts) runs it once a day across all nodes.
 */

/** The sweep's job name (its job_runs rows). */
export const MEDIA_SWEEP_JOB = 'media.orphanSweep';

export const MEDIA_SWEEP_GRACE_MS = 6 * 3_600_000;

/** At most this many removed keys are kept in the report (the counts are complete). */
const REPORTED_KEYS = 20;

export type MediaSweepResult = {
  /** Originals removed from the media storage (disk or bucket). */
  originals: number;
  /** Variant folders removed from this node's disk (a hash's cached sizes and crops). */
  variants: number;
  /** Upload scratch files of uploads that never finished. */
  scratch: number;
  /** The first removed originals' keys (content hashes), for the log. */
  keys: string[];
};

/** The hashes of `batch` some asset names (its file, or a PDF's first-page thumbnail). */
async function namedHashes(db: Executor, batch: readonly string[]): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  const rows = await db
    .select({ contentHash: media.contentHash, thumbnailHash: media.thumbnailHash })
    .from(media)
    .where(or(inArray(media.contentHash, [...batch]), inArray(media.thumbnailHash, [...batch])));
  const named = new Set<string>();
  for (const row of rows) {
    named.add(row.contentHash);
    if (row.thumbnailHash) named.add(row.thumbnailHash);
  }
  return named;
}

/** Removes in batches what `entries` holds, older than the grace period, that no asset names. */
async function sweepEntries(
  db: Executor,
  entries: AsyncIterable<{ hash: string; storedAt: Date }>,
  remove: (hash: string) => Promise<void>,
  now: Date,
  removed: string[],
): Promise<number> {
  let count = 0;
  let batch: string[] = [];
  const flush = async () => {
    const named = await namedHashes(db, batch);
    for (const hash of batch) {
      if (named.has(hash)) continue;
      await remove(hash);
      count += 1;
      if (removed.length < REPORTED_KEYS) removed.push(hash);
    }
    batch = [];
  };
  for await (const entry of entries) {
    if (now.getTime() - entry.storedAt.getTime() < MEDIA_SWEEP_GRACE_MS) continue;
    batch.push(entry.hash);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return count;
}

/**
 * Sweeps the media storage (`storage`: the disk or the bucket) and this node's disk (`local`: the
 * variants, S3's local copies of originals, upload scratch files).
 */
export async function sweepOrphanMedia(
  db: Executor,
  storage: MediaStorage,
  local: FsMediaStorage,
  now = new Date(),
): Promise<MediaSweepResult> {
  const keys: string[] = [];
  const originals = await sweepEntries(db, storage.list(), (hash) => storage.remove(hash), now, keys);
  // With a bucket, the disk holds copies of originals (a cache): those of removed assets go too.
  if ((storage as unknown) !== local) {
    await sweepEntries(db, local.list(), (hash) => local.remove(hash), now, []);
  }
  const variants = await sweepEntries(
    db,
    local.listVariantHashes(),
    (hash) => local.removeVariants(hash),
    now,
    [],
  );
  const scratch = await local.sweepScratch(new Date(now.getTime() - MEDIA_SWEEP_GRACE_MS));
  return { originals, variants, scratch, keys };
}
