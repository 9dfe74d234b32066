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
