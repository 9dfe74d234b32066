import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redirectTargetSchema, sitePathSchema } from '../../../common/url-schemas.ts';
import * as redirects from '../../domains/redirects/index.ts';
import {
  errorResponseSchema,
  errorResponses,
  guidSchema,
  pagedSchema,
  tableQuerySchema,
} from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const redirectSchema = z
  .object({
    guid: z.string(),
    fromPath: z.string(),
    toPath: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'Redirect' });
const redirectBody = z
  .object({ fromPath: sitePathSchema, toPath: redirectTargetSchema })
  .meta({ id: 'RedirectBody' });
const redirectQuery = tableQuerySchema(['fromPath', 'toPath', 'createdAt'], 'fromPath');
const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};
const guidParams = z.object({ guid: guidSchema });

/** Old paths that answer 301 with a new one: made by menu changes, editable by admins. */
export const redirectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/redirects',
    {
      schema: {
        tags: ['redirects'],
        summary: 'Redirects, server-paged (admins)',
        querystring: redirectQuery,
        response: { 200: pagedSchema(redirectSchema).meta({ id: 'RedirectPage' }), ...adminErrors },
      },
    },
    async (request) => redirects.listRedirects(contextOf(request), request.query),
  );

  app.post(
    '/api/redirects',
    {
      schema: {
        tags: ['redirects'],
        summary: 'Create a redirect: a site path to a local path or a public http(s) URL (admins)',
        body: redirectBody,
        response: { 201: redirectSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await redirects.addRedirect(contextOf(request), request.body)),
  );

  app.put(
    '/api/redirects/:guid',
    {
      schema: {
        tags: ['redirects'],
        summary: 'Change a redirect (admins)',
        params: guidParams,
        body: redirectBody,
        response: { 200: redirectSchema, ...adminErrors },
      },
    },
    async (request) => redirects.changeRedirect(contextOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/api/redirects/:guid',
    {
      schema: {
        tags: ['redirects'],
        summary: 'Delete a redirect (admins)',
        params: guidParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await redirects.removeRedirect(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );
};
