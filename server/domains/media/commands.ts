import { eq, sql } from 'drizzle-orm';
import type { DocumentLanguage, MediaFormat, MediaPurpose } from '../../../common/media.ts';
import type { Executor } from '../../db/client.ts';
import { buildingBlockInstances, headerImages, listItems, type MediaRow, media } from '../../db/schema.ts';
import { type Actor, can } from '../../policies/index.ts';
import { runCommand } from '../write.ts';
import { searchTextOf } from './library.ts';

export type NewMedia = {
  contentHash: string;
  purpose: MediaPurpose;
  ownerGuid: string | null;
  /** Null: no account (an anonymous visitor's form submission that became a list item's image). */
  uploadedBy: string | null;
  fileName: string;
  format: MediaFormat;
  width: number;
  height: number;
  size: number;
  /** A document's (issue 27): nl by default; null for images. */
  language?: DocumentLanguage | null;
  /** A PDF's text for the site search, its first page's storage key, whether it holds script. */
  documentText?: string;
  thumbnailHash?: string | null;
  hasScript?: boolean;
};

/**
 * Records an upload (the original is already in storage). An upload changes nothing visitors see
 * until a block, item or setting names it, so it leaves their caches alone.
 */
export async function recordUpload(ctx: { db: Executor; actor: Actor }, input: NewMedia): Promise<MediaRow> {
  return runCommand(
    ctx,
    {
      action: 'media.upload',
      scope: 'private',
      target: (row: MediaRow) => row.id,
      actorId: input.uploadedBy,
      data: {
        purpose: input.purpose,
        ownerGuid: input.ownerGuid,
        contentHash: input.contentHash,
        size: input.size,
      },
    },
    async (tx) => {
      const title = titleOf(input.fileName);
      const [row] = await tx
        .insert(media)
        .values({
          ...input,
          title,
          searchText: searchTextOf({ title, fileName: input.fileName, alt: {}, tags: [] }),
        })
        .returning();
      if (!row) throw new Error('media not created');
      return row;
    },
  );
}

/**
 * The pages and list items whose download blocks offer this document are searched with its title
 * and text (issue 27): a new file or title, or its deletion, marks them for the search index, as a
 * change of their blocks would.
 */
async function markDocumentUses(tx: Executor, id: string): Promise<void> {
  const guid = id.toLowerCase();
  await tx.execute(sql`
    INSERT INTO search_dirty (kind, ref_id)
    SELECT 'page', b.page_id FROM building_block_instances b
    WHERE b.building_block_name = 'download' AND b.page_id IS NOT NULL
      AND b.options->'documentGuids' @> ${JSON.stringify([guid])}::jsonb
    UNION
    SELECT 'item', i.id FROM list_items i
    WHERE i.content <> '[]'::jsonb
      AND i.content @> ${JSON.stringify([{ buildingBlockName: 'download', options: { documentGuids: [guid] } }])}::jsonb
    ON CONFLICT (kind, ref_id) DO UPDATE SET seq = DEFAULT`);
}

/** A new asset's title: its file name without the extension. */
function titleOf(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').slice(0, 200) || fileName;
}

/** What describes an asset (issue 27): the library's edit form. */
export type AssetChange = {
  title?: string | undefined;
  alt?: Partial<Record<'nl' | 'en', string>> | undefined;
  isDecorative?: boolean | undefined;
  caption?: Partial<Record<'nl' | 'en', string>> | undefined;
  credit?: string | undefined;
  tags?: string[] | undefined;
  focalX?: number | undefined;
  focalY?: number | undefined;
  language?: DocumentLanguage | undefined;
};

/** Changes an asset's texts or focal point; every use shows them, so visitors' caches move. */
export async function updateAsset(
  ctx: { db: Executor; actor: Actor },
  asset: MediaRow,
  change: AssetChange,
): Promise<MediaRow> {
  return runCommand(
    ctx,
    { action: 'media.update', scope: 'public', target: asset.id, data: { fields: Object.keys(change) } },
    async (tx) => {
      const next = {
        title: change.title ?? asset.title,
        alt: change.alt ?? asset.alt,
        tags: change.tags ?? asset.tags,
        fileName: asset.fileName,
      };
      const [row] = await tx
        .update(media)
        .set({
          ...change,
          searchText: searchTextOf(next),
          updatedAt: sql`now()`,
        })
        .where(eq(media.id, asset.id))
        .returning();
      if (!row) throw new Error('media not updated');
      if (change.title !== undefined) await markDocumentUses(tx, asset.id);
      return row;
    },
  );
}

export type NewFile = Pick<
  NewMedia,
  | 'contentHash'
  | 'fileName'
  | 'format'
  | 'width'
  | 'height'
  | 'size'
  | 'documentText'
  | 'thumbnailHash'
  | 'hasScript'
>;

/**
 * A new file for an asset (issue 27), keeping its guid and so every reference: the next version,
 * whose transform URLs differ (`v`). The focal point stays (the same subject, a better photo).
 */
