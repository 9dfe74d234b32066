import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type BlockTypeName, isBlockTypeName } from '../../../common/blocks/index.ts';
import type { listItemInputSchema } from '../../../common/list-item-schemas.ts';
import type { ItemPlace } from '../../../common/list-items.ts';
import type { Localized, LocalizedText } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import {
  type ListItemContentBlock,
  type ListItemRow,
  listItemParents,
  listItems,
  listItemTypes,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { blockScope } from '../blocks/commands.ts';
import { SERVER_BLOCK_TYPES } from '../blocks/types/index.ts';
import { type Issue, parseBlockContent, parseBlockOptions, throwIfInvalid } from '../blocks/validate.ts';
import { referencedMedia } from '../media/references.ts';
import { trashListItem } from '../trash/commands.ts';
import { type AuditData, runCommand, type WriteScope } from '../write.ts';
import type { ListContext } from './lists.ts';

/** The item commands: create, update, delete and reorder, each through the one write path. */

export type ListItemWrite = z.output<typeof listItemInputSchema>;
type Writer = { db: Executor; actor: Actor };

/**
 * Whether visitors could see the item before or after the write: only then does it move the
 * content version (an unpublished item on a published page, or any item of a draft page, does not).
 */
function itemScope(list: ListContext, ...isPublished: boolean[]): WriteScope {
  const isListPublic = list.page === null || blockScope(list.page) === 'public';
  return isListPublic && isPublished.some(Boolean) ? 'public' : 'private';
}

const SHORT_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 8 random base62 characters (~47 bits): short enough for a URL, unique by a unique index. */
export function newShortId(): string {
  const bytes = randomBytes(16);
  let id = '';
  for (const byte of bytes) {
    // 248 = 4 × 62: rejecting the top values keeps every character equally likely.
    if (byte < 248) id += SHORT_ID_ALPHABET[byte % 62];
    if (id.length === 8) return id;
  }
  return id.padEnd(8, 'x');
}

/** An item's own blocks, each checked by its type's schemas as page blocks are (no lists or widgets). */
function itemBlocks(
  blocks: ListItemWrite['contentBuildingBlockInstances'],
  issues: Issue[],
): ListItemContentBlock[] {
  return blocks.flatMap((block, index) => {
    const at = `contentBuildingBlockInstances.${index}`;
    const name = block.buildingBlockName;
    if (name === 'list' || name === 'widget' || !isItemBlockType(name)) {
      issues.push({ path: `${at}.buildingBlockName`, message: 'validation.itemBlockType' });
      return [];
    }
    const content = parseBlockContent(name, block.content as Localized<unknown>, `${at}.content`);
    const options = parseBlockOptions(name, block.options, `${at}.options`);
    issues.push(...content.issues, ...options.issues);
    return [
      {
        guid: block.guid ?? randomUUID(),
        buildingBlockName: name,
        content: content.content,
        options: options.options,
        sortId: block.sortId,
      },
    ];
  });
}

/**
 * An item's blocks after the checks their types make beyond the schema, as page blocks get them: an
 * image block names an image uploaded for that block (or a public one) and gets its size; a form
 * block names a form that exists. Problems are added to `issues` at the block's options.
 */
async function checkItemBlocks(
  ctx: Writer,
  blocks: ListItemContentBlock[],
  issues: Issue[],
  itemGuid: string | null,
): Promise<ListItemContentBlock[]> {
  return Promise.all(
    blocks.map(async (block, index) => {
      const check = SERVER_BLOCK_TYPES[block.buildingBlockName as BlockTypeName].checkOptions as
        | ((
            tx: Executor,
            input: { actor: Actor; blockGuid: string; options: unknown; itemGuid: string | null },
          ) => Promise<unknown>)
        | undefined;
      if (!check) return block;
      try {
        const options = await check(ctx.db, {
          actor: ctx.actor,
          blockGuid: block.guid,
          options: block.options,
          itemGuid,
        });
        return { ...block, options: options as Record<string, unknown> };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
        for (const detail of error.details ?? []) {
          const field = detail.path.split(/[./]/).at(-1);
          issues.push({ ...detail, path: `contentBuildingBlockInstances.${index}.options.${field}` });
        }
        return block;
      }
    }),
  );
}

/** Not lists or widgets, nor reusable blocks or columns (issue 31: only pages and templates show those). */
function isItemBlockType(
  name: string,
): name is Exclude<BlockTypeName, 'list' | 'widget' | 'reusable' | 'columns'> {
  return (
    isBlockTypeName(name) && name !== 'list' && name !== 'widget' && name !== 'reusable' && name !== 'columns'
  );
}

function localizedText(value: { nl: string; en?: string | undefined }): LocalizedText {
  return { nl: value.nl, ...(value.en ? { en: value.en } : {}) };
}

/** An item's place as stored: null when it names none; a name in English only is not enough (Dutch first). */
function itemPlace(place: ListItemWrite['place'], issues: Issue[]): ItemPlace | null {
  if (!place) return null;
  const name = localizedText(place.name);
  if (!name.nl && !name.en && !place.address) return null;
  if (!name.nl && name.en) issues.push({ path: 'place.name.nl', message: 'validation.required' });
  return { name, address: place.address };
}

/** The stored columns of an item write, or the problems with it (paths under `prefix`). */
function itemValues(input: ListItemWrite, issues: Issue[]) {
  if (input.periodEnd && input.publishedOn && Date.parse(input.periodEnd) < Date.parse(input.publishedOn)) {
    issues.push({ path: 'periodEnd', message: 'validation.periodEnd' });
  }
  return {
    listItemTypeName: input.listItemTypeName,
    title: localizedText(input.title),
    description: localizedText(input.metadata.description),
    content: itemBlocks(input.contentBuildingBlockInstances, issues),
    periodEnd: input.periodEnd ? new Date(input.periodEnd) : null,
    place: itemPlace(input.place, issues),
    highlight: input.highlight,
    isPublished: input.isPublished,
    sortId: input.sortId,
    imageGuid: input.imageGuid,
  };
}

/**
 * Checks a batch of item writes: each field by its rule, and each item image by the one media rule
 * (a public image, or one uploaded for this item). Throws one validation error naming every problem.
 */
async function prepareItems(
  ctx: Writer,
  items: readonly { input: ListItemWrite; itemGuid: string | null; path: string }[],
) {
  const issues: Issue[] = [];
  const prepared = await Promise.all(
    items.map(async ({ input, itemGuid, path }) => {
      const own: Issue[] = [];
      const values = itemValues(input, own);
      // The type's own checks (an image the block may name, with its size) need blocks that fit their schemas.
      if (own.length === 0) values.content = await checkItemBlocks(ctx, values.content, own, itemGuid);
      issues.push(...own.map((issue) => ({ ...issue, path: path ? `${path}.${issue.path}` : issue.path })));
      return values;
    }),
  );
  await Promise.all(
    items.map(async ({ input, itemGuid, path }) => {
      if (!input.imageGuid) return;
      // A new item has no uploads of its own yet: it may name public images only.
      const images = await referencedMedia(ctx.db, ctx.actor, { kind: 'item', guid: itemGuid ?? '' }, [
        input.imageGuid,
      ]);
      if (!images.get(input.imageGuid)) {
        issues.push({ path: path ? `${path}.imageGuid` : 'imageGuid', message: 'validation.blockImage' });
      }
    }),
  );
  throwIfInvalid(issues, 'list item rejected');
  return prepared;
}

async function ensureItemTypes(tx: Executor, names: string[]) {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  await tx
    .insert(listItemTypes)
    .values(unique.map((name) => ({ name, label: { nl: name } })))
    .onConflictDoNothing();
}

async function writeParents(tx: Executor, itemId: string, parentGuids: string[], publishedOn: Date) {
  await tx.delete(listItemParents).where(eq(listItemParents.itemId, itemId));
  const unique = [...new Set(parentGuids.map((guid) => guid.toLowerCase()))].filter(
    (guid) => guid !== itemId,
  );
  if (unique.length === 0) return;
  await tx.insert(listItemParents).values(unique.map((parentGuid) => ({ itemId, parentGuid, publishedOn })));
}

/**
 * Creates items in a list in one transaction, with one audit event per item. `origin` tells the
 * audit trail where items came from when no editor wrote them (a form submission).
 */
export async function createListItems(
  ctx: Writer,
  list: ListContext,
  items: ListItemWrite[],
  origin: AuditData = {},
): Promise<ListItemRow[]> {
  const prepared = await prepareItems(
    ctx,
    items.map((input, index) => ({ input, itemGuid: null, path: String(index) })),
  );
  return runCommand(
    ctx,
    {
      action: 'listItem.create',
      scope: itemScope(list, ...items.map((item) => item.isPublished)),
      target: (created) => created.map((row) => row.id),
      data: { blockGuid: list.block.id, ...origin },
    },
    async (tx) => {
      await ensureItemTypes(
        tx,
        prepared.map((values) => values.listItemTypeName),
      );
      const created: ListItemRow[] = [];
      for (const [index, values] of prepared.entries()) {
        const input = items[index]!;
        const publishedOn = input.publishedOn ? new Date(input.publishedOn) : new Date();
        let row: ListItemRow | undefined;
        // A short id collision (one in ~10^14) is retried with a fresh id rather than failing the save.
        for (let attempt = 0; attempt < 5 && !row; attempt += 1) {
          [row] = await tx
            .insert(listItems)
            .values({ ...values, shortId: newShortId(), blockId: list.block.id, publishedOn })
            .onConflictDoNothing({ target: listItems.shortId })
            .returning();
        }
        if (!row) throw new AppError('conflict', 'could not allocate a short id');
        await writeParents(tx, row.id, input.parentGuids, publishedOn);
        created.push(row);
      }
      return created;
    },
  );
}

export async function updateListItem(
  ctx: Writer,
  found: { item: ListItemRow; list: ListContext },
  input: ListItemWrite,
): Promise<ListItemRow> {
  const { item, list } = found;
  const [values] = await prepareItems(ctx, [
    {
      input: { ...input, publishedOn: input.publishedOn ?? item.publishedOn.toISOString() },
      itemGuid: item.id,
      path: '',
    },
  ]);
  return runCommand(
    ctx,
    {
      action: 'listItem.update',
      scope: itemScope(list, item.isPublished, input.isPublished),
      target: item.id,
      data: { blockGuid: item.blockId },
    },
    async (tx) => {
      await ensureItemTypes(tx, [values!.listItemTypeName]);
      const publishedOn = input.publishedOn ? new Date(input.publishedOn) : item.publishedOn;
      const [saved] = await tx
        .update(listItems)
        .set({ ...values!, publishedOn, updatedAt: new Date() })
        .where(eq(listItems.id, item.id))
        .returning();
      if (!saved) throw new AppError('not_found', 'item not found');
      await writeParents(tx, item.id, input.parentGuids, publishedOn);
      return saved;
    },
  );
}

export async function deleteListItem(ctx: Writer, found: { item: ListItemRow; list: ListContext }) {
  const { item, list } = found;
  await runCommand(
    ctx,
    {
      action: 'listItem.delete',
      scope: itemScope(list, item.isPublished),
      target: item.id,
      data: { blockGuid: item.blockId, title: item.title },
    },
    async (tx) => {
      await trashListItem(tx, ctx.actor, item);
      await tx.delete(listItems).where(eq(listItems.id, item.id));
    },
  );
}

/** Room left between neighbours after a renumbering, so most later moves touch one row. */
const SORT_GAP = 10;

/**
 * Moves an item of a manual list to sit right before `beforeGuid` (or last when null). The moved
 * item takes a sortId between its new neighbours; only when there is no room are the list's
 * items renumbered (in steps of 10, in their current order). Answers the items whose sortId changed.
 */
export async function reorderListItem(
  ctx: Writer,
  list: ListContext,
  move: { itemGuid: string; beforeGuid: string | null },
): Promise<{ guid: string; sortId: number }[]> {
  return runCommand(
    ctx,
    {
      action: 'listItem.reorder',
      scope: itemScope(list, true),
      target: list.block.id,
      data: { itemGuid: move.itemGuid, beforeGuid: move.beforeGuid },
    },
    async (tx) => {
      // The list's order as visitors and editors see it (the manual sort), locked for the move.
      const rows = await tx
        .select({ id: listItems.id, sortId: listItems.sortId })
        .from(listItems)
        .where(eq(listItems.blockId, list.block.id))
        .orderBy(
          asc(listItems.sortId),
          sql`${listItems.publishedOn} DESC NULLS LAST`,
          sql`${listItems.id} DESC`,
        )
        .for('update');
      const moving = rows.find((row) => row.id === move.itemGuid);
      if (!moving) throw new AppError('not_found', 'item not found');
      const others = rows.filter((row) => row.id !== move.itemGuid);
      const at =
        move.beforeGuid === null ? others.length : others.findIndex((row) => row.id === move.beforeGuid);
      if (at < 0) {
        throw new AppError('validation_failed', 'the item to move before is not in this list', [
          { path: 'beforeGuid', message: 'validation.listItem' },
        ]);
      }
      const previous = others[at - 1]?.sortId;
      const next = others[at]?.sortId;
      const lower = previous ?? (next === undefined ? 0 : next - 2 * SORT_GAP);
      const upper = next ?? lower + 2 * SORT_GAP;
      if (upper - lower >= 2) {
        const sortId = Math.floor((lower + upper) / 2);
        if (sortId === moving.sortId) return [];
        await tx.update(listItems).set({ sortId }).where(eq(listItems.id, moving.id));
        return [{ guid: moving.id, sortId }];
      }
      // No room between the neighbours: renumber the list in its new order.
      const ordered = [...others.slice(0, at), moving, ...others.slice(at)];
      const changed = ordered
        .map((row, index) => ({ guid: row.id, sortId: (index + 1) * SORT_GAP, was: row.sortId }))
        .filter((row) => row.sortId !== row.was);
      for (const row of changed) {
        await tx.update(listItems).set({ sortId: row.sortId }).where(eq(listItems.id, row.guid));
      }
      return changed.map(({ guid, sortId }) => ({ guid, sortId }));
    },
  );
}
