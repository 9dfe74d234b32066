import type { FastifyInstance } from 'fastify';
import { createFormFileStorage } from '../media/storage.ts';
import { runFormRetention } from './form-retention.ts';
import { publishDueSchedules } from './scheduled-publishing.ts';
import { runTrashPurge } from './trash-purge.ts';

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
      if (result && result.deleted > 0) app.log.info(result, 'form submissions past their retention deleted');
    } catch (error) {
      app.log.error({ err: error }, 'scheduled form retention failed');
    }
    try {
      const purge = await runTrashPurge(app.database.db, new Date());
      if (purge && purge.purged > 0) app.log.info(purge, 'trash entries older than 30 days deleted');
    } catch (error) {
      app.log.error({ err: error }, 'scheduled trash purge failed');
    }
  };
  // Scheduled publishing (issue 13): due within a minute, so every SCHEDULE_CHECK_SECONDS.
  let isPublishing = false;
  const publish = async () => {
    if (isPublishing) return;
    isPublishing = true;
    try {
      const run = await publishDueSchedules(app.database.db, new Date());
      if (run.published + run.unpublished + run.failed > 0) app.log.info(run, 'scheduled publishing');
    } catch (error) {
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
