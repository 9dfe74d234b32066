import path from 'node:path';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/** What the chunking reads of the module graph (a part of Rolldown's chunking context). */
type ModuleGraph = {
  getModuleInfo(id: string): { isEntry: boolean; code: string | null; importedIds: readonly string[] } | null;
};

const webFile = (file: string) => path.join(import.meta.dirname, 'web', file);

/**
 * The code a visitor's first page needs, in as few files as the modules allow (issue 12). React
 * Router preloads every file of the matched routes at once; on a slow mobile connection forty small
 * files cost a round trip each and hold back the first paint, so the modules these entries use go
 * into one chunk per group. `site` is what every page loads (the browser's entry and the root route:
 * React, the router, the shell); `page` is the content page route (home, pages, items) beyond that.
 * Only static imports count, so the dialogs, edit mode, the account area and the admin screens stay
 * chunks of their own and never join a visitor's files.
 */
const VISITOR_GROUPS = [
  { name: 'site', entries: [webFile('entry.client.tsx'), webFile('root.tsx')] },
  { name: 'page', entries: [webFile('routes/content-page.tsx')] },
] as const;

/** React Router builds each route module from a virtual entry that re-exports the module's browser part. */
const CLIENT_ROUTE_SUFFIX = '?__react-router-build-client-route';

/** Which names one module imports from another: a list, or `*` for all of them. */
type Wanted = ReadonlySet<string> | '*';

type ImportStatement = { specifier: string; wanted: Wanted };
type ModuleShape = {
  imports: ImportStatement[];
  /** Exported name → where it comes from, for modules that only gather other modules' exports. */
  reexports: Map<string, ImportStatement>;
  /** `export * from` sources. */
  starSources: string[];
  /** Holds nothing but imports and exports (a package's index): follow only the names asked for. */
  isBarrel: boolean;
};

const IMPORT = /\bimport\s+([\w$\s{},*]+?)\s+from\s*["']([^"']+)["']/g;
const SIDE_EFFECT_IMPORT = /\bimport\s*["']([^"']+)["']/g;
const REEXPORT = /\bexport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const STAR_EXPORT = /\bexport\s*\*\s*(?:as\s+[\w$]+\s+)?from\s*["']([^"']+)["']/g;
const LOCAL_EXPORT = /\bexport\s*\{([^}]*)\}\s*(?!\s*from)/g;

/** `a, b as c` → [[a, a], [b, c]]: each name as imported (or exported) and as bound here. */
function namePairs(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [imported = part, local = imported] = part.split(/\s+as\s+/);
      return [imported.trim(), local.trim()];
    });
}

/** The import and export statements of a module's code (Rolldown's transformed code: plain ES syntax). */
function shapeOf(code: string): ModuleShape {
  const imports: ImportStatement[] = [];
  const bindings = new Map<string, ImportStatement>();
  for (const [, clause = '', specifier = ''] of code.matchAll(IMPORT)) {
    const named = /\{([^}]*)\}/.exec(clause)?.[1];
    const outside = clause.replace(/\{[^}]*\}/, '');
    const names = new Set<string>();
    if (named) {
      for (const [imported, local] of namePairs(named)) {
        names.add(imported);
        bindings.set(local, { specifier, wanted: new Set([imported]) });
      }
    }
    const namespace = /\*\s*as\s+([\w$]+)/.exec(outside)?.[1];
    if (namespace) bindings.set(namespace, { specifier, wanted: '*' });
    const defaultName = /^\s*([\w$]+)/.exec(outside.replace(/\*\s*as\s+[\w$]+/, ''))?.[1];
    if (defaultName) {
      names.add('default');
      bindings.set(defaultName, { specifier, wanted: new Set(['default']) });
    }
    imports.push({ specifier, wanted: namespace ? '*' : names });
  }
  for (const [, specifier = ''] of code.matchAll(SIDE_EFFECT_IMPORT))
    imports.push({ specifier, wanted: '*' });
  const reexports = new Map<string, ImportStatement>();
  for (const [, list = '', specifier = ''] of code.matchAll(REEXPORT)) {
    for (const [imported, exported] of namePairs(list)) {
      reexports.set(exported, { specifier, wanted: new Set([imported]) });
      imports.push({ specifier, wanted: new Set([imported]) });
    }
  }
  const starSources = [...code.matchAll(STAR_EXPORT)].map(([, specifier = '']) => specifier);
  for (const specifier of starSources) imports.push({ specifier, wanted: '*' });
  for (const [, list = ''] of code.matchAll(LOCAL_EXPORT)) {
    for (const [local, exported] of namePairs(list)) {
      const binding = bindings.get(local);
      if (binding) reexports.set(exported, binding);
    }
  }
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/\b(?:import|export)\b[^;]*;?/g, '')
    .replace(/["']use client["'];?/g, '')
    .trim();
  return { imports, reexports, starSources, isBarrel: rest === '' };
}

/** The module a specifier in `from` names, among those `from` imports statically (a bare one may match several files of its package). */
function resolveImport(from: string, specifier: string, importedIds: readonly string[]): string[] {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = specifier.startsWith('/') ? specifier : path.resolve(path.dirname(from), specifier);
    return importedIds.filter(
      (id) => id === target || id.startsWith(`${target}.`) || id.startsWith(`${target}/index.`),
    );
  }
  const inPackage = `/node_modules/${specifier}`;
  return importedIds.filter(
    (id) =>
      id === specifier ||
      id.includes(`${inPackage}/`) ||
      (id.includes(`${inPackage}.`) && !specifier.includes('.')),
  );
}

