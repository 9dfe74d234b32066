import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { displayNameOf, initialsOf, type Viewer } from '../../common/site.ts';

/**
 * Pages for signed-in members from a cache shared by everyone with the same flags and roles (issue
 * 29), as Drupal's dynamic page cache does with placeholders. What a shared page shows depends on
 * who asks only through the policies (flags and roles, as the views of domains/cache.ts) and through
 * the viewer: the user menu's name and avatar, the terms and inactive dialogs. So a page is rendered
 * once for a class of members with a stand-in viewer: the class's own flags, its terms version,
 * photo or not and notice time (all in the cache key), and for what belongs to one person (name,
 * e-mail, guid, photo) marker values no content can hold. Each answer, kept or not, is that render
 * with the markers replaced by the person's own values, escaped as React and React Router wrote the
 * markers: as HTML text, inside the loader data's stream script, or in a `.data` answer's stream.
 * The render's script nonce is replaced by the answer's, so the page keeps a nonce policy.
 *
 * A render whose markers cannot all be found whole (a component that cut one up) is not filled: the
 * caller renders that page again with the person's own viewer and keeps nothing.
 */

/** Twelve random hex digits per process: part of every marker, and searched for (in any case) after cutting. */
const TOKEN = randomBytes(6).toString('hex');
const FIRST_MARK = '\uE000';
const LAST_MARK = '\uE001';

/** The person a members' page is rendered as. */
const STAND_IN = {
  guid: `00000000-0000-4000-8000-${TOKEN}`,
  photoGuid: `00000000-0000-4000-9000-${TOKEN}`,
  firstName: `${FIRST_MARK}${TOKEN}`,
  lastName: `${LAST_MARK}${TOKEN}`,
  email: `${TOKEN}@stand-in.invalid`,
} as const;

/** What the page shows of the person, as the components derive it (longest first). */
const SLOTS = ['name', 'guid', 'photoGuid', 'firstName', 'lastName', 'email', 'initials'] as const;
type Slot = (typeof SLOTS)[number] | 'nonce';
type Person = Pick<Viewer, 'guid' | 'firstName' | 'lastName' | 'email' | 'photoGuid'>;

const shownOf = (person: Person): Record<(typeof SLOTS)[number], string> => ({
  name: displayNameOf(person),
  guid: person.guid,
  photoGuid: person.photoGuid ?? '',
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  initials: initialsOf(person),
});

const STAND_IN_SHOWN = shownOf(STAND_IN);

/** The viewer a shared render gets: this member's flags, marker values for what is theirs alone. */
export function standInFor(viewer: Viewer): Viewer {
  return { ...viewer, ...STAND_IN, photoGuid: viewer.photoGuid ? STAND_IN.photoGuid : null };
}

/**
 * The part of a members' page key that the viewer decides, beside the actor's flags and roles: the
 * terms version accepted (the terms dialog), photo or initials (the avatar's markup) and the notice
 * time; never who it is.
 */
export function viewerClassKey(viewer: Viewer): string {
  return [
    viewer.termsOfUseVersionAccepted ?? '-',
    viewer.photoGuid ? 'photo' : '-',
    viewer.notificationCloseSeconds,
  ].join('|');
}

/** Where a marker was written: page markup, the stream script of an HTML page, a `.data` stream. */
type Context = 'html' | 'script' | 'json';

