import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '../routes/common-schemas.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route documents the error answers the framework itself can give, besides its own: a bad
 * request (400), a refused bearer token (401: any route), a failed XSRF check (403: any unsafe
 * request with the session cookie), a body that is too large or of the wrong type (413, 415), and
 * the rate limit where a route has one (429), and for reads `503 overloaded` while the node is
 * overloaded (server/http/overload.ts). A status the route gives its own body (an outcome
 * such as `{ outcome: 'TooSoon' }`) is documented as that body or the error shape.
 */
export function documentStandardErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema || schema.hide || !schema.response) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const statuses = [400, 401];
    if (methods.some((method) => UNSAFE_METHODS.has(method))) statuses.push(403, 413, 415);
    const config = route.config as { rateLimit?: unknown; publicCache?: unknown } | undefined;
    if (config?.rateLimit) statuses.push(429);
    // A read that needs work while the node has a standing queue (server/http/overload.ts).
    if (methods.includes('GET') || config?.publicCache === true) statuses.push(503);
    const response = { ...schema.response };
    for (const status of statuses) {
      const own = response[status];
      if (own === undefined) response[status] = errorResponseSchema;
      else if (own !== errorResponseSchema && own instanceof z.ZodType) {
        response[status] = z.union([own, errorResponseSchema]);
      }
    }
    schema.response = response;
  });
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body with
 * a JSON content type is no body: a DELETE sent with `content-type: application/json` and nothing
 * in it is not a malformed request.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, String(body), done);
  });
}
