import { type SQL, sql } from 'drizzle-orm';
import { GUID_PATTERN } from '../../../common/guid.ts';
import { itemTypeLabel } from '../../../common/item-type-labels.ts';
import { itemUrl } from '../../../common/list-items.ts';
import type { Locale } from '../../../common/localized-text.ts';
import type { SearchHit, SearchResults } from '../../../common/site.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { listItemTypes } from '../../db/schema.ts';
import { type Actor, can } from '../../policies/index.ts';
import { EVERY_ANSWER, SEARCH_ANSWERS, termTag } from '../cache.ts';

/**
 * Site search: PostgreSQL full text over pages (title, description, the text of their blocks, of
 * the reusable blocks they place (issue 31) and of the documents their download blocks offer,
 * issue 27) and list items (title, description, their own blocks and the documents those offer),
 * per language, on PGlite and PostgreSQL alike.
 *
 * The index (search_documents) is maintained lazily and correctly whoever writes: statement-level
 * triggers on pages, building_block_instances and list_items mark what changed in search_dirty
 * (migration 0004), and every search first rebuilds the marked documents in a few set-based
 * statements (refreshSearchIndex). Writes stay cheap (a bulk insert of 100,000 items marks them in
 * one statement) and a search never sees stale text. Visibility is not stored in the index: every
 * search joins the source rows, so an unpublished page or item never shows, however recent the
 * index.
 *
 * Matching: the words are stemmed with the Dutch and the English configuration (bs_dutch,
 * bs_english: snowball stemming after unaccent, so "cafe" finds "café"), and each stem matches as a
 * prefix of the document's stemmed and unstemmed words (bs_simple): Dutch stems differ across forms
 * ("fietsen" → fiets but "fiets" → fiet), and the prefix also finds compounds ("fietsenstalling").
 * Every word must match. Ranked by ts_rank_cd with the title weighted A. When nothing matches, titles are searched
 * by trigram word similarity (pg_trgm), which forgives typos ("fietsne" finds "fiets"): isFuzzy.
 */

export const SEARCH_PAGE_SIZE = 10;
/**
 * Matches ranked per search, at most. A very common word matches most of the site; ranking every
 * match would make the search as slow as the site is big. The total then reads "at least".
 */
export const SEARCH_CANDIDATE_LIMIT = 1000;
const FUZZY_THRESHOLD = 0.45;
const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 10;

const INDEX_LOCK = 'bouwsteen:search-index';

/**
 * The titles and text (a PDF's) of the documents offered by the download blocks among `blocks` (a
 * relation of `name` and `options`: a page's block rows, an item's own blocks), issue 27: the page
 * or item that offers a document is found by the words inside it, by whoever may see that page or
 * item. Media commands mark both when a document's file or title changes (markDocumentUses).
 */
function offeredDocumentsText(blocks: SQL): SQL {
  return sql`(SELECT string_agg(concat_ws(' ', m.title, m.document_text), ' ')
    FROM ${blocks} AS offering
    JOIN media m ON m.id::text IN (
      SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(offering.options->'documentGuids') = 'array'
        THEN offering.options->'documentGuids' ELSE '[]'::jsonb END))
    WHERE offering.name = 'download')`;
}

/** `text` as a uuid when it is one (null otherwise: a cast would fail the whole statement). */
function guidOf(text: SQL): SQL {
  return sql`CASE WHEN ${text} ~* ${GUID_PATTERN.source} THEN (${text})::uuid END`;
}

/**
 * The blocks page `p` shows: its own, and in the place of each reusable block it places (issue 31)
 * that reusable block's published blocks (its template's), as visitors read them.
 */
const shownBlocks = sql`(
  SELECT own.building_block_name, own.options, own.content, own.layout_position, own.sort_id,
    '' AS inner_position, 0 AS inner_sort
  FROM building_block_instances own WHERE own.page_id = p.id
  UNION ALL
  SELECT kept.building_block_name, kept.options, kept.content, placed.layout_position, placed.sort_id,
    kept.layout_position, kept.sort_id
  FROM building_block_instances placed
  JOIN pages template ON template.id = ${guidOf(sql`placed.options->>'templateId'`)} AND template.template_kind = 'block'
  JOIN building_block_instances kept ON kept.page_id = template.id AND kept.building_block_name <> 'reusable'
  WHERE placed.page_id = p.id AND placed.building_block_name = 'reusable')`;

