import { and, eq, inArray } from 'drizzle-orm';
import {
  type AccessibilityFinding,
  type BrokenLinkReason,
  checkAccessibility,
} from '../../../common/accessibility-checks.ts';
import { columnCountOf, NOT_IN_COLUMNS } from '../../../common/blocks/columns.ts';
import { BLOCK_PERMISSIONS_KEY } from '../../../common/blocks/permissions.ts';
import { isGuid } from '../../../common/guid.ts';
import {
  type DraftBlock,
  type PageDocument,
  sameJson,
  withChildrenInPlace,
} from '../../../common/page-drafts.ts';
import { LAYOUT_POSITIONS } from '../../../common/pages.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { type BlockRow, buildingBlockInstances, type PageRow, pages } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { prepareOptions } from '../blocks/commands.ts';
import { referencesIn, resolveLinks } from '../blocks/links.ts';
import { loadBlocks, placeOf, SORT_STEP } from '../blocks/queries.ts';
import {
  parseBlockContent,
  parseBlockOptions,
  requireBlockType,
  throwIfInvalid,
} from '../blocks/validate.ts';
import { blockAssetGuids } from '../media/block-assets.ts';
import { findAssets } from '../media/library.ts';
import { isReusableBlockPlacedInColumn } from '../pages/queries.ts';
import { getPlatformSettings } from '../settings/queries.ts';

/**
 * A page as a document (its settings and blocks, as drafts and revisions hold it), checking one,
 * and writing one to the published page. Block permissions are no part of a document: they are set
 * on the published block (POST …/permissions) and kept when a document is published over it.
 */

/** The published page as a document: positions in the order of SPEC 2, blocks in their order. */
export async function publishedDocument(db: Executor, page: PageRow): Promise<PageDocument> {
  const rows = await loadBlocks(db, [page.id]);
  return documentOf(page, rows);
}

export function documentOf(page: PageRow, rows: BlockRow[]): PageDocument {
  const rank = (row: BlockRow) => LAYOUT_POSITIONS.indexOf(row.layoutPosition);
  const ordered = [...rows].sort(
    (a, b) => rank(a) - rank(b) || a.sortId - b.sortId || a.id.localeCompare(b.id),
  );
  return {
    title: page.title,
    description: page.description ?? null,
    layout: page.layout,
    options: page.options,
    blocks: ordered.map((row) => ({
      guid: row.id,
      name: row.buildingBlockName,
      position: row.layoutPosition,
      content: row.content ?? null,
      options: withoutPermissions(row.options),
      ...(row.parentId ? { parent: { guid: row.parentId, column: row.columnIndex ?? 0 } } : {}),
    })),
  };
}

function withoutPermissions(options: Record<string, unknown>): Record<string, unknown> {
  const { [BLOCK_PERMISSIONS_KEY]: _permissions, ...rest } = options;
  return rest;
}

/**
 * The document as it may be stored: each block's content and options checked against its type (as
 * a block write checks them), its guid new or one of this page's own blocks. Throws
 * validation_failed with the path of each problem (blocks.3.content…).
 */
