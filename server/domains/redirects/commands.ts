import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { type RedirectRow, redirects } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { runCommand } from '../write.ts';

type Writer = { db: Executor; actor: Actor };
export type RedirectInput = { fromPath: string; toPath: string };

/**
 * After a menu change: every old path answers 301 with its new one. Chains collapse (a redirect to
 * an old path now goes straight to the new one), and a redirect whose path a menu item serves again
 * goes, so a redirect never hides a page and never loops.
 */
export async function recordMovedPaths(
  tx: Transaction,
  input: { moved: [string, string][]; servedPaths: Iterable<string>; actorId: string | null },
): Promise<number> {
  for (const [oldPath, newPath] of input.moved) {
    await tx
      .update(redirects)
      .set({ toPath: newPath, updatedAt: new Date() })
      .where(eq(redirects.toPath, oldPath));
  }
  if (input.moved.length > 0) {
    await tx
      .insert(redirects)
      .values(input.moved.map(([fromPath, toPath]) => ({ fromPath, toPath, createdBy: input.actorId })))
      .onConflictDoUpdate({
        target: redirects.fromPath,
        set: { toPath: sql`excluded.to_path`, updatedAt: new Date() },
      });
  }
  await dropRedirectsAt(tx, input.servedPaths);
  await tx.delete(redirects).where(sql`${redirects.fromPath} = ${redirects.toPath}`);
  return input.moved.length;
}

/** A path a menu item serves again is no redirect any more. */
export async function dropRedirectsAt(tx: Executor, paths: Iterable<string>) {
  const list = [...paths];
  if (list.length > 0) await tx.delete(redirects).where(inArray(redirects.fromPath, list));
}

/**
 * Where a new or changed redirect ends: its target, or the target of the redirect there (chains
 * collapse). A target that leads back to the redirect's own path is a loop (400).
 */
async function finalTarget(tx: Executor, input: RedirectInput): Promise<string> {
  let target = input.toPath;
  const seen = new Set([input.fromPath]);
  for (let hop = 0; hop < 20; hop += 1) {
    if (seen.has(target)) throw loopError();
    seen.add(target);
    const [next] = await tx.select().from(redirects).where(eq(redirects.fromPath, target)).limit(1);
    if (!next) return target;
    target = next.toPath;
  }
  throw loopError();
}

const loopError = () =>
  new AppError('validation_failed', 'redirect loop', [
    { path: 'body/toPath', message: 'validation.redirectLoop' },
  ]);

export async function createRedirect(ctx: Writer, input: RedirectInput): Promise<RedirectRow> {
  return runCommand(
    ctx,
    { action: 'redirect.create', scope: 'public', target: (row) => row.id, data: { ...input } },
    async (tx) => {
      const toPath = await finalTarget(tx, input);
      const [row] = await tx
        .insert(redirects)
        .values({ fromPath: input.fromPath, toPath, createdBy: ctx.actor.user?.id ?? null })
        .onConflictDoNothing()
        .returning();
      if (!row) throw takenError();
      // Redirects to this path now go where it goes.
      await tx
        .update(redirects)
        .set({ toPath, updatedAt: new Date() })
        .where(eq(redirects.toPath, input.fromPath));
      return row;
    },
  );
}

export async function updateRedirect(ctx: Writer, id: string, input: RedirectInput): Promise<RedirectRow> {
  return runCommand(
    ctx,
    { action: 'redirect.update', scope: 'public', target: id, data: { ...input } },
    async (tx) => {
      const toPath = await finalTarget(tx, input);
      const [clash] = await tx
        .select({ id: redirects.id })
        .from(redirects)
        .where(and(eq(redirects.fromPath, input.fromPath), sql`${redirects.id} <> ${id}`))
        .limit(1);
      if (clash) throw takenError();
      const [row] = await tx
        .update(redirects)
        .set({ fromPath: input.fromPath, toPath, updatedAt: new Date() })
        .where(eq(redirects.id, id))
        .returning();
      if (!row) throw new AppError('not_found', 'redirect not found');
      await tx
        .update(redirects)
        .set({ toPath, updatedAt: new Date() })
        .where(eq(redirects.toPath, input.fromPath));
      return row;
    },
  );
}

export async function deleteRedirect(ctx: Writer, id: string): Promise<void> {
  await runCommand(ctx, { action: 'redirect.delete', scope: 'public', target: id }, async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
    if (!row) throw new AppError('not_found', 'redirect not found');
  });
}

const takenError = () =>
  new AppError('conflict', 'a redirect from this path exists', [
    { path: 'body/fromPath', message: 'validation.duplicate' },
  ]);
