import { data, redirect } from 'react-router';
import type { Route } from './+types/redirects';

/** SPEC 2: /home → /, /admin → /admin/pages, /account → /account/profile (query kept). */
const TARGETS: Record<string, { path: string; status: 301 | 302 }> = {
  '/home': { path: '/', status: 301 },
  '/admin': { path: '/admin/pages', status: 301 },
  '/account': { path: '/account/profile', status: 301 },
};

/**
 * The path a redirect route was asked for. A navigation in the browser asks for the route's data
 * URL (`/admin.data?_routes=redirect-admin`, `/admin/_.data` for `/admin/`), a full load for the
 * path itself; route paths match regardless of case.
 */
function requestedPath(url: URL): string {
  const pathname = url.pathname.endsWith('/_.data')
    ? url.pathname.slice(0, -'/_.data'.length)
    : url.pathname.replace(/\.data$/, '');
  return pathname.replace(/\/$/, '').toLowerCase();
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = TARGETS[requestedPath(url)];
  // Only the three routes above use this module.
  if (!target) throw data(null, { status: 404 });
  // React Router's own parameter of a data request is not part of the address the user asked for.
  url.searchParams.delete('_routes');
  return redirect(`${target.path}${url.search}`, target.status);
}
