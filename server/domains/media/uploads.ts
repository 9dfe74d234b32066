import type { MediaPurpose } from '../../../common/media.ts';
import { type Ctx, requireUser } from '../context.ts';
import { uploadOwner } from './index.ts';

/**
 * Whether the caller may send an upload at all, decided before its body is read (issue 34): the
 * purpose's own rule (uploadOwner) when the request names one, else (its query is refused unread
 * by the route's validation) signed in.
 */
export async function checkUploader(
  ctx: Ctx,
  target: { purpose: MediaPurpose; ownerGuid: string | null } | null,
): Promise<void> {
  if (target) await uploadOwner(ctx, target.purpose, target.ownerGuid);
  else requireUser(ctx);
}
