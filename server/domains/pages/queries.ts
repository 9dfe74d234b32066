import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PageRow, pages } from '../../db/schema.ts';

/** Reads of pages and templates: no decisions, no presentation. */

export async function findPage(
  db: Executor,
  where: { id: string } | { name: string },
  kind: PageRow['kind'] = 'page',
): Promise<PageRow | undefined> {
  const condition = 'id' in where ? eq(pages.id, where.id) : eq(pages.name, where.name);
  const [row] = await db
    .select()
    .from(pages)
    .where(and(condition, eq(pages.kind, kind)))
    .limit(1);
  return row;
}

/** A page or a template by id (blocks live on both). */
export async function findPageOrTemplate(db: Executor, id: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id)).limit(1);
  return row;
}

export async function listPages(db: Executor): Promise<PageRow[]> {
  return db.select().from(pages).where(eq(pages.kind, 'page')).orderBy(asc(pages.name));
}
