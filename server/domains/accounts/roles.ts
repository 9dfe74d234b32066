import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pages, type RoleRow, roles, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { runCommand } from '../write.ts';

/** Custom roles (roleIds of users, editRoles and roleIds of pages). Built-in roles follow from flags. */

type Writer = { db: Executor; actor: Actor };
export type RoleInput = { name: string; description: string };

export const toRole = (row: RoleRow) => ({ guid: row.id, name: row.name, description: row.description });

export async function findRoles(db: Executor) {
  return db.select().from(roles).orderBy(asc(roles.name));
}

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

/**
 * Deletes a role and takes it out of every account and page. A members-only page whose role goes
 * changes who sees it, so this write is public (it moves the content version).
 */
export async function deleteRole(ctx: Writer, id: string): Promise<void> {
  await runCommand(ctx, { action: 'role.delete', scope: 'public', target: id }, async (tx) => {
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
  });
}
