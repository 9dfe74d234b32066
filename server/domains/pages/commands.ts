import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import type { DraftBlock } from '../../../common/page-drafts.ts';
import {
  LAYOUT_COLUMNS,
  type LayoutPosition,
  type PageLayout,
  type PageOption,
} from '../../../common/pages.ts';
import { slugify } from '../../../common/urls.ts';
import type { Transaction } from '../../db/client.ts';
import { type BlockRow, buildingBlockInstances, menuItems, type PageRow, pages } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nextSortId, placeOf, SORT_STEP } from '../blocks/queries.ts';
import type { Ctx } from '../context.ts';
import { trashPage } from '../trash/commands.ts';
import { contentScope, runCommand } from '../write.ts';
import { findMenuItemsOfPage, findNamesLike } from './queries.ts';

export type PageSettingsUpdate = {
  titleTranslations?: { nl: string; en?: string | undefined } | undefined;
  /** null (or empty in both languages): no description of its own. */
  description?: { nl: string; en?: string | undefined } | null | undefined;
  isPublished?: boolean | undefined;
  layout?: PageLayout | undefined;
  options?: PageOption[] | undefined;
  /** Who may edit and who may view (admins only: the use-case checks 'page.changeRights'). */
  editPermission?: 'admins' | 'roles' | undefined;
  editRoles?: string[] | undefined;
  roleIds?: string[] | undefined;
  /**
   * Where the blocks go of side columns the new layout does not show; without it they stay where
   * they are (in the data, shown again when a layout with that column returns).
   */
  moveHiddenBlocksTo?: LayoutPosition | undefined;
};

/** The side columns a layout change hides. */
export function hiddenColumns(from: PageLayout, to: PageLayout): LayoutPosition[] {
  const hidden: LayoutPosition[] = [];
  if (LAYOUT_COLUMNS[from].left && !LAYOUT_COLUMNS[to].left) hidden.push('left');
  if (LAYOUT_COLUMNS[from].right && !LAYOUT_COLUMNS[to].right) hidden.push('right');
  return hidden;
}

/** Whether a layout shows blocks at a position. */
export function showsPosition(layout: PageLayout, position: LayoutPosition): boolean {
  if (position === 'left') return LAYOUT_COLUMNS[layout].left;
  if (position === 'right') return LAYOUT_COLUMNS[layout].right;
  return true;
}

/** Changes a page's own settings (and, with a layout change, may move the blocks it would hide). */
export async function updatePageSettings(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  page: PageRow,
  update: PageSettingsUpdate,
): Promise<PageRow> {
  const layout = update.layout ?? page.layout;
  const target = update.moveHiddenBlocksTo;
  if (target && !showsPosition(layout, target)) {
    throw new AppError('validation_failed', 'the layout does not show that position', [
      { path: 'moveHiddenBlocksTo', message: 'validation.position' },
    ]);
  }
  const fields = Object.keys(update).filter(
    (key) => update[key as keyof PageSettingsUpdate] !== undefined && key !== 'moveHiddenBlocksTo',
  );
  let moved: string[] = [];
  return runCommand(
    ctx,
    {
      action: 'page.update',
      scope: contentScope(page.isPublished, update.isPublished ?? page.isPublished),
      target: page.id,
      data: () => ({ fields, ...(moved.length > 0 ? { movedBlocks: moved } : {}) }),
    },
    async (tx) => {
      const [saved] = await tx
        .update(pages)
        .set({
          ...(update.titleTranslations
            ? {
                title: {
                  nl: update.titleTranslations.nl,
                  ...(update.titleTranslations.en ? { en: update.titleTranslations.en } : {}),
                },
              }
            : {}),
          ...(update.description !== undefined ? { description: storedDescription(update.description) } : {}),
          ...(update.isPublished !== undefined ? { isPublished: update.isPublished } : {}),
          ...(update.layout ? { layout: update.layout } : {}),
          ...(update.options ? { options: update.options } : {}),
          ...(update.editPermission ? { editPermission: update.editPermission } : {}),
          ...(update.editRoles ? { editRoles: update.editRoles } : {}),
          ...(update.roleIds ? { roleIds: update.roleIds } : {}),
          updatedAt: new Date(),
          updatedBy: ctx.actor.user?.id ?? null,
        })
        .where(eq(pages.id, page.id))
        .returning();
      if (target) moved = await moveBlocks(tx, page.id, hiddenColumns(page.layout, layout), target);
      return saved ?? page;
    },
  );
}

/** A description as stored: null when it is empty in both languages. */
export function storedDescription(
  description: { nl: string; en?: string | undefined } | null | undefined,
): LocalizedText | null {
  if (!description || (description.nl === '' && !description.en)) return null;
  return { nl: description.nl, ...(description.en ? { en: description.en } : {}) };
}

