import {
  BLACK,
  contrastRatio,
  LIGHT_SURFACE_LUMINANCE,
  MIN_TEXT_CONTRAST,
  readablePrimaryShade,
  readableShade,
  relativeLuminance,
  sitePalette,
  WHITE,
} from './colors.ts';
import { isLatitude, isLongitude } from './geo.ts';
import { LOCALES, type Locale } from './localized-text.ts';
import { type LayoutPosition, layoutPositions, type PageLayout } from './pages.ts';
import { isAllowedUrl, parseLinkReference, videoEmbedUrl } from './urls.ts';

/*
 * The accessibility check of a page draft before it is published (issue 13), like Wagtail's
 * checker: what an editor put on the page that some readers cannot use. It reads the draft as the
 * site would render it (web/blocks/<Type>/View.tsx, the rich text renderer, web/layouts/PageView)
 * and never throws: content it cannot read is content the site does not show either.
 * Pure, without zod, so edit mode runs it in the browser and the publish flow on the server.
 */

export const ACCESSIBILITY_CODES = [
  'imageAlt',
  'headingSkip',
  'emptyLink',
  'vagueLinkText',
  'contrast',
  'videoTitle',
  'brokenLink',
  'tableHeaders',
  'mapTitle',
] as const;
export type AccessibilityCode = (typeof ACCESSIBILITY_CODES)[number];

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** What each kind of finding says besides where it is. Texts are cut to MAX_DETAIL_LENGTH. */
export type AccessibilityDetails = {
  /**
   * `missing`: no alt text; `fileName`: the alt text is a file name (`IMG_0042.jpg`). An image block,
   * one image of a gallery or one card's image (a finding per image, in the block's order).
   */
  imageAlt: { reason: 'missing' | 'fileName'; text: string; isLinked: boolean };
  /** A heading at level `to` right after one at level `from` (`to` > `from` + 1); `text` is the heading's. */
  headingSkip: { from: HeadingLevel; to: HeadingLevel; text: string };
  /** A link (rich text or button) without text; `href` names it for the editor. */
  emptyLink: { href: string };
  /** Link text that does not say where the link goes (`klik hier`), or has no letters at all (`→`). */
  vagueLinkText: { text: string; href: string };
  /**
   * A combination the site draws with its chosen colour that is below 4.5:1: `link` is link text
   * in the site colour on white, `filledButton` the text on filled buttons and the menu bar.
   * `ratio` is rounded down to two decimals (4.499 shows as 4.49, not as a passing 4.5).
   */
  contrast: { usage: 'link' | 'filledButton'; ratio: number; foreground: string; background: string };
  /** A video whose title (the name of its player for screen readers) is empty. */
  videoTitle: { url: string };
  /**
   * A link to a page or list item of the site (`page:<guid>`, `item:<guid>`, issue 26) whose target
   * is `gone` (deleted), `unpublished`, or published but served nowhere (`unreachable`: in no menu);
   * visitors get its text without the link. `text` is the link's text (a button's label, an alt text).
   */
  brokenLink: { reason: BrokenLinkReason; text: string; href: string };
  /**
   * A table block with neither a header row nor a header column (a data table needs headers, so
   * that a screen reader can say which row and column a cell is in); `caption` names it ('' when none).
   */
  tableHeaders: { caption: string };
  /**
   * A map block (issue 31) without the place's name: its frame and its link to OpenStreetMap are
   * named by it, so screen readers would announce neither; `address` names the map ('' when none).
   */
  mapTitle: { address: string };
};

export const BROKEN_LINK_REASONS = ['gone', 'unpublished', 'unreachable'] as const;
export type BrokenLinkReason = (typeof BROKEN_LINK_REASONS)[number];

type FindingOf<C extends AccessibilityCode> = {
  code: C;
  /** The block to show; null for what concerns the whole site (the colours). */
  blockGuid: string | null;
  position: LayoutPosition | null;
  /** The content language the finding is in; null when it does not depend on the language. */
  language: Locale | null;
  details: AccessibilityDetails[C];
};

export type AccessibilityFinding = { [C in AccessibilityCode]: FindingOf<C> }[AccessibilityCode];

/** A block of the draft: `content` per language as stored (anything at all: it is read defensively). */
export type AccessibilityBlock = {
  guid: string;
  name: string;
  position: LayoutPosition;
  sortId: number;
  content: unknown;
  options: Record<string, unknown>;
};

