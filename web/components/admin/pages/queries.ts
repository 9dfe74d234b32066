import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

/** Query keys and loaders of the admin pages screen (TanStack Query, client only). */
export type AdminPageRow = components['schemas']['AdminPageRow'];
export type PageTemplate = components['schemas']['PageTemplate'];
export type ReusableBlock = components['schemas']['ReusableBlock'];
export type AdminPagesQuery = {
  page: number;
  pageSize: number | 'all';
  sortBy: 'title' | 'path' | 'isPublished' | 'layout' | 'updatedAt';
  sortDirection: 'asc' | 'desc';
  search?: string;
};

export const pageQueries = {
  /** Every query of this screen: invalidated after each write. */
  all: ['admin', 'pages'] as const,
  list: (query: AdminPagesQuery) => ({
    queryKey: ['admin', 'pages', 'list', query] as const,
    queryFn: () => unwrap(api.GET('/api/pages/admin', { params: { query } })),
  }),
  page: (guid: string) => ({
    queryKey: ['admin', 'pages', 'page', guid] as const,
    queryFn: () => unwrap(api.GET('/api/pages/{id}', { params: { path: { id: guid } } })),
  }),
  dependents: (guid: string) => ({
    queryKey: ['admin', 'pages', 'dependents', guid] as const,
    queryFn: () => unwrap(api.GET('/api/pages/{id}/dependents', { params: { path: { id: guid } } })),
  }),
  templates: {
    queryKey: ['admin', 'pages', 'templates'] as const,
    queryFn: () => unwrap(api.GET('/api/pagetemplates')),
  },
  /** The reusable blocks (issue 31), each with how many pages place it. */
  reusableBlocks: {
    queryKey: ['admin', 'pages', 'reusable'] as const,
    queryFn: () => unwrap(api.GET('/api/reusableblocks')),
  },
  reusableBlockUses: (guid: string) => ({
    queryKey: ['admin', 'pages', 'reusable', 'uses', guid] as const,
    queryFn: () => unwrap(api.GET('/api/reusableblocks/{id}/uses', { params: { path: { id: guid } } })),
  }),
};

/** A title in the interface language, falling back to Dutch. */
export function titleIn(title: { nl: string; en?: string | undefined }, language: string): string {
  return (language.startsWith('en') ? title.en : undefined) || title.nl;
}
