import { z } from 'zod';
import { queryBoolean, queryList } from '../common-schemas.ts';

export const listSettingsQuery = z.object({
  keys: queryList(100).optional(),
  includeAll: queryBoolean.optional(),
});

export const settingValueSchema = z
  .object({ key: z.string(), value: z.string() })
  .meta({ id: 'PlatformSettingValue' });
export const settingValuesResponse = z.array(settingValueSchema);

/** PUT body: the settings to change, each once; unknown keys and bad values are a 400. */
export const updateSettingsBody = z
  .array(z.object({ key: z.string().min(1).max(200), value: z.string().max(10_000) }))
  .max(100)
  .meta({ id: 'PlatformSettingValuesUpdate' });
