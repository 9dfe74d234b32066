import { redirect } from 'react-router';
import type { Route } from './+types/redirects';

/** SPEC 2: /home → /, /admin → /admin/pages, /account → /account/profile (query kept). */
const TARGETS: Record<string, { path: string; status: 301 | 302 }> = {
  '/home': { path: '/', status: 301 },
  '/admin': { path: '/admin/pages', status: 301 },
  '/account': { path: '/account/profile', status: 301 },
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = TARGETS[url.pathname.replace(/\/$/, '')] ?? { path: '/', status: 301 };
  return redirect(`${target.path}${url.search}`, target.status);
}
