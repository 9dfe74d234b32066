import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { EditControl } from '../components/edit/EditControl';
import { EditModeBar } from '../components/edit/EditMode';
import { PageView } from '../layouts/PageView';
import { pageMeta } from '../layouts/page-meta';
import type { Route } from './+types/content-page';

/**
 * Any other path: resolved through the top-level menu to its page; unknown or unpublished is a 404.
 * `{path}/edit` (and `/edit` for the home page) opens the page in edit mode for those who may edit it.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const requested = `/${params['*'] ?? ''}`.replace(/\/+$/, '') || '/';
  const isEditing = requested === '/edit' || requested.endsWith('/edit');
  const path = isEditing ? requested.slice(0, -'/edit'.length) || '/' : requested;
  const page = await app.site.getPageByPath({ path, locale: app.locale });
  if (isEditing && !page?.abilities.update) {
    const viewer = await app.site.getViewer();
    if (!viewer) {
      const url = new URL(request.url);
      throw redirect(`/sign-in?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
    }
    if (page) throw redirect('/unauthorized');
  }
  if (!page) throw data(null, { status: 404 });
  return { page, isEditing };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(loaderData?.page, matches);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, isEditing } = loaderData;
  return (
    <>
      {isEditing ? <EditModeBar page={page} /> : null}
      <PageView page={page} editControl={isEditing ? null : <EditControl page={page} />} />
    </>
  );
}
