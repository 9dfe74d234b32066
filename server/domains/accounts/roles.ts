import { asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { invitations, pages, type RoleRow, roles, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import type { TableQuery } from '../../routes/common-schemas.ts';
import { runCommand } from '../write.ts';

/** Custom roles (roleIds of users, editRoles and roleIds of pages). Built-in roles follow from flags. */

type Writer = { db: Executor; actor: Actor };
export type RoleInput = { name: string; description: string };

export const toRole = (row: RoleRow) => ({ guid: row.id, name: row.name, description: row.description });

async function assertNameFree(db: Executor, name: string, exceptId: string | null) {
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      exceptId
        ? sql`lower(${roles.name}) = ${name.toLowerCase()} AND ${roles.id} <> ${exceptId}`
        : sql`lower(${roles.name}) = ${name.toLowerCase()}`,
    )
    .limit(1);
  if (clash) throw new AppError('conflict', 'a role with this name exists');
}

export async function createRole(ctx: Writer, input: RoleInput): Promise<RoleRow> {
  return runCommand(
    ctx,
    {
      action: 'role.create',
      scope: 'private',
      target: (row) => row.id,
      data: { name: input.name },
    },
    async (tx) => {
      await assertNameFree(tx, input.name, null);
      const [row] = await tx.insert(roles).values(input).onConflictDoNothing().returning();
      if (!row) throw new AppError('conflict', 'a role with this name exists');
      return row;
    },
  );
}

export async function updateRole(ctx: Writer, id: string, input: RoleInput): Promise<RoleRow> {
  return runCommand(ctx, { action: 'role.update', scope: 'private', target: id }, async (tx) => {
    await assertNameFree(tx, input.name, id);
    const [row] = await tx
      .update(roles)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning();
    if (!row) throw new AppError('not_found', 'role not found');
    return row;
  });
}

export const ROLE_SORT_KEYS = ['name', 'members'] as const;
export type RoleSortKey = (typeof ROLE_SORT_KEYS)[number];

// Correlated subqueries name the tables themselves: inside them drizzle's column names would be
// unqualified and `id` would bind to the inner table.
const memberCount = sql<number>`(SELECT count(*)::int FROM users u WHERE u.role_ids ? "roles"."id"::text)`;
const editPages = sql<{ guid: string; title: LocalizedText }[]>`(
  SELECT coalesce(json_agg(json_build_object('guid', p.id, 'title', p.title) ORDER BY p.name), '[]'::json)
  FROM pages p WHERE p.kind = 'page' AND p.edit_roles ? "roles"."id"::text)`;
const viewPageCount = sql<number>`(SELECT count(*)::int FROM pages p WHERE p.role_ids ? "roles"."id"::text)`;

export type RoleWithUse = RoleRow & {
  memberCount: number;
  editPages: { guid: string; title: LocalizedText }[];
  viewPageCount: number;
};

/** One page of the roles table with each role's member count and the pages it may edit or view. */
export async function findRolesPage(
  db: Executor,
  query: TableQuery<RoleSortKey>,
): Promise<{ rows: RoleWithUse[]; total: number }> {
  const where = query.search ? ilike(roles.name, `%${query.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const order: SQL[] =
    query.sortBy === 'members'
      ? [direction(memberCount), asc(sql`lower(${roles.name})`)]
      : [direction(sql`lower(${roles.name})`)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ role: roles, memberCount, editPages, viewPageCount })
      .from(roles)
      .where(where)
      .orderBy(...order, asc(roles.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(roles).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.role,
      memberCount: Number(row.memberCount),
      editPages: row.editPages,
      viewPageCount: Number(row.viewPageCount),
    })),
    total: total?.value ?? 0,
  };
}

export async function findRole(db: Executor, id: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

/** How much refers to a role: accounts holding it and pages naming it (edit or view rights). */
export async function roleUse(db: Executor, id: string) {
  const [members] = await db.select({ value: count() }).from(users).where(sql`${users.roleIds} ? ${id}`);
  const [pageCount] = await db
    .select({ value: count() })
    .from(pages)
    .where(sql`${pages.editRoles} ? ${id} OR ${pages.roleIds} ? ${id}`);
  return { members: members?.value ?? 0, pages: pageCount?.value ?? 0 };
}

/** Gives an account the role (nothing changes when it has it already). */
export async function addRoleMember(ctx: Writer, input: { roleId: string; userId: string }) {
  await runCommand(
    ctx,
    { action: 'role.addMember', scope: 'private', target: input.roleId, data: { userId: input.userId } },
    async (tx) => {
      const [user] = await tx
        .update(users)
        .set({
          roleIds: sql`CASE WHEN ${users.roleIds} ? ${input.roleId} THEN ${users.roleIds} ELSE ${users.roleIds} || jsonb_build_array(${input.roleId}::text) END`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, input.userId))
        .returning({ id: users.id });
      if (!user) throw new AppError('not_found', 'user not found');
    },
  );
}

/** Takes the role from an account. */
export async function removeRoleMember(ctx: Writer, input: { roleId: string; userId: string }) {
  await runCommand(
    ctx,
    { action: 'role.removeMember', scope: 'private', target: input.roleId, data: { userId: input.userId } },
    async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ roleIds: sql`${users.roleIds} - ${input.roleId}`, updatedAt: new Date() })
        .where(sql`${users.id} = ${input.userId} AND ${users.roleIds} ? ${input.roleId}`)
        .returning({ id: users.id });
      if (!user) throw new AppError('not_found', 'not a member of this role');
    },
  );
}

/**
 * Deletes a role. While accounts hold it or pages name it the delete is refused (409, with the
 * counts) unless `reassignTo` names another role: its members and page rights move there, in the
 * same transaction. A members-only page whose role changes changes who sees it, so this write is
 * public (it moves the content version).
 */
export async function deleteRole(ctx: Writer, id: string, reassignTo: string | undefined): Promise<void> {
  if (reassignTo === id) {
    throw new AppError('bad_request', 'a role cannot be reassigned to itself', [
      { path: 'reassignTo', message: 'validation.roleReassignSelf' },
    ]);
  }
  await runCommand(
    ctx,
    {
      action: 'role.delete',
      scope: 'public',
      target: id,
      data: reassignTo ? { reassignTo } : undefined,
    },
    async (tx) => {
      const role = await findRole(tx, id);
      if (!role) throw new AppError('not_found', 'role not found');
      if (reassignTo) {
        if (!(await findRole(tx, reassignTo))) {
          throw new AppError('bad_request', 'the role to reassign to does not exist', [
            { path: 'reassignTo', message: 'validation.roleMissing' },
          ]);
        }
        const moved = (column: SQL) =>
          sql`CASE WHEN ${column} ? ${reassignTo} THEN ${column} - ${id} ELSE (${column} - ${id}) || jsonb_build_array(${reassignTo}::text) END`;
        await tx
          .update(users)
          .set({ roleIds: moved(sql`${users.roleIds}`) })
          .where(sql`${users.roleIds} ? ${id}`);
        await tx
          .update(pages)
          .set({ editRoles: moved(sql`${pages.editRoles}`) })
          .where(sql`${pages.editRoles} ? ${id}`);
        await tx
          .update(pages)
          .set({ roleIds: moved(sql`${pages.roleIds}`) })
          .where(sql`${pages.roleIds} ? ${id}`);
        // Open invitations give the new role when accepted.
        await tx
          .update(invitations)
          .set({ roleIds: moved(sql`${invitations.roleIds}`) })
          .where(sql`${invitations.roleIds} ? ${id}`);
      } else {
        const use = await roleUse(tx, id);
        if (use.members > 0 || use.pages > 0) {
          throw new AppError('conflict', 'the role is in use', [
            { path: 'reassignTo', message: 'validation.roleInUse', params: use },
          ]);
        }
      }
      // Invitations not yet accepted no longer give the role.
      await tx
        .update(invitations)
        .set({ roleIds: sql`${invitations.roleIds} - ${id}` })
        .where(sql`${invitations.roleIds} ? ${id}`);
      await tx.delete(roles).where(eq(roles.id, id));
    },
  );
}
