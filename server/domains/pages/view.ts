import type { Locale } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import type { BlockRow, PageRow } from '../../db/schema.ts';
import { type Actor, abilities } from '../../policies/index.ts';
import { presentBlock } from '../blocks/view.ts';

/** A page (or template) as the API returns it, with what the actor may do with it. */
export function presentPage(page: PageRow, actor: Actor, locale: Locale, blocks?: BlockRow[]) {
  return {
    guid: page.id,
    name: page.name,
    title: pickLocale(page.title, locale),
    titleTranslations: page.title,
    description: page.description ? pickLocale(page.description, locale) : '',
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
