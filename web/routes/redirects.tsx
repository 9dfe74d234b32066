import { redirect } from 'react-router';
import type { Route } from './+types/redirects';

const TARGETS: Record<string, string> = {
  '/home': '/',
  '/admin': '/admin/pages',
  '/account': '/account/profile',
};

/** SPEC 2: /home → /, /admin → /admin/pages, /account → /account/profile (query kept). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = TARGETS[url.pathname.replace(/\/$/, '')] ?? '/';
  return redirect(`${target}${url.search}`, 301);
}
