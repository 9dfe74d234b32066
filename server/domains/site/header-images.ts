import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Locale, LocalizedText } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { type HeaderImageRow, headerImages, pages } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { referencedMedia } from '../media/references.ts';
import { runCommand } from '../write.ts';

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

// Admin (issue 10): the header images table, with the pages that show each image.

export type HeaderImageSortKey = 'title' | 'updatedAt';
export type HeaderImageQuery = {
  page: number;
  pageSize: number;
  sortBy: HeaderImageSortKey;
  sortDirection: 'asc' | 'desc';
  search?: string | undefined;
};

export async function pageHeaderImageRows(db: Executor, query: HeaderImageQuery, locale: Locale) {
  const title = sql<string>`coalesce(${headerImages.title}->>${locale}, ${headerImages.title}->>'nl')`;
  const pattern = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = pattern
    ? sql`(${headerImages.title}->>'nl' ILIKE ${pattern} OR ${headerImages.title}->>'en' ILIKE ${pattern})`
    : undefined;
  const column = query.sortBy === 'title' ? title : headerImages.updatedAt;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(headerImages)
      .where(where)
      .orderBy(query.sortDirection === 'desc' ? desc(column) : asc(column), asc(headerImages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(headerImages).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Per header image guid: the pages (and templates) whose headerImage option names it. */
export async function pagesShowingHeaderImages(
  db: Executor,
  guids: readonly string[],
): Promise<Map<string, { guid: string; name: string; title: LocalizedText }[]>> {
  const result = new Map<string, { guid: string; name: string; title: LocalizedText }[]>(
    guids.map((guid) => [guid, []]),
  );
  if (guids.length === 0) return result;
  const wanted = guids.map((guid) => guid.toLowerCase());
  const rows = await db
    .select({ guid: pages.id, name: pages.name, title: pages.title, options: pages.options })
    .from(pages)
    .where(
      or(
        ...wanted.map(
          (guid) => sql`${pages.options} @> ${JSON.stringify([{ name: 'headerImage', value: guid }])}::jsonb`,
        ),
      ),
    )
    .orderBy(asc(pages.name));
  for (const row of rows) {
    const value = row.options.find((option) => option.name === 'headerImage')?.value.toLowerCase();
    if (value)
      result
        .get(guids[wanted.indexOf(value)] ?? value)
        ?.push({ guid: row.guid, name: row.name, title: row.title });
  }
  return result;
}

export function presentHeaderImageForAdmin(
  row: HeaderImageRow,
  usedBy: { guid: string; name: string; title: LocalizedText }[],
  locale: Locale,
) {
  return {
    ...presentHeaderImage(row, locale),
    titleTranslations: { nl: row.title.nl, en: row.title.en ?? '' },
    textTranslations: { nl: row.text?.nl ?? '', en: row.text?.en ?? '' },
    updatedAt: row.updatedAt.toISOString(),
    usedBy: usedBy.map((page) => ({
      guid: page.guid,
      name: page.name,
      title: pickLocale(page.title, locale),
    })),
  };
}

type Writer = { db: Executor; actor: Actor };
export type HeaderImageInput = { title: LocalizedText; text: LocalizedText; imageGuid: string | null };

async function checkImage(db: Executor, actor: Actor, imageGuid: string | null) {
  if (!imageGuid) return;
  const found = await referencedMedia(db, actor, { kind: 'setting' }, [imageGuid]);
  if (!found.get(imageGuid)) {
    throw new AppError('validation_failed', 'image rejected', [
      { path: 'body/imageGuid', message: 'validation.media' },
    ]);
  }
}

const stored = (input: HeaderImageInput) => ({
  title: { nl: input.title.nl, ...(input.title.en ? { en: input.title.en } : {}) },
  text: { nl: input.text.nl, ...(input.text.en ? { en: input.text.en } : {}) },
  imageGuid: input.imageGuid,
});

/** Header images show on public pages: every change is public. */
export async function createHeaderImage(ctx: Writer, input: HeaderImageInput): Promise<HeaderImageRow> {
  await checkImage(ctx.db, ctx.actor, input.imageGuid);
  return runCommand(
    ctx,
    { action: 'headerImage.create', scope: 'public', target: (row) => row.id },
    async (tx) => {
      const [row] = await tx.insert(headerImages).values(stored(input)).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  );
}

export async function updateHeaderImage(
  ctx: Writer,
  id: string,
  input: HeaderImageInput,
): Promise<HeaderImageRow> {
  await checkImage(ctx.db, ctx.actor, input.imageGuid);
  return runCommand(ctx, { action: 'headerImage.update', scope: 'public', target: id }, async (tx) => {
    const [row] = await tx
      .update(headerImages)
      .set({ ...stored(input), updatedAt: new Date() })
      .where(eq(headerImages.id, id))
      .returning();
    if (!row) throw new AppError('not_found', 'header image not found');
    return row;
  });
}

/** Refused (409, naming the pages) while a page shows the image: it would vanish from that page. */
export async function deleteHeaderImage(ctx: Writer, id: string): Promise<void> {
  await runCommand(ctx, { action: 'headerImage.delete', scope: 'public', target: id }, async (tx) => {
    const users = (await pagesShowingHeaderImages(tx, [id])).get(id) ?? [];
    if (users.length > 0) {
      throw new AppError(
        'conflict',
        `pages show this header image: ${users.map((page) => page.name).join(', ')}`,
        users.map((page) => ({
          path: `pages/${page.guid}`,
          message: 'validation.shownOnPage',
          params: { page: page.name },
        })),
      );
    }
    const [row] = await tx
      .delete(headerImages)
      .where(eq(headerImages.id, id))
      .returning({ id: headerImages.id });
    if (!row) throw new AppError('not_found', 'header image not found');
  });
}
