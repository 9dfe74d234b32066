import { pathToFileURL } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';

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
