/**
 * The admin area: admin/*, settings and statistics (SPEC 2). Its screens sit in the admin shell
 * (web/routes/admin/layout.tsx) instead of the site's header and footer, and in-page anchors stop
 * 108 px from the top there instead of 88 (SPEC 2). Kept apart from the layout module, so the
 * public site's code knows the id without loading any admin code.
 */
export const ADMIN_LAYOUT_ID = 'admin-layout';

const ADMIN_PATH = /^\/(admin|settings|statistics)(\/|$)/;

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATH.test(pathname);
}
