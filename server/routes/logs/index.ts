import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOG_BATCH_MAX_ENTRIES, LOG_MESSAGE_MAX_LENGTH } from '../../../common/layout.ts';
import { errorResponses } from '../common-schemas.ts';

/** Shared with the browser's batcher (web/logging). */
export const MAX_LOG_ENTRIES = LOG_BATCH_MAX_ENTRIES;

const logEntrySchema = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string().max(LOG_MESSAGE_MAX_LENGTH),
  timestamp: z.string().max(40),
  url: z.string().max(2000).optional(),
  code: z.string().max(100).optional(),
  info: z.record(z.string(), z.unknown()).optional(),
});

/** The browser's levels, as the server logs them: never above warn (issue 34). */
const SERVER_LEVEL = { debug: 'debug', info: 'info', warn: 'warn', error: 'warn' } as const;

/**
 * The browser's log entries, batched every 5 seconds and on page hide, written to the server log.
 * Anyone may send them, so nothing in them is the server's word: each line says `source: 'browser'`,
 * keeps the client's own text in `client*` fields (`clientMessage`, `clientLevel`, …) under a fixed
 * message, and is logged at warn at most: a visitor cannot write an error line (which alerts) or
 * pass their text off as the server's. Limited per address (30 batches a minute).
 */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/logs',
    {
      bodyLimit: 64 * 1024,
      // Sent with navigator.sendBeacon, which cannot add the XSRF header; it only writes to the log.
      config: { xsrf: false, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['logs'],
        summary: 'A batch of browser log entries',
        description:
          'Written to the server log as client-supplied (`source: browser`, the text in `clientMessage`), ' +
          'at most at warn level. 30 batches a minute per address.',
        body: z.object({ entries: z.array(logEntrySchema).min(1).max(MAX_LOG_ENTRIES) }),
        response: { 202: z.object({ accepted: z.number().int() }), 400: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const log = request.log.child({
        source: 'browser',
        isSignedIn: request.auth.method !== 'none',
        userAgent: request.headers['user-agent']?.slice(0, 200),
      });
      for (const entry of request.body.entries) {
        log[SERVER_LEVEL[entry.level]](
          {
            clientLevel: entry.level,
            clientMessage: entry.message,
            clientTimestamp: entry.timestamp,
            clientUrl: entry.url,
            clientCode: entry.code,
            clientInfo: entry.info,
          },
          'browser log entry (client-supplied)',
        );
      }
      return reply.status(202).send({ accepted: request.body.entries.length });
    },
  );
};
