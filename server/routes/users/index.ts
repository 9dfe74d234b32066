import { asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn } from '../../auth.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import { audit, findUser, presentApplicationUser } from '../../services/accounts.ts';
import { applicationUserSchema } from '../auth/schema.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';

const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

const userUpdateBody = z.object({
  firstName: z.string().trim().max(100).optional(),
  middleName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  isActive: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
  isContentManager: z.boolean().optional(),
  isDeveloper: z.boolean().optional(),
  isMett: z.boolean().optional(),
  roleIds: z.array(guidSchema).max(100).optional(),
});

/** Admins manage accounts: activate, deactivate, grant roles. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Accounts (admins), optionally filtered by name or e-mail',
        querystring: z.object({ search: z.string().trim().max(200).optional() }),
        response: { 200: z.array(applicationUserSchema), ...adminErrors },
      },
    },
    async (request) => {
      requireSignedIn(request);
      authorize(request.actor, 'user.manage');
      const search = request.query.search
        ? `%${request.query.search.replace(/[%_\\]/g, '\\$&')}%`
        : undefined;
      const rows = await db
        .select()
        .from(users)
        .where(
          search
            ? or(ilike(users.email, search), ilike(users.firstName, search), ilike(users.lastName, search))
            : undefined,
        )
        .orderBy(asc(users.email))
        .limit(500);
      return Promise.all(rows.map((row) => presentApplicationUser(db, row)));
    },
  );

  app.get(
    '/api/users/:guid',
    {
      schema: {
        tags: ['users'],
        summary: 'One account (admins)',
        params: z.object({ guid: guidSchema }),
        response: { 200: applicationUserSchema, ...adminErrors },
      },
    },
    async (request) => {
      requireSignedIn(request);
      authorize(request.actor, 'user.manage');
      const user = await findUser(db, request.params.guid);
      if (!user) throw new AppError('not_found', 'user not found');
      return presentApplicationUser(db, user);
    },
  );

  app.put(
    '/api/users/:guid',
    {
      schema: {
        tags: ['users'],
        summary: 'Change an account (admins); only platform operators grant the operator flag',
        params: z.object({ guid: guidSchema }),
        body: userUpdateBody,
        response: { 200: applicationUserSchema, ...adminErrors },
      },
    },
    async (request) => {
      const admin = requireSignedIn(request);
      authorize(request.actor, 'user.manage');
      const target = await findUser(db, request.params.guid);
      if (!target) throw new AppError('not_found', 'user not found');
      const update = request.body;
      if (update.isMett !== undefined && update.isMett !== target.isMett && !admin.isMett)
        throw new AppError('forbidden');
      if (target.id === admin.id && (update.isActive === false || update.isAdmin === false)) {
        throw new AppError('conflict', 'an admin cannot deactivate or demote themselves');
      }
      const [saved] = await db
        .update(users)
        .set({ ...update, updatedAt: new Date() })
        .where(eq(users.id, target.id))
        .returning();
      await audit(db, {
        actorId: admin.id,
        action: 'update',
        entityType: 'user',
        entityId: target.id,
        data: { fields: Object.keys(update) },
      });
      return presentApplicationUser(db, saved ?? target);
    },
  );
};
