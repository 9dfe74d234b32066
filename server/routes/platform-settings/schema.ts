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
