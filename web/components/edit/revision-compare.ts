import { isBlockTypeName } from '../../../common/blocks/names';
import type { RichTextNode } from '../../../common/blocks/rich-text';
import type { Locale } from '../../../common/localized-text';
import { type DraftBlock, type PageChange, type PageDocument, sameJson } from '../../../common/page-drafts';
import { LAYOUT_POSITIONS, type LayoutPosition } from '../../../common/pages';
import { formatMoment } from '../../account/format';
import type { TFunction } from '../../i18n';
import '../../i18n/editor';

/**
 * The page history in words (issue 13): what a publish changed ("Tekst gewijzigd in Hoofdinhoud"),
 * when and by whom, and two revisions side by side, block by block, as readable text. Pure, so the
 * drawer only lays it out.
 */

/** A block type's name as the block picker says it; an unknown type keeps its stored name. */
export function blockTypeName(t: TFunction, name: string): string {
  return isBlockTypeName(name) ? t(`blockEditor.types.${name}`) : name;
}

/** A layout position as the history names it ("Hoofdinhoud", "Rechterkolom"). */
export const positionName = (t: TFunction, position: string) => t(`revisions.positions.${position}`);

/** One change of a publish in words, e.g. "Afbeelding toegevoegd aan rechterkolom". */
export function changeText(t: TFunction, change: PageChange): string {
  switch (change.kind) {
    case 'title':
    case 'description':
    case 'options':
      return t(`revisions.change.${change.kind}`);
    case 'layout':
      return t('revisions.change.layout', { from: change.from, to: change.to });
    case 'blockAdded':
    case 'blockRemoved':
    case 'blockChanged':
      return t(`revisions.change.${change.kind}`, {
        block: blockTypeName(t, change.block),
        position: positionName(t, change.position),
      });
    case 'blockMoved':
      return change.from === change.position
        ? t('revisions.change.blockReordered', {
            block: blockTypeName(t, change.block),
            position: positionName(t, change.position),
          })
        : t('revisions.change.blockMoved', {
            block: blockTypeName(t, change.block),
            from: positionName(t, change.from),
            position: positionName(t, change.position),
          });
  }
}

/** A change's identity within one publish: its kind, and the block it is about (a block changes and moves at most once). */
export function changeKey(change: PageChange): string {
  return 'guid' in change ? `${change.kind}:${change.guid}` : change.kind;
}

/** When a revision was published, as the language writes it, on the site's clock (24 hours). */
export function formatRevisionTime(iso: string, locale: Locale): string {
  return formatMoment(iso, locale);
}

/** Who published a revision: the schedule, a removed user, a name, or the system. */
export function publisherText(
  t: TFunction,
  revision: {
    source: 'manual' | 'schedule';
    publishedBy: { name: string | null; isRemoved: boolean } | null;
  },
): string {
  if (revision.source === 'schedule') return t('revisions.schedule');
  const person = revision.publishedBy;
  if (!person) return t('revisions.system');
  if (person.isRemoved || !person.name) return t('revisions.removedUser');
  return person.name;
}

/** Nodes whose text is a line of its own. */
const LINE_NODES = new Set(['paragraph', 'heading', 'blockquote', 'codeBlock', 'listItem']);
/**
 * Content keys that hold text a reader sees (not links, variants or other settings); a contact
 * card's phone, e-mail, address and opening hours are read too.
 */
const TEXT_KEYS = [
  'title',
  'intro',
  'text',
  'label',
  'alt',
  'caption',
  'phone',
  'email',
  'address',
  'openingHours',
];

function inlineText(node: RichTextNode): string {
  if (typeof node.text === 'string') return node.text;
  if (node.type === 'hardBreak') return ' ';
  return (node.content ?? []).map(inlineText).join('');
}

/** The lines of a rich text document: a paragraph, a heading or a list item each. */
function richTextLines(node: RichTextNode): string[] {
  if (LINE_NODES.has(node.type) && !(node.content ?? []).some((child) => LINE_NODES.has(child.type))) {
    return [inlineText(node)];
  }
  if (typeof node.text === 'string') return [node.text];
  return (node.content ?? []).flatMap(richTextLines);
}

const isRichText = (value: unknown): value is RichTextNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Readable text in a block's content (of one language), in the order its editor shows it. */
function contentLines(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(contentLines);
  if (value === null || typeof value !== 'object') return [];
  if (isRichText(value)) return richTextLines(value);
  const record = value as Record<string, unknown>;
  return Object.entries(record).flatMap(([key, item]) => {
    if (typeof item === 'string') return TEXT_KEYS.includes(key) ? [item] : [];
    if (key === 'doc' && isRichText(item)) return richTextLines(item);
    return contentLines(item);
  });
}

/**
 * A block's text as plain lines (rich text without its markup; an image's alt text and caption;
 * button labels), in `locale` or else in Dutch. Empty lines are left out.
 */
export function blockText(block: { content: unknown }, locale: Locale): string[] {
  const content = block.content as { nl?: unknown; en?: unknown } | null;
  if (!content) return [];
  const localized = (locale === 'en' ? (content.en ?? content.nl) : content.nl) ?? content;
  return contentLines(localized)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

export type BlockStatus = 'same' | 'added' | 'removed' | 'changed' | 'moved';

/** A block of one side of a comparison and how it differs from the other side. */
export type ComparedBlock = { block: DraftBlock; status: BlockStatus; isMoved: boolean };

export type RevisionComparison = {
  isTitleChanged: boolean;
  isDescriptionChanged: boolean;
  isLayoutChanged: boolean;
  /** The older revision's blocks per position; `removed` are not in the newer one. */
  older: { position: LayoutPosition; blocks: ComparedBlock[] }[];
  /** The newer revision's blocks per position; `added` are not in the older one. */
  newer: { position: LayoutPosition; blocks: ComparedBlock[] }[];
};

function byPosition(blocks: ComparedBlock[]) {
  return LAYOUT_POSITIONS.map((position) => ({
    position,
    blocks: blocks.filter((entry) => entry.block.position === position),
  })).filter((group) => group.blocks.length > 0);
}

/**
 * Two documents side by side: each one's blocks grouped by position (in page order), each marked
 * as added (only in the newer), removed (only in the older), changed (other content or settings)
 * or moved (another position), else the same.
 */
export function compareDocuments(older: PageDocument, newer: PageDocument): RevisionComparison {
  const olderByGuid = new Map(older.blocks.map((block) => [block.guid, block]));
  const newerByGuid = new Map(newer.blocks.map((block) => [block.guid, block]));
  const mark = (block: DraftBlock, other: DraftBlock | undefined, missing: BlockStatus): ComparedBlock => {
    if (!other) return { block, status: missing, isMoved: false };
    const isChanged = !sameJson(block.content, other.content) || !sameJson(block.options, other.options);
    const isMoved = block.position !== other.position;
    return { block, status: isChanged ? 'changed' : isMoved ? 'moved' : 'same', isMoved };
  };
  return {
    isTitleChanged: !sameJson(older.title, newer.title),
    isDescriptionChanged: !sameJson(older.description, newer.description),
    isLayoutChanged: older.layout !== newer.layout,
    older: byPosition(older.blocks.map((block) => mark(block, newerByGuid.get(block.guid), 'removed'))),
    newer: byPosition(newer.blocks.map((block) => mark(block, olderByGuid.get(block.guid), 'added'))),
  };
}
