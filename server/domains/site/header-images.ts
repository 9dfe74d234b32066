import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { type HeaderImageRow, headerImages } from '../../db/schema.ts';

/** Header images (SPEC 3): public, named by pages in their headerImage option. */

export async function listHeaderImageRows(db: Executor): Promise<HeaderImageRow[]> {
  return db.select().from(headerImages).orderBy(asc(headerImages.updatedAt));
}

export async function findHeaderImage(db: Executor, guid: string): Promise<HeaderImageRow | undefined> {
  const [row] = await db.select().from(headerImages).where(eq(headerImages.id, guid)).limit(1);
  return row;
}

export function presentHeaderImage(row: HeaderImageRow, locale: Locale) {
  return {
    guid: row.id,
    imageGuid: row.imageGuid,
    title: pickLocale(row.title, locale),
    text: row.text ? pickLocale(row.text, locale) : '',
  };
}
