import { and, eq, inArray } from 'drizzle-orm';
import {
  isMediaGuid,
  isPlatformSettingKey,
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS,
  type PlatformSettings,
  platformSettingValueProblem,
} from '../../common/settings.ts';
import type { Database, Executor } from '../db/client.ts';
import { auditEvents, media, platformSettings } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export type SettingValue = { key: string; value: string };

/**
 * The stored setting values. With `keys`, only those; with `includeAll`, every known setting,
 * unset ones with their default. Visitors only get public settings.
 */
export async function listPlatformSettingValues(options: {
  db: Executor;
  keys?: string[] | undefined;
  includeAll?: boolean | undefined;
  includePrivate?: boolean | undefined;
}): Promise<SettingValue[]> {
  const { db, keys, includeAll = false, includePrivate = false } = options;
  const rows = keys?.length
    ? await db.select().from(platformSettings).where(inArray(platformSettings.key, keys))
    : await db.select().from(platformSettings);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  // Fail closed: a stored key the code does not know (an old or private setting) is for admins only.
  const isVisible = (key: string) =>
    includePrivate || (isPlatformSettingKey(key) && PLATFORM_SETTINGS[key].isPublic);
  const wanted = keys?.length
    ? keys
    : includeAll
      ? [...PLATFORM_SETTING_KEYS, ...stored.keys()]
      : [...stored.keys()];
  const result: SettingValue[] = [];
  for (const key of new Set(wanted)) {
    if (!isVisible(key)) continue;
    const value =
      stored.get(key) ??
      (includeAll && isPlatformSettingKey(key) ? PLATFORM_SETTINGS[key].default : undefined);
    if (value !== undefined) result.push({ key, value });
  }
  return result.sort((a, b) => a.key.localeCompare(b.key));
}

/** All known settings with defaults filled in, for the site's shell. */
export async function getPlatformSettings(db: Executor): Promise<PlatformSettings> {
  const rows = await db
    .select()
    .from(platformSettings)
    .where(inArray(platformSettings.key, PLATFORM_SETTING_KEYS));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    PLATFORM_SETTING_KEYS.map((key) => [key, stored.get(key) ?? PLATFORM_SETTINGS[key].default]),
  ) as PlatformSettings;
}

export async function setPlatformSettings(db: Executor, values: Partial<PlatformSettings>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await db
      .insert(platformSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
  }
}

/** Settings whose value may be an uploaded image: it must be a public upload (everyone sees the logo). */
const IMAGE_SETTINGS = new Set<string>(['headerLogo', 'favicon']);

/**
 * An admin changes settings: every key must be known and every value fit its rule (common/settings.ts),
 * an image setting's media guid must be a public upload; then all values are written in one
 * transaction with one audit event. Nothing is written when one entry is wrong.
 */
export async function updatePlatformSettings(options: {
  db: Database;
  actorId: string;
  values: SettingValue[];
}): Promise<void> {
  const { db, actorId, values } = options;
  const problems: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  const imageGuids = new Map<string, number[]>();
  for (const [index, { key, value }] of values.entries()) {
    if (!isPlatformSettingKey(key)) {
      problems.push({ path: `body/${index}/key`, message: 'validation.unknownSetting' });
      continue;
    }
    if (seen.has(key)) {
      problems.push({ path: `body/${index}/key`, message: 'validation.duplicate' });
      continue;
    }
    seen.add(key);
    const problem = platformSettingValueProblem(key, value);
    if (problem) problems.push({ path: `body/${index}/value`, message: problem });
    else if (IMAGE_SETTINGS.has(key) && isMediaGuid(value)) {
      const guid = value.trim().toLowerCase();
      imageGuids.set(guid, [...(imageGuids.get(guid) ?? []), index]);
    }
  }
  if (imageGuids.size > 0) {
    const found = await db
      .select({ id: media.id })
      .from(media)
      .where(and(inArray(media.id, [...imageGuids.keys()]), eq(media.purpose, 'public')));
    const known = new Set(found.map((row) => row.id.toLowerCase()));
    for (const [guid, indexes] of imageGuids) {
      if (known.has(guid)) continue;
      for (const index of indexes)
        problems.push({ path: `body/${index}/value`, message: 'validation.media' });
    }
  }
  if (problems.length > 0) throw new AppError('validation_failed', 'settings rejected', problems);
  if (values.length === 0) return;
  await db.transaction(async (tx) => {
    await setPlatformSettings(
      tx,
      Object.fromEntries(values.map(({ key, value }) => [key, value])) as Partial<PlatformSettings>,
    );
    await tx.insert(auditEvents).values({
      actorId,
      action: 'update',
      entityType: 'platformSettings',
      entityId: null,
      data: { keys: values.map(({ key }) => key) },
    });
  });
}
