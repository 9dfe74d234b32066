import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Executor } from '../db/client.ts';
import { media } from '../db/schema.ts';
import { searchTextOf } from '../domains/media/library.ts';
import type { MediaStorage } from '../media/storage.ts';

/**
 * The demo's pictures, drawn as SVG and stored as JPEG originals through the media storage like an
 * upload (public images: the header image and the image block on "Over ons"; library assets: the
 * gallery on "Activiteiten"). No binary files live in the repository.
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
  const hash = await storeBytes(storage, bytes);
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

/** The demo gallery's pictures (issue 27): three scenes of the village, drawn like the landscape. */
const SCENES = {
  market: `
<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 1600 1200">
  <rect width="1600" height="1200" fill="#bfe3f5"/>
  <rect y="760" width="1600" height="440" fill="#c9b79c"/>
  <rect x="180" y="560" width="300" height="220" fill="#f4e1c1"/><path d="M150 570 L330 440 L510 570 Z" fill="#d1495b"/>
  <rect x="650" y="560" width="300" height="220" fill="#f4e1c1"/><path d="M620 570 L800 440 L980 570 Z" fill="#edae49"/>
  <rect x="1120" y="560" width="300" height="220" fill="#f4e1c1"/><path d="M1090 570 L1270 440 L1450 570 Z" fill="#00798c"/>
  <circle cx="330" cy="700" r="28" fill="#d1495b"/><circle cx="800" cy="700" r="28" fill="#66a182"/><circle cx="1270" cy="700" r="28" fill="#edae49"/>
</svg>`,
  winter: `
<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 1600 1200">
  <rect width="1600" height="1200" fill="#d6dde4"/>
  <path d="M0 800 Q 500 720 900 790 T 1600 770 V 1200 H 0 Z" fill="#ffffff"/>
  <rect x="760" y="560" width="40" height="250" fill="#5b4636"/>
  <path d="M780 300 L620 620 H940 Z" fill="#2e5e4e"/><path d="M780 360 L660 560 H900 Z" fill="#f5f7f8" opacity="0.6"/>
  <rect x="1050" y="640" width="260" height="170" fill="#9c3d2c"/><path d="M1030 645 L1180 540 L1330 645 Z" fill="#ffffff"/>
  <rect x="1160" y="700" width="44" height="110" fill="#f6c453"/>
</svg>`,
  evening: `
<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 1600 1200">
  <defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d405b"/><stop offset="1" stop-color="#f2a65a"/></linearGradient></defs>
  <rect width="1600" height="1200" fill="url(#dusk)"/>
  <circle cx="400" cy="700" r="110" fill="#f9dc5c"/>
  <path d="M0 820 Q 400 760 800 810 T 1600 800 V 1200 H 0 Z" fill="#2d4739"/>
  <rect x="900" y="600" width="340" height="220" fill="#4a3b35"/><path d="M870 605 L1070 470 L1270 605 Z" fill="#2b211d"/>
  <rect x="960" y="660" width="60" height="60" fill="#ffd166"/><rect x="1120" y="660" width="60" height="60" fill="#ffd166"/>
</svg>`,
} as const;

export type DemoScene = keyof typeof SCENES;

/**
 * One of the gallery's pictures as an asset of the media library, described once (title, alt text
 * and caption in both languages), 1600×1200 JPEG. Who may see it follows where it is used.
 */
export async function storeDemoLibraryImage(
  db: Executor,
  storage: MediaStorage,
  input: {
    scene: DemoScene;
    fileName: string;
    title: string;
    alt: { nl: string; en: string };
    caption: { nl: string; en: string };
  },
): Promise<string> {
  const bytes = await sharp(Buffer.from(SCENES[input.scene])).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  const hash = await storeBytes(storage, bytes);
  const [row] = await db
    .insert(media)
    .values({
      contentHash: hash,
      purpose: 'library',
      ownerGuid: null,
      uploadedBy: null,
      fileName: input.fileName,
      format: 'jpeg',
      width: 1600,
      height: 1200,
      size: bytes.length,
      title: input.title,
      alt: input.alt,
      caption: input.caption,
      searchText: searchTextOf({ title: input.title, fileName: input.fileName, alt: input.alt, tags: [] }),
    })
    .returning({ id: media.id });
  if (!row) throw new Error('demo image not stored');
  return row.id;
}

/**
 * A document of the media library (issue 27) for the demo's download block: a plain-text file (a
 * format recognised by its content, as an upload is), described once with its title and language.
 */
export async function storeDemoDocument(
  db: Executor,
  storage: MediaStorage,
  input: { fileName: string; title: string; language: 'nl' | 'en'; text: string },
): Promise<string> {
  const bytes = Buffer.from(input.text, 'utf8');
  const hash = await storeBytes(storage, bytes);
  const [row] = await db
    .insert(media)
    .values({
      contentHash: hash,
      purpose: 'library',
      ownerGuid: null,
      uploadedBy: null,
      fileName: input.fileName,
      format: 'txt',
      width: 0,
      height: 0,
      size: bytes.length,
      title: input.title,
      language: input.language,
      searchText: searchTextOf({ title: input.title, fileName: input.fileName, alt: {}, tags: [] }),
    })
    .returning({ id: media.id });
  if (!row) throw new Error('demo document not stored');
  return row.id;
}

/** Puts a demo file's bytes into the media storage under their SHA-256, as an upload is stored. */
async function storeBytes(storage: MediaStorage, bytes: Buffer): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const scratch = await storage.tempPath();
  await writeFile(scratch, bytes);
  await storage.put(hash, scratch);
  return hash;
}
