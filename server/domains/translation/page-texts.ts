import { TRANSLATION_LIMITS } from '../../../common/translation.ts';

/**
 * The texts a rendered page shows in a language (issue 34): what automatic translation may be asked
 * for. The browser translates the text nodes of the passages marked `lang="nl"` (below the document
 * element), each trimmed and cut at the API's length (web/auto-translate/translate-dom.ts); this
 * reads the same nodes from the server's HTML, so a visitor's request names only what the page shows.
 *
 * The HTML is our own render (React's, with the rich text the server made from Tiptap JSON), so a
 * small tokenizer does: tags with quoted attributes, comments (React puts `<!-- -->` between two text
 * nodes), raw-text elements and character references.
 */

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'template']);

const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  euro: '\u20ac',
  copy: '\u00a9',
};

export function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[name.toLowerCase()] ?? whole;
  });
}

/** A text node as the browser's request has it: trimmed and cut at the API's length. */
export const comparableText = (text: string) => text.trim().slice(0, TRANSLATION_LIMITS.textLength);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const LANG_ATTRIBUTE = /(?:^|\s)lang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/i;

/** The trimmed text nodes inside elements marked `lang={language}` (not the document element). */
export function shownTexts(html: string, language: string): Set<string> {
  const texts = new Set<string>();
  /** Open elements, and whether each is marked with the language. */
  const open: { name: string; isMarked: boolean }[] = [];
  let marked = 0;
  let text = '';
  const flush = () => {
    if (marked > 0) {
      const value = comparableText(decodeCharacterReferences(text));
      if (value !== '') texts.add(value);
    }
    text = '';
  };
  let at = 0;
  while (at < html.length) {
    const next = html.indexOf('<', at);
    if (next === -1) {
      text += html.slice(at);
      break;
    }
    text += html.slice(at, next);
    if (html.startsWith('<!--', next)) {
      flush();
      const end = html.indexOf('-->', next + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', next) || html.startsWith('<?', next)) {
      flush();
      const end = html.indexOf('>', next);
      at = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = next;
    const tag = TAG.exec(html);
    if (!tag) {
      // A '<' that starts no tag is text, as the browser reads it.
      text += '<';
      at = next + 1;
      continue;
    }
    flush();
    at = TAG.lastIndex;
    const [, closing, rawName = '', attributes = ''] = tag;
    const name = rawName.toLowerCase();
    if (closing) {
      const index = open.findLastIndex((element) => element.name === name);
      if (index !== -1) {
        for (const element of open.splice(index)) if (element.isMarked) marked -= 1;
      }
      continue;
    }
    if (RAW_TEXT_ELEMENTS.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, at);
      at = end === -1 ? html.length : end;
      continue;
    }
    if (VOID_ELEMENTS.has(name) || attributes.trimEnd().endsWith('/')) continue;
    const lang = LANG_ATTRIBUTE.exec(attributes);
    const isMarked = name !== 'html' && (lang?.[1] ?? lang?.[2] ?? lang?.[3]) === language;
    if (isMarked) marked += 1;
    open.push({ name, isMarked });
  }
  flush();
  return texts;
}
