import type { MediaPurpose } from '../../../common/media.ts';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { authorize, can, type MediaOwnerForPolicy } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { type MediaRows, mediaOwner } from './queries.ts';

/**
 * The media rules the routes apply: who may upload for what, and who may see an image. The bytes
 * (receiving, probing, transforming, serving) stay in server/media and the route.
 */

/** What an upload will belong to, once the uploader may upload for it (a profile photo is their own). */
export async function uploadOwner(
  ctx: Ctx,
  purpose: MediaPurpose,
  ownerGuid: string | null,
): Promise<{ user: UserRow; ownerGuid: string | null; owner: MediaOwnerForPolicy }> {
  const user = requireUser(ctx);
  const effectiveOwner = purpose === 'profile' ? user.id : ownerGuid;
  const owner = await mediaOwner(ctx.db, purpose, effectiveOwner);
  if (!owner) throw notFound(purpose === 'block' ? 'building block instance' : 'list item');
  authorize(ctx.actor, 'media.upload', owner);
  return { user, ownerGuid: effectiveOwner, owner };
}

/**
 * An image the actor may see, with its owner as of now (a dated item's image becomes visible when
 * the date passes); not visible is not found (existence is not revealed).
 */
export async function visibleMedia(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  rows: MediaRows,
  guid: string,
  /** Where the owner is looked up: the database by default, a cache per content version on the hot path. */
  ownerOf: typeof mediaOwner = mediaOwner,
) {
  const row = await rows.find(ctx.db, guid);
  const found = row && (await ownerOf(ctx.db, row.purpose, row.ownerGuid));
  const owner =
    found && (found.purpose === 'block' || found.purpose === 'item') ? { ...found, now: new Date() } : found;
  if (!row || !owner || !can(ctx.actor, 'media.view', owner)) throw notFound('media');
  return { row, owner };
}

export { recordUpload } from './commands.ts';
export { MediaRows, mediaOwner } from './queries.ts';
