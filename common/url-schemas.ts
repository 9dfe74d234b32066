import { z } from 'zod';
import {
  isAllowedUrl,
  isSitePath,
  isUrlSegment,
  MAX_URL_LENGTH,
  MAX_URL_SEGMENT_LENGTH,
  URL_RULES,
  type UrlKind,
} from './urls.ts';

/*
 * The schemas of the URL rules (SPEC 5), apart from the rules themselves in ./urls.ts, so that the
 * browser's public pages, which use only the rules, do not load zod.
 */

export const urlSegmentSchema = z
  .string()
  .max(MAX_URL_SEGMENT_LENGTH)
  .refine((value) => value === '' || isUrlSegment(value), 'validation.urlSegment');

export const sitePathSchema = z
  .string()
  .max(500)
  .transform((value) => (value.length > 1 ? value.replace(/\/+$/, '') || '/' : value))
  .refine(isSitePath, 'validation.sitePath');

/** A string field of this kind (at most 2000 characters), reporting the kind's catalogue key. */
export function urlSchema(kind: UrlKind) {
  return z
    .string()
    .max(MAX_URL_LENGTH)
    .refine((value) => isAllowedUrl(value, kind), URL_RULES[kind].message);
}

/** Buttons, image links, menu items: local link, anchor, public http(s) URL, mailto: or tel:. */
export const linkSchema = urlSchema('link');
/** Logo and favicon: local link or public https URL. */
export const assetUrlSchema = urlSchema('asset');
/** The video block: a YouTube or Vimeo URL. */
export const videoUrlSchema = urlSchema('video');
/** A menu item's externalUrl: a public http(s) URL. */
export const externalUrlSchema = urlSchema('external');
/** A redirect's target: a local link or a public http(s) URL. */
export const redirectTargetSchema = urlSchema('redirect');
