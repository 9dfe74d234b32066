import type { ItemPlace } from '../../common/list-items.ts';
import type { Localized, LocalizedText } from '../../common/localized-text.ts';
import type { LayoutPosition, PageLayout, PageOption } from '../../common/pages.ts';
import { isAllowedUrl } from '../../common/urls.ts';
import type { Executor } from '../db/client.ts';
import {
  buildingBlockInstances,
  headerImages,
  type ListItemContentBlock,
  listItemParents,
  listItems,
  listItemTypes,
  menuItems,
  menus,
  pages,
  users,
} from '../db/schema.ts';
import { newShortId } from '../domains/lists/commands.ts';

/** Small builders shared by the demo seed and the tests: each creates one thing and returns it. */

export type BlockInput = {
  name: string;
  position?: LayoutPosition;
  content?: Localized<unknown>;
  options?: Record<string, unknown>;
  /** A columns block's blocks (issue 31), per column: made after it, in its columns. */
  columns?: BlockInput[][];
};

export async function createPage(
  db: Executor,
  input: {
    name: string;
    title: LocalizedText | string;
    description?: LocalizedText;
    layout?: PageLayout;
    isPublished?: boolean;
    kind?: 'page' | 'template';
    /** For a template: header or footer (defaults to header), or a reusable block (issue 31). */
    templateKind?: 'header' | 'footer' | 'block';
    options?: PageOption[] | Record<string, string>;
    editPermission?: 'admins' | 'roles';
    editRoles?: string[];
    blocks?: BlockInput[];
  },
) {
  const options = Array.isArray(input.options)
    ? input.options
    : Object.entries(input.options ?? {}).map(([name, value]) => ({ name, value }));
  const [page] = await db
    .insert(pages)
    .values({
      name: input.name,
      title: typeof input.title === 'string' ? { nl: input.title } : input.title,
      description: input.description,
      layout: input.layout ?? '100',
      isPublished: input.isPublished ?? true,
      kind: input.kind ?? 'page',
      templateKind: input.kind === 'template' ? (input.templateKind ?? 'header') : null,
      options,
      editPermission: input.editPermission ?? 'admins',
      editRoles: input.editRoles ?? [],
    })
    .returning();
  if (!page) throw new Error('page not created');
  const sortIds = new Map<string, number>();
  const blocks = [];
  for (const block of input.blocks ?? []) {
    const position = block.position ?? 'main';
    const sortId = (sortIds.get(position) ?? 0) + 10;
    sortIds.set(position, sortId);
    const { columns, ...own } = block;
    const made = await createBlock(db, { pageId: page.id, ...own, position, sortId });
    blocks.push(made);
    for (const [columnIndex, children] of (columns ?? []).entries()) {
      for (const child of children) {
        const childSortId = (sortIds.get(position) ?? 0) + 10;
        sortIds.set(position, childSortId);
        const { columns: _nested, ...childBlock } = child;
        blocks.push(
          await createBlock(db, {
            pageId: page.id,
            ...childBlock,
            position,
            sortId: childSortId,
            parentId: made.id,
            columnIndex,
          }),
        );
      }
    }
  }
  return { ...page, blocks };
}

export async function createBlock(
  db: Executor,
  input: BlockInput & { pageId: string; sortId?: number; parentId?: string; columnIndex?: number },
) {
  const [block] = await db
    .insert(buildingBlockInstances)
    .values({
      pageId: input.pageId,
      buildingBlockName: input.name,
      content: input.content ?? null,
      options: input.options ?? {},
      layoutPosition: input.position ?? 'main',
      sortId: input.sortId ?? 0,
      parentId: input.parentId ?? null,
      columnIndex: input.parentId ? (input.columnIndex ?? 0) : null,
    })
    .returning();
  if (!block) throw new Error('block not created');
  return block;
}

