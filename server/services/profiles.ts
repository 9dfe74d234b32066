import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../common/localized-text.ts';
import { isGuid } from '../../common/media.ts';
import {
  BUILT_IN_PROPERTIES,
  type PropertyDefinition,
  propertyValueProblem,
} from '../../common/profile-properties.ts';
import type { Executor } from '../db/client.ts';
import { media, profilePropertyDefinitions, userProperties, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type Actor, can } from '../policies/index.ts';
import type { ProfileUpdate } from '../routes/profiles/schema.ts';
import { audit } from './accounts.ts';
import { getPlatformSettings } from './platform-settings.ts';
import type { UserRow } from './sessions.ts';

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

/**
 * Saves what a user changed about themselves. An empty payload saves nothing (SPEC 5); property
 * values are checked against their definitions, and nothing is written when one is wrong.
 */
export async function updateOwnProfile(options: {
  db: Executor;
  user: UserRow;
  update: ProfileUpdate;
  actor: Actor;
}): Promise<UserRow> {
  const { db, user, update, actor } = options;
  const { properties: changedProperties = [], ...fields } = update;
  const hasChanges =
    changedProperties.length > 0 || Object.values(fields).some((value) => value !== undefined);
  if (!hasChanges) return user;

  const definitions = await loadPropertyDefinitions(db);
  const problems: { path: string; message: string }[] = [];
  const imageValues: { index: number; guid: string }[] = [];
  for (const [index, property] of (update.properties ?? []).entries()) {
    const definition = definitions.get(property.key);
    if (!definition || !can(actor, 'property.see', { definition, isOwner: true })) {
      problems.push({ path: `properties/${index}/key`, message: 'validation.unknownProperty' });
      continue;
    }
    const problem = propertyValueProblem(definition, property.value);
    if (problem) problems.push({ path: `properties/${index}/value`, message: problem });
    else if (definition.inputType === 'image' && property.value.trim() !== '') {
      if (isGuid(property.value.trim())) imageValues.push({ index, guid: property.value.trim() });
      else problems.push({ path: `properties/${index}/value`, message: 'validation.image' });
    }
  }
  // A photo property names one of the user's own profile uploads, never someone else's image.
  if (imageValues.length > 0) {
    const own = await db
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          inArray(
            media.id,
            imageValues.map((value) => value.guid),
          ),
          eq(media.purpose, 'profile'),
          eq(media.uploadedBy, user.id),
        ),
      );
    const ownIds = new Set(own.map((row) => row.id.toLowerCase()));
    for (const value of imageValues) {
      if (!ownIds.has(value.guid.toLowerCase())) {
        problems.push({ path: `properties/${value.index}/value`, message: 'validation.image' });
      }
    }
  }
  if (update.termsOfUseVersionAccepted !== undefined && update.termsOfUseVersionAccepted !== null) {
    const settings = await getPlatformSettings(db);
    if (String(update.termsOfUseVersionAccepted) !== settings.termsOfUseVersion) {
      problems.push({ path: 'termsOfUseVersionAccepted', message: 'validation.termsVersion' });
    }
  }
  if (problems.length > 0) throw new AppError('validation_failed', 'profile update rejected', problems);

  return db.transaction(async (tx) => {
    const fields = {
      ...(update.firstName !== undefined ? { firstName: update.firstName } : {}),
      ...(update.middleName !== undefined ? { middleName: update.middleName } : {}),
      ...(update.lastName !== undefined ? { lastName: update.lastName } : {}),
      ...(update.locale !== undefined ? { locale: update.locale as Locale } : {}),
      ...(update.termsOfUseVersionAccepted !== undefined
        ? { termsOfUseVersionAccepted: update.termsOfUseVersionAccepted }
        : {}),
    };
    const [saved] = await tx
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const properties = update.properties ?? [];
    const cleared = properties
      .filter((property) => property.value.trim() === '')
      .map((property) => property.key);
    if (cleared.length > 0) {
      await tx
        .delete(userProperties)
        .where(and(eq(userProperties.userId, user.id), inArray(userProperties.key, cleared)));
    }
    for (const property of properties.filter((entry) => entry.value.trim() !== '')) {
      await tx
        .insert(userProperties)
        .values({ userId: user.id, key: property.key, value: property.value })
        .onConflictDoUpdate({
          target: [userProperties.userId, userProperties.key],
          set: { value: property.value, updatedAt: new Date() },
        });
    }
    await audit(tx, {
      actorId: user.id,
      action: 'updateProfile',
      entityType: 'user',
      entityId: user.id,
      data: { fields: Object.keys(fields), properties: properties.map((property) => property.key) },
    });
    return saved ?? user;
  });
}