/** Rebuilds the search documents of everything marked dirty. Returns how many marks it cleared. */
export async function refreshSearchIndex(db: Executor): Promise<number> {
  const [pending] = await queryRows<{ dirty: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM search_dirty) AS dirty`,
  );
  if (!pending?.dirty) return 0;
  return db.transaction(async (tx) => {
    // One rebuild at a time (several app nodes): the next one waits and then finds little to do.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${INDEX_LOCK}))`);
    const [top] = await queryRows<{ max: string | null; count: number; items: boolean; pages: boolean }>(
      tx,
      sql`SELECT max(seq)::text AS max, count(*)::int AS count,
            coalesce(bool_or(kind = 'item'), false) AS items, coalesce(bool_or(kind = 'page'), false) AS pages
          FROM search_dirty`,
    );
    if (!top?.max) return 0;
    // Marks made while we rebuild get a higher seq and stay for the next search.
    const max = top.max;
    // A changed reusable block (its template marked, issue 31) changes the text of the pages that
    // place it: mark them too, within this rebuild (at most `max`, or the same seq when marked).
    // (Marks made meanwhile wait for the next rebuild, so what was read above still holds.) Each
    // statement below runs only for the kinds marked: on PGlite planning one costs milliseconds.
    if (top.pages) {
      await tx.execute(sql`
      INSERT INTO search_dirty (kind, ref_id, seq)
      SELECT DISTINCT ON (b.page_id) 'page', b.page_id, s.seq
      FROM search_dirty s
      JOIN building_block_instances b
        ON b.building_block_name = 'reusable' AND b.options->>'templateId' = s.ref_id::text
      WHERE s.kind = 'page' AND s.seq <= ${max}::bigint AND b.page_id IS NOT NULL
      ORDER BY b.page_id, s.seq
      ON CONFLICT (kind, ref_id) DO NOTHING`);
    }
    await tx.execute(sql`
      DELETE FROM search_documents d USING search_dirty s
      WHERE s.seq <= ${max}::bigint AND d.kind = s.kind AND d.ref_id = s.ref_id`);
    if (top.items) {
      await tx.execute(sql`
      INSERT INTO search_documents (kind, ref_id, locale, config, title, body, title_norm, tsv)
      SELECT 'item', i.id, l.locale, c.config, c.title, c.body, lower(unaccent(c.title)),
        setweight(to_tsvector(c.config::regconfig, c.title) || to_tsvector('bs_simple', c.title), 'A') ||
        setweight(to_tsvector(c.config::regconfig, c.body) || to_tsvector('bs_simple', c.body), 'D')
      FROM search_dirty s
      JOIN list_items i ON i.id = s.ref_id
      CROSS JOIN (VALUES ('nl'), ('en')) AS l(locale)
      -- The item's own blocks in this language (falling back to Dutch). Inline rather than a SQL
      -- function: a function around jsonb_array_elements is not inlined and costs ~20× more.
      CROSS JOIN LATERAL (
        SELECT coalesce(string_agg(search_plain_text(coalesce(b.value->'content'->l.locale, b.value->'content'->'nl')), ' '), '') AS text
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(i.content) = 'array' THEN i.content ELSE '[]'::jsonb END) AS b
      ) blocks
      CROSS JOIN LATERAL (
        SELECT
          coalesce(nullif(i.title->>l.locale, ''), i.title->>'nl', '') AS title,
          left(btrim(concat_ws(' ',
            coalesce(nullif(i.description->>l.locale, ''), i.description->>'nl'),
            blocks.text,
            ${offeredDocumentsText(sql`(
              SELECT e.value->>'buildingBlockName' AS name, e.value->'options' AS options
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(i.content) = 'array' THEN i.content ELSE '[]'::jsonb END) AS e)`)})),
            200000) AS body,
          CASE WHEN l.locale = 'en' AND coalesce(i.title->>'en', '') <> '' THEN 'bs_english' ELSE 'bs_dutch' END
            AS config
      ) c
      WHERE s.kind = 'item' AND s.seq <= ${max}::bigint`);
    }
    if (top.pages) {
      await tx.execute(sql`
      INSERT INTO search_documents (kind, ref_id, locale, config, title, body, title_norm, tsv)
      SELECT 'page', p.id, l.locale, c.config, c.title, c.body, lower(unaccent(c.title)),
        setweight(to_tsvector(c.config::regconfig, c.title) || to_tsvector('bs_simple', c.title), 'A') ||
        setweight(to_tsvector(c.config::regconfig, c.body) || to_tsvector('bs_simple', c.body), 'D')
      FROM search_dirty s
      JOIN pages p ON p.id = s.ref_id AND p.kind = 'page'
      CROSS JOIN (VALUES ('nl'), ('en')) AS l(locale)
      CROSS JOIN LATERAL (
        SELECT
          coalesce(nullif(p.title->>l.locale, ''), p.title->>'nl', '') AS title,
          left(btrim(concat_ws(' ',
            coalesce(nullif(p.description->>l.locale, ''), p.description->>'nl'),
            (SELECT string_agg(search_plain_text(coalesce(b.content->l.locale, b.content->'nl')), ' '
                ORDER BY b.layout_position, b.sort_id, b.inner_position, b.inner_sort)
               FROM ${shownBlocks} b),
            ${offeredDocumentsText(sql`(SELECT b.building_block_name AS name, b.options FROM ${shownBlocks} b)`)})),
            200000) AS body,
          CASE WHEN l.locale = 'en' AND coalesce(p.title->>'en', '') <> '' THEN 'bs_english' ELSE 'bs_dutch' END
            AS config
      ) c
      WHERE s.kind = 'page' AND s.seq <= ${max}::bigint`);
    }
    await tx.execute(sql`DELETE FROM search_dirty WHERE seq <= ${max}::bigint`);
    return top.count;
  });
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** A query stem matches as a prefix: of stemmed and of unstemmed words (see bs_simple). */
function lexemeTerm(lexeme: string): string {
  return `${quoteLexeme(lexeme)}:*`;
}

