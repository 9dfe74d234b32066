import type { Locale, Localized } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import type { BlockRow, PageRow } from '../../db/schema.ts';

/** A block as the API returns it (SPEC 3 names). */
export function presentBlock(row: BlockRow) {
  return {
    guid: row.id,
    pageGuid: row.pageId,
    buildingBlockName: row.buildingBlockName,
    options: row.options,
    content: row.content ?? null,
    layoutPosition: row.layoutPosition,
    sortId: row.sortId,
    parentGuid: row.parentId ?? null,
    columnIndex: row.columnIndex ?? null,
  };
}

/** A block in a picker (e.g. the list blocks a widget can show): its title and the page it sits on. */
export function presentBlockSummary(block: BlockRow, page: PageRow, locale: Locale) {
  const content = block.content ? pickLocale(block.content as Localized<unknown>, locale) : null;
  const title =
    content && typeof content === 'object' && 'title' in content && typeof content.title === 'string'
      ? content.title
      : '';
  return {
    guid: block.id,
    buildingBlockName: block.buildingBlockName,
    title,
    pageGuid: page.id,
    pageName: page.name,
    pageTitle: pickLocale(page.title, locale),
  };
}