/** Appends the blocks at `from` positions, in their order, to the end of `to`. */
async function moveBlocks(
  tx: Transaction,
  pageId: string,
  from: LayoutPosition[],
  to: LayoutPosition,
): Promise<string[]> {
  if (from.length === 0) return [];
  const rows: Pick<BlockRow, 'id'>[] = await tx
    .select({ id: buildingBlockInstances.id })
    .from(buildingBlockInstances)
    .where(
      and(eq(buildingBlockInstances.pageId, pageId), inArray(buildingBlockInstances.layoutPosition, from)),
    )
    .orderBy(asc(buildingBlockInstances.layoutPosition), asc(buildingBlockInstances.sortId));
  const start = await nextSortId(tx, pageId, to);
  const now = new Date();
  for (const [index, row] of rows.entries()) {
    await tx
      .update(buildingBlockInstances)
      .set({ layoutPosition: to, sortId: start + index * SORT_STEP, updatedAt: now })
      .where(eq(buildingBlockInstances.id, row.id));
  }
  return rows.map((row) => row.id);
}

// Admin pages (issue 10): create, duplicate and delete pages; create, change and delete templates.

export type NewPage = {
  title: { nl: string; en?: string | undefined };
  description?: { nl: string; en?: string | undefined } | null | undefined;
  layout: PageLayout;
  isPublished?: boolean | undefined;
  options?: PageOption[] | undefined;
  editPermission?: 'admins' | 'roles' | undefined;
  editRoles?: string[] | undefined;
  roleIds?: string[] | undefined;
};

const localized = (title: { nl: string; en?: string | undefined }): LocalizedText => ({
  nl: title.nl,
  ...(title.en ? { en: title.en } : {}),
});

