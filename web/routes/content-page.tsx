import { Suspense } from 'react';
import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { isEditPath } from '../../common/pages';
import { SHARED_PAGE } from '../../common/site';
import { safeReturnPath } from '../../common/urls';
import { editModeCode, editModePart, preloadEditModeCode } from '../components/code-parts';
import { EditControl } from '../components/edit/EditControl';
import { useTranslation } from '../i18n';
import { PageView } from '../layouts/PageView';
import { pageMeta } from '../layouts/page-meta';
import type { Route } from './+types/content-page';
import { signInRedirect } from './guards';
import { ItemPage, itemPageMeta, loadItemPage } from './item-page';

/**
 * Any other path: resolved through the top-level menu to its page; unknown or unpublished is a 404.
 * `{path}/edit` (and `/edit` for the home page) opens the page in edit mode for those who may edit it;
 * `/edit?page=<guid>` any page, whether or not a menu serves it (issue 26).
 * `{path}/i/{id}/{slug}` is an item page (item-page.tsx); the URL's query carries the lists' state.
 */
// Edit mode's code (block tools, editors, TanStack Query) loads only when a page is edited.
const EditModePage = editModePart.Part;

/** The page is the same for every member with the same flags and roles (issue 29). */
export const handle = SHARED_PAGE;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  // `//nieuws` would be served as `/nieuws`, but its own links, form actions and navigations start
  // with `//` and leave for the host `nieuws`: one slash per separator first (issue 33).
  if (url.pathname.includes('//')) {
    const pathname = url.pathname.replace(/\/{2,}/g, '/');
    throw redirect(safeReturnPath(`${pathname}${url.search}`, safeReturnPath(pathname)), 301);
  }
  const requested = `/${params['*'] ?? ''}`.replace(/\/+$/, '') || '/';
  const search = url.search;
  const item = await loadItemPage(app.site, requested, app.locale, search);
  if (item) {
    app.pageCache.allow();
    return { page: item.itemView.page, isEditing: false, itemView: item.itemView, preview: null, code: null };
  }
  const isEditing = isEditPath(requested);
  const path = isEditing ? requested.slice(0, -'/edit'.length) || '/' : requested;
  const query = new URL(request.url).searchParams;
  // A preview link (issue 13) shows the page's draft; an expired one shows the published page and says so.
  const previewToken = isEditing ? null : query.get('preview');
  if (previewToken !== null) {
    const preview = await app.site.getPreview({ path, token: previewToken, locale: app.locale, query });
    if (preview)
      return { page: preview, isEditing: false, itemView: null, preview: 'shown' as const, code: null };
  }
  // `/edit?page=<guid>` (SPEC 2 "edit", issue 26): any page by its guid, served by a menu or not.
  const editGuid = requested === '/edit' ? query.get('page') : null;
  if (editGuid !== null) {
    const page = await app.site.getEditViewOf({ guid: editGuid, locale: app.locale, query });
    if (page) return { page, isEditing: true, itemView: null, preview: null, code: editModeCode(app, page) };
    if (!(await app.site.getViewer())) throw signInRedirect(request);
    throw data(null, { status: 404 });
  }
  // Edit mode shows the page's draft, if it has one (issue 13); visitors the published page.
  const page =
    (isEditing ? await app.site.getEditView({ path, locale: app.locale, query }) : null) ??
    (await app.site.getPageByPath({ path, locale: app.locale, query }));
  if (!page) {
    // A path that moved (a changed segment, a moved menu item) answers 301 with the new one.
    const moved = await app.site.findRedirect({ path: requested, search });
    if (moved) throw redirect(moved, 301);
  }
  if (isEditing && !page?.abilities.update) {
    const viewer = await app.site.getViewer();
    if (!viewer) throw signInRedirect(request);
    if (page) throw redirect('/unauthorized');
  }
  if (!page && (await app.site.isMembersOnlyPath({ path }))) {
    // A members-only page (issue 10): visitors sign in, signed-in users without the role are told.
    if (!(await app.site.getViewer())) throw signInRedirect(request);
    throw redirect('/unauthorized');
  }
  if (!page) throw data(null, { status: 404 });
  // The same for every visitor (a page with a form says otherwise through the site services).
  if (!isEditing && previewToken === null) app.pageCache.allow();
  return {
    page,
    isEditing,
    itemView: null,
    preview: previewToken === null ? null : ('expired' as const),
    code: isEditing ? editModeCode(app, page) : null,
  };
}

/**
 * A form block's post (issue 11): the answers go to the forms domain; a stored submission leads to
 * its receipt, a refused one comes back to the page with the answers as sent and a message per
 * field. The same action serves a plain HTML post (no JavaScript) and the enhanced form's fetch.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const body = await request.formData().catch(() => null);
  if (!body) return data(null, { status: 400 });
  const fields: [string, string][] = [];
  for (const [name, value] of body) {
    if (typeof value === 'string') fields.push([name, value]);
    if (fields.length > 500) break;
  }
  // A post to a page shown through a preview link is refused with a note (issue 26).
  const fromPreview = new URL(request.url).searchParams.has('preview');
  const result = await app.site.submitForm({ fields, locale: app.locale, fromPreview });
  if (result.kind === 'stored') {
    // The receipt thanks the visitor and links back to the page the form is on (issue 35).
    // The page's path as the route matched it (a post with JavaScript goes to `/x.data`).
    const from = `/${params['*'] ?? ''}`.replace(/\/+$/, '') || '/';
    const receipt = `${result.receiptUrl}?${new URLSearchParams({ sent: '1', from })}`;
    throw redirect(receipt, {
      status: 303,
      ...(result.setCookie ? { headers: { 'Set-Cookie': result.setCookie } } : {}),
    });
  }
  return data(result.result, { status: 400 });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (loaderData?.itemView) return itemPageMeta(loaderData.itemView, matches);
  const meta = pageMeta(loaderData?.page, matches);
  // A draft shown through a preview link is not for search engines.
  const isHidden = meta.some((entry) => 'name' in entry && entry.name === 'robots');
  return loaderData?.preview === 'shown' && !isHidden
    ? [...meta, { name: 'robots', content: 'noindex' }]
    : meta;
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, isEditing, itemView, preview } = loaderData;
  if (itemView) return <ItemPage view={itemView} />;
  if (isEditing) {
    preloadEditModeCode(loaderData.code);
    // Until edit mode has loaded, the page shows as visitors see it, under a bar that says edit
    // mode is on its way (issue 35).
    return (
      <Suspense
        fallback={
          <>
            <div className="edit-mode-bar edit-mode-loading" role="status">
              <div className="container">
                <strong>
                  {t('edit.mode')}: {page.title}
                </strong>{' '}
                {t('edit.loading')}
              </div>
            </div>
            <PageView page={page} />
          </>
        }
      >
        <EditModePage page={page} />
      </Suspense>
    );
  }
  if (preview) {
    return (
      <>
        <p className={`preview-notice preview-notice-${preview}`} role="status">
          {t(preview === 'shown' ? 'edit.previewShown' : 'edit.previewExpired')}
        </p>
        <PageView page={page} />
      </>
    );
  }
  return <PageView page={page} editControl={<EditControl page={page} />} />;
}
