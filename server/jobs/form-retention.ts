import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { forms } from '../db/schema.ts';
import { expireSubmissions, forgetSubmissionAddresses } from '../domains/forms/commands.ts';
import { sweepFormFiles } from '../domains/forms/files.ts';
import type { MediaStorage } from '../media/storage.ts';
import { ANONYMOUS } from '../policies/index.ts';
import { hourSlot, runOncePerSlot } from './run-once.ts';

export const FORM_RETENTION_JOB = 'forms.retention';
/** The per-address hashes of the submission limit are kept a day, no longer. */
const CLIENT_HASH_HOURS = 24;

/**
 * Privacy (issue 11): every form with a retention period loses the submissions older than it; the
 * address hashes of the rate limit go after a day, and the files no submission names any more
 * leave the form-file storage. Once per hour across all nodes.
 */
export async function runFormRetention(db: Executor, now = new Date(), fileStorage?: MediaStorage) {
  return runOncePerSlot(db, FORM_RETENTION_JOB, hourSlot(now), async () => {
    const withRetention = await db
      .select({ id: forms.id, days: sql<number>`(${forms.settings}->>'retentionDays')::int` })
      .from(forms)
      .where(sql`${forms.settings}->>'retentionDays' is not null`);
    let deleted = 0;
    for (const form of withRetention) {
      const before = new Date(now.getTime() - form.days * 86_400_000);
      deleted += await expireSubmissions({ db, actor: ANONYMOUS }, form.id, before);
    }
    // The system actor (no account): the audit trail says "the system" erased them.
    const addressesForgotten = await forgetSubmissionAddresses(
      { db, actor: ANONYMOUS },
      new Date(now.getTime() - CLIENT_HASH_HOURS * 3_600_000),
    );
    // The bytes of files whose submissions went (here, or any other way) since the last run.
    if (!fileStorage) return { forms: withRetention.length, deleted, addressesForgotten };
    const filesRemoved = await sweepFormFiles(db, fileStorage, now);
    return { forms: withRetention.length, deleted, addressesForgotten, filesRemoved };
  });
}
