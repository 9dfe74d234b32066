import { and, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import { DOCUMENT_FORMATS, type MediaFormat } from '../../../common/media.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { type MediaRow, media, users } from '../../db/schema.ts';

/*
 * The media library's reads (issue 27): the assets (every upload but profile photos), searched and
 * filtered in SQL, and where each one is used. Uses are read from the records that name an asset
 * (image, gallery, download and cards blocks, drafts, list items and their blocks, header images,
 * settings, social images), not kept in a table of their own: a use can never be out of step with
 * what the records say, after a restore from the trash or SQL by hand alike.
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
           OR (b.building_block_name = 'cards' AND b.options->'cards' @> ${JSON.stringify([{ imageGuid: id }])}::jsonb)
        LIMIT ${MAX_USES}`,
  );
  const drafts = await queryRows<{ page_id: string; title: LocalizedText; kind: 'page' | 'template' }>(
    db,
    sql`SELECT d.page_id, p.title, p.kind FROM page_drafts d JOIN pages p ON p.id = d.page_id
        WHERE d.document->'blocks' @> ${JSON.stringify([{ options: { imageGuid: id } }])}::jsonb
           OR d.document->'blocks' @> ${JSON.stringify([{ options: { imageGuids: [id] } }])}::jsonb
           OR d.document->'blocks' @> ${JSON.stringify([{ options: { documentGuids: [id] } }])}::jsonb
           OR d.document->'blocks' @> ${JSON.stringify([{ options: { cards: [{ imageGuid: id }] } }])}::jsonb
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
           OR content @> ${JSON.stringify([{ options: { cards: [{ imageGuid: id }] } }])}::jsonb
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
 * The guids of every asset some record names, as one SQL set of text (for the `unused` filter):
 * computed per query, as the uses are (no table to keep in step). Compared as text, as where-used
 * compares them (`findUses`), not cast to uuid: a cast needs each value checked first (a regular
 * expression, 2.5 µs a value, 250 ms for 100,000 uses), and a value that is no guid must not fail
 * the query. Repeats are left in.
 */
const USED_GUIDS = sql`(
  SELECT guid FROM (
    SELECT b.options->>'imageGuid' AS guid FROM building_block_instances b
      WHERE b.building_block_name = 'image' AND b.options->>'imageGuid' IS NOT NULL
    UNION ALL SELECT jsonb_array_elements_text(b.options->'imageGuids') FROM building_block_instances b
      WHERE b.building_block_name = 'gallery' AND jsonb_typeof(b.options->'imageGuids') = 'array'
    UNION ALL SELECT jsonb_array_elements_text(b.options->'documentGuids') FROM building_block_instances b
      WHERE b.building_block_name = 'download' AND jsonb_typeof(b.options->'documentGuids') = 'array'
    UNION ALL SELECT jsonb_path_query(b.options, '$.cards[*].imageGuid') #>> '{}' FROM building_block_instances b
      WHERE b.building_block_name = 'cards'
    UNION ALL SELECT jsonb_path_query(d.document->'blocks', '$[*].options.imageGuid') #>> '{}' FROM page_drafts d
    UNION ALL SELECT jsonb_path_query(d.document->'blocks', '$[*].options.imageGuids[*]') #>> '{}' FROM page_drafts d
    UNION ALL SELECT jsonb_path_query(d.document->'blocks', '$[*].options.documentGuids[*]') #>> '{}' FROM page_drafts d
    UNION ALL SELECT jsonb_path_query(d.document->'blocks', '$[*].options.cards[*].imageGuid') #>> '{}' FROM page_drafts d
    UNION ALL SELECT jsonb_path_query(i.content, '$[*].options.imageGuid') #>> '{}' FROM list_items i
      WHERE i.content <> '[]'::jsonb
    UNION ALL SELECT jsonb_path_query(i.content, '$[*].options.imageGuids[*]') #>> '{}' FROM list_items i
      WHERE i.content <> '[]'::jsonb
    UNION ALL SELECT jsonb_path_query(i.content, '$[*].options.documentGuids[*]') #>> '{}' FROM list_items i
      WHERE i.content <> '[]'::jsonb
    UNION ALL SELECT jsonb_path_query(i.content, '$[*].options.cards[*].imageGuid') #>> '{}' FROM list_items i
      WHERE i.content <> '[]'::jsonb
    UNION ALL SELECT s.value FROM platform_settings s
    UNION ALL SELECT o->>'value' FROM pages p, jsonb_array_elements(p.options) o WHERE o->>'name' = 'socialImage'
  ) AS named WHERE guid IS NOT NULL
  UNION ALL SELECT i.image_guid::text FROM list_items i WHERE i.image_guid IS NOT NULL
  UNION ALL SELECT h.image_guid::text FROM header_images h WHERE h.image_guid IS NOT NULL
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

/**
 * The library counts the assets that match up to this many; beyond it, it says "more than 1.000"
 * (`isTotalExact: false`), as a search engine does. Counting every match costs as much as reading
 * every match: 30,000 for a common word among 100,000 assets, or the whole library for the unused
 * filter, took 20 to 35 ms on PostgreSQL (bench/media-library.ts), and grows with the library; a
 * count that stops does not. A page past the limit is still served (the pager then goes on while
 * pages are full), and a narrower search is counted exactly again.
 */
export const COUNT_LIMIT = 1_000;

export type LibraryPage = { rows: LibraryRow[]; total: number; isTotalExact: boolean };

/** One page of the library and the number of assets that match (up to COUNT_LIMIT). */
export async function listLibrary(db: Executor, query: LibraryQuery): Promise<LibraryPage> {
  if (!query.isUnused) return readLibrary(db, query);
  // The uses' set-returning functions are estimated at a thousand rows a call, which made
  // PostgreSQL JIT-compile the unused filter's query for seconds, and start two parallel workers
  // (6 ms) to read a few hundred guids (bench/media-library.ts): neither, for this one transaction.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return readLibrary(tx, query);
  });
}

async function readLibrary(db: Executor, query: LibraryQuery): Promise<LibraryPage> {
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
  // NOT IN, which PostgreSQL answers from a hash of the set made once (a "hashed SubPlan"; the set
  // holds no null). NOT EXISTS let it pick a nested loop that made the set again for every asset it
  // walked past when a page was asked: over a second with 4,000 uses (bench/media-library.ts).
  if (query.isUnused) conditions.push(sql`${media.id}::text NOT IN ${USED_GUIDS}`);
  const where = and(...conditions);
  const order = LIBRARY_ORDER[query.sort];
  const offset = (query.page - 1) * query.pageSize;
  // The first COUNT_LIMIT + 1 matches, sorted: their number is the count, and when that is within
  // the limit they hold the page too (a word in 100 of 100,000 assets is read by its index and
  // sorted, where walking the sort's index read a quarter of the library for the first page and all
  // of it for the last). A MATERIALIZED set is planned as if every match were read, and read only as
  // far as the limit: with the LIMIT on the scan itself, PostgreSQL expected the matches early in a
  // sequential scan, and read all 100,000 rows for a rare word.
  const first = await queryRows<{ id: string }>(
    db,
    sql`WITH matches AS MATERIALIZED (
          SELECT ${media.id}, ${media.createdAt}, ${media.title}, ${media.size} FROM ${media} WHERE ${where})
        SELECT id FROM (SELECT * FROM matches LIMIT ${COUNT_LIMIT + 1}) AS first ORDER BY ${order}`,
  );
  const total = first.length;
  // More: the page's ids from a walk of the sort's index (an index-only scan, so a deep page skips
  // index entries, not whole rows); the matches are many, so a page's worth is found soon.
  const pageIds =
    total <= COUNT_LIMIT
      ? first.slice(offset, offset + query.pageSize)
      : await queryRows<{ id: string }>(
          db,
          sql`SELECT ${media.id} FROM ${media} WHERE ${where}
              ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`,
        );
  const ids = pageIds.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await withUploaders(db, inArray(media.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    total: Math.min(total, COUNT_LIMIT),
    isTotalExact: total <= COUNT_LIMIT,
  };
}

/**
 * The library's orders, over the columns of `media` by their own names (the matches' set has the
 * same names). Each has an index (migration 0023) that a walk in this order uses; the id breaks ties
 * so that pages never overlap.
 */
const LIBRARY_ORDER: Record<LibrarySort, SQL> = {
  newest: sql`created_at DESC, id DESC`,
  oldest: sql`created_at, id`,
  title: sql`lower(title), id`,
  size: sql`size DESC, id DESC`,
};

/** The assets that match, each with its uploader's name. */
async function withUploaders(db: Executor, where: SQL): Promise<LibraryRow[]> {
  const rows = await db
    .select({
      row: media,
      uploaderName: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
    })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(where);
  return rows.map(({ row, uploaderName }) => ({ ...row, uploaderName }));
}

/** One asset with its uploader's name; undefined when unknown. */
export async function findAsset(db: Executor, guid: string): Promise<LibraryRow | undefined> {
  const [found] = await withUploaders(db, eq(media.id, guid));
  return found;
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
