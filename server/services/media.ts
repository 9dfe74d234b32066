import { eq, sql } from 'drizzle-orm';
import type { ImageFormat, MediaPurpose } from '../../common/media.ts';
import { type Executor, queryRows } from '../db/client.ts';
import { auditEvents, buildingBlockInstances, media, pages } from '../db/schema.ts';
import { LruCache } from '../domains/cache.ts';
import type { MediaOwnerForPolicy, PageForPolicy } from '../policies/index.ts';

export type MediaRow = typeof media.$inferSelect;

/** The page a block sits on: `found: false` for an unknown block, `page: null` for a block on no page. */
export type BlockPage = { found: false } | { found: true; page: PageForPolicy | null };

export async function findBlockPage(db: Executor, blockGuid: string): Promise<BlockPage> {
  const [row] = await db
    .select({
      blockId: buildingBlockInstances.id,
      isPublished: pages.isPublished,
      editPermission: pages.editPermission,
      editRoles: pages.editRoles,
    })
    .from(buildingBlockInstances)
    .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(eq(buildingBlockInstances.id, blockGuid))
    .limit(1);
  if (!row) return { found: false };
  if (row.isPublished === null || row.editPermission === null || row.editRoles === null) {
    return { found: true, page: null };
  }
  return {
    found: true,
    page: { isPublished: row.isPublished, editPermission: row.editPermission, editRoles: row.editRoles },
  };
}

/**
 * The page that holds a list item (through the item's block). List items arrive in a parallel piece
 * of work: until their table exists every item is unknown. Swap this for the list-item service
 * once it lands; the media policy only needs the page.
 */
export async function findItemPage(db: Executor, itemGuid: string): Promise<BlockPage> {
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`SELECT to_regclass('public.list_items') IS NOT NULL AS "exists"`,
  );
  if (!table?.exists) return { found: false };
  const [item] = await queryRows<{ block_id: string | null }>(
    db,
    sql`SELECT block_id FROM list_items WHERE id = ${itemGuid}`,
  );
  if (!item) return { found: false };
  if (!item.block_id) return { found: true, page: null };
  return findBlockPage(db, item.block_id);
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
  return found.found ? { purpose, ownerGuid, page: found.page } : undefined;
}

export type NewMedia = {
  contentHash: string;
  purpose: MediaPurpose;
  ownerGuid: string | null;
  uploadedBy: string;
  fileName: string;
  format: ImageFormat;
  width: number;
  height: number;
  size: number;
};

/** Records an upload (the original is already in storage): the row and its audit event, in one transaction. */
export async function createMedia(db: Executor, input: NewMedia): Promise<MediaRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(media).values(input).returning();
    if (!row) throw new Error('media not created');
    await tx.insert(auditEvents).values({
      actorId: input.uploadedBy,
      action: 'upload',
      entityType: 'media',
      entityId: row.id,
      data: {
        purpose: input.purpose,
        ownerGuid: input.ownerGuid,
        contentHash: input.contentHash,
        size: input.size,
      },
    });
    return row;
  });
}

/**
 * Media rows by guid, cached in memory: a row never changes after the upload (new content is a new
 * row), so the hot path of GET /a/{guid} asks the database once per image and process.
 */
export class MediaRows {
  readonly #rows = new LruCache<MediaRow>(10_000);

  async find(db: Executor, guid: string): Promise<MediaRow | undefined> {
    const cached = this.#rows.get(guid);
    if (cached) return cached;
    const [row] = await db.select().from(media).where(eq(media.id, guid)).limit(1);
    if (row) this.#rows.set(guid, row);
    return row;
  }

  remember(row: MediaRow): void {
    this.#rows.set(row.id, row);
  }
}
