import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn } from '../../auth.ts';
import { authorize } from '../../policies/index.ts';
import { audit } from '../../services/accounts.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';

/**
 * SPEC 7: `DELETE /cache_invalidate` with `{ index }` (the client's description of a cached call; it
 * sends a public and a non-public variant). Our caches are keyed by the content version, so any
 * index drops every public view at once, on every node: bumping the version is the invalidation.
 */
export const cacheRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.delete(
    '/cache_invalidate',
    {
      schema: {
        tags: ['cache'],
        summary: 'Drop cached public responses (admins)',
        body: z.object({ index: z.string().trim().min(1).max(1000) }),
        response: { 204: z.null(), ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request);
      authorize(request.actor, 'cache.invalidate');
      await db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE content_version SET version = version + 1 WHERE id = 1`);
        await audit(tx, {
          actorId: user.id,
          action: 'invalidate',
          entityType: 'cache',
          entityId: null,
          data: { index: request.body.index },
        });
      });
      return reply.status(204).send(null);
    },
  );
};
