import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Locale } from '../../../common/localized-text.ts';
import type { TranslationRequest } from '../../../common/translation.ts';
import { machineTranslations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Ctx } from '../context.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import { type Translator, TranslatorError } from './service.ts';

export { libreTranslate, type Translator, TranslatorError } from './service.ts';

const keyOf = (from: Locale, to: Locale, text: string) =>
  createHash('sha256').update(`${from}:${to}:${text}`).digest('hex');

/**
 * Automatic translation for anyone reading the site (SPEC 1): offered only when the site turned it
 * on and a translation service is configured. Each text is sent to the service once per pair of
 * languages; later requests, on any node, read it from the database.
 */
export async function translateTexts(
  ctx: Ctx,
  translator: Translator | null,
  request: TranslationRequest,
): Promise<{ translations: string[] }> {
  const settings = await getPlatformSettings(ctx.db);
  if (!translator || settings.autoTranslate !== 'true') throw new AppError('translation_unavailable');
  const { from, to } = request;
  const keys = request.texts.map((text) => keyOf(from, to, text));
  const known = new Map(
    (
      await ctx.db
        .select({ key: machineTranslations.key, translation: machineTranslations.translation })
        .from(machineTranslations)
        .where(inArray(machineTranslations.key, [...new Set(keys)]))
    ).map((row) => [row.key, row.translation]),
  );
  const missing = [...new Set(request.texts.filter((_, index) => !known.has(keys[index]!)))];
  if (missing.length > 0) {
    let translated: string[];
    try {
      translated = await translator.translate({ texts: missing, from, to });
    } catch (error) {
      if (!(error instanceof TranslatorError)) throw error;
      ctx.log.warn({ err: error }, 'automatic translation failed');
      throw new AppError('service_unavailable');
    }
    const rows = missing.map((text, index) => ({
      key: keyOf(from, to, text),
      fromLocale: from,
      toLocale: to,
      translation: translated[index]!,
    }));
    await ctx.db.insert(machineTranslations).values(rows).onConflictDoNothing();
    for (const row of rows) known.set(row.key, row.translation);
  }
  return { translations: keys.map((key) => known.get(key)!) };
}
