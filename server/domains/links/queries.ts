import { sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import type { PageForPolicy } from '../../policies/page.ts';

/** A candidate of the link picker: a page, or an item with the page its list is on. */
export type LinkCandidateRow = {
  kind: 'page' | 'item';
  guid: string;
  title: LocalizedText;
  shortId: string | null;
  isPublished: boolean;
  publishedOn: Date | null;
  page: PageForPolicy & { id: string };
};

/** How many candidates of each kind are read before the policies filter them. */
const CANDIDATES = 60;

/** `%` and `_` stand for themselves in the editor's words. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

type Row = {
  kind: 'page' | 'item';
  guid: string;
  title: LocalizedText;
  short_id: string | null;
  is_published: boolean;
  published_on: string | Date | null;
  page_id: string;
  page_published: boolean;
  edit_permission: 'admins' | 'roles';
  edit_roles: string[];
  role_ids: string[];
};

/**
 * Pages (not templates) and list items whose title contains `q` in Dutch or English, case- and
 * accent-insensitively; titles that start with it first, then shorter titles.
 */
export async function findLinkCandidates(db: Executor, q: string): Promise<LinkCandidateRow[]> {
  const pattern = likePattern(q.toLowerCase());
  const starts = `${likePattern(q.toLowerCase()).slice(1)}`;
  const matches = (title: ReturnType<typeof sql>) => sql`(
    lower(unaccent(coalesce(${title}->>'nl', ''))) LIKE lower(unaccent(${pattern}))
    OR lower(unaccent(coalesce(${title}->>'en', ''))) LIKE lower(unaccent(${pattern})))`;
  const order = (title: ReturnType<typeof sql>) => sql`
    (lower(unaccent(coalesce(${title}->>'nl', ''))) LIKE lower(unaccent(${starts}))) DESC,
    length(coalesce(${title}->>'nl', ''))`;
  const rows = await queryRows<Row>(
    db,
    sql`(SELECT 'page' AS kind, p.id AS guid, p.title, NULL AS short_id, p.is_published, NULL::timestamptz AS published_on,
           p.id AS page_id, p.is_published AS page_published, p.edit_permission, p.edit_roles, p.role_ids
         FROM pages p
         WHERE p.kind = 'page' AND ${matches(sql`p.title`)}
         ORDER BY ${order(sql`p.title`)}, p.id
         LIMIT ${CANDIDATES})
        UNION ALL
        (SELECT 'item', li.id, li.title, li.short_id, li.is_published, li.published_on,
           p.id, p.is_published, p.edit_permission, p.edit_roles, p.role_ids
         FROM list_items li
         JOIN building_block_instances b ON b.id = li.block_id
         JOIN pages p ON p.id = b.page_id AND p.kind = 'page'
         WHERE ${matches(sql`li.title`)}
         ORDER BY ${order(sql`li.title`)}, li.id
         LIMIT ${CANDIDATES})`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    guid: row.guid,
    title: row.title,
    shortId: row.short_id,
    isPublished: row.is_published,
    publishedOn: row.published_on === null ? null : new Date(row.published_on),
    page: {
      id: row.page_id,
      isPublished: row.page_published,
      editPermission: row.edit_permission,
      editRoles: row.edit_roles,
      roleIds: row.role_ids,
    },
  }));
}
