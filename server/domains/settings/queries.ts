import { inArray } from 'drizzle-orm';
import {
  isPlatformSettingKey,
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS,
  type PlatformSettings,
} from '../../../common/settings.ts';
import type { Executor } from '../../db/client.ts';
import { platformSettings } from '../../db/schema.ts';
import { keptUntilEveryAnswerChanges } from '../cache.ts';

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

/**
 * The settings as the public site reads them on every render: kept until a change tagged `*` (a
 * settings change is one). The object is shared: read it, never change it.
 */
export function sitePlatformSettings(
  db: Executor,
  version?: () => Promise<string>,
): Promise<PlatformSettings> {
  return keptUntilEveryAnswerChanges(db, 'platform-settings', () => getPlatformSettings(db), version);
}

/** All known settings with defaults filled in. */
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
