import type { Locale } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import { LEGAL_PAGES, type LegalPageKey } from '../../../common/site.ts';
import type { BlockRow, PageRow } from '../../db/schema.ts';
import { type Actor, abilities } from '../../policies/index.ts';
import { presentBlock } from '../blocks/view.ts';
import type { AdminPageRow } from './queries.ts';

/** A page (or template) as the API returns it, with what the actor may do with it. */
export function presentPage(page: PageRow, actor: Actor, locale: Locale, blocks?: BlockRow[]) {
  return {
    guid: page.id,
    name: page.name,
    title: pickLocale(page.title, locale),
    titleTranslations: page.title,
    description: page.description ? pickLocale(page.description, locale) : '',
    descriptionTranslations: page.description
      ? { nl: page.description.nl, ...(page.description.en ? { en: page.description.en } : {}) }
      : null,
    isPublished: page.isPublished,
    isTemplate: page.kind === 'template',
    layout: page.layout,
    options: page.options,
    editPermission: page.editPermission,
    editRoles: page.editRoles,
    roleIds: page.roleIds,
    updatedAt: page.updatedAt.toISOString(),
    abilities: abilities('page', actor, page),
    ...(blocks ? { buildingBlockInstances: blocks.map(presentBlock) } : {}),
  };
}

// Admin pages (issue 10): rows of the admin table, templates, what deleting a page breaks.

const named = (ids: readonly string[], roleNames: ReadonlyMap<string, string>) =>
  ids.map((id) => ({ guid: id, name: roleNames.get(id) ?? null }));

/**
 * A legal page (terms of use, privacy, accessibility, cookie statement) is served at its own route,
 * not through a menu: the admin table shows it as what it is, with that route in the reader's language.
 */
function legalPageOf(name: string, locale: Locale): { key: LegalPageKey; path: string } | null {
  const key = (Object.keys(LEGAL_PAGES) as LegalPageKey[]).find((entry) => LEGAL_PAGES[entry].name === name);
  return key ? { key, path: LEGAL_PAGES[key].path(locale) } : null;
}

export function presentAdminPageRow(
  row: AdminPageRow,
  roleNames: ReadonlyMap<string, string>,
  locale: Locale,
) {
  return {
    guid: row.id,
    title: { nl: row.title.nl, ...(row.title.en ? { en: row.title.en } : {}) },
    path: row.path,
    legalPage: legalPageOf(row.name, locale),
    isPublished: row.is_published,
    layout: row.layout,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy:
      row.updated_by === null
        ? null
        : { guid: row.updated_by, name: row.updated_by_name, isRemoved: !row.updated_by_exists },
    editPermission: row.edit_permission,
    editRoles: named(row.edit_roles, roleNames),
    roleIds: named(row.role_ids, roleNames),
  };
}

export function presentTemplate(template: PageRow) {
  return {
    guid: template.id,
    name: template.name,
    title: { nl: template.title.nl, ...(template.title.en ? { en: template.title.en } : {}) },
    templateKind: template.templateKind ?? 'header',
    layout: template.layout,
    updatedAt: template.updatedAt.toISOString(),
  };
}

/** A reusable block (issue 31) in the admin list and the editor's picker. */
export function presentReusableBlock(template: PageRow, useCount: number) {
  return {
    guid: template.id,
    title: { nl: template.title.nl, ...(template.title.en ? { en: template.title.en } : {}) },
    updatedAt: template.updatedAt.toISOString(),
    useCount,
  };
}

/** A page (or template) that places a reusable block, with where it is edited. */
export function presentReusableBlockUse(
  page: Pick<PageRow, 'id' | 'kind'>,
  title: string,
  /** The page's path in the menu; null: in no menu. */
  path: string | null,
) {
  const editUrl =
    page.kind === 'template'
      ? `/admin/pagetemplates/${page.id}/edit`
      : path !== null
        ? `${path === '/' ? '' : path}/edit`
        : `/edit?page=${page.id}`;
  return { guid: page.id, title, isTemplate: page.kind === 'template', editUrl };
}
