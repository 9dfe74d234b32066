import { data } from 'react-router';
import { appContext } from '#app-context';
import { isLocale } from '../../common/localized-text';
import { LEGAL_PAGES, SHARED_PAGE } from '../../common/site';
import { PageView } from '../layouts/PageView';
import { pageMeta } from '../layouts/page-meta';
import type { Route } from './+types/legal-page';

/** The page is the same for every member with the same flags and roles (issue 29). */
export const handle = SHARED_PAGE;

/** Legal pages are editable content pages with a fixed name; {lang} picks the language of the text. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const pathname = new URL(request.url).pathname;
  const entry = Object.values(LEGAL_PAGES).find((legal) =>
    pathname.startsWith(legal.path('nl').replace(/\/nl$/, '')),
  );
  const lang = params.lang ?? app.locale;
  if (!entry || !isLocale(lang)) throw data(null, { status: 404 });
  const page = await app.site.getPageByName({ name: entry.name, locale: lang });
  if (!page) throw data(null, { status: 404 });
  app.pageCache.allow();
  return { page: { ...page, path: pathname } };
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const path = loaderData?.page.path;
  // Legal pages with {lang} have one URL per language; the others switch language with ?lang=.
  const alternates =
    path && params.lang
      ? { nl: path.replace(/\/[a-z]{2}$/, '/nl'), en: path.replace(/\/[a-z]{2}$/, '/en') }
      : undefined;
  return pageMeta(loaderData?.page, matches, alternates);
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData.page} />;
}
