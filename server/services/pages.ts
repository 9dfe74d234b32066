import type { Executor } from '../db/client.ts';
import type { PageRow } from '../db/schema.ts';
import { findPage } from '../domains/pages/queries.ts';
import { type Actor, can } from '../policies/index.ts';

export type { BlockRow, PageRow } from '../db/schema.ts';
export { loadBlocks } from '../domains/blocks/queries.ts';
// Moving into server/domains/pages and server/domains/blocks (issue 9); these re-exports keep the
// remaining services compiling until they move too.
export { presentBlock } from '../domains/blocks/view.ts';
export { findPage } from '../domains/pages/queries.ts';

/** A page the actor may see, or undefined: unknown and not-visible are the same to the caller (404). */
export async function findVisiblePage(
  db: Executor,
  actor: Actor,
  where: { id: string } | { name: string },
  kind: PageRow['kind'] = 'page',
): Promise<PageRow | undefined> {
  const page = await findPage(db, where, kind);
  return page && can(actor, 'page.view', page) ? page : undefined;
}
