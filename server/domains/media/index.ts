import { desc, eq } from 'drizzle-orm';
import { isDocumentFormat, type MediaPurpose } from '../../../common/media.ts';
import type { Executor } from '../../db/client.ts';
import type { MediaRow, UserRow } from '../../db/schema.ts';
import { jobRuns } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { authorize, can, isPublicMedia, type MediaOwnerForPolicy } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { type AssetChange, deleteAsset, type NewFile, replaceAssetFile, updateAsset } from './commands.ts';
import {
  findAsset,
  findUses,
  type LibraryQuery,
  type LibraryRow,
  libraryUploaders,
  listLibrary,
} from './library.ts';
import { findPageForMedia, type MediaRows, mediaOwner } from './queries.ts';
import { MEDIA_SWEEP_JOB } from './sweep.ts';
import { type AssetUseView, type AssetView, presentAsset, presentUse } from './view.ts';

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
 * Everything an asset belongs to, for the media policy (issue 27): what it was uploaded for, and
 * each record that uses it now (a block's or item's page, a header image or setting: public),
 * and the library itself (whoever may use it sees every asset but profile photos). Visitors see
 * an asset when one of its uses is theirs to see: an asset used only on a members-only or
 * unpublished page is not served to them. An upload that is public already needs no more reads.
 */
export async function mediaOwners(
  db: Executor,
  row: Pick<MediaRow, 'id' | 'purpose' | 'ownerGuid'>,
): Promise<MediaOwnerForPolicy[]> {
  const owners: MediaOwnerForPolicy[] = [];
  if (row.purpose !== 'library') {
    const own = await mediaOwner(db, row.purpose, row.ownerGuid);
    if (own) owners.push(own);
    if (own && isPublicMedia(own)) return owners;
  }
  if (row.purpose === 'profile') return owners;
  owners.push({ purpose: 'library', ownerGuid: null });
  const seen = new Set<string>();
  for (const use of await findUses(db, row.id)) {
    if (use.kind === 'page') {
      if (use.isDraft || !use.blockGuid || seen.has(use.pageGuid)) continue;
      seen.add(use.pageGuid);
      const owner = await mediaOwner(db, 'block', use.blockGuid);
      if (owner) owners.push(owner);
    } else if (use.kind === 'item') {
      if (seen.has(use.itemGuid)) continue;
      seen.add(use.itemGuid);
      const owner = await mediaOwner(db, 'item', use.itemGuid);
      if (owner) owners.push(owner);
    } else if (use.kind === 'socialImage') {
      // A page's social image follows that page, like an image block on it: not public while the
      // page is unpublished or members-only.
      if (seen.has(use.pageGuid)) continue;
      seen.add(use.pageGuid);
      const page = await findPageForMedia(db, use.pageGuid);
      if (page) owners.push({ purpose: 'block', ownerGuid: null, page });
    } else {
      // A header image or a setting (logo, favicon): every visitor sees it.
      owners.push({ purpose: 'public', ownerGuid: null });
      break;
    }
  }
  return owners;
}

/**
 * An image the actor may see, with what it belongs to as of now (a dated item's image becomes
 * visible when the date passes); not visible is not found (existence is not revealed).
 */
export async function visibleMedia(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  rows: MediaRows,
  guid: string,
  /** Where the owners are looked up: the database by default, a cache per content version on the hot path. */
  ownersOf: typeof mediaOwners = mediaOwners,
  version?: string,
) {
  const row = await rows.find(ctx.db, guid, version);
  const found = row ? await ownersOf(ctx.db, row) : [];
  const now = new Date();
  const owners = found.map((owner) =>
    owner.purpose === 'block' || owner.purpose === 'item' ? { ...owner, now } : owner,
  );
  if (!row || !owners.some((owner) => can(ctx.actor, 'media.view', owner))) throw notFound('media');
  return { row, owners, isPublic: owners.some(isPublicMedia) };
}

