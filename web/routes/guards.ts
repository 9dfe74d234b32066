import { redirect } from 'react-router';
import type { Viewer } from '../../common/site';
import { safeReturnPath } from '../../common/urls';

/**
 * A visitor asked for a screen that needs an account: sign in first, then come back to this URL
 * (when it is a return path the sign-in will take, else to the home page).
 */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.pathname + url.search, '/', url.origin);
  return redirect(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
}

/** Admin screens: visitors sign in first, signed-in users who are not admins see /unauthorized. */
export function requireAdmin(viewer: Viewer | null, request: Request): Viewer {
  if (!viewer) throw signInRedirect(request);
  if (!viewer.isAdmin) throw redirect('/unauthorized');
  return viewer;
}

/**
 * The admin area: admins, and content managers where `contentManagers` says so (the forms
 * screens, issue 34); visitors sign in first, anyone else sees /unauthorized.
 */
export function requireAdminArea(
  viewer: Viewer | null,
  request: Request,
  input: { contentManagers: boolean },
): Viewer {
  if (!viewer) throw signInRedirect(request);
  if (!viewer.isAdmin && !(input.contentManagers && viewer.isContentManager)) throw redirect('/unauthorized');
  return viewer;
}
