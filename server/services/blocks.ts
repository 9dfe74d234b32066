import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import { BLOCK_TYPES, type BlockTypeName, isBlockTypeName } from '../../common/blocks/index.ts';
import { BLOCK_PERMISSIONS_KEY, type BlockPermissions } from '../../common/blocks/permissions.ts';
import type { Locale, Localized } from '../../common/localized-text.ts';
import { LOCALES, pickLocale } from '../../common/localized-text.ts';
import type { LayoutPosition } from '../../common/pages.ts';
import type { Database, Executor } from '../db/client.ts';
import { auditEvents, buildingBlockInstances, media, pages } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type Actor, can } from '../policies/index.ts';
import type { BlockRow, PageRow } from './pages.ts';

/**
 * Editing the building blocks of a page: add, change, move, remove. Every write validates the
 * block's content (per locale) and options against its type's schemas (common/blocks), runs in one
 * transaction and records an audit event. The content version triggers bump on every write, so
 * caches refresh; each write also sets updated_at, which keys the prepared block views.
 */

type Issue = { path: string; message: string };

const SORT_STEP = 10;

function invalid(message: string, details: Issue[]): AppError {
  return new AppError('validation_failed', message, details);
}

function issuesOf(error: z.ZodError, prefix: string): Issue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

export function requireBlockType(name: string): BlockTypeName {
  if (!isBlockTypeName(name)) {
    throw invalid('unknown building block type', [
      { path: 'buildingBlockName', message: 'must be a known building block type' },
    ]);
  }
  return name;
}

/**
 * The content per locale, each checked against the type's content schema (defaults filled in).
 * Dutch is required; English is optional and falls back to Dutch when shown.
 */
export function validateContent(name: BlockTypeName, content: Localized<unknown>): Localized<unknown> {
  const schema = BLOCK_TYPES[name].content;
  const result: Localized<unknown> = { nl: undefined };
  const issues: Issue[] = [];
  for (const locale of LOCALES) {
    const value = content[locale];
    if (value === undefined && locale !== 'nl') continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) result[locale] = parsed.data;
    else issues.push(...issuesOf(parsed.error, `content.${locale}`));
  }
  if (issues.length > 0) throw invalid('content does not fit the block type', issues);
  return result;
}

/** Type options without the permissions, which have their own call and are never replaced by options. */
function withoutPermissions(options: Record<string, unknown>): Record<string, unknown> {
  const { [BLOCK_PERMISSIONS_KEY]: _ignored, ...rest } = options;
  return rest;
}

/**
 * Options checked against the type's schema, plus what the server owns: an image's size comes from
 * its media row (which must be an image uploaded for this block, or a public one), and a widget's
 * source must be a list block. The stored permissions are kept.
 */
async function prepareOptions(
  tx: Executor,
  input: {
    name: BlockTypeName;
    blockGuid: string;
    options: Record<string, unknown>;
    permissions: unknown;
  },
): Promise<Record<string, unknown>> {
  const parsed = BLOCK_TYPES[input.name].options.safeParse(withoutPermissions(input.options));
  if (!parsed.success) throw invalid('options do not fit the block type', issuesOf(parsed.error, 'options'));
  const options: Record<string, unknown> = { ...parsed.data };

  if (input.name === 'image') {
    const imageGuid = options.imageGuid as string | null;
    if (imageGuid === null) {
      options.width = null;
      options.height = null;
    } else {
      const [row] = await tx
        .select({
          purpose: media.purpose,
          ownerGuid: media.ownerGuid,
          width: media.width,
          height: media.height,
        })
        .from(media)
        .where(eq(media.id, imageGuid))
        .limit(1);
      const isUsable =
        row !== undefined &&
        (row.purpose === 'public' || (row.purpose === 'block' && row.ownerGuid === input.blockGuid));
      if (!row || !isUsable) {
        throw invalid('unknown image', [
          {
            path: 'options.imageGuid',
            message: 'must be an image uploaded for this block (?block=) or a public image',
          },
        ]);
      }
      options.width = row.width;
      options.height = row.height;
    }
  }

  if (input.name === 'widget') {
    const sourceGuid = options.sourceBlockGuid as string | null;
    if (sourceGuid !== null) {
      const [source] = await tx
        .select({ name: buildingBlockInstances.buildingBlockName })
        .from(buildingBlockInstances)
        .where(eq(buildingBlockInstances.id, sourceGuid))
        .limit(1);
      if (source?.name !== 'list') {
        throw invalid('the source is not a list block', [
          { path: 'options.sourceBlockGuid', message: 'must be the guid of a list block' },
        ]);
      }
    }
  }

  if (input.permissions !== undefined) options[BLOCK_PERMISSIONS_KEY] = input.permissions;
  return options;
}

