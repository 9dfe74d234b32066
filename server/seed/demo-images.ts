import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Executor } from '../db/client.ts';
import { media } from '../db/schema.ts';
import type { MediaStorage } from '../media/storage.ts';

/**
 * The demo's pictures, drawn as SVG and stored as JPEG originals through the media storage like an
 * upload (public images: the header image and the image block on "Over ons"). No binary files live
 * in the repository.
 */
const LANDSCAPE = (width: number, height: number) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 900">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8ec5e8"/><stop offset="1" stop-color="#e6f3f7"/>
    </linearGradient>
    <linearGradient id="field" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7fb069"/><stop offset="1" stop-color="#3f7d3a"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#sky)"/>
  <circle cx="1300" cy="180" r="90" fill="#fff3b0"/>
  <path d="M0 620 Q 400 520 800 600 T 1600 580 V 900 H 0 Z" fill="url(#field)"/>
  <rect x="760" y="430" width="36" height="200" fill="#6b4f32"/>
  <circle cx="778" cy="380" r="140" fill="#2f6b2f"/>
  <circle cx="700" cy="430" r="90" fill="#3b7f3b"/>
  <circle cx="860" cy="430" r="95" fill="#357535"/>
  <rect x="1040" y="520" width="220" height="130" fill="#c8553d"/>
  <path d="M1020 525 L1150 430 L1280 525 Z" fill="#7a2e1f"/>
  <rect x="1130" y="580" width="40" height="70" fill="#5a3a22"/>
</svg>`;

export async function storeDemoImage(
  db: Executor,
  storage: MediaStorage,
  input: { fileName: string; width: number; height: number },
): Promise<string> {
  const bytes = await sharp(Buffer.from(LANDSCAPE(input.width, input.height)))
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  const hash = createHash('sha256').update(bytes).digest('hex');
  const scratch = await storage.tempPath();
  await writeFile(scratch, bytes);
  await storage.put(hash, scratch);
  const [row] = await db
    .insert(media)
    .values({
      contentHash: hash,
      purpose: 'public',
      ownerGuid: null,
      uploadedBy: null,
      fileName: input.fileName,
      format: 'jpeg',
      width: input.width,
      height: input.height,
      size: bytes.length,
    })
    .returning({ id: media.id });
  if (!row) throw new Error('demo image not stored');
  return row.id;
}
