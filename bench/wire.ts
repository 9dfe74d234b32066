import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { BLOCK_TYPE_NAMES, type BlockTypeName } from '../common/blocks/names.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { buildDirectory, type ServerProcess, startServer } from '../scripts/server-process.ts';

/**
 * Bytes on the wire of a visitor's true first visit (issues 12 and 32), part of `npm run bench`;
 * also runs on its own after a build: `npx tsx bench/wire.ts` (BUILD_DIR as for the server, or
 * BENCH_BASE_URL=http://… for a running one).
 *
 * A true first visit is what every new visitor gets: an empty browser (fresh context, no cache, no
 * cookie consent stored, so the consent dialog is part of the page) on a 375 px wide phone. It opens
 * the home page, an item page (the first item linked from a list), a page with a form and a list
 * page, sums what went over the wire (compressed body bytes) per resource type and counts the files;
 * then it makes the choice in the dialog ("Alleen noodzakelijk") and adds what that brought. Each
 * page is then opened once more in an empty browser that has a stored choice (a later visit with an
 * emptied cache). BENCH_WIRE_FILES=1 lists every script and stylesheet with its size.
 *
 * Budgets (issue 32), a true first visit: JavaScript ≤ 150 KB (home, item, list), ≤ 180 KB (a page
 * with a form); CSS ≤ 40 KB. e2e/wire.test.ts asserts them with the same measurement.
 *
 * Then each block type's view (issue 31: a chunk of its own, loaded only where it is shown): its
 * chunk's bytes (brotli, as served) and those of the chunks only it brings (the form's inputs), read
 * from the build's manifest (BUILD_DIR), and the site's published pages (its sitemap) that loaded it
 * in the browser. BENCH_WIRE_BLOCKS=0 leaves that part out.
 */

/** The budgets of issue 32 for a true first visit, in bytes (compressed as transferred). */
export const WIRE_BUDGET = {
  script: 150 * 1024,
  /** A page with a form block: its fields, their checks and the proof-of-work request. */
  formScript: 180 * 1024,
  stylesheet: 40 * 1024,
} as const;

/** The phone a first visit is measured on. */
export const FIRST_VISIT_VIEWPORT = { width: 375, height: 812 } as const;

/** The demo site's page with a form (a volunteers' sign-up) and its news list. */
export const DEMO_FORM_PATH = '/activiteiten/vrijwilligers';
export const DEMO_LIST_PATH = '/nieuws';

const TYPES = ['document', 'script', 'stylesheet', 'font', 'image', 'fetch', 'other'] as const;
type ResourceType = (typeof TYPES)[number];

export type Transfer = { url: string; type: ResourceType; encoding: string | undefined; bytes: number };

export type PageWire = {
  path: string;
  /** Compressed body bytes per resource type. */
  bytes: Record<ResourceType, number>;
  files: Record<ResourceType, number>;
  transfers: Transfer[];
};

export type VisitKind = 'first' | 'stored-choice';

export type PageVisit = {
  /** What the page is in the report: home, item, form, list. */
  name: string;
  /** A true first visit (no consent stored, the dialog open). */
  first: PageWire;
  /** What making the choice in the dialog transferred after that (should be nothing). */
  afterChoice: PageWire;
  /** A later visit in an empty browser with the choice stored. */
  storedChoice: PageWire;
};

export type WireBenchResult = { pages: PageVisit[] };

function bucket(type: string): ResourceType {
  if (type === 'xhr') return 'fetch';
  return (TYPES as readonly string[]).includes(type) ? (type as ResourceType) : 'other';
}

/** The consent cookie exactly as the site writes it (URL-encoded JSON): required cookies only. */
export function storedChoiceCookie(baseUrl: string) {
  return {
    name: 'cookie-consent',
    value: encodeURIComponent(JSON.stringify({ categories: ['required'], date: new Date().toISOString() })),
    url: baseUrl,
  };
}

/** An empty browser on a phone: no cache, no cookies (or only a stored cookie choice). */
export async function emptyBrowser(
  browser: Browser,
  baseUrl: string,
  kind: VisitKind,
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'nl-NL', viewport: FIRST_VISIT_VIEWPORT });
  if (kind === 'stored-choice') await context.addCookies([storedChoiceCookie(baseUrl)]);
  return context;
}