export async function checkDocument(
  tx: Executor,
  input: {
    actor: Actor;
    page: PageRow;
    document: PageDocument;
    /**
     * The document this one changes (the stored draft), whose blocks were checked when it was
     * saved: a block it holds unchanged is not checked again (publishing checks every block).
     */
    checked?: PageDocument | undefined;
  },
): Promise<PageDocument> {
  const { document, page } = input;
  const guids = document.blocks.map((block) => block.guid);
  if (new Set(guids).size !== guids.length) {
    throw new AppError('validation_failed', 'a block is listed twice', [
      { path: 'document.blocks', message: 'validation.duplicateGuid' },
    ]);
  }
  const owners =
    guids.length === 0
      ? []
      : await tx
          .select({ id: buildingBlockInstances.id, pageId: buildingBlockInstances.pageId })
          .from(buildingBlockInstances)
          .where(inArray(buildingBlockInstances.id, guids));
  const elsewhere = owners.find((owner) => owner.pageId !== page.id);
  if (elsewhere) {
    throw new AppError('validation_failed', 'a block belongs to another page', [
      { path: `document.blocks.${guids.indexOf(elsewhere.id)}.guid`, message: 'validation.blockOnPage' },
    ]);
  }
  const earlier = new Map((input.checked?.blocks ?? []).map((block) => [block.guid, block]));
  const blocks: DraftBlock[] = [];
  for (const [index, block] of document.blocks.entries()) {
    const same = earlier.get(block.guid);
    if (
      same &&
      same.name === block.name &&
      sameJson(same.content, block.content) &&
      sameJson(same.options, block.options)
    ) {
      blocks.push({ ...withoutParent(same), position: block.position, ...parentOf(block) });
      continue;
    }
    const at = `document.blocks.${index}`;
    const name = requireBlockType(block.name, `${at}.name`);
    if (name === 'reusable' && page.kind === 'template' && page.templateKind === 'block') {
      throw new AppError('validation_failed', 'a reusable block cannot hold another', [
        { path: `${at}.name`, message: 'validation.reusableInReusable' },
      ]);
    }
    // A block without content (a divider) reads as an empty object, as the site renders it.
    const parsed = parseBlockContent(name, block.content ?? { nl: {} }, `${at}.content`);
    throwIfInvalid(parsed.issues, 'content does not fit the block type');
    throwIfInvalid(
      parseBlockOptions(name, block.options, `${at}.options`).issues,
      'options do not fit the block type',
    );
    const options = await prepareOptions(tx, {
      actor: input.actor,
      name,
      blockGuid: block.guid,
      options: withoutPermissions(block.options),
      permissions: undefined,
    });
    const content = block.content === null ? null : parsed.content;
    blocks.push({ guid: block.guid, name, position: block.position, content, options, ...parentOf(block) });
  }
  await refuseNestedColumns(tx, page, blocks);
  return { ...document, blocks: withChildrenInPlace(checkedColumns(blocks)) };
}

/**
 * Columns are not nested further through a reusable block either (issue 31): one that holds a
 * columns block is refused in a column, and a reusable block placed in a column (on a page, published
 * or in a draft) refuses a columns block of its own. Throws validation_failed at the block.
 */
async function refuseNestedColumns(tx: Executor, page: PageRow, blocks: readonly DraftBlock[]) {
  const nested = (path: string, message: string) =>
    new AppError('validation_failed', 'columns are not nested further', [{ path, message }]);
  for (const [index, block] of blocks.entries()) {
    if (block.name === 'reusable' && block.parent && (await holdsColumns(tx, block.options.templateId))) {
      throw nested(`document.blocks.${index}.parent`, 'validation.columnsNested');
    }
  }
  const columns = blocks.findIndex((block) => block.name === 'columns');
  if (columns >= 0 && page.templateKind === 'block' && (await isReusableBlockPlacedInColumn(tx, page.id))) {
    throw nested(`document.blocks.${columns}.name`, 'validation.reusableInColumn');
  }
}