/**
 * The modules `entries` use through static imports, name by name through packages' index modules
 * (so importing `Button` from `@mantine/core` takes Button's files, not every component the index
 * lists); a module that is used at all counts with everything it imports. The statements are read
 * from the code, not parsed: one it misses leaves a module to Rolldown's own chunks (more files),
 * and an index it took for code would bring every component it lists into the group, which
 * e2e/wire.test.ts catches (no table, tabs or editor code in a visitor's scripts).
 */
function modulesUsedBy(graph: ModuleGraph, entries: readonly string[]): Set<string> {
  const shapes = new Map<string, ModuleShape>();
  const shape = (id: string) => {
    let known = shapes.get(id);
    if (!known) {
      known = shapeOf(graph.getModuleInfo(id)?.code ?? '');
      shapes.set(id, known);
    }
    return known;
  };
  const used = new Set<string>();
  const askedOfBarrel = new Map<string, Set<string>>();
  const pending: { id: string; wanted: Wanted }[] = entries.map((id) => ({ id, wanted: '*' }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { id, wanted } = next;
    const info = graph.getModuleInfo(id);
    if (!info || used.has(id)) continue;
    const { imports, reexports, starSources, isBarrel } = shape(id);
    const follow = (statement: ImportStatement) => {
      for (const target of resolveImport(id, statement.specifier, info.importedIds))
        pending.push({ id: target, wanted: statement.wanted });
    };
    if (isBarrel && wanted !== '*') {
      // Only the asked-for names, each once: the index itself holds no code of its own.
      const asked = askedOfBarrel.get(id) ?? new Set<string>();
      askedOfBarrel.set(id, asked);
      for (const name of wanted) {
        if (asked.has(name)) continue;
        asked.add(name);
        const source = reexports.get(name);
        if (source) follow(source);
        else for (const specifier of starSources) follow({ specifier, wanted: new Set([name]) });
      }
      continue;
    }
    used.add(id);
    for (const statement of imports) follow(statement);
  }
  return used;
}

function entryId(graph: ModuleGraph, file: string): string {
  for (const id of [`${file}${CLIENT_ROUTE_SUFFIX}`, file]) if (graph.getModuleInfo(id)?.isEntry) return id;
  throw new Error(`vite.config.ts: ${file} is not an entry of the browser build (visitor chunk groups)`);
}

/**
 * The group of each module, worked out from the module graph on the first call. A module belongs
 * to the first group whose entries use it; the entry modules themselves stay where React Router
 * expects them.
 */
function visitorChunkGroups() {
  let groupOf: Map<string, string> | undefined;
  return (moduleId: string, graph: ModuleGraph): string | null => {
    if (!groupOf) {
      groupOf = new Map();
      for (const group of VISITOR_GROUPS) {
        const entries = group.entries.map((file) => entryId(graph, file));
        for (const id of modulesUsedBy(graph, entries)) {
          if (!groupOf.has(id) && !graph.getModuleInfo(id)?.isEntry) groupOf.set(id, group.name);
        }
      }
    }
    return groupOf.get(moduleId) ?? null;
  };
}

/**
 * The visitor's chunk groups in the browser's build only: the server reads its build from disk,
 * where how it is split does not matter. Each build works its groups out afresh.
 */
function visitorChunks(): Plugin {
  return {
    name: 'bouwsteen:visitor-chunks',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: { rollupOptions: { output: { codeSplitting: { groups: [{ name: visitorChunkGroups() }] } } } },
      };
    },
  };
}

/** A block type's view module: `web/blocks/<Type>/View.tsx`. */
const BLOCK_VIEW = /\/web\/blocks\/([A-Za-z]+)\/View\.tsx$/;

export default defineConfig({
  plugins: [
    reactRouter(),
    fastifyReactRouterDev({
      entry: './server/dev-entry.ts',
      externalizeServerEntryImports: ['#app-context'],
    }),
    visitorChunks(),
  ],
  ssr: { noExternal: [/^@mantine\//] },
  build: {
    // Kept (build/client/.vite, never served): the server reads which files a lazily loaded part
    // needs, so a page in edit mode names them in its head (server/http/code-assets.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // A chunk made only of shared rules (common/) says so in its name, so it is never taken for
        // the admin or account screen of the same name (common/settings.ts vs routes/admin/settings.tsx).
        // A block type's view (issue 31: each a chunk of its own) is named after its type, not `View`
        // (server/http/code-assets.ts finds a view shared with another screen by that name).
        chunkFileNames: (chunk) => {
          const view =
            chunk.facadeModuleId ??
            (chunk.name === 'View' ? chunk.moduleIds.find((id) => BLOCK_VIEW.test(id)) : '');
          const blockType = BLOCK_VIEW.exec(view ?? '')?.[1];
          if (blockType) return `assets/block-${blockType}-[hash].js`;
          return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/common/'))
            ? 'assets/common-[name]-[hash].js'
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
