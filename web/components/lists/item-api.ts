import dayjs from 'dayjs';
import type { RichTextNode } from '../../../common/blocks/rich-text';
import type { ListItemInput, ListItemView } from '../../../common/list-items';
import { api, unwrap } from '../../api/client';
import { fetchListPage } from './list-api';

/** The item form's fields; dates in the pickers' local "YYYY-MM-DD HH:mm:ss" form. */
export type ItemDraft = {
  titleNl: string;
  titleEn: string;
  descriptionNl: string;
  descriptionEn: string;
  listItemTypeName: string;
  publishedOn: string | null;
  periodEnd: string | null;
  /** Where it takes place (issue 30): its name in Dutch and English, and an address line. */
  placeNl: string;
  placeEn: string;
  placeAddress: string;
  highlight: boolean;
  isPublished: boolean;
  parentGuids: string[];
  imageGuid: string | null;
  /** The item's own text (Tiptap JSON), stored as the item's first text block. */
  body: RichTextNode;
  /** That text block's guid (null while the item has none): its other blocks are listed apart. */
  bodyGuid: string | null;
};

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const EMPTY_DOC: RichTextNode = { type: 'doc', content: [{ type: 'paragraph' }] };

export function emptyDraft(): ItemDraft {
  return {
    titleNl: '',
    titleEn: '',
    descriptionNl: '',
    descriptionEn: '',
    listItemTypeName: '',
    publishedOn: dayjs().format(PICKER_FORMAT),
    periodEnd: null,
    placeNl: '',
    placeEn: '',
    placeAddress: '',
    highlight: false,
    isPublished: true,
    parentGuids: [],
    imageGuid: null,
    body: EMPTY_DOC,
    bodyGuid: null,
  };
}

const toPicker = (iso: string | null | undefined) => (iso ? dayjs(iso).format(PICKER_FORMAT) : null);
const toIso = (value: string | null) => (value ? dayjs(value).toISOString() : null);

/** Plain text of a Tiptap doc, paragraph per block of text (an empty editor has none). */
export function docToText(doc: RichTextNode | undefined): string {
  const text = (node: RichTextNode): string =>
    node.text ?? (node.type === 'hardBreak' ? '\n' : (node.content ?? []).map(text).join(''));
  return (doc?.content ?? []).map(text).join('\n\n');
}

type ItemDetail = Awaited<ReturnType<typeof loadItemDetail>>;

function loadItemDetail(guid: string) {
  return unwrap(api.GET('/api/listitem/{guid}', { params: { path: { guid } } }));
}

/** One of an item's own blocks, as the item API stores it. */
export type ItemBlock = {
  guid: string;
  buildingBlockName: string;
  content: Record<string, unknown>;
  options: Record<string, unknown>;
  sortId: number;
};

/** The item's blocks in the order visitors see them (by sortId; the stored order breaks ties). */
function blocksOf(detail: ItemDetail): ItemBlock[] {
  return detail.contentBuildingBlockInstances
    .map((block, index) => ({
      block: {
        guid: block.guid,
        buildingBlockName: block.buildingBlockName,
        content: (block.content ?? {}) as Record<string, unknown>,
        options: (block.options ?? {}) as Record<string, unknown>,
        sortId: block.sortId,
      },
      index,
    }))
    .sort((a, b) => a.block.sortId - b.block.sortId || a.index - b.index)
    .map(({ block }) => block);
}

/** The item's first text block: the form's text field (the other blocks are listed under it). */
function bodyOf(detail: ItemDetail): { doc: RichTextNode; guid: string | null } {
  const text = blocksOf(detail).find((block) => block.buildingBlockName === 'text');
  const content = text?.content as { nl?: { doc?: RichTextNode } } | undefined;
  return { doc: content?.nl?.doc ?? EMPTY_DOC, guid: text?.guid ?? null };
}

/** The item's blocks apart from its text (the form's text field), in order. */
export async function loadItemBlocks(itemGuid: string, bodyGuid: string | null): Promise<ItemBlock[]> {
  return blocksOf(await loadItemDetail(itemGuid)).filter((block) => block.guid !== bodyGuid);
}

/**
 * Changes the item's blocks other than its text, on the item as stored now (the form's unsaved
 * fields are not part of it): `change` gets them in order and answers them in the new order. The
 * text comes first, then the blocks as listed; sortIds are renumbered to that order.
 */
