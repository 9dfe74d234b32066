import { AppError } from '../../errors.ts';
import { can } from '../../policies/index.ts';
import type { Ctx } from '../context.ts';
import { loadMenuTree } from './queries.ts';
import { filterMenuForVisitor } from './view.ts';

/** A menu by name (e.g. "Top level menu"), without the items whose pages the actor may not see. */
export async function getMenuByName(ctx: Ctx, name: string) {
  const tree = await loadMenuTree(ctx.db, name, ctx.locale);
  if (!tree) throw new AppError('not_found', 'menu not found');
  return {
    guid: tree.guid,
    name: tree.name,
    menuItems: filterMenuForVisitor(tree.menuItems, can(ctx.actor, 'page.listUnpublished'), (page) =>
      can(ctx.actor, 'page.view', page),
    ),
  };
}
