import type { ListPage } from '../../../common/list-items';
import type { ListQuery } from './useLazyListPage';

/**
 * POST /api/listitem/list/{blockGuid} with a query object: one page of the list (SPEC 7). The API
 * client loads with the first such call: a list the server rendered costs a visitor none of it
 * (issue 32).
 */
export async function fetchListPage(blockGuid: string, query: ListQuery): Promise<ListPage> {
  const { api, unwrap } = await import('../../api/client');
  const body = {
    pageNumber: query.pageNumber,
    itemCount: query.itemCount,
    sort_by: query.sort_by,
    ...(query.filter ? { filter: query.filter } : {}),
    ...(query.searchFilter ? { searchFilter: query.searchFilter } : {}),
  };
  return (await unwrap(
    api.POST('/api/listitem/list/{blockGuid}', { params: { path: { blockGuid } }, body }),
  )) as ListPage;
}
