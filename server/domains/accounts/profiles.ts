import { and, eq, inArray } from 'drizzle-orm';
import { isGuid } from '../../../common/guid.ts';
import type { Locale } from '../../../common/localized-text.ts';
import { propertyValueProblem } from '../../../common/profile-properties.ts';
import type { Executor } from '../../db/client.ts';
import { type UserRow, userProperties, users } from '../../db/schema.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import { type Actor, can } from '../../policies/index.ts';
import type { ProfileUpdate } from '../../routes/profiles/schema.ts';
import { referencedMedia } from '../media/references.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import { runCommand } from '../write.ts';
import { loadPropertyDefinitions } from './queries.ts';

export type PropertyValue = { key: string; value: string };

/**
 * What is wrong with property values for `user`, by index, under `properties/…` (nothing when they
 * may be saved). One rule for the user themselves and for an admin: a property the actor may not
 * see (an operator-only one, for anyone but an operator) is unknown to them.
 */
export async function propertyProblems(
  db: Executor,
  actor: Actor,
  user: UserRow,
  properties: readonly PropertyValue[],
): Promise<ErrorDetail[]> {
  const definitions = await loadPropertyDefinitions(db);
  const problems: ErrorDetail[] = [];
  const imageValues: { index: number; guid: string }[] = [];
  const isOwner = actor.user?.id === user.id;
  for (const [index, property] of properties.entries()) {
    const definition = definitions.get(property.key);
    if (!definition || !can(actor, 'property.see', { definition, isOwner })) {
      problems.push({ path: `properties/${index}/key`, message: 'validation.unknownProperty' });
      continue;
    }
    const problem = propertyValueProblem(definition, property.value);
    const value = property.value.trim();
    if (problem) problems.push({ path: `properties/${index}/value`, message: problem });
    else if (definition.inputType === 'image' && value !== '') {
      if (isGuid(value)) imageValues.push({ index, guid: value });
      else problems.push({ path: `properties/${index}/value`, message: 'validation.image' });
    }
  }
  // A photo property names one of the user's own profile uploads (the one media rule).
  const images = await referencedMedia(
    db,
    actor,
    { kind: 'profile', userId: user.id },
    imageValues.map((value) => value.guid),
  );
  for (const value of imageValues) {
    if (!images.get(value.guid)) {
      problems.push({ path: `properties/${value.index}/value`, message: 'validation.image' });
    }
  }
  return problems;
}

/** Writes checked property values: an empty value removes the property. */
export async function saveProperties(tx: Executor, userId: string, properties: readonly PropertyValue[]) {
  const cleared = properties
    .filter((property) => property.value.trim() === '')
    .map((property) => property.key);
  if (cleared.length > 0) {
    await tx
      .delete(userProperties)
      .where(and(eq(userProperties.userId, userId), inArray(userProperties.key, cleared)));
  }
  for (const property of properties.filter((entry) => entry.value.trim() !== '')) {
    await tx
      .insert(userProperties)
      .values({ userId, key: property.key, value: property.value })
      .onConflictDoUpdate({
        target: [userProperties.userId, userProperties.key],
        set: { value: property.value, updatedAt: new Date() },
      });
  }
}

/** What is wrong with a profile update, field by field (nothing when it may be saved). */
async function profileProblems(
  db: Executor,
  actor: Actor,
  user: UserRow,
  update: ProfileUpdate,
): Promise<ErrorDetail[]> {
  const problems = await propertyProblems(db, actor, user, update.properties ?? []);
  if (update.termsOfUseVersionAccepted !== undefined && update.termsOfUseVersionAccepted !== null) {
    const settings = await getPlatformSettings(db);
    if (String(update.termsOfUseVersionAccepted) !== settings.termsOfUseVersion) {
      problems.push({ path: 'termsOfUseVersionAccepted', message: 'validation.termsVersion' });
    }
  }
  return problems;
}

/**
 * Saves what a user changed about themselves. An empty payload saves nothing (SPEC 5); property
 * values are checked against their definitions, and nothing is written when one is wrong.
 */
export async function updateOwnProfile(
  ctx: { db: Executor; actor: Actor },
  user: UserRow,
  update: ProfileUpdate,
): Promise<UserRow> {
  const { properties = [], ...fields } = update;
  const hasChanges = properties.length > 0 || Object.values(fields).some((value) => value !== undefined);
  if (!hasChanges) return user;
  const problems = await profileProblems(ctx.db, ctx.actor, user, update);
  if (problems.length > 0) throw new AppError('validation_failed', 'profile update rejected', problems);

  const changed = {
    ...(update.firstName !== undefined ? { firstName: update.firstName } : {}),
    ...(update.middleName !== undefined ? { middleName: update.middleName } : {}),
    ...(update.lastName !== undefined ? { lastName: update.lastName } : {}),
    ...(update.locale !== undefined ? { locale: update.locale as Locale } : {}),
    ...(update.termsOfUseVersionAccepted !== undefined
      ? { termsOfUseVersionAccepted: update.termsOfUseVersionAccepted }
      : {}),
  };
  return runCommand(
    ctx,
    {
      action: 'user.updateProfile',
      scope: 'private',
      target: user.id,
      actorId: user.id,
      data: { fields: Object.keys(changed), properties: properties.map((property) => property.key) },
    },
    async (tx) => {
      const [saved] = await tx
        .update(users)
        .set({ ...changed, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await saveProperties(tx, user.id, properties);
      return saved ?? user;
    },
  );
}