/**
 * The tsquery text for the visitor's words: all words, in Dutch or in English stemming. The same
 * round trip tells whether the index has documents to rebuild first.
 */
async function buildTsQuery(
  db: Executor,
  q: string,
): Promise<{ tsQuery: string | null; stems: string[]; dirty: boolean }> {
  const [row] = await queryRows<{ nl: string[] | null; en: string[] | null; dirty: boolean }>(
    db,
    sql`SELECT tsvector_to_array(to_tsvector('bs_dutch', ${q})) AS nl,
               tsvector_to_array(to_tsvector('bs_english', ${q})) AS en,
               EXISTS (SELECT 1 FROM search_dirty) AS dirty`,
  );
  const stemGroups = [row?.nl ?? [], row?.en ?? []].map((lexemes) => lexemes.slice(0, MAX_WORDS));
  const groups = stemGroups
    .map((lexemes) => lexemes.map(lexemeTerm))
    .filter((terms) => terms.length > 0)
    .map((terms) => `(${terms.join(' & ')})`);
  return {
    tsQuery: groups.length > 0 ? [...new Set(groups)].join(' | ') : null,
    stems: [...new Set(stemGroups.flat())],
    dirty: row?.dirty === true,
  };
}

// ts_headline (with bs_simple: query stems are prefixes of the words as written) marks matches with these; the text itself is escaped afterwards, then they become <mark>.
const MARK_START = String.fromCharCode(2);
const MARK_END = String.fromCharCode(3);
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes the snippet text; the match markers (control characters ts_headline put in) become <mark>. */
export function snippetToHtml(snippet: string): string {
  return snippet
    .replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}

type Answer = {
  types: { name: string; count: number }[];
  hits: HitRow[];
  /** The matching pages' ids (not only this page of hits). */
  pages: string[];
  matches: number;
};
const NO_ANSWER: Answer = { types: [], hits: [], pages: [], matches: 0 };

type HitRow = {
  kind: 'page' | 'item';
  guid: string;
  title: string;
  snippet: string;
  type: string;
  publishedOn: string | null;
  shortId: string | null;
  pageId: string;
  rank: number;
};

export type SearchOptions = {
  actor: Actor;
  q: string;
  locale: Locale;
  page?: number | undefined;
  type?: string | undefined;
  /** Page id → path: only pages (and items on pages) with a URL are found. */
  pagePaths: Map<string, string>;
  now?: Date;
  /**
   * Learns what the answer depends on (cache tags, issue 29): `search`, `items`, a `term:` per stem
   * looked for, a `page:` per matching page (its text ranks it and makes its snippet); `*` when the
   * matches were cut at SEARCH_CANDIDATE_LIMIT (which ones are kept is then not the text's doing).
   */
  tags?: Set<string> | undefined;
};

