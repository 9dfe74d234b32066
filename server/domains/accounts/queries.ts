import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { BUILT_IN_PROPERTIES, type PropertyDefinition } from '../../../common/profile-properties.ts';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  profilePropertyDefinitions,
  type UserRow,
  userProperties,
  users,
} from '../../db/schema.ts';

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

/** Accounts by e-mail, optionally those whose name or address contains `search` (at most 500). */
export async function findUsers(db: Executor, search: string | undefined): Promise<UserRow[]> {
  const pattern = search ? `%${search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  return db
    .select()
    .from(users)
    .where(
      pattern
        ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))
        : undefined,
    )
    .orderBy(asc(users.email))
    .limit(500);
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
      ...row,
      isBuiltIn: builtIn !== undefined,
      inputType: builtIn?.inputType ?? (row.inputType as PropertyDefinition['inputType']),
    });
  }
  return definitions;
}

/** The user's own recent events for the activity page: sign-ins, profile changes, tokens… */
export async function findOwnActivity(db: Executor, userId: string, limit = 100) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, userId),
        sql`${auditEvents.entityType} IN ('user', 'apiToken', 'session', 'invitation')`,
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(limit);
  return rows.map((row) => ({ at: row.at.toISOString(), action: row.action, entityType: row.entityType }));
}
