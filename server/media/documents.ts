import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import type { PDFDocument, PDFObject } from 'mupdf';
import type { DocumentFormat } from '../../common/media.ts';

/*
 * Documents (issue 27): what an uploaded file is, decided by its content, never its name. A PDF
 * starts with `%PDF-`; an office file is a ZIP whose `[Content_Types].xml` (OpenXML) or first
 * `mimetype` entry (OpenDocument) names the kind of document; CSV and plain text are valid UTF-8
 * without NUL that does not look like HTML, SVG or XML (a browser that sniffs could render those).
 * Only the parts that decide are read: the ZIP's directory and one small entry, the text's bytes.
 */

/** A ZIP's central directory larger than this is not an office document we take. */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
/** The entry that names the document's kind is small; a larger one is refused unread. */
const MAX_TYPE_ENTRY_BYTES = 1024 * 1024;
/** How much of a text decides whether it is CSV or plain text (and not markup). */
const TEXT_SNIFF_BYTES = 64 * 1024;

const OPENXML_TYPES: [string, DocumentFormat][] = [
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'docx'],
  ['application/vnd.ms-word.document.macroEnabled.main+xml', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml', 'pptx'],
];

const OPENDOCUMENT_TYPES: Record<string, DocumentFormat> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

/** The document format of a file, or null when it is none we take. */
export async function sniffDocument(path: string, size: number): Promise<DocumentFormat | null> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 1024));
    await file.read(head, 0, head.length, 0);
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
    if (head.readUInt32LE(0) === 0x04034b50) return await sniffZip(file, size);
    if (size === 0) return null;
    // The start decides what kind of text it is; the rest must be valid UTF-8 without NUL too,
    // checked a chunk at a time (a 50 MB text is never held whole).
    const start = Buffer.alloc(Math.min(size, TEXT_SNIFF_BYTES));
    await file.read(start, 0, start.length, 0);
    const kind = sniffText(start, size <= TEXT_SNIFF_BYTES);
    if (!kind || size <= TEXT_SNIFF_BYTES) return kind;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const chunk = Buffer.alloc(1024 * 1024);
    for (let position = 0; position < size; position += chunk.length) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      const part = chunk.subarray(0, bytesRead);
      if (part.includes(0)) return null;
      try {
        decoder.decode(part, { stream: position + bytesRead < size });
      } catch {
        return null;
      }
    }
    return kind;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  } finally {
    await file.close();
  }
}

/** CSV or plain text: valid UTF-8, no NUL, and nothing a browser would take for markup. */
export function sniffText(bytes: Buffer, isWhole = true): 'csv' | 'txt' | null {
  let text: string;
  try {
    // A cut-off start may end inside a character: only a whole file must end on one.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !isWhole });
  } catch {
    return null;
  }
  if (text.includes('\0')) return null;
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  // What the HTML standard's sniffing takes for markup, and SVG or XML anywhere near the start.
  if (
    /^<(!doctype|html|head|body|script|iframe|svg|\?xml|!--|title|style|div|p\b|a\b|img|table|br|h1)/.test(
      start,
    )
  ) {
    return null;
  }
  if (/<(svg|script|html)[\s>/]/.test(start)) return null;
  const lines = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  const commas = lines.map((line) => (line.match(/[;,\t]/g) ?? []).length);
  const first = commas[0] ?? 0;
  return lines.length >= 2 && first > 0 && commas.every((count) => count === first) ? 'csv' : 'txt';
}

type ZipEntry = { name: string; method: number; compressedSize: number; size: number; offset: number };

async function sniffZip(
  file: Awaited<ReturnType<typeof open>>,
  size: number,
): Promise<DocumentFormat | null> {
  const entries = await zipDirectory(file, size);
  if (!entries) return null;
  const types = entries.find((entry) => entry.name === '[Content_Types].xml');
  if (types) {
    const xml = (await readEntry(file, types))?.toString('utf8') ?? '';
    for (const [contentType, format] of OPENXML_TYPES) {
      if (xml.includes(`ContentType="${contentType}"`)) return format;
    }
    return null;
  }
  // OpenDocument: the first entry is `mimetype`, stored, naming the kind.
  const first = entries[0];
  if (first?.name !== 'mimetype' || first.offset !== 0) return null;
  const mimetype = (await readEntry(file, first))?.toString('ascii').trim() ?? '';
  return OPENDOCUMENT_TYPES[mimetype] ?? null;
}

