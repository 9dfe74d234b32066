import type { MediaPurpose } from '../../common/media.ts';
import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';
import { canEditPage, canViewPage, type PageForPolicy } from './page.ts';

/**
 * What an image belongs to, as the policy needs it: for block and item images the page that holds
 * the block (null when the block is on no page: then only admins may act on it). An item's image,
 * or the image of one of an item's blocks, also has the item's publication date (`visibleFrom`):
 * before it only those who may edit the page see the image, like the item (issue 34). `now` is the
 * moment asked about; without it a dated image counts as not yet visible.
 */
export type MediaOwnerForPolicy =
  | { purpose: 'public' | 'api' | 'profile'; ownerGuid: string | null }
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

/**
 * Who may upload (issue 4): public and api images are the admins' (session or bearer token); a
 * profile photo any active signed-in user's own; block and item images whoever may edit the page.
 */
export function canUploadMedia(actor: Actor, owner: MediaOwnerForPolicy): boolean {
  switch (owner.purpose) {
    case 'public':
    case 'api':
      return isAdmin(actor);
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
 * user's own profile upload.
 */
export function canReferenceMedia(
  _actor: Actor,
  input: { media: MediaForReference; by: MediaReferrer },
): boolean {
  const { media, by } = input;
  switch (by.kind) {
    case 'block':
    case 'item':
      return media.purpose === 'public' || (media.purpose === by.kind && media.ownerGuid === by.guid);
    case 'setting':
      return media.purpose === 'public';
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
};
