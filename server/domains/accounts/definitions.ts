import { count, eq, sql } from 'drizzle-orm';
import {
  BUILT_IN_PROPERTIES,
  BUILT_IN_PROPERTY_KEYS,
  type PropertyDefinition,
} from '../../../common/profile-properties.ts';
import type { Executor } from '../../db/client.ts';
import { profilePropertyDefinitions, userProperties } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { runCommand } from '../write.ts';

/**
 * Profile property definitions (SPEC 3): the built-ins (code) and the site's own (the table; a row
 * with a built-in key overrides its presentation). Reads and the commands that change them.
 */

type Writer = { db: Executor; actor: Actor };

/** What an admin sets on a definition; `key` may change for a site property, never for a built-in. */
export type DefinitionInput = Omit<PropertyDefinition, 'isBuiltIn' | 'defaultValue'>;

/** How many accounts hold a value, by property key. */
export async function countPropertyValues(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: userProperties.key, value: count() })
    .from(userProperties)
    .groupBy(userProperties.key);
  return new Map(rows.map((row) => [row.key, row.value]));
}

async function definitionRow(db: Executor, key: string) {
  const [row] = await db
    .select()
    .from(profilePropertyDefinitions)
    .where(eq(profilePropertyDefinitions.key, key))
    .limit(1);
  return row;
}

const builtInOf = (key: string) => BUILT_IN_PROPERTIES.find((definition) => definition.key === key);

/** A new site property; its key must be free (built-in keys are taken). */
export async function createDefinition(ctx: Writer, input: DefinitionInput) {
  return runCommand(
    ctx,
    { action: 'propertyDefinition.create', scope: 'private', target: input.key },
    async (tx) => {
      if (BUILT_IN_PROPERTY_KEYS.has(input.key) || (await definitionRow(tx, input.key))) {
        throw new AppError('conflict', 'a property with this key exists', [
          { path: 'key', message: 'validation.propertyKeyTaken' },
        ]);
      }
      const [row] = await tx
        .insert(profilePropertyDefinitions)
        .values({ ...input, isBuiltIn: false })
        .returning();
      return row!;
    },
  );
}

/**
 * Changes a definition. A built-in keeps its key and input type (only its presentation changes);
 * a site property renamed takes its stored values along.
 */
export async function updateDefinition(ctx: Writer, key: string, input: DefinitionInput) {
  return runCommand(
    ctx,
    {
      action: 'propertyDefinition.update',
      scope: 'private',
      target: key,
      data: input.key === key ? undefined : { key: input.key },
    },
    async (tx) => {
      const builtIn = builtInOf(key);
      const existing = await definitionRow(tx, key);
      if (!builtIn && !existing) throw new AppError('not_found', 'property not found');
      if (builtIn) {
        if (input.key !== key) {
          throw new AppError('conflict', 'a built-in property keeps its key', [
            { path: 'key', message: 'validation.propertyBuiltIn' },
          ]);
        }
        const values = { ...input, inputType: builtIn.inputType, isBuiltIn: true };
        const [row] = await tx
          .insert(profilePropertyDefinitions)
          .values(values)
          .onConflictDoUpdate({
            target: profilePropertyDefinitions.key,
            set: { ...values, updatedAt: new Date() },
          })
          .returning();
        return row!;
      }
      if (
        input.key !== key &&
        (BUILT_IN_PROPERTY_KEYS.has(input.key) || (await definitionRow(tx, input.key)))
      ) {
        throw new AppError('conflict', 'a property with this key exists', [
          { path: 'key', message: 'validation.propertyKeyTaken' },
        ]);
      }
      const [row] = await tx
        .update(profilePropertyDefinitions)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(profilePropertyDefinitions.key, key))
        .returning();
      if (input.key !== key) {
        await tx.update(userProperties).set({ key: input.key }).where(eq(userProperties.key, key));
      }
      return row!;
    },
  );
}

/** Deletes a site property and every value accounts gave it; built-ins stay (409). */
export async function deleteDefinition(ctx: Writer, key: string) {
  return runCommand(
    ctx,
    {
      action: 'propertyDefinition.delete',
      scope: 'private',
      target: key,
      data: (removed: number) => ({ values: removed }),
    },
    async (tx) => {
      if (BUILT_IN_PROPERTY_KEYS.has(key)) {
        throw new AppError('conflict', 'a built-in property cannot be deleted', [
          { path: 'key', message: 'validation.propertyBuiltIn' },
        ]);
      }
      const [row] = await tx
        .delete(profilePropertyDefinitions)
        .where(eq(profilePropertyDefinitions.key, key))
        .returning({ key: profilePropertyDefinitions.key });
      if (!row) throw new AppError('not_found', 'property not found');
      const removed = await tx
        .delete(userProperties)
        .where(eq(userProperties.key, key))
        .returning({ key: userProperties.key });
      return removed.length;
    },
  );
}

/**
 * Puts properties in the order of `keys` (sortOrdinal 10, 20, …). A built-in without a row gets
 * one with its own presentation, so the order is stored.
 */
export async function reorderDefinitions(ctx: Writer, keys: readonly string[]) {
  await runCommand(
    ctx,
    { action: 'propertyDefinition.reorder', scope: 'private', target: [...keys] },
    async (tx) => {
      for (const [index, key] of keys.entries()) {
        const sortOrdinal = (index + 1) * 10;
        const builtIn = builtInOf(key);
        if (builtIn) {
          const { defaultValue: _default, ...values } = builtIn;
          await tx
            .insert(profilePropertyDefinitions)
            .values({ ...values, sortOrdinal })
            .onConflictDoUpdate({
              target: profilePropertyDefinitions.key,
              set: { sortOrdinal, updatedAt: new Date() },
            });
          continue;
        }
        const [row] = await tx
          .update(profilePropertyDefinitions)
          .set({ sortOrdinal, updatedAt: sql`now()` })
          .where(eq(profilePropertyDefinitions.key, key))
          .returning({ key: profilePropertyDefinitions.key });
        if (!row) throw new AppError('not_found', `property ${key} not found`);
      }
    },
  );
}
