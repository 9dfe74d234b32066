import type { ImageFormat, MediaPurpose } from '../../../common/media.ts';
import type { Executor } from '../../db/client.ts';
import { type MediaRow, media } from '../../db/schema.ts';
import type { Actor } from '../../policies/index.ts';
import { runCommand } from '../write.ts';

export type NewMedia = {
  contentHash: string;
  purpose: MediaPurpose;
  ownerGuid: string | null;
  /** Null: no account (an anonymous visitor's form submission that became a list item's image). */
  uploadedBy: string | null;
  fileName: string;
  format: ImageFormat;
  width: number;
  height: number;
  size: number;
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
      const [row] = await tx.insert(media).values(input).returning();
      if (!row) throw new Error('media not created');
      return row;
    },
  );
}

/**
 * The same image again, owned by another block (issue 13: a duplicated or copied image block). The
 * original's bytes are stored by their hash, so this is a row, not a file.
 */
export async function copyBlockImage(
  ctx: { db: Executor; actor: Actor },
  input: { source: MediaRow; blockGuid: string },
): Promise<MediaRow> {
  const { source } = input;
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
