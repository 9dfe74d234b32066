import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';

/**
 * Bytes on the wire (issue 12), part of `npm run bench`; also runs on its own after a build:
 * `npx tsx bench/wire.ts` (BUILD_DIR as for the server).
 *
 * Opens `/` and an item page (the first item link in a list on `/`, else on `/activiteiten`) in
 * Debian's Chromium with a fresh profile, as a first-time visitor with a stored cookie consent, and
 * sums what went over the wire (compressed body bytes) per resource type, plus the number of files;
 * then `/` once more without a stored cookie choice (the consent dialog's code and styles load too).
 * BENCH_WIRE_FILES=1 lists every script and stylesheet with its size.
 *
 * Budgets (issue 12), first visit to `/`: JavaScript ≤ 150 KB, CSS ≤ 40 KB. Figures only.
 */

/** The budgets of issue 12 for a first visit to `/`, in bytes (compressed). */
export const WIRE_BUDGET = { script: 150 * 1024, stylesheet: 40 * 1024 } as const;

const TYPES = ['document', 'script', 'stylesheet', 'font', 'image', 'fetch', 'other'] as const;
type ResourceType = (typeof TYPES)[number];

export type PageWire = {
  path: string;
  /** Compressed body bytes per resource type. */
  bytes: Record<ResourceType, number>;
  files: Record<ResourceType, number>;
  scripts: { url: string; bytes: number }[];
  stylesheets: { url: string; bytes: number }[];
};

export type WireBenchResult = { home: PageWire; item: PageWire | null; homeWithDialog: PageWire };

function bucket(type: string): ResourceType {
  if (type === 'xhr') return 'fetch';
  return (TYPES as readonly string[]).includes(type) ? (type as ResourceType) : 'other';
}

/** A first visit to `path` in a fresh context: everything that was transferred, per type. */
export async function measureFirstVisit(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  { withConsent = true }: { withConsent?: boolean } = {},
): Promise<PageWire> {
  const context = await browser.newContext({
    locale: 'nl-NL',
    viewport: { width: 1280, height: 900 },
  });
  // A visitor who already chose required cookies only: no consent dialog over the page.
  if (withConsent)
    await context.addCookies([
      {
        name: 'cookie-consent',
        value: encodeURIComponent(
          JSON.stringify({ categories: ['required'], date: new Date().toISOString() }),
        ),
        url: baseUrl,
      },
    ]);
  try {
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('requestfinished', (request) => requests.push(request));
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const bytes = Object.fromEntries(TYPES.map((type) => [type, 0])) as Record<ResourceType, number>;
    const files = Object.fromEntries(TYPES.map((type) => [type, 0])) as Record<ResourceType, number>;
    const scripts: PageWire['scripts'] = [];
    const stylesheets: PageWire['stylesheets'] = [];
    for (const request of requests) {
      const type = bucket(request.resourceType());
      const size = (await request.sizes()).responseBodySize;
      bytes[type] += size;
      files[type] += 1;
      if (type === 'script') scripts.push({ url: request.url(), bytes: size });
      if (type === 'stylesheet') stylesheets.push({ url: request.url(), bytes: size });
    }
    scripts.sort((a, b) => b.bytes - a.bytes);
    stylesheets.sort((a, b) => b.bytes - a.bytes);
    return {
      path: withConsent ? pagePath : `${pagePath} (no cookie choice yet: with the dialog)`,
      bytes,
      files,
      scripts,
      stylesheets,
    };
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
  try {
    const page = await context.newPage();
    for (const listPage of ['/', '/activiteiten', '/nieuws']) {
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printPage(wire: PageWire) {
  console.log(`  ${wire.path}`);
  for (const type of TYPES) {
    if (wire.files[type] === 0) continue;
    console.log(`    ${type.padEnd(10)} ${kb(wire.bytes[type]).padStart(10)}  (${wire.files[type]} files)`);
  }
}

export async function runWireBench(options: { baseUrl?: string } = {}): Promise<WireBenchResult> {
  console.log('\nBytes on the wire (issue 12): first visit in Chromium, compressed body bytes');
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
    // One visit first, so the server's caches (page cache, image transforms) are warm: bytes do
    // not depend on it, but a cold image transform could outlast networkidle.
    await measureFirstVisit(browser, baseUrl, '/');
    const home = await measureFirstVisit(browser, baseUrl, '/');
    const itemPath = await findItemPath(browser, baseUrl);
    const item = itemPath ? await measureFirstVisit(browser, baseUrl, itemPath) : null;
    const homeWithDialog = await measureFirstVisit(browser, baseUrl, '/', { withConsent: false });
    printPage(home);
    if (item) printPage(item);
    else console.log('  (no item page found in the lists of /, /activiteiten or /nieuws)');
    printPage(homeWithDialog);
    const verdict = (type: 'script' | 'stylesheet') =>
      `${kb(home.bytes[type])} of ${kb(WIRE_BUDGET[type])} ${home.bytes[type] <= WIRE_BUDGET[type] ? 'ok' : 'OVER BUDGET'}`;
    console.log(`  budget on /: JavaScript ${verdict('script')}, CSS ${verdict('stylesheet')}`);
    if (process.env.BENCH_WIRE_FILES) {
      for (const page of [home, item, homeWithDialog]) {
        if (!page) continue;
        console.log(`  files of ${page.path}:`);
        for (const file of [...page.scripts, ...page.stylesheets])
          console.log(`    ${kb(file.bytes).padStart(9)}  ${new URL(file.url).pathname}`);
      }
    }
    return { home, item, homeWithDialog };
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
