import { eq, inArray } from 'drizzle-orm';
import { BLOCK_TYPES } from '../../../common/blocks/index.ts';
import { readBlockPermissions } from '../../../common/blocks/permissions.ts';
import { type ListBlockOptions, listBlockOptionsSchema } from '../../../common/list-item-schemas.ts';
import type { Executor } from '../../db/client.ts';
import { type BlockRow, buildingBlockInstances, type PageRow, pages } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, can, type ListForPolicy } from '../../policies/index.ts';

/** List and widget blocks, with the page that holds them: what the policies and queries need. */

/** A list block (or widget) with the page that holds it, as the policies and queries need it. */
export type ListContext = {
  block: BlockRow;
  page: PageRow | null;
  policy: ListForPolicy;
};

export const LIST_BLOCK_NAMES = ['list', 'widget'] as const;
export const WIDGET_MAX_ITEMS = 20;

export async function loadListContexts(
  db: Executor,
  blockGuids: string[],
): Promise<Map<string, ListContext>> {
  const result = new Map<string, ListContext>();
  if (blockGuids.length === 0) return result;
  const rows = await db
    .select({ block: buildingBlockInstances, page: pages })
    .from(buildingBlockInstances)
    .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(inArray(buildingBlockInstances.id, blockGuids));
  for (const { block, page } of rows) result.set(block.id, toListContext(block, page));
  return result;
}

export function toListContext(block: BlockRow, page: PageRow | null): ListContext {
  return { block, page, policy: { page, permissions: readBlockPermissions(block.options) } };
}

/** A list or widget block the actor may see, or a 404 (unknown, other block type and hidden are alike). */
export async function requireVisibleList(
  db: Executor,
  actor: Actor,
  blockGuid: string,
  names: readonly string[] = LIST_BLOCK_NAMES,
): Promise<ListContext> {
  const list = (await loadListContexts(db, [blockGuid])).get(blockGuid);
  if (!list || !names.includes(list.block.buildingBlockName) || !can(actor, 'list.view', list.policy)) {
    throw new AppError('not_found', 'list not found');
  }
  return list;
}
export function readListOptions(block: BlockRow): ListBlockOptions {
  const schema = block.buildingBlockName === 'widget' ? BLOCK_TYPES.widget.options : listBlockOptionsSchema;
  const parsed = schema.safeParse(block.options ?? {});
  return parsed.success ? parsed.data : listBlockOptionsSchema.parse({});
}

/** A widget's source list: the list block it names, or the widget itself. */
export function widgetSourceGuid(block: BlockRow): string {
  const parsed = BLOCK_TYPES.widget.options.safeParse(block.options ?? {});
  return (parsed.success ? parsed.data.sourceBlockGuid : null) ?? block.id;
}
/** The source list of a widget (its own block when it names none, or names one the actor cannot see). */
export async function resolveWidgetSource(
  db: Executor,
  actor: Actor,
  widget: ListContext,
  contexts?: Map<string, ListContext>,
): Promise<ListContext | null> {
  const sourceGuid = widgetSourceGuid(widget.block);
  if (sourceGuid === widget.block.id) return widget;
  const source = contexts?.get(sourceGuid) ?? (await loadListContexts(db, [sourceGuid])).get(sourceGuid);
  if (source?.block.buildingBlockName !== 'list' || !can(actor, 'list.view', source.policy)) return null;
  return source;
}
