import { createHash } from 'node:crypto';
import { pickLocale } from '../../../common/localized-text.ts';
import { type PageOption, readPageSettings } from '../../../common/pages.ts';
import type { Executor } from '../../db/client.ts';
import type { PageRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, authorize, can, ensureVisible } from '../../policies/index.ts';
import { linksToItems } from '../blocks/links.ts';
import { loadBlocks } from '../blocks/queries.ts';
import { contentVersion } from '../cache.ts';
import { type Ctx, requireUser } from '../context.ts';
import { getListPage } from '../lists/index.ts';
import { toListContext } from '../lists/lists.ts';
import { referencedMedia } from '../media/references.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import {
  createPage,
  createTemplate,
  deletePage,
  deleteTemplate,
  duplicatePage,
  type NewPage,
  type PageSettingsUpdate,
  updatePageSettings,
  updateTemplate,
} from './commands.ts';
import {
  type AdminPageSortKey,
  countAdminPages,
  findListBlocksOfPage,
  findMenuItemsOfPage,
  findPage,
  findPagesUsingReusableBlock,
  findPagesUsingTemplate,
  findRoleNames,
  listPages,
  listTemplates,
  queryAdminPages,
} from './queries.ts';
import { presentAdminPageRow, presentPage, presentTemplate } from './view.ts';

/**
 * Pages and templates: the use-cases routes and the site façade call. Each authorises, reads or
 * writes through queries and commands, and presents.
 */

/** The pages the actor may see, optionally with their blocks (of some types only). */
export async function listVisiblePages(
  ctx: Ctx,
  input: { includeBlocks: boolean; blockNames?: string[] | undefined },
) {
  const rows = (await listPages(ctx.db)).filter((page) => can(ctx.actor, 'page.view', page));
  const blocks = input.includeBlocks
    ? await loadBlocks(
        ctx.db,
        rows.map((page) => page.id),
        input.blockNames,
      )
    : [];
  return rows.map((page) =>
    presentPage(
      page,
      ctx.actor,
      ctx.locale,
      input.includeBlocks ? blocks.filter((block) => block.pageId === page.id) : undefined,
    ),
  );
}

async function requireVisiblePage(
  ctx: Ctx,
  where: { id: string } | { name: string },
  kind: 'page' | 'template',
) {
  const page = await findPage(ctx.db, where, kind);
  if (!page) throw notFoundPage(kind);
  ensureVisible(ctx.actor, 'page.view', page, kind === 'page' ? 'page' : 'page template');
  return page;
}

const notFoundPage = (kind: 'page' | 'template') =>
  new AppError('not_found', `${kind === 'page' ? 'page' : 'page template'} not found`);

export async function getPageByName(ctx: Ctx, name: string) {
  const page = await requireVisiblePage(ctx, { name }, 'page');
  return presentPage(page, ctx.actor, ctx.locale, await loadBlocks(ctx.db, [page.id]));
}

export async function getTemplate(ctx: Ctx, id: string) {
  const template = await requireVisiblePage(ctx, { id }, 'template');
  return presentPage(template, ctx.actor, ctx.locale, await loadBlocks(ctx.db, [template.id]));
}

/**
 * One page with its blocks and, per list block, how many items it shows the actor (SPEC 7), and
 * its `cache-token`: a digest of what it answers and of the content version (the one given, as the
 * node knows it, or read now), so it changes whenever the page or anything public changes.
 */
export async function getPage(
  ctx: Ctx,
  id: string,
  knownVersion?: string,
  /** Learns what the answer is built from (cache tags, issue 29): the page's blocks, list items. */
  tags?: Set<string>,
) {
  const page = await requireVisiblePage(ctx, { id }, 'page');
  const [blocks, version] = await Promise.all([
    loadBlocks(ctx.db, [page.id]),
    knownVersion ?? contentVersion(ctx.db),
  ]);
  if (tags) {
    // Its blocks, the header and footer templates it is shown with, and the items it counts or links to.
    const settings = readPageSettings(page.options);
    const site = await getPlatformSettings(ctx.db);
    const templates = [
      settings.templateHeader,
      settings.footerGuid,
      settings.templateFooter,
      site.defaultHeaderGuid,
      site.defaultFooterGuid,
    ];
    for (const id of [page.id, ...templates]) if (id) tags.add(`page:${id}`);
    if (blocks.some((block) => block.buildingBlockName === 'list') || linksToItems(blocks)) tags.add('items');
  }
  const totals = await Promise.all(
    blocks
      .filter((block) => block.buildingBlockName === 'list')
      .map(async (block) => {
        const list = await getListPage(ctx.db, {
          actor: ctx.actor,
          list: toListContext(block, page),
          query: { itemCount: 1 },
          locale: ctx.locale,
          pagePaths: new Map(),
        });
        return [block.id, { totalNumberOfItems: list.totalNumberOfItems }] as const;
      }),
  );
  const body = {
    page: presentPage(page, ctx.actor, ctx.locale, blocks),
    listMetadata: Object.fromEntries(totals),
  };
  return { body, cacheToken: cacheToken(body, version) };
}

