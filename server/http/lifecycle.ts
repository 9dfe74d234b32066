import type { FastifyInstance } from 'fastify';

/**
 * A node that is stopping (issue 28, rolling restarts): on SIGTERM server/main.ts starts draining,
 * /readyz answers 503 so the proxy takes the node out of rotation, and every answer meanwhile says
 * `Connection: close` so keep-alive connections move to the other nodes; after
 * SHUTDOWN_DRAIN_SECONDS the listener closes and the requests in flight finish.
 */
export type Lifecycle = { readonly draining: boolean; startDraining(): void };

export function registerLifecycle(app: FastifyInstance): Lifecycle {
  let draining = false;
  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return lifecycle;
}