/** The colours an admin chooses (the platform settings of those names); only `colorScheme` colours text. */
export type AccessibilityColours = { colorScheme: string };

export type AccessibilityInput = {
  layout: PageLayout;
  blocks: readonly AccessibilityBlock[];
  colours: AccessibilityColours;
  /** Why the page and item references of the draft that visitors would not follow are not linked. */
  brokenLinks?: Readonly<Record<string, BrokenLinkReason>>;
  /**
   * The media library's description of the images the blocks show (issue 27), by lower-case asset
   * guid: an image block or a gallery's image without alt text of its own says what its asset says.
   * A gallery shows only the images named here (the others are gone from the library).
   */
  assets?: Readonly<Record<string, AccessibilityAsset>>;
};

/** What the library says of an image: its alt text per language, or that it is decorative. */
export type AccessibilityAsset = { alt: Partial<Record<Locale, string>>; isDecorative: boolean };

export const MAX_DETAIL_LENGTH = 80;

/**
 * Link texts that do not say where a link goes, per content language, as `normalizeLinkText`
 * leaves them (lower case, no punctuation, single spaces).
 */
export const VAGUE_LINK_TEXTS: Record<Locale, readonly string[]> = {
  nl: [
    'klik hier',
    'klik',
    'hier',
    'klik op deze link',
    'deze link',
    'link',
    'lees meer',
    'lees verder',
    'verder lezen',
    'meer',
    'meer info',
    'meer informatie',
    'verder',
    'ga verder',
    'bekijk',
    'bekijk hier',
    'zie hier',
    'deze pagina',
    'pagina',
    'website',
    'download',
    'download hier',
  ],
  en: [
    'click here',
    'click',
    'here',
    'click this link',
    'this link',
    'link',
    'read more',
    'continue reading',
    'more',
    'more info',
    'more information',
    'learn more',
    'find out more',
    'continue',
    'see here',
    'view',
    'this page',
    'page',
    'website',
    'download',
    'download here',
  ],
};

/** Link text as compared with the vague ones: trimmed, lower case, punctuation and symbols gone. */
export function normalizeLinkText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The findings of a draft: its blocks in reading order (Dutch, then English), then the site's colours. */
export function checkAccessibility(input: AccessibilityInput): AccessibilityFinding[] {
  const blocks = renderedBlocks(input);
  const findings: AccessibilityFinding[] = [];
  for (const block of blocks) {
    for (const language of LOCALES) {
      const content = contentIn(block, language);
      if (content === null) continue;
      try {
        for (const finding of blockFindings(
          block,
          content,
          language,
          input.brokenLinks ?? {},
          input.assets ?? {},
        ))
          findings.push(finding);
      } catch {
        // Content no reader anticipated (a getter, a proxy): the site would not show it either.
      }
    }
  }
  findings.push(...headingFindings(blocks));
  // In the order the page reads, block by block (Dutch before English); the site's colours last.
  const order = new Map(blocks.map((block, index) => [block.guid, index]));
  const rank = (finding: AccessibilityFinding) =>
    (order.get(finding.blockGuid ?? '') ?? 0) * 2 + (finding.language === 'en' ? 1 : 0);
  return [...findings.sort((a, b) => rank(a) - rank(b)), ...colourFindings(input.colours)];
}

// ─── reading the draft ───────────────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;

