import type { FastifyInstance } from 'fastify';
import { createFormFileStorage } from '../media/storage.ts';
import { runFormRetention } from './form-retention.ts';

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
  };
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(() => void tick(), 5_000);
    first.unref();
    timer = setInterval(() => void tick(), CHECK_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
