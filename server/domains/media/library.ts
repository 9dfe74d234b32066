import { and, count, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import { GUID_SOURCE } from '../../../common/guid.ts';
import { DOCUMENT_FORMATS, type MediaFormat } from '../../../common/media.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { type MediaRow, media, users } from '../../db/schema.ts';

/*
 * The media library's reads (issue 27): the assets (every upload but profile photos), searched and
 * filtered in SQL, and where each one is used. Uses are read from the records that name an asset
 * (image, gallery and download blocks, drafts, list items and their blocks, header images, settings, social
 * images), not
 * kept in a table of their own: a use can never be out of step with what the records say, after a
 * restore from the trash or SQL by hand alike.
 */

/** Where an asset is used: what the library's where-used list shows, and what decides who sees it. */
export type MediaUse =
  | {
      kind: 'page';
      pageGuid: string;
      title: LocalizedText;
      isTemplate: boolean;
      blockGuid: string | null;
      /** Only the page's draft names it (not published yet). */
      isDraft: boolean;
    }
  | { kind: 'item'; itemGuid: string; title: LocalizedText; isInBlock: boolean }
  | { kind: 'headerImage'; guid: string; title: LocalizedText }
  | { kind: 'setting'; key: string }
  | { kind: 'socialImage'; pageGuid: string; title: LocalizedText };

/** At most this many uses are listed per asset (the where-used list says when there are more). */
export const MAX_USES = 200;

/** Every use of one asset, pages first. */
export async function findUses(db: Executor, guid: string): Promise<MediaUse[]> {
  const id = guid.toLowerCase();
  const blocks = await queryRows<{
    block_id: string;
    page_id: string | null;
    title: LocalizedText | null;
    kind: 'page' | 'template' | null;
  }>(
    db,
    sql`SELECT b.id AS block_id, b.page_id, p.title, p.kind
        FROM building_block_instances b LEFT JOIN pages p ON p.id = b.page_id
        WHERE (b.building_block_name = 'image' AND (b.options->>'imageGuid') = ${id})
           OR (b.building_block_name = 'gallery' AND b.options->'imageGuids' @> ${JSON.stringify([id])}::jsonb)
           OR (b.building_block_name = 'download' AND b.options->'documentGuids' @> ${JSON.stringify([id])}::jsonb)
        LIMIT ${MAX_USES}`,
  );
  const drafts = await queryRows<{ page_id: string; title: LocalizedText; kind: 'page' | 'template' }>(
    db,
    sql`SELECT d.page_id, p.title, p.kind FROM page_drafts d JOIN pages p ON p.id = d.page_id
        WHERE d.document->'blocks' @> ${JSON.stringify([{ options: { imageGuid: id } }])}::jsonb
           OR d.document->'blocks' @> ${JSON.stringify([{ options: { imageGuids: [id] } }])}::jsonb
           OR d.document->'blocks' @> ${JSON.stringify([{ options: { documentGuids: [id] } }])}::jsonb
        LIMIT ${MAX_USES}`,
  );
  const items = await queryRows<{ id: string; title: LocalizedText; via_block: boolean }>(
    db,
    sql`SELECT id, title, false AS via_block FROM list_items WHERE image_guid = ${id}::uuid
        UNION ALL
        SELECT id, title, true FROM list_items
        WHERE content @> ${JSON.stringify([{ options: { imageGuid: id } }])}::jsonb
           OR content @> ${JSON.stringify([{ options: { imageGuids: [id] } }])}::jsonb
           OR content @> ${JSON.stringify([{ options: { documentGuids: [id] } }])}::jsonb
        LIMIT ${MAX_USES}`,
  );
  const headers = await queryRows<{ id: string; title: LocalizedText }>(
    db,
    sql`SELECT id, title FROM header_images WHERE image_guid = ${id}::uuid LIMIT ${MAX_USES}`,
  );
  const settings = await queryRows<{ key: string }>(
    db,
    sql`SELECT key FROM platform_settings WHERE value = ${id} LIMIT ${MAX_USES}`,
  );
  const social = await queryRows<{ id: string; title: LocalizedText }>(
    db,
    sql`SELECT id, title FROM pages
        WHERE options @> ${JSON.stringify([{ name: 'socialImage', value: id }])}::jsonb LIMIT ${MAX_USES}`,
  );
  const publishedPages = new Set(blocks.map((row) => row.page_id));
  return [
    ...blocks.flatMap((row): MediaUse[] =>
      row.page_id && row.title
        ? [
            {
              kind: 'page',
              pageGuid: row.page_id,
              title: row.title,
              isTemplate: row.kind === 'template',
              blockGuid: row.block_id,
              isDraft: false,
            },
          ]
        : [],
    ),
    ...drafts
      .filter((row) => !publishedPages.has(row.page_id))
      .map(
        (row): MediaUse => ({
          kind: 'page',
          pageGuid: row.page_id,
          title: row.title,
          isTemplate: row.kind === 'template',
          blockGuid: null,
          isDraft: true,
        }),
      ),
    ...items.map(
      (row): MediaUse => ({ kind: 'item', itemGuid: row.id, title: row.title, isInBlock: row.via_block }),
    ),
    ...headers.map((row): MediaUse => ({ kind: 'headerImage', guid: row.id, title: row.title })),
    ...settings.map((row): MediaUse => ({ kind: 'setting', key: row.key })),
    ...social.map((row): MediaUse => ({ kind: 'socialImage', pageGuid: row.id, title: row.title })),
  ].slice(0, MAX_USES);
}

/**
 * Every asset some record names, as one SQL set of uuids (for the `unused` filter): computed per
 * query, as the uses are (no table to keep in step). Only values that are guids by the one rule
 * (`GUID_SOURCE`) are cast, so the set compares with `media.id` as uuids: the library's 100,000 ids
 * are not each turned into text, and the set's estimate stays small enough that its hash fits in
 * memory (over the functions' estimate of a thousand rows a call it was split in 32 batches).
 * Repeats are left in: the anti-join's hash does not mind them.
 */
const USED_IDS = sql`(
  SELECT guid::uuid AS id FROM (
    SELECT b.options->>'imageGuid' AS guid FROM building_block_instances b
      WHERE b.building_block_name = 'image' AND b.options->>'imageGuid' IS NOT NULL
    UNION ALL SELECT jsonb_array_elements_text(b.options->'imageGuids') FROM building_block_instances b
      WHERE b.building_block_name = 'gallery' AND jsonb_typeof(b.options->'imageGuids') = 'array'
    UNION ALL SELECT jsonb_array_elements_text(b.options->'documentGuids') FROM building_block_instances b
      WHERE b.building_block_name = 'download' AND jsonb_typeof(b.options->'documentGuids') = 'array'
    UNION ALL SELECT jsonb_path_query(d.document->'blocks', '$[*].options.imageGuid') #>> '{}' FROM page_drafts d
    UNION ALL SELECT jsonb_path_query(d.document->'blocks', '$[*].options.imageGuids[*]') #>> '{}' FROM page_drafts d
    UNION ALL SELECT jsonb_path_query(d.document->'blocks', '$[*].options.documentGuids[*]') #>> '{}' FROM page_drafts d
    UNION ALL SELECT jsonb_path_query(i.content, '$[*].options.imageGuid') #>> '{}' FROM list_items i
      WHERE i.content <> '[]'::jsonb
    UNION ALL SELECT jsonb_path_query(i.content, '$[*].options.imageGuids[*]') #>> '{}' FROM list_items i
      WHERE i.content <> '[]'::jsonb
    UNION ALL SELECT jsonb_path_query(i.content, '$[*].options.documentGuids[*]') #>> '{}' FROM list_items i
      WHERE i.content <> '[]'::jsonb
    UNION ALL SELECT s.value FROM platform_settings s
    UNION ALL SELECT o->>'value' FROM pages p, jsonb_array_elements(p.options) o WHERE o->>'name' = 'socialImage'
  ) AS named WHERE guid ~* ${sql.raw(`'^${GUID_SOURCE}$'`)}
  UNION ALL SELECT i.image_guid FROM list_items i WHERE i.image_guid IS NOT NULL
  UNION ALL SELECT h.image_guid FROM header_images h WHERE h.image_guid IS NOT NULL
)`;

export const LIBRARY_SORTS = ['newest', 'oldest', 'title', 'size'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export type LibraryQuery = {
  search?: string | undefined;
  format?: MediaFormat | undefined;
  /** Images or documents (issue 27). */
  kind?: 'image' | 'document' | undefined;
  uploadedBy?: string | undefined;
  isUnused?: boolean | undefined;
  /** Uploaded on or after this moment, and before `to`. */
  from?: Date | undefined;
  to?: Date | undefined;
  sort: LibrarySort;
  page: number;
  pageSize: number;
};

export type LibraryRow = MediaRow & { uploaderName: string | null };

/** Lower-case words of a search, each matched anywhere in the asset's search text. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

/** `%` and `_` mean themselves in a search. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** One page of the library and the number of assets that match. */
export async function listLibrary(
  db: Executor,
  query: LibraryQuery,
): Promise<{ rows: LibraryRow[]; total: number }> {
  if (!query.isUnused) return readLibrary(db, query);
  // The uses' set-returning functions are estimated at a thousand rows a call, which made
  // PostgreSQL JIT-compile the unused filter's query for seconds to save milliseconds
  // (bench/media-library.ts): without JIT for this one transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return readLibrary(tx, query);
  });
}

