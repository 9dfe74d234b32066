import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as menus from '../../domains/menus/index.ts';
import { getMenuByName } from '../../domains/menus/index.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import {
  adminMenuSchema,
  menuItemBody,
  menuItemMoveResult,
  menuItemResult,
  menuNameBody,
  menuResponse,
  menuSummarySchema,
  menuWithNameQuery,
  moveMenuItemBody,
  newMenuItemBody,
} from './schema.ts';

const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};
const guidParams = z.object({ guid: guidSchema });

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/menus::withName',
    {
      config: { publicCache: true },
      schema: {
        tags: ['menus'],
        summary: 'A menu by name, items nested (e.g. "Top level menu")',
        querystring: menuWithNameQuery,
        response: { 200: menuResponse, ...errorResponses },
      },
    },
    async (request) => getMenuByName(contextOf(request), request.query.name),
  );

  app.get(
    '/api/menus',
    {
      schema: {
        tags: ['menus'],
        summary: 'The named menus (admins)',
        response: { 200: z.array(menuSummarySchema), ...adminErrors },
      },
    },
    async (request) => menus.listMenus(contextOf(request)),
  );

  app.post(
    '/api/menus',
    {
      schema: {
        tags: ['menus'],
        summary: 'Create a named menu, e.g. "Footer menu" (admins)',
        body: menuNameBody,
        response: { 201: menuSummarySchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await menus.addMenu(contextOf(request), request.body.name)),
  );

  app.get(
    '/api/menus/:guid',
    {
      config: { publicCache: true },
      schema: {
        tags: ['menus'],
        summary: 'One menu with its whole tree, names in both languages (admins)',
        params: guidParams,
        response: { 200: adminMenuSchema, ...adminErrors },
      },
    },
    async (request) => menus.getAdminMenu(contextOf(request), request.params.guid),
  );

  app.put(
    '/api/menus/:guid',
    {
      schema: {
        tags: ['menus'],
        summary: 'Rename a menu; the top level menu keeps its name (admins)',
        params: guidParams,
        body: menuNameBody,
        response: { 200: adminMenuSchema, ...adminErrors },
      },
    },
    async (request) => menus.changeMenu(contextOf(request), request.params.guid, request.body.name),
  );

  app.delete(
    '/api/menus/:guid',
    {
      schema: {
        tags: ['menus'],
        summary: 'Delete a menu with its items; not the top level menu (admins)',
        params: guidParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await menus.removeMenu(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/menus/:guid/items',
    {
      schema: {
        tags: ['menus'],
        summary: 'Add an item (a page or an external URL) to a menu (admins)',
        params: guidParams,
        body: newMenuItemBody,
        response: { 201: menuItemResult, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await menus.addMenuItem(contextOf(request), request.params.guid, request.body)),
  );

  app.put(
    '/api/menuitems/:guid',
    {
      schema: {
        tags: ['menus'],
        summary: 'Change a menu item; a new segment leaves 301 redirects from the old paths (admins)',
        params: guidParams,
        body: menuItemBody,
        response: { 200: menuItemResult, ...adminErrors },
      },
    },
    async (request) => menus.changeMenuItem(contextOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/api/menuitems/:guid',
    {
      schema: {
        tags: ['menus'],
        summary: 'Delete a menu item and the items under it (admins)',
        params: guidParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await menus.removeMenuItem(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/menuitems/:guid/move',
    {
      schema: {
        tags: ['menus'],
        summary: 'Move a menu item under a new parent at a position; cycles are refused (admins)',
        params: guidParams,
        body: moveMenuItemBody,
        response: { 200: menuItemMoveResult, ...adminErrors },
      },
    },
    async (request) => menus.moveItem(contextOf(request), request.params.guid, request.body),
  );
};
