import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn } from '../../auth.ts';
import { pages, roles, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import { audit } from '../../services/accounts.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';

const roleSchema = z
  .object({ guid: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'Role' });
const roleBody = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
});
const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

type RoleRow = typeof roles.$inferSelect;
const present = (row: RoleRow) => ({ guid: row.id, name: row.name, description: row.description });

/** Custom roles (roleIds of users, editRoles of pages). Built-in roles follow from account flags. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const requireRoleManager = (request: Parameters<typeof requireSignedIn>[0]) => {
    const user = requireSignedIn(request);
    authorize(request.actor, 'role.manage');
    return user;
  };

  app.get(
    '/api/roles',
    {
      schema: {
        tags: ['roles'],
        summary: 'Custom roles (admins)',
        response: { 200: z.array(roleSchema), ...adminErrors },
      },
    },
    async (request) => {
      requireRoleManager(request);
      return (await db.select().from(roles).orderBy(asc(roles.name))).map(present);
    },
  );

  app.post(
    '/api/roles',
    {
      schema: {
        tags: ['roles'],
        summary: 'Create a role (admins)',
        body: roleBody,
        response: { 201: roleSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const admin = requireRoleManager(request);
      const [row] = await db.insert(roles).values(request.body).onConflictDoNothing().returning();
      if (!row) throw new AppError('conflict', 'a role with this name exists');
      await audit(db, {
        actorId: admin.id,
        action: 'create',
        entityType: 'role',
        entityId: row.id,
        data: { name: row.name },
      });
      return reply.status(201).send(present(row));
    },
  );

  app.put(
    '/api/roles/:guid',
    {
      schema: {
        tags: ['roles'],
        summary: 'Rename or describe a role (admins)',
        params: z.object({ guid: guidSchema }),
        body: roleBody,
        response: { 200: roleSchema, ...adminErrors },
      },
    },
    async (request) => {
      const admin = requireRoleManager(request);
      const [clash] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(
          sql`lower(${roles.name}) = ${request.body.name.toLowerCase()} AND ${roles.id} <> ${request.params.guid}`,
        )
        .limit(1);
      if (clash) throw new AppError('conflict', 'a role with this name exists');
      const [row] = await db
        .update(roles)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(roles.id, request.params.guid))
        .returning();
      if (!row) throw new AppError('not_found', 'role not found');
      await audit(db, { actorId: admin.id, action: 'update', entityType: 'role', entityId: row.id });
      return present(row);
    },
  );

  app.delete(
    '/api/roles/:guid',
    {
      schema: {
        tags: ['roles'],
        summary: 'Delete a role; users and pages lose it (admins)',
        params: z.object({ guid: guidSchema }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      const admin = requireRoleManager(request);
      const id = request.params.guid;
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
        if (!row) throw new AppError('not_found', 'role not found');
        await tx
          .update(users)
          .set({ roleIds: sql`${users.roleIds} - ${id}` })
          .where(sql`${users.roleIds} ? ${id}`);
        await tx
          .update(pages)
          .set({ editRoles: sql`${pages.editRoles} - ${id}`, roleIds: sql`${pages.roleIds} - ${id}` })
          .where(sql`${pages.editRoles} ? ${id} OR ${pages.roleIds} ? ${id}`);
        await audit(tx, { actorId: admin.id, action: 'delete', entityType: 'role', entityId: id });
      });
      return reply.status(204).send(null);
    },
  );
};
