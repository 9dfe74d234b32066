import type { Locale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import type { PreparedAsset } from '../blocks/types/define.ts';
import { findAssets } from './library.ts';

/**
 * The library assets that image, gallery and cards blocks show (issue 27), in one language: looked
 * up once per page build, so that an asset's alt text, caption, focal point and file reach every
 * block that shows it. `stamp` is the asset's version of record (its last change): prepared block
 * views are kept per block row version and the stamps of the assets they show.
 */
export type BlockAssets = ReadonlyMap<string, { asset: PreparedAsset | null; stamp: string }>;

/** The asset guids image, gallery, download and cards blocks name (as stored; any other block names none). */
export function blockAssetGuids(rows: readonly { buildingBlockName: string; options: unknown }[]): string[] {
  const guids = new Set<string>();
  for (const row of rows) {
    if (row.buildingBlockName === 'image') {
      const guid = (row.options as { imageGuid?: unknown } | null)?.imageGuid;
      if (typeof guid === 'string' && guid !== '') guids.add(guid.toLowerCase());
    } else if (row.buildingBlockName === 'gallery' || row.buildingBlockName === 'download') {
      const options = row.options as { imageGuids?: unknown; documentGuids?: unknown } | null;
      const named = row.buildingBlockName === 'gallery' ? options?.imageGuids : options?.documentGuids;
      for (const guid of Array.isArray(named) ? named : []) {
        if (typeof guid === 'string' && guid !== '') guids.add(guid.toLowerCase());
      }
    } else if (row.buildingBlockName === 'cards') {
      const cards = (row.options as { cards?: unknown } | null)?.cards;
      for (const card of Array.isArray(cards) ? cards : []) {
        const guid = (card as { imageGuid?: unknown } | null)?.imageGuid;
        if (typeof guid === 'string' && guid !== '') guids.add(guid.toLowerCase());
      }
    }
  }
  return [...guids];
}

export async function loadBlockAssets(
  db: Executor,
  guids: readonly string[],
  locale: Locale,
): Promise<BlockAssets> {
  const rows = await findAssets(db, guids);
  return new Map(
    guids.map((guid): [string, { asset: PreparedAsset | null; stamp: string }] => {
      const row = rows.get(guid.toLowerCase());
      if (!row) return [guid.toLowerCase(), { asset: null, stamp: 'gone' }];
      const asset: PreparedAsset = {
        width: row.width,
        height: row.height,
        alt: row.isDecorative ? '' : row.alt[locale] || row.alt.nl || '',
        isDecorative: row.isDecorative,
        caption: row.caption[locale] || row.caption.nl || '',
        credit: row.credit,
        version: row.version,
        focalX: row.focalX,
        focalY: row.focalY,
        title: row.title,
        format: row.format,
        size: row.size,
        language: row.language,
        hasThumbnail: row.thumbnailHash !== null,
      };
      return [guid.toLowerCase(), { asset, stamp: String(row.updatedAt.getTime()) }];
    }),
  );
}
