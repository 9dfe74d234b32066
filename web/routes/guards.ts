import { redirect } from 'react-router';
import type { Viewer } from '../../common/site';

/** A visitor asked for a screen that needs an account: sign in first, then come back to this URL. */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/sign-in?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Admin screens: visitors sign in first, signed-in users who are not admins see /unauthorized. */
export function requireAdmin(viewer: Viewer | null, request: Request): Viewer {
  if (!viewer) throw signInRedirect(request);
  if (!viewer.isAdmin) throw redirect('/unauthorized');
  return viewer;
}