export async function replaceAssetFile(
  ctx: { db: Executor; actor: Actor },
  asset: MediaRow,
  file: NewFile,
): Promise<MediaRow> {
  return runCommand(
    ctx,
    {
      action: 'media.replace',
      scope: 'public',
      target: asset.id,
      data: { from: asset.contentHash, to: file.contentHash, version: asset.version + 1 },
    },
    async (tx) => {
      const [row] = await tx
        .update(media)
        .set({
          ...file,
          version: sql`${media.version} + 1`,
          searchText: searchTextOf({ ...asset, fileName: file.fileName }),
          updatedAt: sql`now()`,
        })
        .where(eq(media.id, asset.id))
        .returning();
      if (!row) throw new Error('media not replaced');
      await markDocumentUses(tx, asset.id);
      return row;
    },
  );
}

/**
 * Deletes an asset. With uses (asked and confirmed), the image blocks, items and header images
 * that named it lose their image (they show none, as before one was chosen), galleries lose that
 * one image, a card keeps all but its image, and settings that named it go back to their defaults;
 * drafts keep the guid and show no image.
 */
export async function deleteAsset(
  ctx: { db: Executor; actor: Actor },
  asset: MediaRow,
  uses: number,
): Promise<void> {
  await runCommand(
    ctx,
    { action: 'media.delete', scope: 'public', target: asset.id, data: { fileName: asset.fileName, uses } },
    async (tx) => {
      if (uses > 0) {
        await tx
          .update(buildingBlockInstances)
          .set({
            options: sql`jsonb_set(${buildingBlockInstances.options}, '{imageGuid}', 'null'::jsonb)`,
            updatedAt: sql`now()`,
          })
          .where(
            sql`${buildingBlockInstances.buildingBlockName} = 'image' AND (${buildingBlockInstances.options}->>'imageGuid') = ${asset.id}`,
          );
        // A download block offers its other documents.
        await tx
          .update(buildingBlockInstances)
          .set({
            options: sql`jsonb_set(${buildingBlockInstances.options}, '{documentGuids}', (${buildingBlockInstances.options}->'documentGuids') - ${asset.id}::text)`,
            updatedAt: sql`now()`,
          })
          .where(
            sql`${buildingBlockInstances.buildingBlockName} = 'download' AND ${buildingBlockInstances.options}->'documentGuids' @> ${JSON.stringify([asset.id])}::jsonb`,
          );
        // A card keeps its title, text and link, without the image.
        await tx
          .update(buildingBlockInstances)
          .set({
            options: sql`jsonb_set(${buildingBlockInstances.options}, '{cards}', (
              SELECT jsonb_agg(CASE WHEN card->>'imageGuid' = ${asset.id}
                THEN jsonb_set(card, '{imageGuid}', 'null'::jsonb) ELSE card END ORDER BY place)
              FROM jsonb_array_elements(${buildingBlockInstances.options}->'cards') WITH ORDINALITY AS cards(card, place)
            ))`,
            updatedAt: sql`now()`,
          })
          .where(
            sql`${buildingBlockInstances.buildingBlockName} = 'cards' AND ${buildingBlockInstances.options}->'cards' @> ${JSON.stringify([{ imageGuid: asset.id }])}::jsonb`,
          );
        // A gallery shows its other images.
        await tx
          .update(buildingBlockInstances)
          .set({
            options: sql`jsonb_set(${buildingBlockInstances.options}, '{imageGuids}', (${buildingBlockInstances.options}->'imageGuids') - ${asset.id}::text)`,
            updatedAt: sql`now()`,
          })
          .where(
            sql`${buildingBlockInstances.buildingBlockName} = 'gallery' AND ${buildingBlockInstances.options}->'imageGuids' @> ${JSON.stringify([asset.id])}::jsonb`,
          );
        await tx
          .update(listItems)
          .set({ imageGuid: null, updatedAt: sql`now()` })
          .where(eq(listItems.imageGuid, asset.id));
        await tx
          .update(headerImages)
          .set({ imageGuid: null, updatedAt: sql`now()` })
          .where(eq(headerImages.imageGuid, asset.id));
        await tx.execute(sql`DELETE FROM platform_settings WHERE value = ${asset.id}`);
        // Items' own download blocks keep the guid (as drafts do): their search text loses the document.
        await markDocumentUses(tx, asset.id);
      }
      await tx.delete(media).where(eq(media.id, asset.id));
    },
  );
}

/**
 * The image of a duplicated or copied image block (issue 13): the same asset when the new block may
 * name it (issue 27), else the same image again owned by the new block (the original's bytes are
 * stored by their hash, so this is a row, not a file).
 */
export async function copyBlockImage(
  ctx: { db: Executor; actor: Actor },
  input: { source: MediaRow; blockGuid: string },
): Promise<MediaRow> {
  const { source } = input;
  // The library's users name the same asset again (issue 27): one image, described once.
  if (can(ctx.actor, 'media.reference', { media: source, by: { kind: 'block', guid: input.blockGuid } })) {
    return source;
  }
  return runCommand(
    ctx,
    {
      action: 'media.copy',
      scope: 'private',
      target: (row: MediaRow) => row.id,
      data: { from: source.id, ownerGuid: input.blockGuid },
    },
    async (tx) => {
      const [row] = await tx
        .insert(media)
        .values({
          contentHash: source.contentHash,
          purpose: 'block',
          ownerGuid: input.blockGuid,
          uploadedBy: ctx.actor.user?.id ?? null,
          fileName: source.fileName,
          format: source.format,
          width: source.width,
          height: source.height,
          size: source.size,
        })
        .returning();
      if (!row) throw new Error('media not copied');
      return row;
    },
  );
}
