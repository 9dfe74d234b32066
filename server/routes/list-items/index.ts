import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ListPage } from '../../../common/list-items.ts';
import { listItemInputSchema } from '../../../common/list-items.ts';
import type { Locale } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import { requireSignedIn } from '../../auth.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, errorBody, notFound } from '../../errors.ts';
import { type Actor, authorize, can } from '../../policies/index.ts';
import {
  createListItems,
  deleteListItem,
  findListItem,
  getListPage,
  LIST_BLOCK_NAMES,
  type ListContext,
  type ListItemWithList,
  type ListQueryInput,
  listAllItemTypes,
  loadListContexts,
  loadPagePaths,
  loadParentGuids,
  presentListItemDetail,
  readListOptions,
  requireVisibleList,
  resolveListQuery,
  resolveWidgetSource,
  updateListItem,
  WIDGET_MAX_ITEMS,
  widgetSourceGuid,
} from '../../services/list-items.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import {
  blockGuidParams,
  itemGuidParams,
  itemTypeSchema,
  listBodySchema,
  listItemDetailSchema,
  listPageSchema,
  listQuerySchema,
  listsBodySchema,
  listsResponseSchema,
  metaResponseSchema,
  shortIdParams,
} from './schema.ts';

const writeErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/** An empty page, for a widget whose source list the actor cannot see. */
function emptyPage(list: ListContext, query: ListQueryInput): ListPage {
  const resolved = resolveListQuery(readListOptions(list.block), query, { maxItems: WIDGET_MAX_ITEMS });
  return {
    items: [],
    pageNumber: resolved.pageNumber,
    itemCount: resolved.itemCount,
    totalNumberOfItems: 0,
    sortBy: resolved.sortBy,
  };
}

/**
 * A page of a list or widget for the actor: widgets show their source list's items under their
 * own settings.
 */
async function pageOf(
  db: Executor,
  input: {
    actor: Actor;
    list: ListContext;
    query: ListQueryInput;
    locale: Locale;
    pagePaths: Map<string, string>;
    contexts?: Map<string, ListContext>;
  },
): Promise<ListPage> {
  const { list } = input;
  if (list.block.buildingBlockName === 'widget') {
    const source = await resolveWidgetSource(db, input.actor, list, input.contexts);
    if (!source) return emptyPage(list, input.query);
    return getListPage(db, { ...input, source });
  }
  return getListPage(db, input);
}

async function itemDetail(db: Executor, found: ListItemWithList, actor: Actor, locale: Locale) {
  const [parents, pagePaths] = await Promise.all([
    loadParentGuids(db, [found.item.id]),
    loadPagePaths(db, locale),
  ]);
  return presentListItemDetail(found, {
    actor,
    locale,
    parentGuids: parents.get(found.item.id) ?? [],
    pagePath: found.list.page ? (pagePaths.get(found.list.page.id) ?? null) : null,
  });
}

