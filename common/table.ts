/** Rows per page an admin table offers (SPEC 9 "Records per pagina:"); "Alle" sends `all`. */
export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
/** `all` still has a ceiling: a table never sends more rows than this in one answer. */
export const TABLE_ALL_LIMIT = 10_000;

export type TablePageSize = (typeof TABLE_PAGE_SIZES)[number] | 'all';