export async function changeItemBlocks(
  itemGuid: string,
  bodyGuid: string | null,
  change: (blocks: ItemBlock[]) => ItemBlock[],
): Promise<ItemBlock[]> {
  const detail = await loadItemDetail(itemGuid);
  const blocks = blocksOf(detail);
  const body = blocks.find((block) => block.guid === bodyGuid);
  const others = change(blocks.filter((block) => block !== body));
  const ordered = [...(body ? [body] : []), ...others].map((block, index) => ({
    ...block,
    sortId: index * 10,
  }));
  await unwrap(
    api.PUT('/api/listitem/{guid}', {
      params: { path: { guid: itemGuid } },
      body: { ...storedInput(detail), contentBuildingBlockInstances: ordered },
    }),
  );
  return others;
}

/** Adds a block (last) or replaces the block with the same guid. */
export function saveItemBlock(itemGuid: string, bodyGuid: string | null, block: ItemBlock) {
  return changeItemBlocks(itemGuid, bodyGuid, (blocks) =>
    blocks.some((other) => other.guid === block.guid)
      ? blocks.map((other) => (other.guid === block.guid ? { ...block, sortId: other.sortId } : other))
      : [...blocks, block],
  );
}

export function removeItemBlock(itemGuid: string, bodyGuid: string | null, blockGuid: string) {
  return changeItemBlocks(itemGuid, bodyGuid, (blocks) => blocks.filter((block) => block.guid !== blockGuid));
}

/** Swaps a block with its neighbour above (up) or below (down). */
export function moveItemBlock(
  itemGuid: string,
  bodyGuid: string | null,
  blockGuid: string,
  direction: 'up' | 'down',
) {
  return changeItemBlocks(itemGuid, bodyGuid, (blocks) => {
    const from = blocks.findIndex((block) => block.guid === blockGuid);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= blocks.length) return blocks;
    const moved = [...blocks];
    [moved[from], moved[to]] = [moved[to]!, moved[from]!];
    return moved;
  });
}

/** The item as stored, as the API's input: a block write changes nothing else. */
function storedInput(detail: ItemDetail): ListItemInput {
  const { nl: titleNl, en: titleEn } = detail.titleTranslations;
  const { nl: descriptionNl, en: descriptionEn } = detail.metadata.descriptionTranslations;
  return {
    title: { nl: titleNl, ...(titleEn ? { en: titleEn } : {}) },
    listItemTypeName: detail.listItemTypeName,
    parentGuids: detail.parentGuids,
    metadata: { description: { nl: descriptionNl, ...(descriptionEn ? { en: descriptionEn } : {}) } },
    publishedOn: detail.publishedOn,
    periodEnd: detail.periodEnd,
    place: detail.placeTranslations,
    highlight: detail.highlight,
    isPublished: detail.isPublished,
    sortId: detail.sortId,
    imageGuid: detail.imageGuid,
  };
}

export async function loadItemDraft(guid: string): Promise<ItemDraft> {
  return draftOf(await loadItemDetail(guid));
}

/** Item types for the type chooser: the name (what is stored) and the admin's label in the user's language. */
export async function loadItemTypes(): Promise<{ name: string; label: string }[]> {
  const types = await unwrap(api.GET('/api/listitemtypes'));
  return types.map((type) => ({ name: type.name, label: type.label }));
}

/** Items of the same list (first 100 by title) as possible parents, the item itself left out. */
export async function loadParentOptions(
  blockGuid: string,
  exceptGuid: string | null,
): Promise<{ value: string; label: string }[]> {
  const page = await fetchListPage(blockGuid, {
    pageNumber: 1,
    itemCount: 100,
    sort_by: 'title_asc',
    filter: 'expired:true',
    searchFilter: '',
  });
  return page.items
    .filter((item) => item.guid !== exceptGuid)
    .map((item) => ({ value: item.guid, label: item.title }));
}

/** Item type names are lower-case a-z 0-9 _ - (common/list-items.ts); "Nieuws Brief" → "nieuws-brief". */
export function normaliseTypeName(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .slice(0, 64);
}

/**
 * The API's item input from the form. The editor's text replaces the item's text block (the one
 * the form was opened with) and comes first; the item's other blocks (saved on their own) are kept.
 */
type ListItemBlockInput = NonNullable<ListItemInput['contentBuildingBlockInstances']>[number];

