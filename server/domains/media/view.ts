import type { LocalizedText } from '../../../common/localized-text.ts';
import {
  type DocumentLanguage,
  imageUrl,
  isDocumentFormat,
  type MediaFormat,
} from '../../../common/media.ts';
import { type Actor, abilities } from '../../policies/index.ts';
import type { LibraryRow, MediaUse } from './library.ts';

/** An asset as the library shows it (issue 27). */
export type AssetView = {
  guid: string;
  title: string;
  fileName: string;
  format: MediaFormat;
  /** A document's language (issue 27); null for images. */
  language: DocumentLanguage | null;
  /** A PDF with JavaScript: only ever served as an attachment. */
  hasScript: boolean;
  /** Whether `url` with a size gives a picture: every image, and a PDF's first page. */
  hasThumbnail: boolean;
  width: number;
  height: number;
  size: number;
  alt: { nl: string; en: string };
  isDecorative: boolean;
  caption: { nl: string; en: string };
  credit: string;
  tags: string[];
  focalX: number;
  focalY: number;
  version: number;
  /** The transform URL of this version (add width, height, fit to it). */
  url: string;
  uploadedBy: { guid: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  abilities: { update: boolean; replace: boolean; delete: boolean };
};

export function presentAsset(actor: Actor, row: LibraryRow): AssetView {
  return {
    guid: row.id,
    title: row.title,
    fileName: row.fileName,
    format: row.format,
    language: row.language,
    hasScript: row.hasScript,
    hasThumbnail: row.thumbnailHash !== null || !isDocumentFormat(row.format),
    width: row.width,
    height: row.height,
    size: row.size,
    alt: { nl: row.alt.nl ?? '', en: row.alt.en ?? '' },
    isDecorative: row.isDecorative,
    caption: { nl: row.caption.nl ?? '', en: row.caption.en ?? '' },
    credit: row.credit,
    tags: row.tags,
    focalX: row.focalX,
    focalY: row.focalY,
    version: row.version,
    url: imageUrl(row.id, { v: row.version }),
    uploadedBy: row.uploadedBy ? { guid: row.uploadedBy, name: row.uploaderName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: abilities('asset', actor, row),
  };
}

/** Where an asset is used, as the where-used list shows it: what, and where an editor goes for it. */
export type AssetUseView = {
  kind: MediaUse['kind'];
  title: LocalizedText | null;
  /** A page, template or item guid; a header image's guid; null for a setting. */
  guid: string | null;
  /** A setting's key (logo, favicon…). */
  key: string | null;
  isDraft: boolean;
  isTemplate: boolean;
};

export function presentUse(use: MediaUse): AssetUseView {
  switch (use.kind) {
    case 'page':
      return {
        kind: 'page',
        title: use.title,
        guid: use.pageGuid,
        key: null,
        isDraft: use.isDraft,
        isTemplate: use.isTemplate,
      };
    case 'item':
      return {
        kind: 'item',
        title: use.title,
        guid: use.itemGuid,
        key: null,
        isDraft: false,
        isTemplate: false,
      };
    case 'headerImage':
      return {
        kind: 'headerImage',
        title: use.title,
        guid: use.guid,
        key: null,
        isDraft: false,
        isTemplate: false,
      };
    case 'setting':
      return { kind: 'setting', title: null, guid: null, key: use.key, isDraft: false, isTemplate: false };
    case 'socialImage':
      return {
        kind: 'socialImage',
        title: use.title,
        guid: use.pageGuid,
        key: null,
        isDraft: false,
        isTemplate: false,
      };
  }
}
