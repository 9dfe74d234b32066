import { Suspense } from 'react';
import { data } from 'react-router';
import { appContext } from '#app-context';
import { editModeCode, editModePart, preloadEditModeCode } from '../../components/code-parts';
import { PageView } from '../../layouts/PageView';
import { pageMeta } from '../../layouts/page-meta';
import { requireAdmin } from '../guards';
import type { Route } from './+types/template-edit';

/**
 * `admin/pagetemplates/{guid}/edit` (issue 10): a header or footer template (the announcement bar
 * and other template blocks) in the same block editor as pages. Admins only.
 */
const EditModePage = editModePart.Part;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(await app.site.getViewer(), request);
  const page = await app.site.getTemplateView({ guid: params.guid, locale: app.locale });
  if (!page) throw data(null, { status: 404 });
  return { page, code: editModeCode(app, page) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(loaderData?.page, matches);
}

export default function TemplateEditPage({ loaderData }: Route.ComponentProps) {
  const { page, code } = loaderData;
  preloadEditModeCode(code);
  return (
    <Suspense fallback={<PageView page={page} />}>
      <EditModePage page={page} isTemplate />
    </Suspense>
  );
}
