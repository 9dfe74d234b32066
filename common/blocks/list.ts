import { z } from 'zod';
import { listBlockOptionsSchema } from '../list-item-schemas.ts';
import type { ListBlockOptions, ListPage, ListUrlState } from '../list-items.ts';
import { defineBlockType } from './define.ts';

export const listBlock = defineBlockType({
  content: z.object({ title: z.string().max(200).default('') }),
  options: listBlockOptionsSchema,
  isLocalized: true,
  newContent: () => ({ title: '' }),
});

/** What visitors get: the first (or requested) page of items, rendered on the server for them. */
export type ListBlockData = {
  title: string;
  options: ListBlockOptions;
  /** The visitor's paging, sort, filter and search from the URL. */
  state: ListUrlState;
  /** Null when the block is lazyLoad: the browser fetches it when the list scrolls into view. */
  page: ListPage | null;
  /** Path of the page holding the list (item URLs start with it). */
  pagePath: string;
  /** Item types used in this list, for the filter control. */
  itemTypes: string[];
  /** Each item type's label (the admin's, in the reader's language), by name. */
  itemTypeLabels: Record<string, string>;
  abilities: { addItem: boolean; editItems: boolean };
};