export async function searchSite(db: Executor, options: SearchOptions): Promise<SearchResults> {
  const q = options.q
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
  const pageNumber = Math.max(
    1,
    Math.min(options.page ?? 1, Math.ceil(SEARCH_CANDIDATE_LIMIT / SEARCH_PAGE_SIZE)),
  );
  const empty: SearchResults = {
    q,
    hits: [],
    pageNumber,
    itemCount: SEARCH_PAGE_SIZE,
    totalNumberOfItems: 0,
    types: [],
    isFuzzy: false,
  };
  const tags = options.tags;
  tags?.add(SEARCH_ANSWERS).add('items');
  if (q === '' || options.pagePaths.size === 0) return empty;
  const { tsQuery, stems, dirty } = await buildTsQuery(db, q);
  for (const stem of stems) tags?.add(termTag(stem));
  if (dirty) await refreshSearchIndex(db);

  const now = (options.now ?? new Date()).toISOString();
  // Row filter from the policy table: who sees unpublished pages (and hidden items) in lists.
  const seesAll = can(options.actor, 'page.listUnpublished');
  // page.view's members-only rule (issue 10) as a row filter: a page with roleIds is found only by
  // those holding one of them or its editors (admins see all through seesAll).
  const actorRoles = `{${(options.actor.user?.isActive ? options.actor.user.roleIds : []).map((role) => `"${role.replace(/["\\]/g, '')}"`).join(',')}}`;
  const viewRights = sql`(${seesAll} OR p.role_ids = '[]'::jsonb OR p.role_ids ?| ${actorRoles}::text[]
    OR (p.edit_permission = 'roles' AND p.edit_roles ?| ${actorRoles}::text[]))`;
  const reachable = `{${[...options.pagePaths.keys()].join(',')}}`;
  const type = options.type?.trim() || null;
  const offset = (pageNumber - 1) * SEARCH_PAGE_SIZE;
  // The locale as a literal (it is 'nl' or 'en'), so the planner picks that language's partial
  // full-text index whatever plan caching a driver does.
  const locale = sql.raw(options.locale === 'en' ? `'en'` : `'nl'`);
  const visible = sql`
    p.kind = 'page' AND (p.is_published OR ${seesAll}) AND ${viewRights} AND p.id = ANY(${reachable}::uuid[])
    AND (d.kind = 'page' OR (i.id IS NOT NULL AND b.building_block_name IN ('list', 'widget')
         AND ((i.is_published AND i.published_on <= ${now}::timestamptz) OR ${seesAll})))`;
  const sources = sql`
    search_documents d
    -- LIMIT 1 keeps this a per-match index lookup: a hash join would read every item. Only columns
    -- list_items_visibility_idx covers: an index-only lookup per match (the short id is read for
    -- the page of hits only).
    LEFT JOIN LATERAL (
      SELECT li.id, li.block_id, li.is_published, li.published_on, li.list_item_type_name
      FROM list_items li WHERE d.kind = 'item' AND li.id = d.ref_id LIMIT 1
    ) i ON true
    LEFT JOIN building_block_instances b ON b.id = i.block_id
    JOIN pages p ON p.id = CASE WHEN d.kind = 'page' THEN d.ref_id ELSE b.page_id END`;
  // Candidates carry only what ranking and the facets need; text and snippets are read for the
  // one page of hits at the end.
  const columns = (rank: SQL) => sql`d.kind, d.ref_id, ${rank} AS rank,
    coalesce(i.list_item_type_name, 'page') AS type, i.published_on, p.id AS page_id`;

  const answer = (candidates: SQL, snippet: SQL) => sql`
    WITH candidates AS MATERIALIZED (${candidates}),
    ranked AS (
      SELECT c.* FROM candidates c
      WHERE ${type}::text IS NULL OR c.type = ${type}::text
      ORDER BY c.rank DESC, c.published_on DESC NULLS LAST, c.ref_id
      LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object('name', f.type, 'count', f.n) ORDER BY f.n DESC, f.type), '[]'::json)
         FROM (SELECT type, count(*)::int AS n FROM candidates GROUP BY type) f) AS types,
      (SELECT coalesce(array_agg(DISTINCT c.ref_id::text) FILTER (WHERE c.kind = 'page'), '{}')
         FROM candidates c) AS pages,
      (SELECT count(*)::int FROM candidates) AS matches,
      (SELECT coalesce(json_agg(json_build_object(
          'kind', r.kind, 'guid', r.ref_id, 'title', d.title, 'snippet', ${snippet}, 'type', r.type,
          'publishedOn', r.published_on, 'shortId', li.short_id, 'pageId', r.page_id, 'rank', r.rank)
          ORDER BY r.rank DESC, r.published_on DESC NULLS LAST, r.ref_id), '[]'::json)
         FROM ranked r
         JOIN search_documents d ON d.kind = r.kind AND d.ref_id = r.ref_id AND d.locale = ${locale}
         LEFT JOIN list_items li ON r.kind = 'item' AND li.id = r.ref_id) AS hits`;

  // A word on every page would make the index hand over every document before the LIMIT applies:
  // gin_fuzzy_search_limit lets it stop early (the candidates are capped anyway). The trigram
  // fallback lowers the similarity threshold for its <% operator. Both only for this transaction.
  const run = (query: SQL, fuzzy: boolean) =>
    db.transaction(async (tx) => {
      await tx.execute(
        fuzzy
          ? sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`
          : sql`SELECT set_config('gin_fuzzy_search_limit', ${String(SEARCH_CANDIDATE_LIMIT * 5)}, true)`,
      );
      const rows = await queryRows<Answer>(tx, query);
      const answer = rows[0] ?? NO_ANSWER;
      for (const id of answer.pages) tags?.add(`page:${id}`);
      if (answer.matches >= SEARCH_CANDIDATE_LIMIT) tags?.add(EVERY_ANSWER);
      return answer;
    });

  let isFuzzy = false;
  let result: Answer = NO_ANSWER;
  if (tsQuery) {
    const query = sql`to_tsquery('simple', ${tsQuery})`;
    result = await run(
      answer(
        sql`SELECT ${columns(sql`ts_rank_cd(d.tsv, ${query})`)} FROM ${sources}
            WHERE d.locale = ${locale} AND d.tsv @@ ${query} AND ${visible}
            LIMIT ${SEARCH_CANDIDATE_LIMIT}`,
        sql`ts_headline('bs_simple', CASE WHEN d.body = '' THEN d.title ELSE d.body END, ${query},
              ${HEADLINE_OPTIONS})`,
      ),
      false,
    );
  }
  // Only stop words ("de het") or punctuation: nothing to look for, not even approximately.
  if (tsQuery && result.types.length === 0) {
    const normalized = sql`lower(unaccent(${q}))`;
    result = await run(
      answer(
        sql`SELECT ${columns(sql`word_similarity(${normalized}, d.title_norm)`)} FROM ${sources}
            WHERE d.locale = ${locale} AND ${normalized} <% d.title_norm AND ${visible}
            LIMIT ${SEARCH_CANDIDATE_LIMIT}`,
        sql`left(CASE WHEN d.body = '' THEN d.title ELSE d.body END, 240)`,
      ),
      true,
    );
    isFuzzy = result.types.length > 0;
  }

  // The admin's labels of item types (a handful of rows), in the reader's language.
  const labelRows = await db
    .select({ name: listItemTypes.name, label: listItemTypes.label })
    .from(listItemTypes);
  const labels = new Map(labelRows.map((row) => [row.name, row.label]));
  const labelOf = (name: string) => itemTypeLabel(name, labels.get(name), options.locale);
  const types = result.types.map((entry) => ({
    ...entry,
    label: entry.name === 'page' ? null : labelOf(entry.name),
  }));
  const total = type
    ? (types.find((entry) => entry.name === type)?.count ?? 0)
    : types.reduce((sum, entry) => sum + entry.count, 0);
  const hits: SearchHit[] = [];
  for (const row of result.hits) {
    const pagePath = options.pagePaths.get(row.pageId);
    if (pagePath === undefined) continue;
    hits.push({
      kind: row.kind,
      guid: row.guid,
      title: row.title,
      url: row.kind === 'page' ? pagePath : itemUrl(pagePath, row.shortId ?? row.guid, row.title),
      snippetHtml: snippetToHtml(row.snippet ?? ''),
      listItemTypeName: row.kind === 'item' ? row.type : null,
      listItemTypeLabel: row.kind === 'item' ? labelOf(row.type) : null,
      publishedOn: row.publishedOn ? new Date(row.publishedOn).toISOString() : null,
      rank: Number(row.rank),
    });
  }
  return { q, hits, pageNumber, itemCount: SEARCH_PAGE_SIZE, totalNumberOfItems: total, types, isFuzzy };
}