async function readLibrary(
  db: Executor,
  query: LibraryQuery,
): Promise<{ rows: LibraryRow[]; total: number }> {
  // Written out (not a parameter) so the planner matches the partial indexes' predicate (migration 0023).
  const conditions: SQL[] = [sql`${media.purpose} <> 'profile'`];
  for (const word of searchWords(query.search)) {
    conditions.push(sql`${media.searchText} LIKE ${likePattern(word)}`);
  }
  if (query.format) conditions.push(eq(media.format, query.format));
  if (query.kind) {
    const documents = inArray(media.format, [...DOCUMENT_FORMATS]);
    conditions.push(query.kind === 'document' ? documents : sql`NOT ${documents}`);
  }
  if (query.uploadedBy) conditions.push(eq(media.uploadedBy, query.uploadedBy));
  if (query.from) conditions.push(gte(media.createdAt, query.from));
  if (query.to) conditions.push(lt(media.createdAt, query.to));
  // NOT EXISTS, not NOT IN: an anti-join the planner hashes (NOT IN over the set-returning uses was
  // planned as a subplan per asset, seconds at 100,000), and a null in the set cannot empty the answer.
  if (query.isUnused) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM ${USED_IDS} AS used WHERE used.id = ${media.id})`,
    );
  }
  const where = and(...conditions);
  const order =
    query.sort === 'oldest'
      ? [media.createdAt, media.id]
      : query.sort === 'title'
        ? [sql`lower(${media.title})`, media.id]
        : query.sort === 'size'
          ? [desc(media.size), desc(media.id)]
          : [desc(media.createdAt), desc(media.id)];
  // The page's ids first, then their rows: a deep page (2,000 × 24) skips index entries only
  // (an index-only scan of the sort's index), not whole rows joined to their uploaders.
  const pageIds = db
    .select({ id: media.id })
    .from(media)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page_ids');
  // The page and the count side by side (on PostgreSQL two connections of the pool; in a
  // transaction, or on PGlite, one after the other).
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        row: media,
        uploaderName: sql<
          string | null
        >`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
      })
      .from(pageIds)
      .innerJoin(media, eq(media.id, pageIds.id))
      .leftJoin(users, eq(users.id, media.uploadedBy))
      .orderBy(...order),
    db.select({ total: count() }).from(media).where(where),
  ]);
  return {
    rows: rows.map(({ row, uploaderName }) => ({ ...row, uploaderName })),
    total: counted?.total ?? 0,
  };
}

