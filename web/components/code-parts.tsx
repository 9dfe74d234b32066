import { type ComponentType, use } from 'react';
import { preinit, preloadModule } from 'react-dom';
import type { AppContextValue } from '#app-context';
import type { PageView } from '../../common/site';
import { editModeSources } from './edit-mode-sources';
import type { ListEditingProps } from './lists/ListEditing';

/**
 * A part of the app whose code loads when it is first shown, as `React.lazy` does, and which can be
 * fetched before that (issue 35). A part fetched before the page hydrates (entry.client.tsx, when
 * the server's HTML shows it) renders at once during hydration: with `React.lazy` it stayed
 * dehydrated for a moment, and an update that reached it then made React throw the server's HTML
 * away and draw it again, so a button vanished under the pointer and a click was lost.
 */
export function codePart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    if (!loading) {
      const promise = load().then((component) => {
        // As React's `use` marks a promise it has read: a fulfilled one is used at once.
        Object.assign(promise, { status: 'fulfilled', value: component });
        return component;
      });
      // A failed load may be tried again (the next render asks anew).
      promise.catch(() => {
        loading = null;
      });
      loading = promise;
    }
    return loading;
  };
  function Part(props: P) {
    const Component = use(preload());
    return <Component {...props} />;
  }
  return { Part, preload };
}

/** Edit mode of a page or template (`{path}/edit`): never loaded for a visitor. */
export const editModePart = codePart<{ page: PageView; isTemplate?: boolean }>(() =>
  import('./edit/EditModePage').then((module) => module.default),
);

/** A list's item tools in edit mode. */
export const listEditingPart = codePart<ListEditingProps>(() =>
  import('./lists/ListEditing').then((module) => module.ListEditing),
);

/** In a loader, on the server: the files edit mode needs for `page` (server/http/code-assets.ts). */
export function editModeCode(
  app: Pick<AppContextValue, 'codeAssets'>,
  page: { blocks: readonly { name: string }[] },
) {
  return app.codeAssets(editModeSources(page));
}

/**
 * While rendering a page in edit mode: its scripts are fetched at once, beside the page's own, and
 * its styles come before the first paint, so the server's edit bar shows as it will work (React
 * puts both in the head, once).
 */
export function preloadEditModeCode(code: { scripts: string[]; styles: string[] } | null | undefined) {
  for (const href of code?.scripts ?? []) preloadModule(href);
  for (const href of code?.styles ?? []) preinit(href, { as: 'style', precedence: 'default' });
}
