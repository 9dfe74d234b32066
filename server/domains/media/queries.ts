import { eq, inArray, sql } from 'drizzle-orm';
import type { MediaPurpose } from '../../../common/media.ts';
import type { Executor } from '../../db/client.ts';
import { buildingBlockInstances, listItems, type MediaRow, media, pages } from '../../db/schema.ts';
import type { MediaOwnerForPolicy, PageForPolicy } from '../../policies/index.ts';
import { type ContentChanges, LruCache, MEDIA_ROWS } from '../cache.ts';
import { findDraftWithBlock } from '../drafts/queries.ts';

/** Uploaded images by guid (unknown guids are simply absent). */
export async function findMediaRows(db: Executor, guids: readonly string[]): Promise<Map<string, MediaRow>> {
  const unique = [...new Set(guids.map((guid) => guid.toLowerCase()))];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(media).where(inArray(media.id, unique));
  return new Map(rows.map((row) => [row.id.toLowerCase(), row]));
}

/**
 * The page a block sits on: `found: false` for an unknown block, `page: null` for a block on no page.
 * A block only a page's draft has yet (issue 13) belongs to that page, unpublished: its image can be
 * uploaded before the block is published, and visitors see it only once it is. One of a list item's
 * own blocks belongs to the item's page, as the item's image does (issue 13).
 */
export type BlockPage =
  | { found: false }
  | {
      found: true;
      page: PageForPolicy | null;
      /** A list item's publication date, for its image and its blocks' images (issue 34). */
      visibleFrom?: Date;
    };

export async function findBlockPage(db: Executor, blockGuid: string): Promise<BlockPage> {
  const [row] = await db
    .select({
      blockId: buildingBlockInstances.id,
      isPublished: pages.isPublished,
      editPermission: pages.editPermission,
      editRoles: pages.editRoles,
      roleIds: pages.roleIds,
    })
    .from(buildingBlockInstances)
    .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(eq(buildingBlockInstances.id, blockGuid))
    .limit(1);
  if (!row) return findDraftBlockPage(db, blockGuid);
  if (row.isPublished === null || row.editPermission === null || row.editRoles === null) {
    return { found: true, page: null };
  }
  // roleIds too: a members-only page's images follow page.view (issue 10).
  return {
    found: true,
    page: {
      isPublished: row.isPublished,
      editPermission: row.editPermission,
      editRoles: row.editRoles,
      roleIds: row.roleIds ?? [],
    },
  };
}

/**
 * The page that holds a list item (through the item's list block). An unpublished item's images
 * are not public before the item is (one a form submission made, say): for them the page counts as
 * unpublished, so only those who may edit it see them. A published item dated in the future keeps
 * its date (`visibleFrom`): the policy compares it with the moment of the request, since this
 * answer is cached per content version and the date passes without a new one (issue 34).
 */
export async function findItemPage(db: Executor, itemGuid: string): Promise<BlockPage> {
  const [item] = await db
    .select({
      blockId: listItems.blockId,
      isPublished: listItems.isPublished,
      publishedOn: listItems.publishedOn,
    })
    .from(listItems)
    .where(eq(listItems.id, itemGuid))
    .limit(1);
  if (!item) return { found: false };
  const found = await findBlockPage(db, item.blockId);
  if (!found.found || !found.page) return found;
  if (!item.isPublished) return { found: true, page: { ...found.page, isPublished: false } };
  return { found: true, page: found.page, visibleFrom: item.publishedOn };
}

/**
 * A page as the media policy needs it, for an asset that is the page's social image (issue 27): it
 * follows the page's visibility like an image block on it. Undefined for an unknown page.
 */
export async function findPageForMedia(db: Executor, pageGuid: string): Promise<PageForPolicy | undefined> {
  const [row] = await db
    .select({
      isPublished: pages.isPublished,
      editPermission: pages.editPermission,
      editRoles: pages.editRoles,
      roleIds: pages.roleIds,
    })
    .from(pages)
    .where(eq(pages.id, pageGuid))
    .limit(1);
  return row ? { ...row, roleIds: row.roleIds ?? [] } : undefined;
}

/** What an image belongs to, for the media policy; undefined when its block or item is unknown. */
export async function mediaOwner(
  db: Executor,
  purpose: MediaPurpose,
  ownerGuid: string | null,
): Promise<MediaOwnerForPolicy | undefined> {
  if (purpose !== 'block' && purpose !== 'item') return { purpose, ownerGuid };
  if (!ownerGuid) return { purpose, ownerGuid, page: null };
  const found = purpose === 'block' ? await findBlockPage(db, ownerGuid) : await findItemPage(db, ownerGuid);
  if (!found.found) return undefined;
  return found.visibleFrom
    ? { purpose, ownerGuid, page: found.page, visibleFrom: found.visibleFrom }
    : { purpose, ownerGuid, page: found.page };
}

/**
 * Media rows by guid, cached in memory per content version: an asset's texts and file change only
 * by public commands (issue 27), which move the version, so the hot path of GET /a/{guid} asks the
 * database once per image, process and version. A row is kept across later versions while none of
 * them changed a media row (`*`, see `MEDIA_ROWS`), so an editor's text edit does not send every
 * image request to the database. A new upload is remembered under the version it was made in (an
 * upload moves no version).
 */
export class MediaRows {
  readonly #rows = new LruCache<{ version: string | undefined; row: MediaRow }>(10_000);
  readonly #changes: ContentChanges | undefined;

  constructor(changes?: ContentChanges) {
    this.#changes = changes;
  }

  async find(db: Executor, guid: string, version?: string): Promise<MediaRow | undefined> {
    const cached = this.#rows.get(guid);
    const made = cached?.version;
    if (cached && version !== undefined && made !== undefined) {
      const kept = { version: made };
      if (made === version || this.#changes?.answers(kept, MEDIA_ROWS, version)) {
        cached.version = kept.version;
        return cached.row;
      }
    }
    const [row] = await db.select().from(media).where(eq(media.id, guid)).limit(1);
    if (row) this.#rows.set(guid, { version, row });
    return row;
  }

  remember(row: MediaRow, version?: string): void {
    this.#rows.set(row.id, { version, row });
  }
}

async function findDraftBlockPage(db: Executor, blockGuid: string): Promise<BlockPage> {
  const found = await findDraftWithBlock(db, blockGuid);
  if (!found) return findItemBlockPage(db, blockGuid);
  const { page } = found;
  return {
    found: true,
    page: {
      isPublished: false,
      editPermission: page.editPermission,
      editRoles: page.editRoles,
      roleIds: page.roleIds,
    },
  };
}

/** One of a list item's own blocks (stored in the item's content): the item's page, as for its image. */
async function findItemBlockPage(db: Executor, blockGuid: string): Promise<BlockPage> {
  const [item] = await db
    .select({ id: listItems.id })
    .from(listItems)
    .where(sql`${listItems.content} @> ${JSON.stringify([{ guid: blockGuid }])}::jsonb`)
    .limit(1);
  return item ? findItemPage(db, item.id) : { found: false };
}