/** One asset with its uploader's name; undefined when unknown. */
export async function findAsset(db: Executor, guid: string): Promise<LibraryRow | undefined> {
  const [found] = await db
    .select({
      row: media,
      uploaderName: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
    })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(eq(media.id, guid))
    .limit(1);
  return found ? { ...found.row, uploaderName: found.uploaderName } : undefined;
}

/** The people who uploaded assets (the library's uploader filter), by name. */
export async function libraryUploaders(db: Executor): Promise<{ guid: string; name: string }[]> {
  const rows = await db
    .selectDistinct({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(media)
    .innerJoin(users, eq(users.id, media.uploadedBy))
    .where(ne(media.purpose, 'profile'))
    .limit(500);
  return rows
    .map((row) => ({ guid: row.id, name: [row.firstName, row.lastName].join(' ').trim() || row.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The assets of these guids (their texts and file), for pages that show them. */
export async function findAssets(db: Executor, guids: readonly string[]): Promise<Map<string, MediaRow>> {
  const unique = [...new Set(guids.map((guid) => guid.toLowerCase()))].filter((guid) =>
    /^[0-9a-f-]{36}$/.test(guid),
  );
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(media).where(inArray(media.id, unique));
  return new Map(rows.map((row) => [row.id.toLowerCase(), row]));
}

/** The search text of an asset: what the library's search matches (migration 0020 fills the same). */
export function searchTextOf(asset: {
  title: string;
  fileName: string;
  alt: Partial<Record<'nl' | 'en', string>>;
  tags: readonly string[];
}): string {
  return [asset.title, asset.fileName, asset.alt.nl, asset.alt.en, asset.tags.join(' ')]
    .filter((part) => part !== undefined)
    .join(' ')
    .toLowerCase();
}
