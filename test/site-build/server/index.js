// A stand-in for the site's React Router build (`BUILD_DIR/server/index.js`), so that server tests
// can run the site's catch-all route without building the site. It has no documents: every path
// is one resource route whose action does what the content page's action does with a form post
// (web/routes/content-page.tsx) and answers JSON instead of a page.
import { appContext } from '#app-context';

async function action({ context, request }) {
  const app = context.get(appContext);
  const body = await request.formData().catch(() => null);
  if (!body) return Response.json({ kind: 'unreadable' }, { status: 400 });
  const fields = [];
  for (const [name, value] of body) if (typeof value === 'string') fields.push([name, value]);
  const result = await app.site.submitForm({ fields, locale: app.locale });
  return Response.json(result, { status: result.kind === 'stored' ? 201 : 400 });
}

// `?slow=<ms>`: a page visitors' cache may keep, answered after that long (a render in flight).
async function loader({ context, request }) {
  const slow = Number(new URL(request.url).searchParams.get('slow'));
  if (!(slow > 0)) return Response.json({ kind: 'page' });
  context.get(appContext).pageCache.allow();
  await new Promise((resolve) => setTimeout(resolve, slow));
  return Response.json({ kind: 'page', renderedAt: performance.now() });
}

export const assets = {
  version: 'test',
  url: '/assets/manifest-test.js',
  entry: { module: '/assets/entry.client-test.js', imports: [] },
  routes: {},
};
export const assetsBuildDirectory = 'test/site-build/client';
export const basename = '/';
export const future = {};
export const isSpaMode = false;
export const ssr = true;
export const prerender = [];
export const publicPath = '/';
export const routeDiscovery = { mode: 'initial', manifestPath: '/__manifest' };
export const allowedActionOrigins = false;
export const entry = {
  module: { default: () => new Response('this test build renders no documents', { status: 500 }) },
};
export const routes = {
  root: { id: 'root', parentId: undefined, path: '', index: undefined, caseSensitive: undefined, module: {} },
  site: {
    id: 'site',
    parentId: 'root',
    path: '*',
    index: undefined,
    caseSensitive: undefined,
    module: { action, loader },
  },
};