/** Records every finished request of `page` from now on. */
export function recordTransfers(page: Page): () => Promise<PageWire['transfers']> {
  const requests: Request[] = [];
  page.on('requestfinished', (request) => requests.push(request));
  return async () => {
    const taken = requests.splice(0);
    return Promise.all(
      taken.map(async (request) => {
        const response = await request.response();
        const headers = (await response?.allHeaders()) ?? {};
        return {
          url: request.url(),
          type: bucket(request.resourceType()),
          encoding: headers['content-encoding'],
          // -1 when Chromium took the body from its memory cache (a stylesheet asked for again).
          bytes: Math.max(0, (await request.sizes()).responseBodySize),
        };
      }),
    );
  };
}

export function sumUp(pagePath: string, transfers: Transfer[]): PageWire {
  const bytes = Object.fromEntries(TYPES.map((type) => [type, 0])) as Record<ResourceType, number>;
  const files = Object.fromEntries(TYPES.map((type) => [type, 0])) as Record<ResourceType, number>;
  for (const transfer of transfers) {
    bytes[transfer.type] += transfer.bytes;
    files[transfer.type] += 1;
  }
  return { path: pagePath, bytes, files, transfers: [...transfers].sort((a, b) => b.bytes - a.bytes) };
}

/** React has attached to the page (a fiber key on the site's root element) and the network is quiet. */
async function settle(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.querySelector('.site') ?? document.body;
      return Object.keys(root).some((key) => key.startsWith('__reactFiber'));
    },
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForLoadState('networkidle');
}

/**
 * A true first visit to `pagePath` and, in the same browser, the choice made in the consent dialog:
 * the bytes of each. The dialog must be there (server-rendered) on a first visit.
 */