/** The ZIP's entries from its central directory (the end record in the last 64 KB); null if none. */
async function zipDirectory(
  file: Awaited<ReturnType<typeof open>>,
  size: number,
): Promise<ZipEntry[] | null> {
  const tailLength = Math.min(size, 65_557);
  const tail = Buffer.alloc(tailLength);
  await file.read(tail, 0, tailLength, size - tailLength);
  let end = -1;
  for (let index = tailLength - 22; index >= 0; index--) {
    if (tail.readUInt32LE(index) === 0x06054b50) {
      end = index;
      break;
    }
  }
  if (end < 0) return null;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size) return null;
  const directory = Buffer.alloc(directorySize);
  await file.read(directory, 0, directorySize, directoryOffset);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    entries.push({
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      offset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries.sort((a, b) => a.offset - b.offset);
}

/** One small entry's bytes (stored or deflated); null when it is too large or unreadable. */
async function readEntry(file: Awaited<ReturnType<typeof open>>, entry: ZipEntry): Promise<Buffer | null> {
  if (entry.size > MAX_TYPE_ENTRY_BYTES || entry.compressedSize > MAX_TYPE_ENTRY_BYTES) return null;
  const header = Buffer.alloc(30);
  await file.read(header, 0, 30, entry.offset);
  if (header.readUInt32LE(0) !== 0x04034b50) return null;
  const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = Buffer.alloc(entry.compressedSize);
  await file.read(data, 0, data.length, start);
  if (entry.method === 0) return data;
  if (entry.method !== 8) return null;
  try {
    return inflateRawSync(data, { maxOutputLength: MAX_TYPE_ENTRY_BYTES });
  } catch {
    return null;
  }
}

/** A PDF's text kept for the site search, at most. */
export const MAX_DOCUMENT_TEXT = 100_000;
/** The width of a PDF's first page as rendered for its thumbnails. */
const THUMBNAIL_WIDTH = 800;

export type ProcessedPdf = {
  text: string;
  hasScript: boolean;
  /** The first page as a PNG, null when it could not be drawn. */
  thumbnail: { png: Uint8Array; width: number; height: number } | null;
};

/**
 * Opens a PDF with MuPDF (Artifex's WASM build, loaded on the first PDF only: start-up does not
 * pay for it): its text for the search, its first page drawn for the thumbnails, and whether it
 * holds JavaScript anywhere (an action's `/S /JavaScript` or a `/JS` key). Throws when MuPDF
 * cannot open it: a file that only starts like a PDF is refused.
 */
export async function processPdf(bytes: Uint8Array): Promise<ProcessedPdf> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const pdf = document.asPDF();
    if (!pdf) throw new Error('not a PDF');
    const pages = document.countPages();
    if (pages < 1) throw new Error('a PDF without pages');
    const texts: string[] = [];
    let length = 0;
    for (let index = 0; index < pages && length < MAX_DOCUMENT_TEXT; index++) {
      const page = document.loadPage(index);
      const text = page.toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ').trim();
      texts.push(text);
      length += text.length + 1;
    }
    let thumbnail: ProcessedPdf['thumbnail'] = null;
    try {
      const first = document.loadPage(0);
      const [x0, , x1] = first.getBounds();
      const scale = THUMBNAIL_WIDTH / Math.max(1, x1 - x0);
      const pixmap = first.toPixmap(
        mupdf.Matrix.scale(scale, scale),
        mupdf.ColorSpace.DeviceRGB,
        false,
        true,
      );
      thumbnail = { png: pixmap.asPNG(), width: pixmap.getWidth(), height: pixmap.getHeight() };
    } catch {
      thumbnail = null;
    }
    return { text: texts.join(' ').slice(0, MAX_DOCUMENT_TEXT), hasScript: holdsScript(pdf), thumbnail };
  } finally {
    document.destroy();
  }
}

/** Whether any object of the PDF is a JavaScript action or carries script (`/JS`). */
function holdsScript(pdf: PDFDocument): boolean {
  let found = false;
  const walk = (object: PDFObject, depth: number) => {
    if (found || depth > 32 || object.isIndirect()) return;
    if (object.isDictionary()) {
      const action = object.get('S');
      if ((action.isName() && action.asName() === 'JavaScript') || !object.get('JS').isNull()) {
        found = true;
        return;
      }
    }
    if (object.isDictionary() || object.isArray()) {
      object.forEach((value) => {
        walk(value, depth + 1);
      });
    }
  };
  walk(pdf.getTrailer(), 0);
  const count = pdf.countObjects();
  for (let number = 1; number < count && !found; number++) {
    walk(pdf.newIndirect(number).resolve(), 0);
  }
  return found;
}