async function audit(
  tx: Executor,
  actorId: string,
  action: string,
  blockGuid: string,
  data: Record<string, unknown>,
) {
  await tx.insert(auditEvents).values({
    actorId,
    action,
    entityType: 'buildingBlockInstance',
    entityId: blockGuid,
    data,
  });
}

async function nextSortId(tx: Executor, pageId: string, position: LayoutPosition): Promise<number> {
  const [row] = await tx
    .select({ highest: max(buildingBlockInstances.sortId) })
    .from(buildingBlockInstances)
    .where(
      and(eq(buildingBlockInstances.pageId, pageId), eq(buildingBlockInstances.layoutPosition, position)),
    );
  return (row?.highest ?? 0) + SORT_STEP;
}

/** A block with the page (or template) it sits on; undefined when the block is unknown or on no page. */
export async function findBlockWithPage(
  db: Executor,
  guid: string,
): Promise<{ block: BlockRow; page: PageRow } | undefined> {
  const [row] = await db
    .select({ block: buildingBlockInstances, page: pages })
    .from(buildingBlockInstances)
    .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(eq(buildingBlockInstances.id, guid))
    .limit(1);
  return row;
}

/** A page or template by id (blocks live on both). */
export async function findPageOrTemplate(db: Executor, id: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id)).limit(1);
  return row;
}

export type NewBlock = {
  buildingBlockName: string;
  layoutPosition: LayoutPosition;
  content: Localized<unknown>;
  options: Record<string, unknown>;
  sortId?: number | undefined;
};

export async function addBlock(input: {
  db: Database;
  actorId: string;
  page: PageRow;
  block: NewBlock;
}): Promise<BlockRow> {
  const name = requireBlockType(input.block.buildingBlockName);
  const content = validateContent(name, input.block.content);
  // The guid is chosen first: an image block's media is checked against it.
  const guid = randomUUID();
  return input.db.transaction(async (tx) => {
    const options = await prepareOptions(tx, {
      name,
      blockGuid: guid,
      options: input.block.options,
      permissions: undefined,
    });
    const sortId = input.block.sortId ?? (await nextSortId(tx, input.page.id, input.block.layoutPosition));
    const [row] = await tx
      .insert(buildingBlockInstances)
      .values({
        id: guid,
        pageId: input.page.id,
        buildingBlockName: name,
        content,
        options,
        layoutPosition: input.block.layoutPosition,
        sortId,
        updatedAt: new Date(),
      })
      .returning();
    if (!row) throw new AppError('internal_error', 'block not created');
    await audit(tx, input.actorId, 'create', guid, {
      pageGuid: input.page.id,
      buildingBlockName: name,
      layoutPosition: row.layoutPosition,
    });
    return row;
  });
}

export type BlockUpdate = {
  content?: Localized<unknown> | undefined;
  options?: Record<string, unknown> | undefined;
  layoutPosition?: LayoutPosition | undefined;
  sortId?: number | undefined;
};

/**
 * Changes a block. `content` and `options` replace what is stored (the stored permissions stay);
 * a new layoutPosition without a sortId puts the block at the end of that position.
 */
