import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { BUILT_IN_PROPERTIES, type PropertyDefinition } from '../../../common/profile-properties.ts';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  profilePropertyDefinitions,
  type UserRow,
  userProperties,
  users,
} from '../../db/schema.ts';
import type { TableQuery } from '../../routes/common-schemas.ts';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user;
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export const USER_SORT_KEYS = ['name', 'email', 'createdAt', 'lastSignIn'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

const likePattern = (search: string) => `%${search.replace(/[%_\\]/g, '\\$&')}%`;

/** Name or e-mail contains `search` (first, middle, last name or the whole name). */
function userMatches(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(users.email, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    sql`concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.middleName}, ''), nullif(${users.lastName}, '')) ILIKE ${pattern}`,
  );
}

/** One page of the admin users table, and how many accounts match in all. */
export async function findUsersPage(
  db: Executor,
  query: TableQuery<UserSortKey>,
  filter: { roleId?: string } = {},
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    userMatches(query.search),
    filter.roleId ? sql`${users.roleIds} ? ${filter.roleId}` : undefined,
  );
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const order: SQL[] = {
    name: [direction(sql`lower(${users.lastName})`), direction(sql`lower(${users.firstName})`)],
    email: [direction(sql`lower(${users.email})`)],
    createdAt: [direction(users.createdAt)],
    lastSignIn: [
      query.sortDirection === 'desc'
        ? sql`${users.lastSignInAt} DESC NULLS LAST`
        : sql`${users.lastSignInAt} ASC NULLS FIRST`,
    ],
  }[query.sortBy];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order, asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Display names of accounts by id; an id with no account (erased) is missing from the map. */
export async function findUserNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' ') || row.email,
    ]),
  );
}

/** The audit trail of one account: what they did, and what was done to their account. */
export async function findUserActivity(
  db: Executor,
  userId: string,
  query: { page: number; pageSize: number },
) {
  const where = or(
    eq(auditEvents.actorId, userId),
    and(eq(auditEvents.entityType, 'user'), eq(auditEvents.entityId, userId)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The stored profile properties of users, by user id. */
export async function findUserProperties(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, { key: string; value: string }[]>> {
  const byUser = new Map<string, { key: string; value: string }[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userProperties.userId, key: userProperties.key, value: userProperties.value })
    .from(userProperties)
    .where(inArray(userProperties.userId, [...userIds]))
    .orderBy(userProperties.key);
  for (const row of rows) byUser.get(row.userId)?.push({ key: row.key, value: row.value });
  return byUser;
}

/** Built-in definitions plus the site's own, by key (a site may override a built-in's presentation). */
export async function loadPropertyDefinitions(db: Executor): Promise<Map<string, PropertyDefinition>> {
  const rows = await db.select().from(profilePropertyDefinitions);
  const definitions = new Map(BUILT_IN_PROPERTIES.map((definition) => [definition.key, definition]));
  for (const row of rows) {
    const builtIn = definitions.get(row.key);
    definitions.set(row.key, {
      ...builtIn,
      ...row,
      isBuiltIn: builtIn !== undefined,
      inputType: builtIn?.inputType ?? (row.inputType as PropertyDefinition['inputType']),
    });
  }
  return definitions;
}

/** The user's own recent events for the activity page: sign-ins, profile changes, tokens… */
export async function findOwnActivity(db: Executor, userId: string, limit = 100) {
  const rows = await findOwnActivityEvents(db, userId, limit);
  return rows.map((row) => ({ at: row.at.toISOString(), action: row.action, entityType: row.entityType }));
}

/** The same events as whole rows, for the activity presenter (issue 26). */
export async function findOwnActivityEvents(db: Executor, userId: string, limit = 100) {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, userId),
        sql`${auditEvents.entityType} IN ('user', 'apiToken', 'session', 'invitation')`,
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}
