import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One file of the browser's build in Vite's manifest (`build.manifest`, vite.config.ts). */
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

/** The files a lazily loaded part of the app needs: its scripts and its stylesheets, as URL paths. */
export type CodeAssets = { scripts: string[]; styles: string[] };

const NONE: CodeAssets = { scripts: [], styles: [] };

/** The browser's entry and the root route, as the manifest names them. */
const EVERY_PAGE = ['web/entry.client.tsx', 'web/root.tsx?__react-router-build-client-route'];

/**
 * The browser files behind lazily loaded parts of the app, read from the client build's Vite
 * manifest (issue 35). A page the server renders in edit mode names them in its head, so the
 * browser fetches edit mode's scripts beside the page's own instead of after them, and its styles
 * before the first paint (the server's edit bar was unstyled, then jumped when they came).
 * The manifest stays out of reach of visitors (the static files skip dot directories). Without a
 * manifest (the development server) every part has no files to name.
 */
export function codeAssetsOf(clientBuildDirectory: string): (sources: readonly string[]) => CodeAssets {
  let manifest: Record<string, ManifestChunk> | null = null;
  try {
    manifest = JSON.parse(
      readFileSync(path.join(clientBuildDirectory, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    manifest = null;
  }
  // A block type's view that another screen imports too (the form's, by the form builder) is no
  // chunk of its own in the manifest: vite.config.ts names its chunk `block-<Type>`.
  const sharedBlockViews = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest ?? {})) {
    const type = /^assets\/block-([A-Za-z]+)-/.exec(chunk.file)?.[1];
    if (type && key.startsWith('_')) sharedBlockViews.set(`web/blocks/${type}/View.tsx`, key);
  }
  /** The chunks a name stands on (itself and what it imports, all the way down). */
  const reach = (names: readonly string[], skip: ReadonlySet<string> = new Set()) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name) || skip.has(name) || !manifest?.[name]) return;
      seen.add(name);
      for (const imported of manifest[name].imports ?? []) visit(imported);
    };
    for (const name of names) visit(manifest?.[name] ? name : (sharedBlockViews.get(name) ?? name));
    return seen;
  };
  // What every page has already (React Router names these itself): never named twice, so no
  // stylesheet is loaded a second time.
  const onEveryPage = reach(EVERY_PAGE);
  const known = new Map<string, CodeAssets>();
  return (sources) => {
    if (!manifest) return NONE;
    const key = sources.join('\n');
    const cached = known.get(key);
    if (cached) return cached;
    const chunks = [...reach(sources, onEveryPage)].flatMap((name) => manifest?.[name] ?? []);
    const assets = {
      scripts: chunks.map((chunk) => `/${chunk.file}`),
      styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((css) => `/${css}`),
    };
    known.set(key, assets);
    return assets;
  };
}
