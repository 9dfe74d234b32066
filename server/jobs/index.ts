import type { FastifyInstance } from 'fastify';
import { runScheduledBackup } from '../backup/schedule.ts';
import { createFormFileStorage, createMediaStorage } from '../media/storage.ts';
import { FORM_RETENTION_JOB, runFormRetention } from './form-retention.ts';
import { MEDIA_SWEEP_JOB, runMediaSweep } from './media-sweep.ts';
import { publishDueSchedules } from './scheduled-publishing.ts';
import { runTrashPurge, TRASH_PURGE_JOB } from './trash-purge.ts';

/** The scheduled publishing check's name in the metrics (it runs on every node, no slot). */
const PUBLISHING_JOB = 'pages.scheduledPublishing';

/** How often each node looks for due work; each job's slot makes sure it runs once across nodes. */
const CHECK_EVERY_MS = 10 * 60_000;

/**
 * The in-process scheduler (DESIGN: no cron to forget). Every node checks every ten minutes and
 * once shortly after start; the job's slot row decides which node does the work.
 */
export function registerJobs(app: FastifyInstance, options: { enabled: boolean }) {
  if (!options.enabled) return;
  const fileStorage = createFormFileStorage(app.config);
  const tick = async () => {
    try {
      const result = await runFormRetention(app.database.db, new Date(), fileStorage);
      app.metrics.job(FORM_RETENTION_JOB, result ? 'ran' : 'skipped');
      if (result && result.deleted > 0) app.log.info(result, 'form submissions past their retention deleted');
    } catch (error) {
      app.metrics.job(FORM_RETENTION_JOB, 'failed');
      app.log.error({ err: error }, 'scheduled form retention failed');
    }
    try {
      const purge = await runTrashPurge(app.database.db, new Date());
      app.metrics.job(TRASH_PURGE_JOB, purge ? 'ran' : 'skipped');
      if (purge && purge.purged > 0) app.log.info(purge, 'trash entries older than 30 days deleted');
    } catch (error) {
      app.metrics.job(TRASH_PURGE_JOB, 'failed');
      app.log.error({ err: error }, 'scheduled trash purge failed');
    }
    // The media orphan sweep (issue 27): once a day, on one node.
    try {
      const sweep = await runMediaSweep(app.database.db, createMediaStorage(app.config), app.config);
      app.metrics.job(MEDIA_SWEEP_JOB, sweep ? 'ran' : 'skipped');
      if (sweep) app.log.info(sweep, 'media orphan sweep: files no asset names removed');
    } catch (error) {
      app.metrics.job(MEDIA_SWEEP_JOB, 'failed');
      app.log.error({ err: error }, 'media orphan sweep failed');
    }
    // Scheduled backups (issue 28): tonight's, on one node, when the setting asks for them.
    try {
      const site = { database: app.database, media: createMediaStorage(app.config), formFiles: fileStorage };
      const backup = await runScheduledBackup({ db: app.database.db, config: app.config, site });
      app.metrics.job('backup', backup === null ? 'skipped' : backup.ok ? 'ran' : 'failed');
      if (backup?.ok) app.log.info(backup, 'scheduled backup made');
      else if (backup) app.log.error(backup, 'scheduled backup failed');
    } catch (error) {
      app.metrics.job('backup', 'failed');
      app.log.error({ err: error }, 'scheduled backup failed');
    }
  };
  // Scheduled publishing (issue 13): due within a minute, so every SCHEDULE_CHECK_SECONDS.
  let isPublishing = false;
  const publish = async () => {
    if (isPublishing) return;
    isPublishing = true;
    try {
      const run = await publishDueSchedules(app.database.db, new Date());
      app.metrics.job(PUBLISHING_JOB, 'ran');
      app.metrics.schedules(run);
      if (run.published + run.unpublished + run.failed > 0) app.log.info(run, 'scheduled publishing');
    } catch (error) {
      app.metrics.job(PUBLISHING_JOB, 'failed');
      app.log.error({ err: error }, 'scheduled publishing failed');
    } finally {
      isPublishing = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let publishing: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(() => void tick(), 5_000);
    first.unref();
    timer = setInterval(() => void tick(), CHECK_EVERY_MS);
    timer.unref();
    void publish();
    publishing = setInterval(() => void publish(), app.config.scheduleCheckMs);
    publishing.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    clearInterval(publishing);
  });
}