function toInput(draft: ItemDraft, current: ItemDetail | null): ListItemInput {
  const stored = current ? blocksOf(current) : [];
  const existing = stored.find((block) => block.guid === draft.bodyGuid);
  const others: ListItemBlockInput[] = stored.filter((block) => block !== existing);
  const hasBody = docToText(draft.body).trim() !== '';
  const firstSortId = Math.min(0, ...others.map((block) => block.sortId ?? 0));
  const textBlock: ListItemBlockInput = {
    ...(existing?.guid ? { guid: existing.guid } : {}),
    buildingBlockName: 'text',
    options: existing?.options ?? {},
    // The text is the item's first block, before the blocks listed under it.
    sortId:
      existing && others.every((block) => (block.sortId ?? 0) > existing.sortId)
        ? existing.sortId
        : firstSortId - 10,
    // The form edits the Dutch text; an English text made elsewhere stays.
    content: { ...existing?.content, nl: { doc: draft.body } },
  };
  const blocks = hasBody ? [textBlock, ...others] : others;
  const titleEn = draft.titleEn.trim();
  const descriptionEn = draft.descriptionEn.trim();
  return {
    title: { nl: draft.titleNl.trim(), ...(titleEn ? { en: titleEn } : {}) },
    listItemTypeName: normaliseTypeName(draft.listItemTypeName),
    parentGuids: draft.parentGuids,
    metadata: {
      description: { nl: draft.descriptionNl.trim(), ...(descriptionEn ? { en: descriptionEn } : {}) },
    },
    contentBuildingBlockInstances: blocks,
    ...(draft.publishedOn ? { publishedOn: toIso(draft.publishedOn) ?? undefined } : {}),
    periodEnd: toIso(draft.periodEnd),
    place: placeOf(draft),
    highlight: draft.highlight,
    isPublished: draft.isPublished,
    sortId: current?.sortId ?? 0,
    imageGuid: draft.imageGuid,
  };
}

/** The place fields as the API takes them: null when all three are empty. */
function placeOf(draft: ItemDraft): ListItemInput['place'] {
  const [nl, en, address] = [draft.placeNl.trim(), draft.placeEn.trim(), draft.placeAddress.trim()];
  if (!nl && !en && !address) return null;
  return { name: { nl, ...(en ? { en } : {}) }, address };
}

export async function createItem(blockGuid: string, draft: ItemDraft) {
  const created = await unwrap(
    api.POST('/api/listitem/list/{blockGuid}', {
      params: { path: { blockGuid } },
      body: [toInput(draft, null)],
    }),
  );
  return created;
}

export async function updateItem(guid: string, draft: ItemDraft) {
  const current = await loadItemDetail(guid);
  return unwrap(
    api.PUT('/api/listitem/{guid}', { params: { path: { guid } }, body: toInput(draft, current) }),
  );
}

export async function deleteItem(guid: string) {
  await unwrap(api.DELETE('/api/listitem/{guid}', { params: { path: { guid } } }));
  return true;
}

/**
 * Manual order, one call: up puts the item before its neighbour above; down puts the neighbour
 * below before the item. The server gives the moved item a place between its new neighbours.
 */
export async function moveItem(
  blockGuid: string,
  item: ListItemView,
  neighbour: ListItemView,
  direction: 'up' | 'down',
) {
  const move =
    direction === 'up'
      ? { itemGuid: item.guid, beforeGuid: neighbour.guid }
      : { itemGuid: neighbour.guid, beforeGuid: item.guid };
  await unwrap(
    api.POST('/api/listitem/list/{blockGuid}/reorder', { params: { path: { blockGuid } }, body: move }),
  );
  return true;
}

function draftOf(detail: ItemDetail): ItemDraft {
  const body = bodyOf(detail);
  return {
    titleNl: detail.titleTranslations.nl,
    titleEn: detail.titleTranslations.en ?? '',
    descriptionNl: detail.metadata.descriptionTranslations.nl,
    descriptionEn: detail.metadata.descriptionTranslations.en ?? '',
    listItemTypeName: detail.listItemTypeName,
    publishedOn: toPicker(detail.publishedOn),
    periodEnd: toPicker(detail.periodEnd),
    placeNl: detail.placeTranslations?.name.nl ?? '',
    placeEn: detail.placeTranslations?.name.en ?? '',
    placeAddress: detail.placeTranslations?.address ?? '',
    highlight: detail.highlight,
    isPublished: detail.isPublished,
    parentGuids: detail.parentGuids,
    imageGuid: detail.imageGuid,
    body: body.doc,
    bodyGuid: body.guid,
  };
}