/** A named menu; the "Top level menu" exists from the first migration on, so it is found, not made. */
export async function createMenu(db: Executor, name: string) {
  const [menu] = await db
    .insert(menus)
    .values({ name })
    .onConflictDoUpdate({ target: menus.name, set: { name } })
    .returning();
  if (!menu) throw new Error('menu not created');
  return menu;
}

export async function createMenuItem(
  db: Executor,
  input: {
    menuId: string;
    parentId?: string | null;
    urlSegment: string;
    name: LocalizedText | string;
    pageId?: string | null;
    externalUrl?: string | null;
    isVisible?: boolean;
    sortId?: number;
  },
) {
  if (input.externalUrl != null && !isAllowedUrl(input.externalUrl, 'link')) {
    throw new Error(`menu item ${input.urlSegment}: the external URL breaks the link rule`);
  }
  const [item] = await db
    .insert(menuItems)
    .values({
      menuId: input.menuId,
      parentId: input.parentId ?? null,
      urlSegment: input.urlSegment,
      name: typeof input.name === 'string' ? { nl: input.name } : input.name,
      pageId: input.pageId ?? null,
      externalUrl: input.externalUrl ?? null,
      isVisible: input.isVisible ?? true,
      sortId: input.sortId ?? 0,
    })
    .returning();
  if (!item) throw new Error('menu item not created');
  return item;
}

export async function createHeaderImage(
  db: Executor,
  input: { title: LocalizedText; text?: LocalizedText; imageGuid?: string | null },
) {
  const [image] = await db
    .insert(headerImages)
    .values({ title: input.title, text: input.text, imageGuid: input.imageGuid ?? null })
    .returning();
  if (!image) throw new Error('header image not created');
  return image;
}

export async function createUser(
  db: Executor,
  input: {
    email: string;
    firstName?: string;
    isAdmin?: boolean;
    isContentManager?: boolean;
    isActive?: boolean;
    roleIds?: string[];
  },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName ?? '',
      isAdmin: input.isAdmin ?? false,
      isContentManager: input.isContentManager ?? false,
      isActive: input.isActive ?? true,
      roleIds: input.roleIds ?? [],
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

export async function createListItemType(
  db: Executor,
  input: { name: string; label?: LocalizedText | string },
) {
  const label = typeof input.label === 'string' ? { nl: input.label } : (input.label ?? { nl: input.name });
  await db.insert(listItemTypes).values({ name: input.name, label }).onConflictDoNothing();
  return { name: input.name, label };
}

/** One list item in a list block (its type is created when missing). Defaults: published now, visible. */
export async function createListItem(
  db: Executor,
  input: {
    blockId: string;
    title: LocalizedText | string;
    type?: string;
    description?: LocalizedText | string;
    content?: ListItemContentBlock[];
    publishedOn?: Date;
    periodEnd?: Date | null;
    place?: ItemPlace | null;
    highlight?: boolean;
    isPublished?: boolean;
    sortId?: number;
    parentGuids?: string[];
    shortId?: string;
    imageGuid?: string | null;
  },
) {
  const type = input.type ?? 'nieuws';
  await createListItemType(db, { name: type });
  const publishedOn = input.publishedOn ?? new Date();
  const [item] = await db
    .insert(listItems)
    .values({
      shortId: input.shortId ?? newShortId(),
      blockId: input.blockId,
      listItemTypeName: type,
      title: typeof input.title === 'string' ? { nl: input.title } : input.title,
      description:
        typeof input.description === 'string' ? { nl: input.description } : (input.description ?? { nl: '' }),
      content: input.content ?? [],
      publishedOn,
      periodEnd: input.periodEnd ?? null,
      place: input.place ?? null,
      highlight: input.highlight ?? false,
      isPublished: input.isPublished ?? true,
      sortId: input.sortId ?? 0,
      imageGuid: input.imageGuid ?? null,
    })
    .returning();
  if (!item) throw new Error('list item not created');
  if (input.parentGuids?.length) {
    await db
      .insert(listItemParents)
      .values(input.parentGuids.map((parentGuid) => ({ itemId: item.id, parentGuid, publishedOn })));
  }
  return item;
}
