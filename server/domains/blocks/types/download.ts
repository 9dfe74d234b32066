import type { DownloadBlockData, DownloadFile } from '../../../../common/blocks/download.ts';
import type { BlockContent, BlockOptions } from '../../../../common/blocks/index.ts';
import { imageUrl, isDocumentFormat, SITE_IMAGES } from '../../../../common/media.ts';
import { AppError } from '../../../errors.ts';
import { referencedMedia } from '../../media/references.ts';
import type { PreparedAsset, ServerBlockType } from './define.ts';

/**
 * A download block's documents as visitors get them (issue 27): every one still in the library, in
 * the editor's order, with its title, format, size and language; none left and no heading: null.
 */
export function downloadBlockData(
  content: BlockContent<'download'>,
  options: BlockOptions<'download'>,
  asset: (guid: string) => PreparedAsset | null | undefined,
): DownloadBlockData | null {
  const files = options.documentGuids.flatMap((guid): DownloadFile[] => {
    const found = asset(guid);
    if (!found || !isDocumentFormat(found.format)) return [];
    const v = found.version;
    return [
      {
        guid,
        url: imageUrl(guid, { v }),
        title: found.title,
        format: found.format,
        size: found.size,
        language: found.language ?? 'nl',
        thumbnail: found.hasThumbnail ? imageUrl(guid, { ...SITE_IMAGES.documentThumbnail, v }) : null,
      },
    ];
  });
  if (files.length === 0) return null;
  return { title: content.title, files };
}

export const download: ServerBlockType<'download'> = {
  prepare: ({ content, options, asset }) => downloadBlockData(content, options, asset),
  /** Every document must be one the block may name, and a document (not an image). */
  async checkOptions(tx, { actor, blockGuid, options }) {
    if (options.documentGuids.length === 0) return options;
    const found = await referencedMedia(tx, actor, { kind: 'block', guid: blockGuid }, options.documentGuids);
    options.documentGuids.forEach((guid, index) => {
      const row = found.get(guid);
      if (!row || !isDocumentFormat(row.format)) {
        throw new AppError('validation_failed', 'unknown document', [
          { path: `options.documentGuids.${index}`, message: 'validation.blockDocument' },
        ]);
      }
    });
    return options;
  },
};
