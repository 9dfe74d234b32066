import { data } from 'react-router';
import { appContext } from '#app-context';
import { PageView } from '../layouts/PageView';
import { pageMeta } from '../layouts/page-meta';
import type { Route } from './+types/content-page';

/** Any other path: resolved through the top-level menu to its page; unknown or unpublished is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const path = `/${params['*'] ?? ''}`.replace(/\/+$/, '') || '/';
  const page = await app.site.getPageByPath({ path, locale: app.locale });
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(loaderData?.page, matches);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData.page} />;
}