export async function measureFirstVisitAndChoice(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
): Promise<{ first: PageWire; afterChoice: PageWire }> {
  const context = await emptyBrowser(browser, baseUrl, 'first');
  try {
    const page = await context.newPage();
    const taken = recordTransfers(page);
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
    await settle(page);
    const first = sumUp(pagePath, await taken());
    await page.getByRole('dialog').getByRole('button', { name: 'Alleen noodzakelijk' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.waitForLoadState('networkidle');
    const afterChoice = sumUp(`${pagePath} (after the choice)`, await taken());
    return { first, afterChoice };
  } finally {
    await context.close();
  }
}

/** A visit in an empty browser of `kind`: everything that was transferred, per type. */
export async function measureVisit(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  kind: VisitKind,
): Promise<PageWire> {
  const context = await emptyBrowser(browser, baseUrl, kind);
  try {
    const page = await context.newPage();
    const taken = recordTransfers(page);
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
    await settle(page);
    return sumUp(pagePath, await taken());
  } finally {
    await context.close();
  }
}

/**
 * The first item page linked from a list on `/`, `/activiteiten` or `/nieuws` (item URLs are
 * `{page}/i/{id}/{slug}`). Lists below the fold load their items when they scroll into view, so this
 * looks in the browser, scrolled to the bottom.
 */
export async function findItemPath(browser: Browser, baseUrl: string): Promise<string | null> {
  const context = await browser.newContext();
  await context.addCookies([storedChoiceCookie(baseUrl)]);
  try {
    const page = await context.newPage();
    for (const listPage of ['/', '/activiteiten', DEMO_LIST_PATH]) {
      const response = await page.goto(`${baseUrl}${listPage}`);
      if (!response?.ok()) continue;
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const link = page.locator('a[href*="/i/"]').first();
      try {
        await link.waitFor({ timeout: 5_000 });
      } catch {
        continue;
      }
      const href = await link.getAttribute('href');
      if (href) return new URL(href, baseUrl).pathname;
    }
    return null;
  } finally {
    await context.close();
  }
}

/** The four kinds of visitor page issue 32 budgets: name and path (the item page found in a list). */
export async function visitorPages(
  browser: Browser,
  baseUrl: string,
): Promise<{ name: string; path: string; scriptBudget: number }[]> {
  const itemPath = await findItemPath(browser, baseUrl);
  if (!itemPath) throw new Error('no item page found in the lists of /, /activiteiten or /nieuws');
  return [
    { name: 'home', path: '/', scriptBudget: WIRE_BUDGET.script },
    { name: 'item', path: itemPath, scriptBudget: WIRE_BUDGET.script },
    { name: 'form', path: DEMO_FORM_PATH, scriptBudget: WIRE_BUDGET.formScript },
    { name: 'list', path: DEMO_LIST_PATH, scriptBudget: WIRE_BUDGET.script },
  ];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function line(label: string, wire: PageWire) {
  const part = (type: ResourceType) => `${kb(wire.bytes[type])} in ${wire.files[type]}`;
  return `    ${label.padEnd(22)} JS ${part('script').padEnd(16)} CSS ${part('stylesheet').padEnd(14)} HTML ${kb(wire.bytes.document)}`;
}

/** One file of the browser's build in Vite's manifest. */
type ManifestChunk = { file: string; imports?: string[] };

/** A block type's view in the browser's build: its chunk, or none when it is part of the shared code. */
export type BlockViewChunk = {
  type: BlockTypeName;
  /** The view's chunk (`/assets/block-<Type>-….js`), or null: in the shared code. */
  file: string | null;
  /** Brotli bytes of the view's chunk. */
  bytes: number;
  /** The chunks only this view brings (not the shared code's): their files and brotli bytes. */
  ownImports: { file: string; bytes: number }[];
};

/** The chunks the shared code of every content page is made of (what React Router names itself). */
const SHARED_ENTRIES = [
  'web/entry.client.tsx',
  'web/root.tsx?__react-router-build-client-route',
  'web/routes/content-page.tsx?__react-router-build-client-route',
];

/** The bytes a file of the client build goes over the wire with: its .br copy, or brotli of it (small files). */
function brotliBytes(clientDirectory: string, file: string): number {
  const full = path.join(clientDirectory, file);
  if (existsSync(`${full}.br`)) return readFileSync(`${full}.br`).length;
  const source = readFileSync(full);
  const compressed = brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  });
  return Math.min(compressed.length, source.length);
}

/**
 * Each block type's view chunk in the build at `buildDir` (vite.config.ts names them
 * `block-<Type>`; a view another screen imports too has no manifest key of its own, only that name).
 */
export function blockViewChunks(buildDir: string): BlockViewChunk[] {
  const clientDirectory = path.join(buildDir, 'client');
  const manifest = JSON.parse(
    readFileSync(path.join(clientDirectory, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const reach = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const shared = reach(SHARED_ENTRIES);
  return BLOCK_TYPE_NAMES.map((type) => {
    const folder = `${type.charAt(0).toUpperCase()}${type.slice(1)}`;
    const key = Object.keys(manifest).find(
      (name) =>
        name === `web/blocks/${folder}/View.tsx` ||
        manifest[name]?.file.startsWith(`assets/block-${folder}-`),
    );
    if (!key || shared.has(key)) return { type, file: null, bytes: 0, ownImports: [] };
    const ownImports = [...reach([key])]
      .filter((name) => name !== key && !shared.has(name))
      .map((name) => `/${manifest[name]?.file}`)
      .map((file) => ({ file, bytes: brotliBytes(clientDirectory, file) }));
    const file = `/${manifest[key]?.file}`;
    return { type, file, bytes: brotliBytes(clientDirectory, file), ownImports };
  });
}

/** The site's published pages, as its sitemap (or sitemap index) lists them: paths. */
async function publishedPaths(baseUrl: string): Promise<string[]> {
  const locations = async (url: string) =>
    [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => loc);
  const paths = new Set<string>();
  for (const loc of await locations(`${baseUrl}/sitemap.xml`)) {
    const inner = loc.endsWith('.xml') ? await locations(loc) : [loc];
    for (const page of inner) paths.add(new URL(page).pathname);
  }
  return [...paths];
}

/**
 * Which of the site's published pages loaded each block view's chunk (a first visit with a stored
 * choice, each in an empty browser), and which pages show the type (its wrappers in the HTML).
 */
export async function blockViewUses(
  browser: Browser,
  baseUrl: string,
  chunks: readonly BlockViewChunk[],
): Promise<Map<BlockTypeName, { loadedOn: string[]; shownOn: string[] }>> {
  const uses = new Map(
    chunks.map(({ type }) => [type, { loadedOn: [] as string[], shownOn: [] as string[] }]),
  );
  for (const pagePath of await publishedPaths(baseUrl)) {
    const wire = await measureVisit(browser, baseUrl, pagePath, 'stored-choice');
    const html = await (await fetch(`${baseUrl}${pagePath}`)).text();
    const shown = new Set([...html.matchAll(/ data-block="([A-Za-z]+)"/g)].map(([, name]) => name));
    for (const { type, file } of chunks) {
      const use = uses.get(type);
      if (!use) continue;
      if (shown.has(type)) use.shownOn.push(pagePath);
      if (file && wire.transfers.some((transfer) => new URL(transfer.url).pathname === file)) {
        use.loadedOn.push(pagePath);
      }
    }
  }
  return uses;
}

async function reportBlockViews(browser: Browser, baseUrl: string): Promise<void> {
  const buildDir = buildDirectory();
  if (!existsSync(path.join(buildDir, 'client/.vite/manifest.json'))) {
    console.log(`\n  block views: no build manifest in ${buildDir} (BUILD_DIR), left out`);
    return;
  }
  const chunks = blockViewChunks(buildDir);
  const uses = await blockViewUses(browser, baseUrl, chunks);
  console.log(
    '\nBlock view bytes per type (issue 31): brotli as served; "+ own" is what only that view brings; pages of the sitemap',
  );
  console.log('| block type | view chunk bytes | + own imports | loaded on | shown on |');
  console.log('|---|--:|--:|---|---|');
  for (const chunk of chunks) {
    const use = uses.get(chunk.type);
    const own = chunk.ownImports.reduce((sum, part) => sum + part.bytes, 0);
    const list = (paths: readonly string[] = []) => {
      if (paths.length === 0) return '–';
      if (paths.length <= 4) return paths.join(', ');
      return `${paths.length} pages (${paths.slice(0, 2).join(', ')}, …)`;
    };
    const loadedOn = chunk.file ? list(use?.loadedOn) : 'every page (shared code)';
    const bytes = chunk.file ? `${chunk.bytes}` : 'shared';
    const ownBytes = chunk.file ? `${own} in ${chunk.ownImports.length}` : '–';
    console.log(`| ${chunk.type} | ${bytes} | ${ownBytes} | ${loadedOn} | ${list(use?.shownOn)} |`);
    if (chunk.file) {
      const stray = (use?.loadedOn ?? []).filter((page) => !use?.shownOn.includes(page));
      if (stray.length > 0)
        console.log(`  ! ${chunk.type}'s view loaded on pages that do not show it: ${stray.join(', ')}`);
    }
  }
}

export async function runWireBench(options: { baseUrl?: string } = {}): Promise<WireBenchResult> {
  console.log(
    `\nBytes on the wire (issues 12, 32): true first visit in Chromium at ${FIRST_VISIT_VIEWPORT.width} px, compressed body bytes`,
  );
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  try {
    let baseUrl = options.baseUrl;
    if (!baseUrl) {
      server = await startServer({ logLevel: 'warn' });
      baseUrl = server.url;
    }
    // Playwright gives each launch a fresh temporary profile and each context a clean session.
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const pages = await visitorPages(browser, baseUrl);
    const results: PageVisit[] = [];
    for (const { name, path: pagePath, scriptBudget } of pages) {
      // One visit first, so the server's caches (page cache, image transforms) are warm: bytes do
      // not depend on it, but a cold image transform could outlast networkidle.
      await measureVisit(browser, baseUrl, pagePath, 'first');
      const { first, afterChoice } = await measureFirstVisitAndChoice(browser, baseUrl, pagePath);
      const storedChoice = await measureVisit(browser, baseUrl, pagePath, 'stored-choice');
      results.push({ name, first, afterChoice, storedChoice });
      const verdict = (bytes: number, budget: number) =>
        `${kb(bytes)} of ${kb(budget)} ${bytes <= budget ? 'ok' : 'OVER BUDGET'}`;
      console.log(`  ${name}: ${pagePath}`);
      console.log(line('first visit', first));
      console.log(line('+ the choice', afterChoice));
      console.log(line('with a stored choice', storedChoice));
      console.log(
        `    budget, first visit:   JS ${verdict(first.bytes.script, scriptBudget)}, CSS ${verdict(first.bytes.stylesheet, WIRE_BUDGET.stylesheet)}`,
      );
      if (process.env.BENCH_WIRE_FILES) {
        for (const [label, wire] of [
          ['first visit', first],
          ['the choice', afterChoice],
          ['with a stored choice', storedChoice],
        ] as const) {
          console.log(`    files of ${label}:`);
          for (const transfer of wire.transfers) {
            if (transfer.type !== 'script' && transfer.type !== 'stylesheet') continue;
            console.log(`      ${kb(transfer.bytes).padStart(9)}  ${new URL(transfer.url).pathname}`);
          }
        }
      }
    }
    if (process.env.BENCH_WIRE_BLOCKS !== '0') await reportBlockViews(browser, baseUrl);
    return { pages: results };
  } finally {
    await browser?.close();
    await server?.stop(10_000);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runWireBench({ baseUrl: process.env.BENCH_BASE_URL }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
