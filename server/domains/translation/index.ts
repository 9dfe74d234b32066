import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../common/localized-text.ts';
import type { TranslationRequest } from '../../../common/translation.ts';
import type { Executor } from '../../db/client.ts';
import { machineTranslations, translationUsage } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Ctx } from '../context.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import { comparableText } from './page-texts.ts';
import { type Translator, TranslatorError } from './service.ts';

export { comparableText, shownTexts } from './page-texts.ts';
export { libreTranslate, type Translator, TranslatorError } from './service.ts';

const keyOf = (from: Locale, to: Locale, text: string) =>
  createHash('sha256').update(`${from}:${to}:${text}`).digest('hex');

/** What automatic translation needs besides the request (the route supplies them). */
export type TranslationServices = {
  translator: Translator | null;
  /** The texts the page at `page` shows in `from` to this caller, reading it in `to`. */
  pageTexts(page: string, languages: { from: Locale; to: Locale }): Promise<Set<string>>;
  /** Characters a day sent to the service: for the whole site, and per address. */
  dailyCharacters: { total: number; perAddress: number };
};

/**
 * Automatic translation for anyone reading the site (SPEC 1): offered only when the site turned it
 * on and a translation service is configured. Only texts the caller's page shows are translated
 * (issue 34: no free translation service for the world); each goes to the service once per pair of
 * languages, and later requests, on any node, read it from the database without counting against
 * the daily caps. A text the page does not show answers null; a request with no such text at all is
 * refused (422 translation_not_shown) and nothing of it is stored.
 */
export async function translateTexts(
  ctx: Ctx,
  services: TranslationServices,
  request: TranslationRequest,
): Promise<{ translations: (string | null)[] }> {
  const { translator } = services;
  const settings = await getPlatformSettings(ctx.db);
  if (!translator || settings.autoTranslate !== 'true') throw new AppError('translation_unavailable');
  const { from, to } = request;
  const shown = await services.pageTexts(request.page, { from, to });
  const texts = request.texts.map((text) => {
    const comparable = comparableText(text);
    return comparable !== '' && shown.has(comparable) ? comparable : null;
  });
  if (texts.every((text) => text === null)) {
    throw new AppError('translation_not_shown', 'none of the texts is shown on the page named');
  }
  const keys = texts.map((text) => (text === null ? null : keyOf(from, to, text)));
  const asked = [...new Set(keys.filter((key) => key !== null))];
  const known = new Map(
    (
      await ctx.db
        .select({ key: machineTranslations.key, translation: machineTranslations.translation })
        .from(machineTranslations)
        .where(inArray(machineTranslations.key, asked))
    ).map((row) => [row.key, row.translation]),
  );
  const missing = [
    ...new Set(texts.filter((text, index): text is string => text !== null && !known.has(keys[index]!))),
  ];
  if (missing.length > 0) {
    const characters = missing.reduce((sum, text) => sum + text.length, 0);
    const usage = await reserveCharacters(ctx, characters, services.dailyCharacters);
    let translated: string[];
    try {
      translated = await translator.translate({ texts: missing, from, to });
    } catch (error) {
      await usage.giveBack();
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
  return { translations: keys.map((key) => (key === null ? null : known.get(key)!)) };
}

/** The day the caps count, as the database's `date` (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Whose share of the per-address cap a request uses: the address, or for IPv6 its /64 (one
 * connection's whole block, which one client can use address by address).
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros =
    tail === undefined ? [] : Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  const groups = [...left, ...zeros, ...right].slice(0, 4).map((group) => group.replace(/^0+(?=.)/, ''));
  return `${groups.join(':')}::/64`;
}

/** The per-day name of an address in the usage table: the address itself is never stored. */
const clientOf = (day: string, ip: string) =>
  createHash('sha256')
    .update(`translation|${day}|${addressGroup(ip)}`)
    .digest('base64url')
    .slice(0, 32);
const WHOLE_SITE = '*';

class SiteCapReached extends Error {}

/** A node says once a day that the whole site reached its cap (then each refusal is silent). */
let siteCapLoggedOn = '';

/**
 * Counts `characters` against today's caps, for the caller's address and for the whole site, in one
 * transaction that adds only while both stay within their caps (so concurrent requests and other
 * nodes cannot pass them together); otherwise 429 translation_limit_reached and nothing is counted.
 */
async function reserveCharacters(
  ctx: Ctx,
  characters: number,
  caps: TranslationServices['dailyCharacters'],
): Promise<{ giveBack(): Promise<void> }> {
  const day = today();
  const client = clientOf(day, ctx.client.ip);
  const refused = (scope: 'address' | 'site') => {
    if (scope === 'site' && siteCapLoggedOn !== day) {
      siteCapLoggedOn = day;
      ctx.log.warn({ cap: caps.total }, 'automatic translation reached the daily cap of the whole site');
    } else {
      ctx.log.info({ scope }, 'automatic translation refused: daily cap reached');
    }
    return new AppError('translation_limit_reached');
  };
  if (characters > caps.perAddress) throw refused('address');
  if (characters > caps.total) throw refused('site');
  const outcome = await ctx.db
    .transaction(async (tx) => {
      if (!(await add(tx, day, client, characters, caps.perAddress))) return 'address' as const;
      // Undoes the address's share too: nothing is counted for a refused request.
      if (!(await add(tx, day, WHOLE_SITE, characters, caps.total))) throw new SiteCapReached();
      return 'counted' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof SiteCapReached) return 'site' as const;
      throw error;
    });
  if (outcome !== 'counted') throw refused(outcome);
  return {
    async giveBack() {
      await ctx.db
        .update(translationUsage)
        .set({ characters: sql`greatest(${translationUsage.characters} - ${characters}, 0)` })
        .where(and(eq(translationUsage.day, day), inArray(translationUsage.client, [client, WHOLE_SITE])));
    },
  };
}

/** Adds to a counter unless that would pass its cap; answers whether it added. */
async function add(db: Executor, day: string, client: string, characters: number, cap: number) {
  const rows = await db
    .insert(translationUsage)
    .values({ day, client, characters })
    .onConflictDoUpdate({
      target: [translationUsage.day, translationUsage.client],
      set: { characters: sql`${translationUsage.characters} + excluded.characters` },
      setWhere: sql`${translationUsage.characters} + excluded.characters <= ${cap}`,
    })
    .returning({ characters: translationUsage.characters });
  return rows.length > 0;
}