export async function updateBlock(input: {
  db: Database;
  actorId: string;
  block: BlockRow;
  update: BlockUpdate;
  /** Merge `options` into the stored ones instead of replacing them (POST …/options). */
  mergeOptions?: boolean;
}): Promise<BlockRow> {
  const { block, update } = input;
  const name = requireBlockType(block.buildingBlockName);
  const content = update.content ? validateContent(name, update.content) : undefined;
  return input.db.transaction(async (tx) => {
    const options = update.options
      ? await prepareOptions(tx, {
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
        ...(content ? { content } : {}),
        ...(options ? { options } : {}),
        ...(update.layoutPosition ? { layoutPosition: update.layoutPosition } : {}),
        ...(sortId !== undefined ? { sortId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(buildingBlockInstances.id, block.id))
      .returning();
    if (!row) throw new AppError('not_found', 'building block instance not found');
    await audit(tx, input.actorId, input.mergeOptions ? 'update-options' : 'update', block.id, {
      fields: Object.keys(update).filter((key) => update[key as keyof BlockUpdate] !== undefined),
    });
    return row;
  });
}

export async function setBlockPermissions(input: {
  db: Database;
  actorId: string;
  block: BlockRow;
  permissions: BlockPermissions;
}): Promise<BlockRow> {
  return input.db.transaction(async (tx) => {
    const [row] = await tx
      .update(buildingBlockInstances)
      .set({
        options: { ...input.block.options, [BLOCK_PERMISSIONS_KEY]: input.permissions },
        updatedAt: new Date(),
      })
      .where(eq(buildingBlockInstances.id, input.block.id))
      .returning();
    if (!row) throw new AppError('not_found', 'building block instance not found');
    await audit(tx, input.actorId, 'update-permissions', input.block.id, { ...input.permissions });
    return row;
  });
}

export async function deleteBlock(input: { db: Database; actorId: string; block: BlockRow }): Promise<void> {
  await input.db.transaction(async (tx) => {
    await tx.delete(buildingBlockInstances).where(eq(buildingBlockInstances.id, input.block.id));
    await audit(tx, input.actorId, 'delete', input.block.id, {
      pageGuid: input.block.pageId,
      buildingBlockName: input.block.buildingBlockName,
    });
  });
}

/**
 * Puts the given blocks of a page, in this order, at `position` (sortId 10, 20, …). Blocks already
 * at that position that the list leaves out follow after them in their current order, so sort ids
 * never collide.
 */
export async function reorderBlocks(input: {
  db: Database;
  actorId: string;
  page: PageRow;
  position: LayoutPosition;
  guids: string[];
}): Promise<BlockRow[]> {
  const { page, position, guids } = input;
  if (new Set(guids).size !== guids.length) {
    throw invalid('a block is listed twice', [{ path: 'guids', message: 'must not repeat a guid' }]);
  }
  return input.db.transaction(async (tx) => {
    const listed = guids.length
      ? await tx
          .select({ id: buildingBlockInstances.id })
          .from(buildingBlockInstances)
          .where(and(eq(buildingBlockInstances.pageId, page.id), inArray(buildingBlockInstances.id, guids)))
      : [];
    if (listed.length !== guids.length) {
      throw invalid('a block is not on this page', [
        { path: 'guids', message: 'every guid must be a block of this page' },
      ]);
    }
    const others = await tx
      .select({ id: buildingBlockInstances.id })
      .from(buildingBlockInstances)
      .where(
        and(eq(buildingBlockInstances.pageId, page.id), eq(buildingBlockInstances.layoutPosition, position)),
      )
      .orderBy(asc(buildingBlockInstances.sortId), asc(buildingBlockInstances.id));
    const order = [...guids, ...others.map((row) => row.id).filter((id) => !guids.includes(id))];
    const now = new Date();
    for (const [index, id] of order.entries()) {
      await tx
        .update(buildingBlockInstances)
        .set({ layoutPosition: position, sortId: (index + 1) * SORT_STEP, updatedAt: now })
        .where(eq(buildingBlockInstances.id, id));
    }
    await audit(tx, input.actorId, 'reorder', page.id, { position, guids: order });
    return tx
      .select()
      .from(buildingBlockInstances)
      .where(
        and(eq(buildingBlockInstances.pageId, page.id), eq(buildingBlockInstances.layoutPosition, position)),
      )
      .orderBy(asc(buildingBlockInstances.sortId));
  });
}

export type BlockSummary = {
  guid: string;
  buildingBlockName: string;
  title: string;
  pageGuid: string;
  pageName: string;
  pageTitle: string;
};

/** Blocks of one type on the pages the actor may see (e.g. the list blocks a widget can show). */
export async function listBlocksOfType(
  db: Executor,
  actor: Actor,
  name: BlockTypeName,
  locale: Locale,
): Promise<BlockSummary[]> {
  const rows = await db
    .select({ block: buildingBlockInstances, page: pages })
    .from(buildingBlockInstances)
    .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(and(eq(buildingBlockInstances.buildingBlockName, name), eq(pages.kind, 'page')))
    .orderBy(asc(pages.name), asc(buildingBlockInstances.layoutPosition), asc(buildingBlockInstances.sortId))
    .limit(1000);
  return rows
    .filter((row) => can(actor, 'page.view', row.page))
    .map(({ block, page }) => {
      const content = block.content ? pickLocale(block.content as Localized<unknown>, locale) : null;
      const title =
        content && typeof content === 'object' && 'title' in content && typeof content.title === 'string'
          ? content.title
          : '';
      return {
        guid: block.id,
        buildingBlockName: block.buildingBlockName,
        title,
        pageGuid: page.id,
        pageName: page.name,
        pageTitle: pickLocale(page.title, locale),
      };
    });
}
