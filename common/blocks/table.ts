import { z } from 'zod';
import { defineBlockType } from './define.ts';

export const MAX_TABLE_ROWS = 50;
export const MAX_TABLE_COLUMNS = 10;
export const MAX_TABLE_CELL_LENGTH = 500;
export const MAX_TABLE_CAPTION_LENGTH = 300;

/** A cell of plain text. An object, so that its words are found: the search index reads `text`. */
const cellSchema = z.object({ text: z.string().max(MAX_TABLE_CELL_LENGTH) });

/**
 * A table of plain text (a timetable, opening hours as a grid, prices): an optional caption, which
 * names the table, and up to 50 rows of up to 10 cells, every row as long as the first. The first
 * row and the first column may be headers (options). The caption is stored as `caption` and each
 * cell as `{ text }`, the keys the search index reads (search_plain_text), so both are found.
 */
export const tableBlock = defineBlockType({
  content: z
    .object({
      caption: z.string().max(MAX_TABLE_CAPTION_LENGTH).default(''),
      rows: z.array(z.array(cellSchema).min(1).max(MAX_TABLE_COLUMNS)).min(1).max(MAX_TABLE_ROWS),
    })
    .superRefine((table, context) => {
      const columns = table.rows[0]?.length ?? 0;
      table.rows.forEach((row, index) => {
        if (row.length !== columns) {
          context.addIssue({
            code: 'custom',
            path: ['rows', index],
            message: 'validation.tableRowLength',
            params: { columns, row: index + 1 },
          });
        }
      });
    }),
  options: z.object({
    headerRow: z.boolean().default(true),
    headerColumn: z.boolean().default(false),
    striped: z.boolean().default(true),
  }),
  isLocalized: true,
  newContent: () => ({
    caption: '',
    rows: [0, 1, 2].map(() => [{ text: '' }, { text: '' }]),
  }),
});

/** What visitors get: the caption ('' when none) and the cells' texts, trimmed, row by row. */
export type TableBlockData = { caption: string; rows: string[][] };
