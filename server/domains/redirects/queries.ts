import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type RedirectRow, redirects, users } from '../../db/schema.ts';

export type RedirectSortKey = 'fromPath' | 'toPath' | 'createdAt';

/** One page of redirects, with who made each one, and how many match in all. */
export async function findRedirects(
  db: Executor,
  query: {
    page: number;
    pageSize: number;
    sortBy: RedirectSortKey;
    sortDirection: 'asc' | 'desc';
    search?: string | undefined;
  },
) {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
  const where: SQL | undefined = pattern
    ? or(ilike(redirects.fromPath, pattern), ilike(redirects.toPath, pattern))
    : undefined;
  const column = { fromPath: redirects.fromPath, toPath: redirects.toPath, createdAt: redirects.createdAt }[
    query.sortBy
  ];
  const order = query.sortDirection === 'asc' ? asc(column) : desc(column);
  const [rows, [count]] = await Promise.all([
    db
      .select({ redirect: redirects, firstName: users.firstName, lastName: users.lastName })
      .from(redirects)
      .leftJoin(users, eq(users.id, redirects.createdBy))
      .where(where)
      .orderBy(order, asc(redirects.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(redirects).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findRedirect(db: Executor, id: string): Promise<RedirectRow | undefined> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id)).limit(1);
  return row;
}

/** The redirect of a path, if any. */
export async function findRedirectFrom(db: Executor, fromPath: string, exceptId?: string) {
  const [row] = await db
    .select()
    .from(redirects)
    .where(
      exceptId
        ? and(eq(redirects.fromPath, fromPath), ne(redirects.id, exceptId))
        : eq(redirects.fromPath, fromPath),
    )
    .limit(1);
  return row;
}
