import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupStatus } from '../../backup/schedule.ts';
import { errorResponseSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const runResult = z.union([
  z.object({
    ok: z.literal(true),
    where: z.string(),
    bytes: z.number(),
    seconds: z.number(),
    rows: z.number(),
    media: z.number(),
    formFiles: z.number(),
    deleted: z.number(),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

const backupStatusSchema = z.object({
  schedule: z.enum(['off', 'nightly']),
  keep: z.number().int(),
  storage: z.enum(['fs', 's3']),
  runs: z.array(
    z.object({
      slot: z.string(),
      node: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      /** null while the backup is being made (or when the node stopped before it finished). */
      result: runResult.nullable(),
    }),
  ),
});

/** Scheduled backups (issue 28): their setting and the latest runs, for the admin area. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/backups/status',
    {
      schema: {
        tags: ['backups'],
        summary: 'The scheduled backups: setting and latest runs (admins)',
        description:
          'Issue 28. The schedule and how many are kept are the platform settings `backupSchedule` and `backupKeep`; a run is made on one node per night. Backups on demand are made with `npx bouwsteen backup`.',
        response: { 200: backupStatusSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => backupStatus(contextOf(request), app.config),
  );
};
