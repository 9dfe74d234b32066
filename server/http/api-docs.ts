import type { FastifyApiReferenceOptions } from '@scalar/fastify-api-reference';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
} from 'fastify';

type Options = {
  routePrefix: `/${string}`;
  configuration: FastifyApiReferenceOptions['configuration'];
  /** Runs before each of the reference's routes (its content security policy). */
  onRequest: onRequestHookHandler;
};

/**
 * The API reference page (Scalar) loaded when it is first asked for: its package is a 4 MB script
 * and some 300 modules that a restart should not wait for (issue 12). A private Fastify instance
 * holds the plugin; our routes pass its three answers on (the page, the page without the trailing
 * slash, its script).
 */
export const lazyApiReference: FastifyPluginAsync<Options> = async (app, options) => {
  let inner: Promise<FastifyInstance> | undefined;
  const load = () =>
    (inner ??= (async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference');
      const instance = Fastify({ logger: false });
      await instance.register(scalar, {
        routePrefix: options.routePrefix,
        configuration: options.configuration,
      });
      await instance.ready();
      return instance;
    })());
  app.addHook('onClose', async () => {
    if (inner) await (await inner).close();
  });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await (await load()).inject({ method: 'GET', url: request.url });
    reply.status(response.statusCode);
    for (const name of ['content-type', 'location', 'cache-control', 'etag']) {
      const value = response.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    return reply.send(response.rawPayload);
  };
  for (const url of [options.routePrefix, `${options.routePrefix}/`, `${options.routePrefix}/js/scalar.js`]) {
    app.get(url, { schema: { hide: true }, onRequest: options.onRequest, logLevel: 'warn' }, handler);
  }
};