/** A render cut at its markers: `parts` around `holes` (one more part than holes). */
export type MemberTemplate = { parts: string[]; holes: { slot: Slot; context: Context }[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The render `text` cut at its markers, or null when a marker was cut up or changed (the page must
 * then be rendered with the person's own viewer). `nonce` is the render's script nonce.
 */
export function templateOf(text: string, nonce: string, kind: 'html' | 'data'): MemberTemplate | null {
  const markers = new Map<string, Slot>(SLOTS.map((slot) => [STAND_IN_SHOWN[slot], slot]));
  if (nonce) markers.set(nonce, 'nonce');
  // Longest first, so the name is not taken for the first name it starts with.
  const pattern = new RegExp(
    [...markers.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  const scripts = kind === 'html' ? scriptRanges(text) : [];
  const parts: string[] = [];
  const holes: MemberTemplate['holes'] = [];
  let at = 0;
  let range = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index;
    while (range < scripts.length && (scripts[range]?.[1] ?? 0) <= index) range += 1;
    const inScript = (scripts[range]?.[0] ?? Number.POSITIVE_INFINITY) <= index;
    parts.push(text.slice(at, index));
    holes.push({
      slot: markers.get(match[0]) ?? 'nonce',
      context: kind === 'data' ? 'json' : inScript ? 'script' : 'html',
    });
    at = index + match[0].length;
  }
  parts.push(text.slice(at));
  const isWhole = parts.every(
    (part) => !part.toLowerCase().includes(TOKEN) && !part.includes(FIRST_MARK) && !part.includes(LAST_MARK),
  );
  return isWhole ? { parts, holes } : null;
}

/** The page for this person: the template with their own values, and this answer's nonce. */
export function fill(template: MemberTemplate, person: Person, nonce: string): string {
  const values = valuesFor(template, person, nonce);
  let text = template.parts[0] ?? '';
  values.forEach((value, index) => {
    text += value + (template.parts[index + 1] ?? '');
  });
  return text;
}

/** What goes into each hole for this person, as written there. */
function valuesFor(template: MemberTemplate, person: Person, nonce: string): string[] {
  const shown = shownOf(person);
  const seen = new Map<string, string>();
  return template.holes.map((hole) => {
    const key = `${hole.slot}\u0000${hole.context}`;
    let value = seen.get(key);
    if (value === undefined) {
      value = written(hole.slot === 'nonce' ? nonce : shown[hole.slot], hole.context);
      seen.set(key, value);
    }
    return value;
  });
}

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A template whose parts are compressed once, each on its own (raw deflate ending on a byte
 * boundary, no last block): an answer's gzip is those blocks with the person's values between them
 * as stored blocks, so filling a kept page costs no compression (2–3 ms of brotli for 50 KB).
 */
export type CompressedTemplate = MemberTemplate & { bytes: Buffer[]; deflated: Buffer[] };

export async function compressTemplate(template: MemberTemplate): Promise<CompressedTemplate> {
  const bytes = template.parts.map((part) => Buffer.from(part, 'utf8'));
  const deflated = await Promise.all(
    bytes.map((part) => deflateRaw(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH })),
  );
  return { ...template, bytes, deflated };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block marked last: the end of the deflate stream. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const STORED_MAX = 0xffff;

/** The page for this person as one gzip member (RFC 1952), from the template's compressed parts. */
export function gzipFor(template: CompressedTemplate, person: Person, nonce: string): Buffer {
  const values = valuesFor(template, person, nonce).map((value) => Buffer.from(value, 'utf8'));
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.bytes.forEach((part, index) => {
    chunks.push(template.deflated[index] ?? Buffer.alloc(0));
    crc = zlib.crc32(part, crc);
    size += part.length;
    const value = values[index];
    if (!value) return;
    for (let at = 0; at < value.length; at += STORED_MAX) {
      const piece = value.subarray(at, at + STORED_MAX);
      const header = Buffer.alloc(5);
      header.writeUInt16LE(piece.length, 1);
      header.writeUInt16LE(~piece.length & 0xffff, 3);
      chunks.push(header, piece);
    }
    crc = zlib.crc32(value, crc);
    size += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** `value` as React (markup) or React Router (the loader data's stream) writes it there. */
function written(value: string, context: Context): string {
  if (context === 'html') return value.replace(/["'&<>]/g, (char) => HTML_ESCAPES[char] ?? char);
  const inStream = JSON.stringify(value).slice(1, -1);
  if (context === 'json') return inStream;
  return JSON.stringify(inStream)
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char] ?? char);
}

const HTML_ESCAPES: Record<string, string> = {
  '"': '&quot;',
  "'": '&#x27;',
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
};

const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** Where the page's `<script>` elements hold text: [start, end) of each content. */
function scriptRanges(html: string): [number, number][] {
  const ranges: [number, number][] = [];
  const open = /<script\b[^>]*>/gi;
  const close = /<\/script/gi;
  for (let match = open.exec(html); match; match = open.exec(html)) {
    const start = match.index + match[0].length;
    close.lastIndex = start;
    const end = close.exec(html)?.index ?? html.length;
    ranges.push([start, end]);
    open.lastIndex = end;
  }
  return ranges;
}
