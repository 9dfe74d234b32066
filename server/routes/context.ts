import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../domains/context.ts';

/** The use-case context of a request: its database, actor, language, logger and client. */
export function contextOf(request: FastifyRequest): Ctx {
  const app = request.server;
  const { auth } = request;
  return {
    db: app.database.db,
    actor: request.actor,
    user: auth.method === 'none' ? null : auth.user,
    locale: request.locale,
    log: request.log,
    mailer: app.mailer,
    client: {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      sessionId: auth.method === 'session' ? auth.sessionId : null,
      origin: app.config.publicUrl ?? `${request.protocol}://${request.host}`,
    },
  };
}
