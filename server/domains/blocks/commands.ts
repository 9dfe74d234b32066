import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BlockTypeName } from '../../../common/blocks/index.ts';
import { BLOCK_PERMISSIONS_KEY, type BlockPermissions } from '../../../common/blocks/permissions.ts';
import type { Localized } from '../../../common/localized-text.ts';
import type { LayoutPosition } from '../../../common/pages.ts';
import type { Executor } from '../../db/client.ts';
import { type BlockRow, buildingBlockInstances, type PageRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { runCommand, type WriteScope } from '../write.ts';
import { nextSortId, SORT_STEP } from './queries.ts';
import { SERVER_BLOCK_TYPES } from './types/index.ts';
import { parseBlockContent, parseBlockOptions, requireBlockType, throwIfInvalid } from './validate.ts';

/**
 * Adding, changing, moving and removing the blocks of a page or template. Every write validates the
 * content (per language) and options against the type's schemas and its server checks. Each write
 * sets updated_at, which keys the prepared block views.
 */

type WriteCtx = { db: Executor; actor: Actor };

/** Visitors see a template's blocks on every page, and a page's when it is published. */
export function blockScope(page: Pick<PageRow, 'kind' | 'isPublished'>): WriteScope {
  return page.kind === 'template' || page.isPublished ? 'public' : 'private';
}

/** Options as stored: the schema's defaults, the type's own checks, and the stored permissions kept. */
export async function prepareOptions(
  tx: Executor,
  input: {
    actor: Actor;
    name: BlockTypeName;
    blockGuid: string;
    options: Record<string, unknown>;
    permissions: unknown;
  },
): Promise<Record<string, unknown>> {
  const { options, issues } = parseBlockOptions(input.name, input.options);
  throwIfInvalid(issues, 'options do not fit the block type');
  const check = SERVER_BLOCK_TYPES[input.name].checkOptions as
    | ((tx: Executor, input: { actor: Actor; blockGuid: string; options: unknown }) => Promise<unknown>)
    | undefined;
  const checked = (
    check ? await check(tx, { actor: input.actor, blockGuid: input.blockGuid, options }) : options
  ) as Record<string, unknown>;
  return input.permissions === undefined
    ? checked
    : { ...checked, [BLOCK_PERMISSIONS_KEY]: input.permissions };
}

export type NewBlock = {
  buildingBlockName: string;
  layoutPosition: LayoutPosition;
  content: Localized<unknown>;
  options: Record<string, unknown>;
  sortId?: number | undefined;
};

export async function addBlock(ctx: WriteCtx, page: PageRow, block: NewBlock): Promise<BlockRow> {
  const name = requireBlockType(block.buildingBlockName);
  if (name === 'reusable' && page.kind === 'template' && page.templateKind === 'block') {
    throw new AppError('validation_failed', 'a reusable block cannot hold another', [
      { path: 'buildingBlockName', message: 'validation.reusableInReusable' },
    ]);
  }
  const { content, issues } = parseBlockContent(name, block.content);
  throwIfInvalid(issues, 'content does not fit the block type');
  // The guid is chosen first: an image block's media is checked against it.
  const guid = randomUUID();
  return runCommand(
    ctx,
    {
      action: 'block.create',
      scope: blockScope(page),
      target: guid,
      data: { pageGuid: page.id, buildingBlockName: name, layoutPosition: block.layoutPosition },
    },
    async (tx) => {
      const options = await prepareOptions(tx, {
        actor: ctx.actor,
        name,
        blockGuid: guid,
        options: block.options,
        permissions: undefined,
      });
      const sortId = block.sortId ?? (await nextSortId(tx, page.id, block.layoutPosition));
      const [row] = await tx
        .insert(buildingBlockInstances)
        .values({
          id: guid,
          pageId: page.id,
          buildingBlockName: name,
          content,
          options,
          layoutPosition: block.layoutPosition,
          sortId,
          updatedAt: new Date(),
        })
        .returning();
      if (!row) throw new AppError('internal_error', 'block not created');
      return row;
    },
  );
}

export type BlockUpdate = {
  content?: Localized<unknown> | undefined;
  options?: Record<string, unknown> | undefined;
  layoutPosition?: LayoutPosition | undefined;
  sortId?: number | undefined;
};

/**
 * Changes a block. `content` and `options` replace what is stored (the stored permissions stay;
 * `mergeOptions` merges instead, for POST …/options); a new layoutPosition without a sortId puts
 * the block at the end of that position.
 */
export async function updateBlock(
  ctx: WriteCtx,
  input: { page: PageRow; block: BlockRow; update: BlockUpdate; mergeOptions?: boolean },
): Promise<BlockRow> {
  const { block, update } = input;
  const name = requireBlockType(block.buildingBlockName);
  const parsed = update.content ? parseBlockContent(name, update.content) : undefined;
  throwIfInvalid(parsed?.issues ?? [], 'content does not fit the block type');
  const fields = (Object.keys(update) as (keyof BlockUpdate)[]).filter((key) => update[key] !== undefined);
  return runCommand(
    ctx,
    {
      action: input.mergeOptions ? 'block.updateOptions' : 'block.update',
      scope: blockScope(input.page),
      target: block.id,
      data: { fields },
    },
    async (tx) => {
      const options = update.options
        ? await prepareOptions(tx, {
            actor: ctx.actor,
            name,
            blockGuid: block.id,
            options: input.mergeOptions ? { ...block.options, ...update.options } : update.options,
            permissions: block.options[BLOCK_PERMISSIONS_KEY],
          })
        : undefined;
      const isMoving = update.layoutPosition !== undefined && update.layoutPosition !== block.layoutPosition;
      const sortId =
        update.sortId ??
        (isMoving && block.pageId && update.layoutPosition
          ? await nextSortId(tx, block.pageId, update.layoutPosition)
          : undefined);
      const [row] = await tx
        .update(buildingBlockInstances)
        .set({
          ...(parsed ? { content: parsed.content } : {}),
          ...(options ? { options } : {}),
          ...(update.layoutPosition ? { layoutPosition: update.layoutPosition } : {}),
          ...(sortId !== undefined ? { sortId } : {}),
          updatedAt: new Date(),
        })
        .where(eq(buildingBlockInstances.id, block.id))
        .returning();
      if (!row) throw new AppError('not_found', 'building block instance not found');
      return row;
    },
  );
}

export async function setBlockPermissions(
  ctx: WriteCtx,
  input: { page: PageRow; block: BlockRow; permissions: BlockPermissions },
): Promise<BlockRow> {
  return runCommand(
    ctx,
    {
      action: 'block.updatePermissions',
      scope: blockScope(input.page),
      target: input.block.id,
      data: { ...input.permissions },
    },
    async (tx) => {
      const [row] = await tx
        .update(buildingBlockInstances)
        .set({
          options: { ...input.block.options, [BLOCK_PERMISSIONS_KEY]: input.permissions },
          updatedAt: new Date(),
        })
        .where(eq(buildingBlockInstances.id, input.block.id))
        .returning();
      if (!row) throw new AppError('not_found', 'building block instance not found');
      return row;
    },
  );
}

export async function deleteBlock(ctx: WriteCtx, input: { page: PageRow; block: BlockRow }): Promise<void> {
  await runCommand(
    ctx,
    {
      action: 'block.delete',
      scope: blockScope(input.page),
      target: input.block.id,
      data: { pageGuid: input.page.id, buildingBlockName: input.block.buildingBlockName },
    },
    async (tx) => {
      await tx.delete(buildingBlockInstances).where(eq(buildingBlockInstances.id, input.block.id));
    },
  );
}

/**
 * Puts the given blocks of a page, in this order, at `position` (sortId 10, 20, …). Blocks already
 * at that position that the list leaves out follow after them in their current order, so sort ids
 * never collide.
 */
export async function reorderBlocks(
  ctx: WriteCtx,
  input: { page: PageRow; position: LayoutPosition; guids: string[] },
): Promise<BlockRow[]> {
  const { page, position, guids } = input;
  if (new Set(guids).size !== guids.length) {
    throw new AppError('validation_failed', 'a block is listed twice', [
      { path: 'guids', message: 'validation.duplicateGuid' },
    ]);
  }
  let order: string[] = [];
  return runCommand(
    ctx,
    {
      action: 'block.reorder',
      scope: blockScope(page),
      target: page.id,
      data: () => ({ position, guids: order }),
    },
    async (tx) => {
      const onPage = and(eq(buildingBlockInstances.pageId, page.id));
      const listed = guids.length
        ? await tx
            .select({ id: buildingBlockInstances.id })
            .from(buildingBlockInstances)
            .where(and(onPage, inArray(buildingBlockInstances.id, guids)))
        : [];
      if (listed.length !== guids.length) {
        throw new AppError('validation_failed', 'a block is not on this page', [
          { path: 'guids', message: 'validation.blockOnPage' },
        ]);
      }
      const atPosition = and(onPage, eq(buildingBlockInstances.layoutPosition, position));
      const others = await tx
        .select({ id: buildingBlockInstances.id })
        .from(buildingBlockInstances)
        .where(atPosition)
        .orderBy(asc(buildingBlockInstances.sortId), asc(buildingBlockInstances.id));
      order = [...guids, ...others.map((row) => row.id).filter((id) => !guids.includes(id))];
      const now = new Date();
      for (const [index, id] of order.entries()) {
        await tx
          .update(buildingBlockInstances)
          .set({ layoutPosition: position, sortId: (index + 1) * SORT_STEP, updatedAt: now })
          .where(eq(buildingBlockInstances.id, id));
      }
      return tx
        .select()
        .from(buildingBlockInstances)
        .where(atPosition)
        .orderBy(asc(buildingBlockInstances.sortId));
    },
  );
}
