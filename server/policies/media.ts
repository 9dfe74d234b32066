import type { MediaPurpose } from '../../common/media.ts';
import type { Actor } from './actor.ts';
import { canUseLibrary, isAdmin, isSignedIn } from './actor.ts';
import { canEditPage, canViewPage, type PageForPolicy } from './page.ts';

/**
 * What an image belongs to, as the policy needs it: for block and item images the page that holds
 * the block (null when the block is on no page: then only admins may act on it). An item's image,
 * or the image of one of an item's blocks, also has the item's publication date (`visibleFrom`):
 * before it only those who may edit the page see the image, like the item (issue 34). `now` is the
 * moment asked about; without it a dated image counts as not yet visible.
 */
export type MediaOwnerForPolicy =
  | { purpose: 'public' | 'api' | 'profile' | 'library'; ownerGuid: string | null }
  | {
      purpose: 'block' | 'item';
      ownerGuid: string | null;
      page: PageForPolicy | null;
      visibleFrom?: Date | undefined;
      now?: Date | undefined;
    };

/** Whether a dated item's image has reached its date (an undated image always has). */
function isDue(owner: { visibleFrom?: Date | undefined; now?: Date | undefined }): boolean {
  if (!owner.visibleFrom) return true;
  return owner.now !== undefined && owner.visibleFrom.getTime() <= owner.now.getTime();
}

/** An uploaded image as a record that names it needs to know. */
export type MediaForReference = {
  purpose: MediaPurpose;
  ownerGuid: string | null;
  uploadedBy: string | null;
};

/** The record that names an image: a block's or item's image, a site setting (logo, favicon), a profile photo. */
export type MediaReferrer =
  | { kind: 'block'; guid: string }
  | { kind: 'item'; guid: string }
  | { kind: 'setting' }
  | { kind: 'profile'; userId: string };

/** An asset as the library's rules need it. */
export type AssetForPolicy = { purpose: MediaPurpose; uploadedBy: string | null };

/**
 * Who may change an asset (its texts, focal point, file) or delete it: every use shows the change,
 * so admins, and the content manager who uploaded it. Profile photos are their owners' (the
 * account screens), never the library's.
 */
export function canManageAsset(actor: Actor, asset: AssetForPolicy): boolean {
  if (asset.purpose === 'profile') return false;
  if (isAdmin(actor)) return true;
  return canUseLibrary(actor) && actor.user?.id === asset.uploadedBy;
}

/**
 * Who may upload (issue 4): public and api images are the admins' (session or bearer token); a
 * profile photo any active signed-in user's own; block and item images whoever may edit the page.
 */
export function canUploadMedia(actor: Actor, owner: MediaOwnerForPolicy): boolean {
  switch (owner.purpose) {
    case 'public':
    case 'api':
      return isAdmin(actor);
    case 'library':
      return canUseLibrary(actor);
    case 'profile':
      return isSignedIn(actor);
    case 'block':
    case 'item':
      return owner.page ? canEditPage(actor, owner.page) : isAdmin(actor);
  }
}

/**
 * Who may see an image: public and api images everyone; profile photos signed-in users (members see
 * each other's photos, visitors do not); block and item images whoever may see the page.
 */
export function canViewMedia(actor: Actor, owner: MediaOwnerForPolicy): boolean {
  switch (owner.purpose) {
    case 'public':
    case 'api':
      return true;
    case 'library':
      // The library itself: those who may use it see every asset in it (issue 27).
      return canUseLibrary(actor);
    case 'profile':
      // The owner sees their own photo even while their account is inactive.
      return isSignedIn(actor) || (actor.user !== null && actor.user.id === owner.ownerGuid);
    case 'block':
    case 'item':
      if (!owner.page) return isAdmin(actor);
      return canViewPage(actor, owner.page) && (isDue(owner) || canEditPage(actor, owner.page));
  }
}

/**
 * Which image a record may name, so that nobody shows an image they could not see or did not
 * upload for it: a block or an item its own uploads (`?block=`, `?item=`) or a public image; a site
 * setting (logo, favicon: every visitor sees it) only a public image; a profile photo only the
 * user's own profile upload. Whoever may use the library (issue 27) may name any asset of it in a
 * block, item or setting: a use is what shows an asset to visitors.
 */
export function canReferenceMedia(
  actor: Actor,
  input: { media: MediaForReference; by: MediaReferrer },
): boolean {
  const { media, by } = input;
  const isLibraryAsset = media.purpose !== 'profile' && canUseLibrary(actor);
  switch (by.kind) {
    case 'block':
    case 'item':
      return (
        isLibraryAsset ||
        media.purpose === 'public' ||
        (media.purpose === by.kind && media.ownerGuid === by.guid)
      );
    case 'setting':
      return isLibraryAsset || media.purpose === 'public';
    case 'profile':
      return media.purpose === 'profile' && media.uploadedBy === by.userId;
  }
}

/** Whether shared caches (proxies, CDNs) may keep the image: only when every visitor may see it. */
export function isPublicMedia(owner: MediaOwnerForPolicy): boolean {
  switch (owner.purpose) {
    case 'public':
    case 'api':
      return true;
    case 'profile':
    case 'library':
      return false;
    case 'block':
    case 'item':
      // A members-only page's images are not for shared caches either, nor a dated item's before its date.
      return owner.page?.isPublished === true && (owner.page.roleIds ?? []).length === 0 && isDue(owner);
  }
}

export const mediaPolicies = {
  'media.upload': canUploadMedia,
  'media.view': canViewMedia,
  'media.reference': canReferenceMedia,
  'media.library': canUseLibrary,
  'media.manage': canManageAsset,
  /** The orphan sweep's report (issue 27): what left the storage concerns whoever runs the site. */
  'media.sweep': (actor: Actor) => isAdmin(actor),
};
