import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_SETTING_KEYS, PLATFORM_SETTINGS } from '../../../common/settings.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { platformSettings } from '../../db/schema.ts';
import { setPlatformSettings } from './commands.ts';
import { getPlatformSettings, listPlatformSettingValues } from './queries.ts';

describe('platform settings service', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(platformSettings).values({ key: 'legacyPrivateKey', value: 'x' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('fills every known setting with its default when nothing is stored', async () => {
    const settings = await getPlatformSettings(database.db);
    expect(Object.keys(settings).sort()).toEqual([...PLATFORM_SETTING_KEYS].sort());
    expect(settings.colorScheme).toBe(PLATFORM_SETTINGS.colorScheme.default);
    expect(settings).not.toHaveProperty('legacyPrivateKey');
  });

  it('stores a value and overwrites it on the next set, bumping updated_at', async () => {
    await setPlatformSettings(database.db, { platformName: 'Eerste' });
    const [first] = await database.db
      .select()
      .from(platformSettings)
      .where(eq(platformSettings.key, 'platformName'));
    await setPlatformSettings(database.db, { platformName: 'Tweede', favicon: undefined });
    const rows = await database.db
      .select()
      .from(platformSettings)
      .where(eq(platformSettings.key, 'platformName'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe('Tweede');
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
    expect((await getPlatformSettings(database.db)).platformName).toBe('Tweede');
    const favicon = await database.db
      .select()
      .from(platformSettings)
      .where(eq(platformSettings.key, 'favicon'));
    expect(favicon).toEqual([]);
  });

  it('shows keys it does not know only when private settings are included', async () => {
    const forVisitor = await listPlatformSettingValues({ db: database.db });
    expect(forVisitor.map((value) => value.key)).not.toContain('legacyPrivateKey');
    const forAdmin = await listPlatformSettingValues({ db: database.db, includePrivate: true });
    expect(forAdmin).toContainEqual({ key: 'legacyPrivateKey', value: 'x' });
  });
});