function cacheToken(body: unknown, version: string): string {
  return createHash('sha256').update(JSON.stringify(body)).update(version).digest('base64url').slice(0, 22);
}

/** Changes a page's settings: those who may edit it (a page they cannot see is not found). */
export async function updatePage(ctx: Ctx, id: string, update: PageSettingsUpdate) {
  requireUser(ctx);
  const page = await requireVisiblePage(ctx, { id }, 'page');
  authorize(ctx.actor, 'page.update', page);
  await checkPageOptions(ctx, update.options);
  if (update.editPermission !== undefined || update.editRoles !== undefined || update.roleIds !== undefined) {
    authorize(ctx.actor, 'page.changeRights');
  }
  const saved = await updatePageSettings(ctx, page, update);
  return presentPage(saved, ctx.actor, ctx.locale, await loadBlocks(ctx.db, [saved.id]));
}

/** A page the actor may see, or undefined: for the site's server rendering (unknown and hidden alike). */
export async function findVisiblePage(
  db: Executor,
  actor: Actor,
  where: { id: string } | { name: string },
  kind: PageRow['kind'] = 'page',
): Promise<PageRow | undefined> {
  const page = await findPage(db, where, kind);
  return page && can(actor, 'page.view', page) ? page : undefined;
}

// Admin pages (issue 10): the admin table, create, duplicate, delete, templates.

export async function listAdminPages(
  ctx: Ctx,
  query: {
    page: number;
    pageSize: number;
    sortBy: AdminPageSortKey;
    sortDirection: 'asc' | 'desc';
    search?: string | undefined;
  },
) {
  authorize(ctx.actor, 'page.administer');
  const [rows, total, roleNames] = await Promise.all([
    queryAdminPages(ctx.db, query),
    countAdminPages(ctx.db, query.search),
    findRoleNames(ctx.db),
  ]);
  return { items: rows.map((row) => presentAdminPageRow(row, roleNames, ctx.locale)), total };
}

export async function addPage(ctx: Ctx, input: NewPage) {
  requireUser(ctx);
  authorize(ctx.actor, 'page.create');
  await checkPageOptions(ctx, input.options);
  const page = await createPage(ctx, input);
  return presentPage(page, ctx.actor, ctx.locale, []);
}

/**
 * Page options that name something must name what exists: a template an existing template, the
 * social image (issue 26) an uploaded image everyone may see (shared links show it to anyone).
 * `at` is where the options are in the request (`options`, `document.options`).
 */
export async function checkPageOptions(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  options: readonly PageOption[] | undefined,
  at = 'options',
) {
  for (const [index, option] of (options ?? []).entries()) {
    if (option.value === '') continue;
    if (['templateHeader', 'templateFooter', 'footerGuid'].includes(option.name)) {
      const template = GUID.test(option.value)
        ? await findPage(ctx.db, { id: option.value }, 'template')
        : undefined;
      if (!template) {
        throw new AppError('validation_failed', 'no such template', [
          { path: `${at}.${index}.value`, message: 'validation.guid' },
        ]);
      }
    }
    if (option.name === 'socialImage') {
      const image = GUID.test(option.value)
        ? (await referencedMedia(ctx.db, ctx.actor, { kind: 'setting' }, [option.value])).get(option.value)
        : null;
      if (!image) {
        throw new AppError('validation_failed', 'the social image is not a public image', [
          { path: `${at}.${index}.value`, message: 'validation.media' },
        ]);
      }
    }
    if (option.name === 'noindex' && option.value !== 'true' && option.value !== 'false') {
      throw new AppError('validation_failed', 'noindex is true or false', [
        { path: `${at}.${index}.value`, message: 'validation.boolean' },
      ]);
    }
  }
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function requireAdminPage(ctx: Ctx, id: string) {
  const page = await findPage(ctx.db, { id }, 'page');
  if (!page) throw notFoundPage('page');
  return page;
}

export async function copyPage(ctx: Ctx, id: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'page.create');
  const page = await requireAdminPage(ctx, id);
  const copy = await duplicatePage(ctx, page);
  return presentPage(copy, ctx.actor, ctx.locale, await loadBlocks(ctx.db, [copy.id]));
}