/** The library's assets, one page of them (issue 27). */
export async function listAssets(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  query: LibraryQuery,
): Promise<{ assets: AssetView[]; total: number; isTotalExact: boolean; page: number; pageSize: number }> {
  authorize(ctx.actor, 'media.library');
  const { rows, total, isTotalExact } = await listLibrary(ctx.db, query);
  return {
    assets: rows.map((row) => presentAsset(ctx.actor, row)),
    total,
    isTotalExact,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function listUploaders(ctx: Pick<Ctx, 'db' | 'actor'>) {
  authorize(ctx.actor, 'media.library');
  return libraryUploaders(ctx.db);
}

/** One asset of the library; a profile photo or an unknown guid is not found. */
async function libraryAsset(ctx: Pick<Ctx, 'db' | 'actor'>, guid: string) {
  authorize(ctx.actor, 'media.library');
  const row = await findAsset(ctx.db, guid);
  if (!row || row.purpose === 'profile') throw notFound('media');
  return row;
}

export async function getAsset(ctx: Pick<Ctx, 'db' | 'actor'>, guid: string): Promise<AssetView> {
  return presentAsset(ctx.actor, await libraryAsset(ctx, guid));
}

export async function assetUses(ctx: Pick<Ctx, 'db' | 'actor'>, guid: string): Promise<AssetUseView[]> {
  const row = await libraryAsset(ctx, guid);
  return (await findUses(ctx.db, row.id)).map(presentUse);
}

export async function changeAsset(ctx: Ctx, guid: string, change: AssetChange): Promise<AssetView> {
  requireUser(ctx);
  const row = await libraryAsset(ctx, guid);
  authorize(ctx.actor, 'media.manage', row);
  if (change.language !== undefined && !isDocumentFormat(row.format)) {
    throw new AppError('validation_failed', 'an image has no language', [
      { path: 'language', message: 'validation.documentOnly' },
    ]);
  }
  const updated = await updateAsset(ctx, row, change);
  return presentAsset(ctx.actor, { ...updated, uploaderName: row.uploaderName });
}

/** Whether the caller may replace this asset's file, decided before the upload's body is read. */
export async function checkReplace(ctx: Ctx, guid: string): Promise<LibraryRow> {
  requireUser(ctx);
  const row = await libraryAsset(ctx, guid);
  authorize(ctx.actor, 'media.manage', row);
  return row;
}

export async function replaceFile(ctx: Ctx, guid: string, file: NewFile): Promise<AssetView> {
  const row = await checkReplace(ctx, guid);
  const updated = await replaceAssetFile(ctx, row, file);
  return presentAsset(ctx.actor, { ...updated, uploaderName: row.uploaderName });
}

/**
 * Deletes an asset: refused while it is used (409 media_in_use, with the number of uses), unless
 * the caller confirmed that the uses lose their image (`force`).
 */
export async function removeAsset(ctx: Ctx, guid: string, options: { force: boolean }): Promise<void> {
  requireUser(ctx);
  const row = await libraryAsset(ctx, guid);
  authorize(ctx.actor, 'media.manage', row);
  const uses = await findUses(ctx.db, row.id);
  if (uses.length > 0 && !options.force) {
    throw new AppError('media_in_use', `the image is used in ${uses.length} places`);
  }
  await deleteAsset(ctx, row, uses.length);
}

/** What the last orphan sweep removed (issue 27), for admins; null before the first one. */
export async function lastSweep(ctx: Pick<Ctx, 'db' | 'actor'>): Promise<{
  startedAt: Date;
  finishedAt: Date | null;
  originals: number;
  variants: number;
  scratch: number;
} | null> {
  authorize(ctx.actor, 'media.sweep');
  const [run] = await ctx.db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, MEDIA_SWEEP_JOB))
    .orderBy(desc(jobRuns.startedAt))
    .limit(1);
  if (!run) return null;
  const result = (run.result ?? {}) as Partial<Record<'originals' | 'variants' | 'scratch', number>>;
  return {
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    originals: result.originals ?? 0,
    variants: result.variants ?? 0,
    scratch: result.scratch ?? 0,
  };
}

export { recordUpload } from './commands.ts';
export { MediaRows, mediaOwner } from './queries.ts';
