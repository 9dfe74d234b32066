import { open } from 'node:fs/promises';
import { PDF_MAGIC, PDF_MIME_TYPE, type SniffedFile } from '../../common/forms/files.ts';
import { IMAGE_MIME_TYPES } from '../../common/media.ts';
import { AppError } from '../errors.ts';
import { probeImage } from './transform.ts';

/**
 * What a received file is, from its bytes alone (never its name or the type the client stated):
 * a PDF by its magic number, an image by the media module's own check (sharp reads the header;
 * the same formats and pixel limit as an image upload). Null: neither.
 */
export async function sniffFile(file: string): Promise<SniffedFile | null> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(PDF_MAGIC.length);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (head.toString('latin1') === PDF_MAGIC) return { type: 'pdf', contentType: PDF_MIME_TYPE };
  try {
    const image = await probeImage(file);
    return { type: 'image', format: image.format, contentType: IMAGE_MIME_TYPES[image.format] };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