export async function removePage(ctx: Ctx, id: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'page.delete');
  await deletePage(ctx, await requireAdminPage(ctx, id));
}

/** What deleting the page breaks: its menu items (and how many children move up), its lists and their items. */
export async function pageDependents(ctx: Ctx, id: string) {
  authorize(ctx.actor, 'page.administer');
  const page = await requireAdminPage(ctx, id);
  const [items, lists] = await Promise.all([
    findMenuItemsOfPage(ctx.db, page.id),
    findListBlocksOfPage(ctx.db, page.id),
  ]);
  return {
    menuItems: items.map(({ item, menuName }) => ({
      guid: item.id,
      menuName,
      name: pickLocale(item.name, ctx.locale),
    })),
    lists: lists.map((list) => ({
      guid: list.id,
      title: typeof list.options.title === 'string' ? list.options.title : null,
      itemCount: list.itemCount,
    })),
  };
}

export async function listPageTemplates(ctx: Ctx) {
  authorize(ctx.actor, 'pageTemplate.manage');
  return (await listTemplates(ctx.db)).map(presentTemplate);
}

export async function addTemplate(ctx: Ctx, input: Parameters<typeof createTemplate>[1]) {
  requireUser(ctx);
  authorize(ctx.actor, 'pageTemplate.manage');
  return presentTemplate(await createTemplate(ctx, input));
}

async function requireTemplate(ctx: Ctx, id: string) {
  const template = await findPage(ctx.db, { id }, 'template');
  if (!template) throw notFoundPage('template');
  return template;
}

export async function changeTemplate(ctx: Ctx, id: string, input: Parameters<typeof updateTemplate>[2]) {
  requireUser(ctx);
  authorize(ctx.actor, 'pageTemplate.manage');
  const template = await requireTemplate(ctx, id);
  // A reusable block stays one, and a header or footer never becomes one (pages name them apart).
  if (input.templateKind && (template.templateKind === 'block') !== (input.templateKind === 'block')) {
    throw new AppError('validation_failed', 'a reusable block keeps its kind', [
      { path: 'templateKind', message: 'validation.readonly' },
    ]);
  }
  return presentTemplate(await updateTemplate(ctx, template, input));
}

/** Refused (409) while a page or the site's default header or footer uses the template. */
export async function removeTemplate(ctx: Ctx, id: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'pageTemplate.manage');
  const template = await requireTemplate(ctx, id);
  if (template.templateKind === 'block') {
    // A reusable block (issue 31) while pages place it: they would lose it unseen.
    const users = await findPagesUsingReusableBlock(ctx.db, template.id);
    if (users.length > 0) {
      const pages = users.map((page) => pickLocale(page.title, ctx.locale)).join(', ');
      throw new AppError('conflict', `the reusable block is in use: ${pages}`, [
        { path: 'template', message: 'validation.reusableBlockInUse', params: { pages } },
      ]);
    }
    await deleteTemplate(ctx, template);
    return;
  }
  const [users, settings] = await Promise.all([
    findPagesUsingTemplate(ctx.db, template.id),
    getPlatformSettings(ctx.db),
  ]);
  const isDefault = settings.defaultHeaderGuid === template.id || settings.defaultFooterGuid === template.id;
  if (users.length > 0 || isDefault) {
    const names = users.map((page) => pickLocale(page.title, ctx.locale));
    const pages = [
      ...(isDefault ? [ctx.locale === 'nl' ? 'standaard van de site' : 'site default'] : []),
      ...names,
    ];
    throw new AppError('conflict', `the template is in use: ${pages.join(', ')}`, [
      { path: 'template', message: 'validation.templateInUse', params: { pages: pages.join(', ') } },
    ]);
  }
  await deleteTemplate(ctx, template);
}
