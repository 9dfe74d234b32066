import { z } from 'zod';
import { listBlockOptionsSchema } from '../list-item-schemas.ts';
import type { ListItemView } from '../list-items.ts';
import { defineBlockType } from './define.ts';

export const MAX_WIDGET_ITEMS = 20;

export const widgetBlock = defineBlockType({
  content: z.object({ title: z.string().max(200).default('') }),
  options: listBlockOptionsSchema.extend({
    /** Show the items of this list block (e.g. the news list) instead of the widget's own items. */
    sourceBlockGuid: z.uuid().nullable().default(null),
    defaultItemsPerPage: z.number().int().min(1).max(MAX_WIDGET_ITEMS).default(5),
    showImages: z.boolean().default(true),
  }),
  isLocalized: true,
  newContent: () => ({ title: '' }),
});

/** What visitors get: a compact list (title, date, optional image, link) of another list's items. */
export type WidgetBlockData = {
  title: string;
  items: ListItemView[];
  /** Link to the full list, when the source list sits on a page. */
  moreUrl: string | null;
};
