// Moved to server/domains/settings (issue 9); removed once every branch imports from there.
export { setPlatformSettings } from '../domains/settings/commands.ts';
export { getPlatformSettings, listPlatformSettingValues } from '../domains/settings/queries.ts';
