import { authorize, can } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { updatePlatformSettings } from './commands.ts';
import { listPlatformSettingValues, type SettingValue } from './queries.ts';

/**
 * Platform settings: visitors read the public ones (the site's shell needs them); those who may
 * change them (admins) read them all.
 */
export async function listSettingValues(
  ctx: Ctx,
  input: { keys?: string[] | undefined; includeAll?: boolean | undefined },
) {
  return listPlatformSettingValues({
    db: ctx.db,
    ...input,
    includePrivate: can(ctx.actor, 'settings.update'),
  });
}

/** Changes settings (all or nothing) and answers every setting with its value. */
export async function updateSettings(ctx: Ctx, values: SettingValue[]) {
  requireUser(ctx);
  authorize(ctx.actor, 'settings.update');
  await updatePlatformSettings(ctx, values);
  return listPlatformSettingValues({ db: ctx.db, includeAll: true, includePrivate: true });
}
