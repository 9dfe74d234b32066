import { rm } from 'node:fs/promises';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { type Ctx, requireUser } from '../domains/context.ts';
import { getPlatformSettings } from '../domains/settings/queries.ts';
import { runOncePerSlot } from '../jobs/run-once.ts';
import { authorize } from '../policies/index.ts';
import { type Site, writeArchive } from './archive.ts';
import { keepBackup, pruneBackups, scheduledName, scheduledScratch } from './targets.ts';

/**
 * Scheduled backups (issue 28): with the setting `backupSchedule` = nightly, one backup a night
 * (from 02:00 Europe/Amsterdam; the slot is that night's date, so exactly one node makes it) to
 * the storage in use, keeping `backupKeep`. The job's row (job_runs) keeps the result the admin
 * area shows.
 */

export const BACKUP_JOB = 'backup';
const NIGHT_STARTS_AT = 2;

/** The night (a date, Europe/Amsterdam) whose backup is due at `now`, or null before 02:00. */
export function nightSlot(now: Date): string | null {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  if (Number(part('hour')) < NIGHT_STARTS_AT) return null;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export type ScheduledBackupResult =
  | {
      ok: true;
      where: string;
      bytes: number;
      seconds: number;
      rows: number;
      media: number;
      formFiles: number;
      deleted: number;
    }
  | { ok: false; error: string };

/** Makes tonight's backup when it is due and no node made it yet; null when nothing was to be done. */
export async function runScheduledBackup(
  options: { db: Executor; config: Config; site: Site },
  now = new Date(),
): Promise<ScheduledBackupResult | null> {
  const settings = await getPlatformSettings(options.db);
  if (settings.backupSchedule !== 'nightly') return null;
  const slot = nightSlot(now);
  if (!slot) return null;
  const keep = Number(settings.backupKeep) || 7;
  return runOncePerSlot(options.db, BACKUP_JOB, slot, async (): Promise<ScheduledBackupResult> => {
    const scratch = await scheduledScratch(options.config);
    try {
      const made = await writeArchive(options.site, scratch, { kind: 'backup' });
      const where = await keepBackup(options.config, scratch, scheduledName(now));
      const deleted = await pruneBackups(options.config, keep);
      const { counts } = made.manifest;
      return {
        ok: true,
        where,
        bytes: made.bytes,
        seconds: Math.round(made.seconds * 10) / 10,
        rows: counts.rows,
        media: counts.media,
        formFiles: counts.formFiles,
        deleted: deleted.length,
      };
    } catch (error) {
      await rm(scratch, { force: true });
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

export type BackupRun = {
  slot: string;
  node: string;
  startedAt: Date;
  finishedAt: Date | null;
  result: ScheduledBackupResult | null;
};

/** The latest scheduled backup runs, newest first. */
export async function recentBackupRuns(db: Executor, limit = 5): Promise<BackupRun[]> {
  const rows = await db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, BACKUP_JOB))
    .orderBy(desc(jobRuns.startedAt))
    .limit(limit);
  return rows.map((row) => ({
    slot: row.slot,
    node: row.node,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    result: (row.result as ScheduledBackupResult | null) ?? null,
  }));
}

export type BackupStatus = {
  schedule: 'off' | 'nightly';
  keep: number;
  /** 'fs' (DATA_DIR/backups on this node's disk) or 's3' (the media bucket's backups/). */
  storage: 'fs' | 's3';
  /** Times as ISO strings. */
  runs: (Omit<BackupRun, 'startedAt' | 'finishedAt'> & { startedAt: string; finishedAt: string | null })[];
};

/** What the admin area shows of scheduled backups: the setting and the latest runs (admins only). */
export async function backupStatus(ctx: Ctx, config: Pick<Config, 'mediaStorage'>): Promise<BackupStatus> {
  requireUser(ctx);
  authorize(ctx.actor, 'settings.update');
  const settings = await getPlatformSettings(ctx.db);
  return {
    schedule: settings.backupSchedule === 'nightly' ? 'nightly' : 'off',
    keep: Number(settings.backupKeep) || 7,
    storage: config.mediaStorage,
    runs: (await recentBackupRuns(ctx.db)).map((run) => ({
      ...run,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
    })),
  };
}
