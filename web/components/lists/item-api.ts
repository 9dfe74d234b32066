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
  highlight: boolean;
  isPublished: boolean;
  parentGuids: string[];
  imageGuid: string | null;
  /** The item's own text (Tiptap JSON), stored as the item's text block. */
  body: RichTextNode;
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
    highlight: false,
    isPublished: true,
    parentGuids: [],
    imageGuid: null,
    body: EMPTY_DOC,
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

/** The item's first text block, for the editor (other blocks are kept as they are). */
function bodyOf(detail: ItemDetail): RichTextNode {
  const text = detail.contentBuildingBlockInstances.find((block) => block.buildingBlockName === 'text');
  const content = text?.content as { nl?: { doc?: RichTextNode } } | undefined;
  return content?.nl?.doc ?? EMPTY_DOC;
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
 * The API's item input from the form. The editor's text replaces the item's first text block;
 * the item's other blocks (made elsewhere) are kept.
 */
type ListItemBlockInput = NonNullable<ListItemInput['contentBuildingBlockInstances']>[number];

function toInput(draft: ItemDraft, current: ItemDetail | null): ListItemInput {
  const others = (current?.contentBuildingBlockInstances ?? []).map((block) => ({
    ...block,
    content: (block.content ?? {}) as Record<string, unknown>,
  }));
  const textIndex = others.findIndex((block) => block.buildingBlockName === 'text');
  const body = docToText(draft.body).trim() ? draft.body : null;
  const existing = textIndex >= 0 ? others[textIndex] : undefined;
  const textBlock: ListItemBlockInput = {
    ...(existing?.guid ? { guid: existing.guid } : {}),
    buildingBlockName: 'text',
    options: existing?.options ?? {},
    sortId: existing?.sortId ?? 0,
    // The form edits the Dutch text; an English text made elsewhere stays.
    content: { ...existing?.content, nl: { doc: draft.body } },
  };
  const blocks =
    textIndex >= 0
      ? body
        ? others.map((block, index) => (index === textIndex ? textBlock : block))
        : others.filter((_, index) => index !== textIndex)
      : body
        ? [...others, textBlock]
        : others;
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
    highlight: draft.highlight,
    isPublished: draft.isPublished,
    sortId: current?.sortId ?? 0,
    imageGuid: draft.imageGuid,
  };
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
  return {
    titleNl: detail.titleTranslations.nl,
    titleEn: detail.titleTranslations.en ?? '',
    descriptionNl: detail.metadata.descriptionTranslations.nl,
    descriptionEn: detail.metadata.descriptionTranslations.en ?? '',
    listItemTypeName: detail.listItemTypeName,
    publishedOn: toPicker(detail.publishedOn),
    periodEnd: toPicker(detail.periodEnd),
    highlight: detail.highlight,
    isPublished: detail.isPublished,
    parentGuids: detail.parentGuids,
    imageGuid: detail.imageGuid,
    body: bodyOf(detail),
  };
}
