import {
  isMediaGuid,
  isPlatformSettingKey,
  type PlatformSettings,
  platformSettingValueProblem,
} from '../../../common/settings.ts';
import type { Executor } from '../../db/client.ts';
import { platformSettings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { referencedMedia } from '../media/references.ts';
import { runCommand } from '../write.ts';
import type { SettingValue } from './queries.ts';

/** Writes setting values as they are (the demo seed and the settings command use it). */
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
 * an image setting's media guid one a setting may name (policy row 'media.reference'); then all
 * values are written in one command. Nothing is written when one entry is wrong.
 */
export async function updatePlatformSettings(
  ctx: { db: Executor; actor: Actor },
  values: SettingValue[],
): Promise<void> {
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
  const images = await referencedMedia(ctx.db, ctx.actor, { kind: 'setting' }, [...imageGuids.keys()]);
  for (const [guid, indexes] of imageGuids) {
    if (images.get(guid)) continue;
    for (const index of indexes) problems.push({ path: `body/${index}/value`, message: 'validation.media' });
  }
  if (problems.length > 0) throw new AppError('validation_failed', 'settings rejected', problems);
  if (values.length === 0) return;
  await runCommand(
    ctx,
    {
      action: 'settings.update',
      scope: 'public',
      target: null,
      data: { keys: values.map(({ key }) => key) },
    },
    (tx) =>
      setPlatformSettings(
        tx,
        Object.fromEntries(values.map(({ key, value }) => [key, value])) as Partial<PlatformSettings>,
      ),
  );
}