function asRecord(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

/** An own property only: `__proto__`, `constructor` and friends are never read from the prototype. */
function field(value: unknown, key: string): unknown {
  const record = asRecord(value);
  return record !== null && Object.hasOwn(record, key) ? record[key] : undefined;
}

function stringField(value: unknown, key: string): string | null {
  const found = field(value, key);
  return typeof found === 'string' ? found : null;
}

function arrayField(value: unknown, key: string): readonly unknown[] {
  const found = field(value, key);
  return Array.isArray(found) ? found : [];
}

const cut = (text: string) =>
  text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH - 1)}…` : text;

/** Visible text: trimmed, without the zero-width characters that show nothing. */
const visible = (text: string) => text.replace(/[\u200b-\u200d\u2060\ufeff]/g, '').trim();

/** The blocks the page's layout shows, in reading order (a side column the layout lacks shows nothing). */
function renderedBlocks(input: AccessibilityInput): AccessibilityBlock[] {
  const blocks = Array.isArray(input.blocks) ? input.blocks : [];
  const order = layoutPositions(input.layout);
  const valid = blocks.filter(
    (block): block is AccessibilityBlock =>
      asRecord(block) !== null && typeof block.guid === 'string' && typeof block.name === 'string',
  );
  return order.flatMap((position) =>
    valid
      .map((block, index) => ({ block, index }))
      .filter(({ block }) => block.position === position)
      .sort(
        (a, b) =>
          (Number.isFinite(a.block.sortId) ? a.block.sortId : 0) -
            (Number.isFinite(b.block.sortId) ? b.block.sortId : 0) || a.index - b.index,
      )
      .map(({ block }) => block),
  );
}

/** The block's own content in `language`, or null when it has none there. */
function contentIn(block: AccessibilityBlock, language: Locale): Json | null {
  try {
    return asRecord(field(block.content, language));
  } catch {
    return null;
  }
}

/**
 * What a page in `language` shows of a block: its content in that language, or, when it has no
 * translation, the Dutch content (pickLocale).
 */
function shownContent(block: AccessibilityBlock, language: Locale): Json | null {
  try {
    if (language !== 'nl' && field(block.content, language) === undefined) return contentIn(block, 'nl');
    return contentIn(block, language);
  } catch {
    return null;
  }
}

// ─── rich text ───────────────────────────────────────────────────────────────────────────────────

/** The nodes and marks the server's renderer knows (Tiptap's StarterKit); any other renders nothing. */
const RICH_TEXT_NODES = new Set([
  'doc',
  'paragraph',
  'text',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'hardBreak',
  'horizontalRule',
]);
const RICH_TEXT_MARKS = new Set(['bold', 'italic', 'underline', 'strike', 'code', 'link']);
/** Deeper or larger documents than any editor makes are not read (the renderer would give up on them too). */
const MAX_RICH_TEXT_DEPTH = 100;
const MAX_RICH_TEXT_NODES = 50_000;

type RichTextLink = { text: string; href: string };
type Heading = { level: HeadingLevel; text: string };
type RichTextOutline = { headings: Heading[]; links: RichTextLink[] };

/**
 * The headings and links of a rich text document as the server renders it, or null when the
 * renderer would render nothing (an unknown node or mark, an empty text node, not a document).
 * Adjacent text with the same link is one link, as the editor made it (`lees ` + bold `meer`).
 */
function readRichText(doc: unknown): RichTextOutline | null {
  if (stringField(doc, 'type') !== 'doc') return null;
  const outline: RichTextOutline = { headings: [], links: [] };
  let budget = MAX_RICH_TEXT_NODES;

  /** The node's text (for headings), or null when the node cannot be rendered. */
  function visit(node: unknown, depth: number): string | null {
    budget -= 1;
    if (budget < 0 || depth > MAX_RICH_TEXT_DEPTH) return null;
    const type = stringField(node, 'type');
    if (type === null || !RICH_TEXT_NODES.has(type)) return null;
    const marks = field(node, 'marks');
    if (marks !== undefined && !readMarks(marks)) return null;
    if (type === 'text') {
      const text = stringField(node, 'text');
      return text === null || text === '' ? null : text;
    }
    const children = field(node, 'content');
    if (children !== undefined && !Array.isArray(children)) return null;
    const heading = type === 'heading' ? outline.headings.push({ level: 1, text: '' }) - 1 : -1;
    let text = '';
    let link: RichTextLink | null = null;
    for (const child of children ?? []) {
      const childText = visit(child, depth + 1);
      if (childText === null) return null;
      text += childText;
      const href = stringField(child, 'type') === 'text' ? linkHref(field(child, 'marks')) : null;
      if (href === null) link = null;
      else if (link !== null && link.href === href) link.text += childText;
      else {
        link = { text: childText, href };
        outline.links.push(link);
      }
    }
    if (heading >= 0) outline.headings[heading] = { level: headingLevel(field(node, 'attrs')), text };
    return text;
  }

  return visit(doc, 0) === null ? null : outline;
}

function readMarks(marks: unknown): boolean {
  return (
    Array.isArray(marks) &&
    marks.every((mark) => {
      const type = stringField(mark, 'type');
      return type !== null && RICH_TEXT_MARKS.has(type);
    })
  );
}

/** The href of a text's link mark when the renderer keeps it (it drops links that break the link rule). */
function linkHref(marks: unknown): string | null {
  if (!Array.isArray(marks)) return null;
  for (const mark of marks) {
    if (stringField(mark, 'type') !== 'link') continue;
    const href = stringField(field(mark, 'attrs'), 'href');
    return href !== null && isAllowedUrl(href, 'link') ? href : null;
  }
  return null;
}

/** Tiptap renders a level it does not know (or none) as its first level, h1. */
function headingLevel(attrs: unknown): HeadingLevel {
  const level = field(attrs, 'level');
  return typeof level === 'number' && Number.isInteger(level) && level >= 1 && level <= 6
    ? (level as HeadingLevel)
    : 1;
}

// ─── per block ───────────────────────────────────────────────────────────────────────────────────

/** The rich text documents of a block's content (text and notice: one, accordion: one per panel). */
function richTextDocs(name: string, content: Json): unknown[] {
  if (name === 'text' || name === 'notice') return [field(content, 'doc')];
  if (name === 'accordion') return arrayField(content, 'items').map((item) => field(item, 'doc'));
  return [];
}

/**
 * The cards a cards block shows in a language, in order (blocks/types/cards.ts): each card of the
 * options whose texts there have a title; with its image guid, link and own alt text.
 */
function shownCards(
  content: Json,
  options: unknown,
): { title: string; alt: string | null; imageGuid: string | null; href: string | null }[] {
  const texts = field(content, 'cards');
  return arrayField(options, 'cards').flatMap((card) => {
    const key = stringField(card, 'key');
    const own = key === null ? undefined : field(texts, key);
    const title = visible(stringField(own, 'title') ?? '');
    if (title === '') return [];
    const imageGuid = stringField(card, 'imageGuid');
    const href = stringField(card, 'href');
    return [
      {
        title,
        alt: stringField(own, 'alt'),
        imageGuid: imageGuid === '' ? null : imageGuid,
        href: href !== null && href !== '' && isAllowedUrl(href, 'link') ? href : null,
      },
    ];
  });
}

/** The block types whose title the view renders as an h2 (list, widget, form, notice, call to action, contact card). */
const TITLED_BLOCKS = new Set(['list', 'widget', 'form', 'notice', 'callToAction', 'contact']);

/**
 * The headings a block renders, in order: its title (h2), then those of its rich text; a cards
 * block's are its cards' titles (h2, as a list's item titles without a list title).
 */
function blockHeadings(name: string, content: Json, options: unknown): Heading[] {
  if (name === 'cards') return shownCards(content, options).map(({ title }) => ({ level: 2, text: title }));
  const title = TITLED_BLOCKS.has(name) ? (stringField(content, 'title')?.trim() ?? '') : '';
  return [
    ...(title !== '' ? [{ level: 2 as const, text: title }] : []),
    ...richTextDocs(name, content).flatMap((doc) => readRichText(doc)?.headings ?? []),
  ];
}

const FILE_NAME = /^[^\s/\\]{0,200}\.(?:jpe?g|png|gif|webp|avif|svg|heic|heif|bmp|tiff?)$/i;

/** What the media library says of the asset `guid` (issue 27); undefined when the draft's input does not name it. */
function libraryAsset(
  assets: Readonly<Record<string, AccessibilityAsset>>,
  guid: string,
): AccessibilityAsset | undefined {
  const key = guid.toLowerCase();
  return Object.hasOwn(assets, key) ? assets[key] : undefined;
}

/**
 * The alt text an image block or a gallery's image shows in `language`, as the server prepares it
 * (blocks/types/image.ts, gallery.ts, media/block-assets.ts): its own, else its library asset's in
 * that language or Dutch; '' when it has none. Null when it needs none: a decorative asset (the
 * library's explicit choice) without alt text of its own, unless the image is a link.
 */
function shownAlt(
  own: string | null,
  asset: AccessibilityAsset | undefined,
  language: Locale,
  isLinked: boolean,
): string | null {
  const ownAlt = visible(own ?? '');
  if (ownAlt !== '') return ownAlt;
  if (asset?.isDecorative) return isLinked ? '' : null;
  return visible((asset && (asset.alt[language] || asset.alt.nl)) || '');
}

function blockFindings(
  block: AccessibilityBlock,
  content: Json,
  language: Locale,
  brokenLinks: Readonly<Record<string, BrokenLinkReason>>,
  assets: Readonly<Record<string, AccessibilityAsset>> = {},
): AccessibilityFinding[] {
  const at = { blockGuid: block.guid, position: block.position, language };
  const findings: AccessibilityFinding[] = [];
  const checkTarget = (text: string, href: string) => {
    // Most links are no reference the server named: one own-key lookup, before reading the value.
    if (!Object.hasOwn(brokenLinks, href) || parseLinkReference(href) === null) return;
    const reason = brokenLinks[href];
    if (reason === undefined || !BROKEN_LINK_REASONS.includes(reason)) return;
    findings.push({ ...at, code: 'brokenLink', details: { reason, text: cut(visible(text)), href } });
  };
  const checkLink = (text: string, href: string, withTarget = true) => {
    if (withTarget) checkTarget(text, href);
    const shown = visible(text);
    if (shown === '') {
      findings.push({ ...at, code: 'emptyLink', details: { href: cut(href) } });
      return;
    }
    // A text longer than any vague phrase need not be normalised (huge strings stay cheap).
    if (shown.length > 40) return;
    const normalized = normalizeLinkText(shown);
    if (normalized === '' || VAGUE_LINK_TEXTS[language].includes(normalized)) {
      findings.push({ ...at, code: 'vagueLinkText', details: { text: cut(shown), href: cut(href) } });
    }
  };

  /** An image's alt text: a finding when it is missing or a file name (then true). */
  const checkAlt = (alt: string, isLinked: boolean): boolean => {
    if (alt === '') {
      findings.push({ ...at, code: 'imageAlt', details: { reason: 'missing', text: '', isLinked } });
    } else if (FILE_NAME.test(alt)) {
      findings.push({ ...at, code: 'imageAlt', details: { reason: 'fileName', text: cut(alt), isLinked } });
    } else {
      return false;
    }
    return true;
  };

  switch (block.name) {
    case 'text':
    case 'accordion':
    case 'notice':
      for (const doc of richTextDocs(block.name, content)) {
        for (const link of readRichText(doc)?.links ?? []) checkLink(link.text, link.href);
      }
      break;
    case 'buttons':
    case 'callToAction':
      // A call to action without a title shows nothing (blocks/types/call-to-action.ts).
      if (block.name === 'callToAction' && visible(stringField(content, 'title') ?? '') === '') break;
      for (const button of arrayField(content, 'buttons')) {
        const label = stringField(button, 'label');
        if (asRecord(button) !== null) checkLink(label ?? '', stringField(button, 'href') ?? '');
      }
      break;
    case 'image': {
      // An image not chosen yet shows nothing.
      const imageGuid = stringField(block.options, 'imageGuid');
      if (imageGuid === null || imageGuid === '') break;
      const href = stringField(block.options, 'href');
      const isLinked = href !== null && href !== '' && isAllowedUrl(href, 'link');
      const alt = shownAlt(stringField(content, 'alt'), libraryAsset(assets, imageGuid), language, isLinked);
      if (alt === null) break;
      if (checkAlt(alt, isLinked)) {
        // The link is the block's, not a language's: named once, in the first language it shows in.
        if (isLinked && (language === 'nl' || contentIn(block, 'nl') === null)) checkTarget(alt, href);
      } else if (isLinked) {
        // The alt text is the link's text.
        checkLink(alt, href);
      }
      break;
    }
    case 'gallery': {
      // Each image still in the library, with the block's own alt text or else the asset's; the
      // thumbnails' links are named by their place when an image says nothing (web/blocks/Gallery).
      const alts = field(content, 'alts');
      const ownAlts = new Map(
        Object.keys(asRecord(alts) ?? {}).map((guid) => [guid.toLowerCase(), stringField(alts, guid)]),
      );
      for (const imageGuid of arrayField(block.options, 'imageGuids')) {
        if (typeof imageGuid !== 'string') continue;
        const asset = libraryAsset(assets, imageGuid);
        if (asset === undefined) continue;
        const alt = shownAlt(ownAlts.get(imageGuid.toLowerCase()) ?? null, asset, language, false);
        if (alt !== null) checkAlt(alt, false);
      }
      break;
    }
    case 'cards': {
      // A card is one link, named by its title (its image's alt text is not the link's name); its
      // image says what the library or the card says of it. The links are options (the same in
      // every language): a broken one is named once, in the first language the block shows in.
      const isFirstLanguage = language === 'nl' || contentIn(block, 'nl') === null;
      for (const card of shownCards(content, block.options)) {
        if (card.imageGuid !== null) {
          const asset = libraryAsset(assets, card.imageGuid);
          const alt = asset === undefined ? null : shownAlt(card.alt, asset, language, false);
          if (alt !== null) checkAlt(alt, false);
        }
        if (card.href !== null) checkLink(card.title, card.href, isFirstLanguage);
      }
      break;
    }
    case 'table': {
      // The headers are options (the same in every language): named once, in the first language the
      // table shows in. A table whose cells are all empty shows nothing (blocks/types/table.ts).
      if (language !== 'nl' && contentIn(block, 'nl') !== null) break;
      if (block.options.headerRow !== false || block.options.headerColumn === true) break;
      const cells = arrayField(content, 'rows').flatMap((row) => (Array.isArray(row) ? row : []));
      if (!cells.some((cell) => visible(stringField(cell, 'text') ?? '') !== '')) break;
      findings.push({
        ...at,
        code: 'tableHeaders',
        details: { caption: cut(visible(stringField(content, 'caption') ?? '')) },
      });
      break;
    }
    case 'video': {
      // A URL that is not a video we embed shows nothing.
      const url = stringField(content, 'url');
      if (url === null || videoEmbedUrl(url) === null) break;
      if (visible(stringField(content, 'title') ?? '') === '') {
        findings.push({ ...at, code: 'videoTitle', details: { url: cut(url) } });
      }
      break;
    }
    case 'map': {
      // A map without a place shows nothing (blocks/types/map.ts).
      if (!isLatitude(block.options.latitude) || !isLongitude(block.options.longitude)) break;
      if (visible(stringField(content, 'title') ?? '') === '') {
        const address = cut(visible(stringField(content, 'address') ?? ''));
        findings.push({ ...at, code: 'mapTitle', details: { address } });
      }
      break;
    }
  }
  return findings;
}

// ─── headings across the page ────────────────────────────────────────────────────────────────────

/**
 * Headings that skip a level, walking the page as it reads in each language: the page title (h1),
 * then every block's headings in reading order, across the side columns. The English page shows
 * blocks without a translation in Dutch; what the Dutch walk found already is not repeated.
 */
function headingFindings(blocks: readonly AccessibilityBlock[]): AccessibilityFinding[] {
  const findings: AccessibilityFinding[] = [];
  const seen = new Set<string>();
  for (const language of LOCALES) {
    if (language !== 'nl' && !blocks.some((block) => contentIn(block, language) !== null)) continue;
    let previous: HeadingLevel = 1;
    for (const block of blocks) {
      const content = shownContent(block, language);
      if (content === null) continue;
      let headings: Heading[] = [];
      try {
        headings = blockHeadings(block.name, content, block.options);
      } catch {
        headings = [];
      }
      for (const heading of headings) {
        if (heading.level > previous + 1) {
          const details = { from: previous, to: heading.level, text: cut(heading.text.trim()) };
          const key = JSON.stringify([block.guid, details.from, details.to, details.text]);
          if (!seen.has(key)) {
            seen.add(key);
            findings.push({
              code: 'headingSkip',
              blockGuid: block.guid,
              position: block.position,
              language,
              details,
            });
          }
        }
        previous = heading.level;
      }
    }
  }
  return findings;
}

// ─── the site's colours ──────────────────────────────────────────────────────────────────────────

const roundDown = (ratio: number) => Math.floor(ratio * 100) / 100;

/**
 * The text the theme (web/theme.ts) draws with the site's colour: links in the primary shade on
 * white, and on filled buttons and the menu bar white text (black on a light colour, Mantine's
 * autoContrast) on the primary shade, which the theme darkens where white text needs it.
 */
function colourFindings(colours: unknown): AccessibilityFinding[] {
  const palette = sitePalette(field(colours, 'colorScheme'));
  const shade = readablePrimaryShade(palette);
  const primary = palette[shade] ?? WHITE;
  const isLight = (relativeLuminance(primary) ?? 0) > LIGHT_SURFACE_LUMINANCE;
  const combinations = [
    { usage: 'link' as const, foreground: primary, background: WHITE },
    {
      usage: 'filledButton' as const,
      foreground: isLight ? BLACK : WHITE,
      background: isLight ? primary : readableShade(palette, shade, WHITE),
    },
  ];
  return combinations.flatMap(({ usage, foreground, background }): AccessibilityFinding[] => {
    const ratio = contrastRatio(foreground, background) ?? 0;
    if (ratio >= MIN_TEXT_CONTRAST) return [];
    return [
      {
        code: 'contrast',
        blockGuid: null,
        position: null,
        language: null,
        details: { usage, ratio: roundDown(ratio), foreground, background },
      },
    ];
  });
}