/** A unique page name from a title: its slug, then -2, -3, … (names are internal, never shown). */
async function uniqueName(tx: Transaction, title: string, fallback: string): Promise<string> {
  const base = (slugify(title).replace(/-+/g, '-').replace(/^-|-$/g, '') || fallback).slice(0, 80);
  const taken = await findNamesLike(tx, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createPage(ctx: Pick<Ctx, 'db' | 'actor'>, input: NewPage): Promise<PageRow> {
  return runCommand(
    ctx,
    {
      action: 'page.create',
      scope: contentScope(input.isPublished ?? false),
      target: (page: PageRow) => page.id,
      data: (page: PageRow) => ({ name: page.name, layout: page.layout }),
    },
    async (tx) => {
      const [page] = await tx
        .insert(pages)
        .values({
          name: await uniqueName(tx, input.title.nl, 'pagina'),
          kind: 'page',
          title: localized(input.title),
          description: storedDescription(input.description),
          layout: input.layout,
          isPublished: input.isPublished ?? false,
          options: input.options ?? [],
          editPermission: input.editPermission ?? 'admins',
          editRoles: input.editRoles ?? [],
          roleIds: input.roleIds ?? [],
          updatedBy: ctx.actor.user?.id ?? null,
        })
        .returning();
      if (!page) throw new Error('insert returned no page');
      return page;
    },
  );
}

/**
 * A copy of the page with its blocks (same positions and order), titled "… (kopie)" / "… (copy)"
 * and unpublished. List items are not copied: they belong to the original list (a copy of every
 * news item would show twice in search and under their parents); the copy's list blocks start empty.
 */
export async function duplicatePage(ctx: Pick<Ctx, 'db' | 'actor'>, page: PageRow): Promise<PageRow> {
  return runCommand(
    ctx,
    {
      action: 'page.duplicate',
      scope: 'private',
      target: (copy: PageRow) => copy.id,
      data: () => ({ from: page.id }),
    },
    async (tx) => {
      const title: LocalizedText = {
        nl: `${page.title.nl} (kopie)`.slice(0, 200),
        ...(page.title.en ? { en: `${page.title.en} (copy)`.slice(0, 200) } : {}),
      };
      const [copy] = await tx
        .insert(pages)
        .values({
          name: await uniqueName(tx, title.nl, 'pagina'),
          kind: page.kind,
          templateKind: page.templateKind,
          title,
          description: page.description,
          layout: page.layout,
          isPublished: false,
          options: page.options,
          editPermission: page.editPermission,
          editRoles: page.editRoles,
          roleIds: page.roleIds,
          updatedBy: ctx.actor.user?.id ?? null,
        })
        .returning();
      if (!copy) throw new Error('insert returned no page');
      const blocks = await tx
        .select()
        .from(buildingBlockInstances)
        .where(eq(buildingBlockInstances.pageId, page.id));
      if (blocks.length > 0) {
        await tx.insert(buildingBlockInstances).values(
          blocks.map((block) => ({
            pageId: copy.id,
            buildingBlockName: block.buildingBlockName,
            options: block.options,
            content: block.content,
            layoutPosition: block.layoutPosition,
            sortId: block.sortId,
          })),
        );
      }
      return copy;
    },
  );
}

/**
 * Deletes a page in one change: its menu items go (their children move up to the deleted item's
 * place, keeping their order; a child whose segment a new sibling already has gets "-2", "-3", …),
 * its blocks and its lists' items go with it (foreign keys cascade). All of it goes to the trash
 * first (issue 26), from where a restore puts it back as it was.
 */
export async function deletePage(ctx: Pick<Ctx, 'db' | 'actor'>, page: PageRow): Promise<void> {
  await runCommand(
    ctx,
    {
      action: 'page.delete',
      scope: contentScope(page.isPublished),
      target: page.id,
      data: () => ({ name: page.name }),
    },
    async (tx) => {
      await trashPage(tx, ctx.actor, page);
      const items = await findMenuItemsOfPage(tx, page.id);
      const removed = new Set(items.map(({ item }) => item.id));
      for (const { item } of items) {
        // The nearest ancestor that stays (a page can be in the menu under itself).
        let parentId = item.parentId;
        const byId = new Map(items.map((entry) => [entry.item.id, entry.item]));
        while (parentId && removed.has(parentId)) parentId = byId.get(parentId)?.parentId ?? null;
        const children = await tx
          .select()
          .from(menuItems)
          .where(and(eq(menuItems.parentId, item.id)));
        for (const child of children) {
          if (removed.has(child.id)) continue;
          const siblings = await tx
            .select({ urlSegment: menuItems.urlSegment })
            .from(menuItems)
            .where(
              and(
                eq(menuItems.menuId, child.menuId),
                parentId === null ? isNull(menuItems.parentId) : eq(menuItems.parentId, parentId),
                ne(menuItems.id, item.id),
              ),
            );
          const taken = new Set(siblings.map((sibling) => sibling.urlSegment));
          let segment = child.urlSegment;
          for (let n = 2; taken.has(segment); n++) segment = `${child.urlSegment}-${n}`;
          await tx
            .update(menuItems)
            .set({ parentId, urlSegment: segment, sortId: item.sortId, updatedAt: new Date() })
            .where(eq(menuItems.id, child.id));
        }
      }
      if (removed.size > 0) await tx.delete(menuItems).where(inArray(menuItems.id, [...removed]));
      await tx.delete(pages).where(eq(pages.id, page.id));
    },
  );
}

export async function createTemplate(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  input: {
    title: { nl: string; en?: string | undefined };
    templateKind: 'header' | 'footer' | 'block';
    layout?: PageLayout | undefined;
    /** Its first blocks (a reusable block made of a page's block, issue 31), published with it. */
    blocks?: DraftBlock[] | undefined;
  },
): Promise<PageRow> {
  return runCommand(
    ctx,
    {
      action: 'pageTemplate.create',
      scope: 'private',
      target: (template: PageRow) => template.id,
      data: (template: PageRow) => ({ name: template.name, templateKind: input.templateKind }),
    },
    async (tx) => {
      const [template] = await tx
        .insert(pages)
        .values({
          name: await uniqueName(tx, `${input.templateKind}-${input.title.nl}`, input.templateKind),
          kind: 'template',
          templateKind: input.templateKind,
          title: localized(input.title),
          layout: input.layout ?? '100',
          isPublished: true,
          updatedBy: ctx.actor.user?.id ?? null,
        })
        .returning();
      if (!template) throw new Error('insert returned no template');
      for (const [index, block] of (input.blocks ?? []).entries()) {
        await tx.insert(buildingBlockInstances).values({
          id: block.guid,
          pageId: template.id,
          buildingBlockName: block.name,
          content: block.content,
          options: block.options,
          layoutPosition: 'main',
          sortId: (index + 1) * SORT_STEP,
          ...placeOf(block),
        });
      }
      return template;
    },
  );
}

export async function updateTemplate(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  template: PageRow,
  input: {
    title?: { nl: string; en?: string | undefined } | undefined;
    templateKind?: 'header' | 'footer' | 'block' | undefined;
    layout?: PageLayout | undefined;
  },
): Promise<PageRow> {
  return runCommand(
    ctx,
    {
      action: 'pageTemplate.update',
      scope: 'public',
      target: template.id,
      data: () => ({
        fields: Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined),
      }),
    },
    async (tx) => {
      const [saved] = await tx
        .update(pages)
        .set({
          ...(input.title ? { title: localized(input.title) } : {}),
          ...(input.templateKind ? { templateKind: input.templateKind } : {}),
          ...(input.layout ? { layout: input.layout } : {}),
          updatedAt: new Date(),
          updatedBy: ctx.actor.user?.id ?? null,
        })
        .where(eq(pages.id, template.id))
        .returning();
      return saved ?? template;
    },
  );
}

export async function deleteTemplate(ctx: Pick<Ctx, 'db' | 'actor'>, template: PageRow): Promise<void> {
  await runCommand(
    ctx,
    {
      action: 'pageTemplate.delete',
      scope: 'public',
      target: template.id,
      data: () => ({ name: template.name }),
    },
    async (tx) => {
      await tx.delete(pages).where(eq(pages.id, template.id));
    },
  );
}