/** Whether reusable block `templateId` holds a columns block: it is then no block for a column (issue 31). */
async function holdsColumns(tx: Executor, templateId: unknown): Promise<boolean> {
  if (typeof templateId !== 'string' || !isGuid(templateId)) return false;
  const [row] = await tx
    .select({ id: buildingBlockInstances.id })
    .from(buildingBlockInstances)
    .where(
      and(
        eq(buildingBlockInstances.pageId, templateId),
        eq(buildingBlockInstances.buildingBlockName, 'columns'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

function withoutParent(block: DraftBlock): DraftBlock {
  const { parent: _parent, ...rest } = block;
  return rest;
}

function parentOf(block: DraftBlock): Pick<DraftBlock, 'parent'> {
  return block.parent ? { parent: { guid: block.parent.guid, column: block.parent.column } } : {};
}

/**
 * The blocks in columns (issue 31), checked: each names a columns block of this document that is
 * no child itself (columns are not nested further), and is of a type a column holds
 * (`NOT_IN_COLUMNS`); a column past its block's count (the count made smaller) is its last one.
 * Throws validation_failed with the path of each block that breaks a rule.
 */
function checkedColumns(blocks: DraftBlock[]): DraftBlock[] {
  const byGuid = new Map(blocks.map((block) => [block.guid, block]));
  const issues: { path: string; message: string }[] = [];
  const checked = blocks.map((block, index) => {
    if (!block.parent) return block;
    const at = `document.blocks.${index}`;
    const parent = block.parent.guid === block.guid ? undefined : byGuid.get(block.parent.guid);
    if (parent?.name !== 'columns') {
      issues.push({ path: `${at}.parent`, message: 'validation.blockParent' });
    } else if (parent.parent || block.name === 'columns') {
      issues.push({ path: `${at}.parent`, message: 'validation.columnsNested' });
    } else if (NOT_IN_COLUMNS.includes(block.name)) {
      issues.push({ path: `${at}.name`, message: 'validation.notInColumns' });
    } else {
      const column = Math.min(block.parent.column, columnCountOf(parent.options) - 1);
      return { ...block, position: parent.position, parent: { guid: parent.guid, column } };
    }
    return block;
  });
  if (issues.length > 0) throw new AppError('validation_failed', 'a block in columns breaks a rule', issues);
  return checked;
}

/**
 * Writes a checked document to the published page: its settings, and its blocks by guid (changed
 * ones updated, new ones inserted with their guid, the others deleted), numbered 10, 20, … per
 * position. Published blocks keep their permissions. Returns the guids it changed.
 */
export async function writeDocument(
  tx: Transaction,
  input: { actor: Actor; page: PageRow; document: PageDocument; isPublished?: boolean },
): Promise<{ changed: string[]; removed: string[] }> {
  const { page, document } = input;
  const now = new Date();
  await tx
    .update(pages)
    .set({
      title: document.title,
      description: document.description,
      layout: document.layout,
      options: document.options,
      ...(input.isPublished === undefined ? {} : { isPublished: input.isPublished }),
      updatedAt: now,
      updatedBy: input.actor.user?.id ?? null,
    })
    .where(eq(pages.id, page.id));
  const live = new Map((await loadBlocks(tx, [page.id])).map((row) => [row.id, row]));
  const counts = new Map<string, number>();
  const changed: string[] = [];
  for (const block of document.blocks) {
    const index = (counts.get(block.position) ?? 0) + 1;
    counts.set(block.position, index);
    const sortId = index * SORT_STEP;
    const row = live.get(block.guid);
    if (!row) {
      await tx.insert(buildingBlockInstances).values({
        id: block.guid,
        pageId: page.id,
        buildingBlockName: block.name,
        content: block.content,
        options: block.options,
        layoutPosition: block.position,
        sortId,
        ...placeOf(block),
        updatedAt: now,
      });
      changed.push(block.guid);
      continue;
    }
    live.delete(block.guid);
    const permissions = row.options[BLOCK_PERMISSIONS_KEY];
    const options =
      permissions === undefined ? block.options : { ...block.options, [BLOCK_PERMISSIONS_KEY]: permissions };
    const place = placeOf(block);
    const isSame =
      row.layoutPosition === block.position &&
      row.parentId === place.parentId &&
      row.columnIndex === place.columnIndex &&
      row.sortId === sortId &&
      JSON.stringify(row.content ?? null) === JSON.stringify(block.content ?? null) &&
      JSON.stringify(row.options) === JSON.stringify(options);
    if (isSame) continue;
    await tx
      .update(buildingBlockInstances)
      .set({
        content: block.content,
        options,
        layoutPosition: block.position,
        sortId,
        ...place,
        updatedAt: now,
      })
      .where(eq(buildingBlockInstances.id, block.guid));
    changed.push(block.guid);
  }
  const removed = [...live.keys()];
  if (removed.length > 0) {
    await tx.delete(buildingBlockInstances).where(inArray(buildingBlockInstances.id, removed));
  }
  return { changed, removed };
}

/** The page as its draft would make it: the document's settings over the stored row. */
export function pageWithDocument(page: PageRow, document: PageDocument): PageRow {
  return {
    ...page,
    title: document.title,
    description: document.description,
    layout: document.layout,
    options: document.options,
  };
}

/**
 * The document's blocks as the rows a render reads, numbered per position as publishing numbers
 * them. Their version is the draft's (`changedAt`): prepared views are kept per row version.
 */
export function rowsOfDocument(page: PageRow, document: PageDocument, changedAt: Date): BlockRow[] {
  const counts = new Map<string, number>();
  return document.blocks.map((block) => {
    const index = (counts.get(block.position) ?? 0) + 1;
    counts.set(block.position, index);
    return {
      id: block.guid,
      pageId: page.id,
      buildingBlockName: block.name,
      options: block.options,
      content: block.content,
      layoutPosition: block.position,
      sortId: index * SORT_STEP,
      ...placeOf(block),
      updatedAt: changedAt,
    };
  });
}

/**
 * The document's blocks with each placed reusable block's published blocks in its place (issue 31),
 * at its position and in its column: what visitors read there, its headings and links among the
 * page's. `owners` names, for each of those blocks, the reusable block the page holds: a finding in
 * one is shown at the block an editor reaches on the page (a reusable block that is gone shows
 * nothing, as it does to visitors).
 */
async function withReusableContent(
  db: Executor,
  blocks: readonly DraftBlock[],
): Promise<{ blocks: DraftBlock[]; owners: Map<string, string> }> {
  const templateOf = (block: DraftBlock) => {
    const id = block.name === 'reusable' ? block.options.templateId : undefined;
    return typeof id === 'string' && isGuid(id) ? id.toLowerCase() : null;
  };
  const ids = [...new Set(blocks.map(templateOf).filter((id): id is string => id !== null))];
  const owners = new Map<string, string>();
  if (ids.length === 0) return { blocks: [...blocks], owners };
  const templates = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(inArray(pages.id, ids), eq(pages.templateKind, 'block')));
  const rows = await loadBlocks(
    db,
    templates.map((template) => template.id),
  );
  const expanded = blocks.flatMap((block) => {
    const templateId = templateOf(block);
    if (templateId === null) return [block];
    return rows
      .filter((row) => row.pageId === templateId && row.buildingBlockName !== 'reusable')
      .map((row): DraftBlock => {
        owners.set(row.id, block.guid);
        return {
          guid: row.id,
          name: row.buildingBlockName,
          position: block.position,
          content: row.content,
          options: row.options,
          ...(block.parent ? { parent: block.parent } : {}),
        };
      });
  });
  return { blocks: expanded, owners };
}

/** What the accessibility check finds in a document, with the site's colours (issue 13). */
export async function findingsOf(db: Executor, document: PageDocument): Promise<AccessibilityFinding[]> {
  const settings = await getPlatformSettings(db);
  const { blocks, owners } = await withReusableContent(db, document.blocks);
  const counts = new Map<string, number>();
  // Links to pages and items (issue 26) whose target visitors would not reach (whether a target is
  // served does not depend on the language: menu paths and legal pages exist in both).
  const references = new Set<string>();
  for (const block of blocks) {
    referencesIn(block.content, references);
    referencesIn(block.options, references);
  }
  const brokenLinks: Record<string, BrokenLinkReason> = {};
  if (references.size > 0) {
    for (const [reference, target] of await resolveLinks(db, references, 'nl')) {
      if (target.state !== 'ok') brokenLinks[reference] = target.state;
    }
  }
  // What the media library says of the images (issue 27): a block without alt text of its own shows its asset's.
  const assetRows = await findAssets(
    db,
    blockAssetGuids(blocks.map((block) => ({ buildingBlockName: block.name, options: block.options }))),
  );
  const assets = Object.fromEntries(
    [...assetRows].map(([guid, row]) => [guid, { alt: row.alt, isDecorative: row.isDecorative }]),
  );
  const findings = checkAccessibility({
    layout: document.layout,
    colours: { colorScheme: settings.colorScheme },
    brokenLinks,
    assets,
    blocks: blocks.map((block) => {
      const index = (counts.get(block.position) ?? 0) + 1;
      counts.set(block.position, index);
      return { ...block, sortId: index * SORT_STEP };
    }),
  });
  return findings.map((finding) => {
    const owner = finding.blockGuid === null ? undefined : owners.get(finding.blockGuid);
    return owner === undefined ? finding : { ...finding, blockGuid: owner };
  });
}