export const listItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  /** The item if the actor may see it; a hidden item is a 404 like an unknown one. */
  const findVisible = async (actor: Actor, where: { id: string } | { shortId: string }) => {
    const found = await findListItem(db, where);
    if (!found || !can(actor, 'listItem.view', { ...found.item, list: found.list.policy, now: new Date() })) {
      throw notFound('item');
    }
    return found;
  };

  app.get(
    '/api/listitem/short/:id',
    {
      schema: {
        tags: ['list items'],
        summary: 'One item by its short id (under 32 characters)',
        params: shortIdParams,
        response: { 200: listItemDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await findVisible(request.actor, { shortId: request.params.id });
      return itemDetail(db, found, request.actor, request.locale);
    },
  );

  app.get(
    '/api/listitem/:guid',
    {
      schema: {
        tags: ['list items'],
        summary: 'One item by its guid (404 when missing or not visible)',
        params: itemGuidParams,
        response: { 200: listItemDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await findVisible(request.actor, { id: request.params.guid });
      return itemDetail(db, found, request.actor, request.locale);
    },
  );

  app.post(
    '/api/listitem/list/:blockGuid',
    {
      schema: {
        tags: ['list items'],
        summary: 'A page of a list (object body), or create items in it (array body)',
        description:
          'SPEC 7 gives this path two meanings. With a JSON object (pageNumber, itemCount, sort_by, filter, ' +
          'searchFilter, showExpiredItems, highlightOnly, parentGuids) it answers the page of items under the ' +
          "block's stored settings. With a JSON array of items it creates them (those who may add items to " +
          "the list: the page's editors and the block's addPermission/addRoles) and answers 201 with the " +
          'created items, each with its guid. Filter language: `type:<name>`, `parent:<guid>`, ' +
          '`highlight:true`, `expired:true`, comma separated.',
        params: blockGuidParams,
        body: listBodySchema,
        response: { 200: listPageSchema, 201: z.array(listItemDetailSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { actor, locale, body } = request;
      if (Array.isArray(body)) {
        const user = requireSignedIn(request);
        const list = await requireVisibleList(db, actor, request.params.blockGuid);
        authorize(actor, 'list.addItem', list.policy);
        const created = await createListItems({
          db,
          list,
          actorId: user.id,
          items: body,
        });
        const pagePaths = await loadPagePaths(db, locale);
        const parents = await loadParentGuids(
          db,
          created.map((row) => row.id),
        );
        const pagePath = list.page ? (pagePaths.get(list.page.id) ?? null) : null;
        return reply
          .status(201)
          .send(
            created.map((item) =>
              presentListItemDetail(
                { item, list },
                { actor, locale, parentGuids: parents.get(item.id) ?? [], pagePath },
              ),
            ),
          );
      }
      // Independent reads side by side (on PostgreSQL they run on separate connections).
      const [list, pagePaths] = await Promise.all([
        requireVisibleList(db, actor, request.params.blockGuid),
        loadPagePaths(db, locale),
      ]);
      return pageOf(db, { actor, list, query: body, locale, pagePaths });
    },
  );

  app.get(
    '/api/listitem/list/:blockGuid/meta',
    {
      schema: {
        tags: ['list items'],
        summary: 'How many items the list shows the caller under its stored settings',
        params: blockGuidParams,
        response: { 200: metaResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const list = await requireVisibleList(db, request.actor, request.params.blockGuid);
      const page = await pageOf(db, {
        actor: request.actor,
        list,
        query: { itemCount: 1 },
        locale: request.locale,
        pagePaths: new Map(),
      });
      return { totalNumberOfItems: page.totalNumberOfItems };
    },
  );

  const widgetHandler = async (
    request: { actor: Actor; locale: Locale; params: { blockGuid: string } },
    query: ListQueryInput,
  ) => {
    const [list, pagePaths] = await Promise.all([
      requireVisibleList(db, request.actor, request.params.blockGuid, ['widget']),
      loadPagePaths(db, request.locale),
    ]);
    return pageOf(db, { actor: request.actor, list, query, locale: request.locale, pagePaths });
  };
  const widgetQuery = listQuerySchema.pick({
    pageNumber: true,
    itemCount: true,
    sort_by: true,
    filter: true,
  });

  app.post(
    '/api/listitem/widget/:blockGuid',
    {
      schema: {
        tags: ['list items'],
        summary: "A widget's items (its source list's, under the widget's settings): at most 20 per page",
        params: blockGuidParams,
        body: widgetQuery,
        response: { 200: listPageSchema, ...errorResponses },
      },
    },
    async (request) => widgetHandler(request, request.body),
  );

  app.get(
    '/api/listitem/widget/:blockGuid',
    {
      schema: {
        tags: ['list items'],
        summary: "A widget's items, with the query in the query string",
        params: blockGuidParams,
        querystring: widgetQuery,
        response: { 200: listPageSchema, ...errorResponses },
      },
    },
    async (request) => widgetHandler(request, request.query),
  );

  app.post(
    '/api/listitem/lists',
    {
      schema: {
        tags: ['list items'],
        summary: 'Several lists in one round trip',
        description:
          'Body: block guid → JSON-encoded list query. Answer: block guid → its page of items, null for a ' +
          'list that does not exist (or that the caller may not see), or an error entry for a bad query.',
        body: listsBodySchema,
        response: { 200: listsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { actor, locale } = request;
      const guids = Object.keys(request.body);
      const loadingPaths = loadPagePaths(db, locale);
      // Awaited below; a failure before then must not go unhandled.
      loadingPaths.catch(() => undefined);
      const contexts = await loadListContexts(db, guids);
      const sourceGuids = [...contexts.values()]
        .filter((list) => list.block.buildingBlockName === 'widget')
        .map((list) => widgetSourceGuid(list.block))
        .filter((guid) => !contexts.has(guid));
      for (const [guid, list] of await loadListContexts(db, sourceGuids)) contexts.set(guid, list);
      const pagePaths = await loadingPaths;
      const entries = await Promise.all(
        guids.map(async (guid): Promise<[string, z.infer<typeof listsResponseSchema>[string]]> => {
          const list = contexts.get(guid);
          const isList =
            list && (LIST_BLOCK_NAMES as readonly string[]).includes(list.block.buildingBlockName);
          if (!list || !isList || !can(actor, 'list.view', list.policy)) return [guid, null];
          let json: unknown;
          try {
            const raw = request.body[guid] ?? '';
            json = raw.trim() === '' ? {} : JSON.parse(raw);
          } catch {
            return [guid, errorBody('bad_request', locale)];
          }
          const parsed = listQuerySchema.safeParse(json);
          if (!parsed.success) return [guid, errorBody('validation_failed', locale)];
          try {
            return [guid, await pageOf(db, { actor, list, query: parsed.data, locale, pagePaths, contexts })];
          } catch (error) {
            if (error instanceof AppError && error.status < 500) return [guid, errorBody(error.code, locale)];
            throw error;
          }
        }),
      );
      return Object.fromEntries(entries);
    },
  );

  app.get(
    '/api/listitemtypes',
    {
      schema: {
        tags: ['list items'],
        summary: 'The item types (nieuws, evenement, …)',
        response: { 200: z.array(itemTypeSchema) },
      },
    },
    async (request) =>
      (await listAllItemTypes(db)).map((type) => ({
        name: type.name,
        label: pickLocale(type.label, request.locale),
        labelTranslations: type.label,
      })),
  );

  app.put(
    '/api/listitem/:guid',
    {
      schema: {
        tags: ['list items'],
        summary: "Change an item (those who may edit the list's page)",
        params: itemGuidParams,
        body: listItemInputSchema,
        response: { 200: listItemDetailSchema, ...writeErrors },
      },
    },
    async (request) => {
      const user = requireSignedIn(request);
      const found = await findVisible(request.actor, { id: request.params.guid });
      authorize(request.actor, 'listItem.update', { ...found.item, list: found.list.policy });
      const saved = await updateListItem({ db, item: found.item, actorId: user.id, input: request.body });
      return itemDetail(db, { item: saved, list: found.list }, request.actor, request.locale);
    },
  );

  app.delete(
    '/api/listitem/:guid',
    {
      schema: {
        tags: ['list items'],
        summary: "Delete an item (those who may edit the list's page)",
        params: itemGuidParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request);
      const found = await findVisible(request.actor, { id: request.params.guid });
      authorize(request.actor, 'listItem.delete', { ...found.item, list: found.list.policy });
      await deleteListItem({ db, item: found.item, actorId: user.id });
      return reply.status(204).send(null);
    },
  );
};
