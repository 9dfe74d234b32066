// Moved to server/domains/menus (issue 9); removed once every branch imports from there.
export type { MenuItemTree } from '../domains/menus/queries.ts';
