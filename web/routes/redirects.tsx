import { redirect } from 'react-router';
import type { Route } from './+types/redirects';

/**
 * SPEC 2: /home → /, /account → /account/profile (query kept). SPEC 2 sends /admin to /admin/pages;
 * until that screen exists it goes to the users screen, temporarily, so browsers do not remember it.
 */
const TARGETS: Record<string, { path: string; status: 301 | 302 }> = {
  '/home': { path: '/', status: 301 },
  '/admin': { path: '/admin/users', status: 302 },
  '/account': { path: '/account/profile', status: 301 },
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = TARGETS[url.pathname.replace(/\/$/, '')] ?? { path: '/', status: 301 };
  return redirect(`${target.path}${url.search}`, target.status);
}
