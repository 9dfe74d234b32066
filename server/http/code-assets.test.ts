import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAssetsOf } from './code-assets.ts';

const ROOT = 'web/root.tsx?__react-router-build-client-route';

/** A client build's manifest as Vite writes it: edit mode shares a chunk with the root. */
const MANIFEST = {
  'web/entry.client.tsx': { file: 'assets/entry.client-1.js', isEntry: true, imports: ['_site.js'] },
  [ROOT]: { file: 'assets/root-1.js', isEntry: true, imports: ['_site.js'] },
  '_site.js': { file: 'assets/site-1.js', css: ['assets/site-1.css'] },
  'web/components/edit/EditModePage.tsx': {
    file: 'assets/EditModePage-1.js',
    isDynamicEntry: true,
    imports: ['_site.js', '_providers.js', '_menu.js'],
    css: ['assets/EditModePage-1.css'],
  },
  '_providers.js': { file: 'assets/providers-1.js', imports: ['_menu.js'], css: ['assets/mantine-1.css'] },
  '_menu.js': { file: 'assets/menu-1.js', imports: ['_providers.js'], css: ['assets/mantine-1.css'] },
  'web/components/lists/ListEditing.tsx': { file: 'assets/ListEditing-1.js', imports: ['_providers.js'] },
  // A block view another screen imports too (the form's): no key of its own, its chunk named for it.
  '_block-Form-x-1.js': { file: 'assets/block-Form-x-1.js', imports: ['_site.js', '_menu.js'] },
};

describe('the files behind a lazily loaded part (issue 35)', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'bouwsteen-code-assets-'));
    await mkdir(path.join(directory, '.vite'));
    await writeFile(path.join(directory, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("names a part's scripts and stylesheets, all the way down, each once, without what every page has", () => {
    const assets = codeAssetsOf(directory)([
      'web/components/edit/EditModePage.tsx',
      'web/components/lists/ListEditing.tsx',
    ]);
    expect(assets.scripts.sort()).toEqual(
      [
        '/assets/EditModePage-1.js',
        '/assets/ListEditing-1.js',
        '/assets/menu-1.js',
        '/assets/providers-1.js',
      ].sort(),
    );
    // The site's stylesheet is the root's: named again, it would load a second time.
    expect(assets.styles.sort()).toEqual(['/assets/EditModePage-1.css', '/assets/mantine-1.css'].sort());
  });

  it('finds a block view that is no chunk of its own by its chunk’s name (issue 31)', () => {
    expect(codeAssetsOf(directory)(['web/blocks/Form/View.tsx']).scripts.sort()).toEqual(
      ['/assets/block-Form-x-1.js', '/assets/menu-1.js', '/assets/providers-1.js'].sort(),
    );
  });

  it('names nothing for a source the build does not know, or without a manifest (development)', async () => {
    expect(codeAssetsOf(directory)(['web/nothing.tsx'])).toEqual({ scripts: [], styles: [] });
    const empty = await mkdtemp(path.join(tmpdir(), 'bouwsteen-code-assets-'));
    try {
      expect(codeAssetsOf(empty)(['web/components/edit/EditModePage.tsx'])).toEqual({
        scripts: [],
        styles: [],
      });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
