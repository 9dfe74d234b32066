import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { freePort, type ServerProcess, startServer } from '../scripts/server-process.ts';
import { visitorPages } from './wire.ts';

/**
 * Lighthouse (issue 12), part of `npm run bench`; also runs on its own after a build:
 * `npx tsx bench/lighthouse.ts` (BUILD_DIR as for the server).
 *
 * Lighthouse's default run is the mobile preset (a Moto G Power sized screen, 4× CPU slowdown,
 * simulated slow 4G). It audits the four kinds of visitor page of issue 32 (`/`, an item page, the
 * demo's page with a form and its news list) in Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium), each run in a fresh profile: a true first visit, with no cookie choice stored
 * and the consent dialog open (BENCH_LIGHTHOUSE_CONSENT=stored audits a visitor who already chose).
 * Reports the performance score, FCP, LCP, TBT and CLS. Target: a score ≥ 90 on each. Figures only.
 */

export type LighthouseFigures = {
  path: string;
  /** 0–100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Median of BENCH_LIGHTHOUSE_RUNS runs (3 by default), by score. */
  runs: number;
};

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3);
/**
 * BENCH_LIGHTHOUSE_ONLY=home,item audits some of the pages (by the names it prints);
 * BENCH_LIGHTHOUSE_REPORT=dir keeps each run's full Lighthouse result (JSON) there, for its diagnostics. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORT;

async function launchChrome(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'bouwsteen-lighthouse-'));
  const child: ChildProcess = spawn(
    process.env.CHROME_PATH || CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(profile, { recursive: true, force: true });
    },
  };
}

async function audit(url: string, withConsent: boolean): Promise<Omit<LighthouseFigures, 'path' | 'runs'>> {
  // A fresh browser (and profile) per run: every run is a first visit with an empty cache.
  const chrome = await launchChrome();
  try {
    const consent = encodeURIComponent(
      JSON.stringify({ categories: ['required'], date: new Date().toISOString() }),
    );
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(withConsent ? { extraHeaders: { Cookie: `cookie-consent=${consent}` } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (REPORT_DIR) {
      const name = `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${Date.now()}.json`;
      await writeFile(path.join(REPORT_DIR, name), JSON.stringify(lhr));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(numeric('first-contentful-paint')),
    };
  } finally {
    await chrome.stop();
  }
}

async function medianAudit(
  baseUrl: string,
  pagePath: string,
  withConsent: boolean,
): Promise<LighthouseFigures> {
  const runs: Omit<LighthouseFigures, 'path' | 'runs'>[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Lighthouse now and then fails to record a trace (NO_NAVSTART on a busy machine): try again.
    for (let attempt = 1; ; attempt++) {
      try {
        runs.push(await audit(`${baseUrl}${pagePath}`, withConsent));
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        console.warn(`  (${pagePath}: ${(error as Error).message}; trying again)`);
      }
    }
  }
  runs.sort((a, b) => a.score - b.score);
  const median = runs[Math.floor(runs.length / 2)] as Omit<LighthouseFigures, 'path' | 'runs'>;
  return { path: pagePath, runs: runs.length, ...median };
}

export async function runLighthouseBench(options: { baseUrl?: string } = {}): Promise<LighthouseFigures[]> {
  const withConsent = process.env.BENCH_LIGHTHOUSE_CONSENT === 'stored';
  console.log(
    `\nLighthouse (issues 12, 32): mobile preset, Chromium, median of ${RUNS} ${withConsent ? '(cookie choice stored)' : '(true first visit: no cookie choice, the dialog open)'}`,
  );
  let server: ServerProcess | null = null;
  try {
    let baseUrl = options.baseUrl;
    if (!baseUrl) {
      server = await startServer({ logLevel: 'warn' });
      baseUrl = server.url;
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    let pages: { name: string; path: string }[];
    try {
      pages = await visitorPages(browser, baseUrl);
    } finally {
      await browser.close();
    }
    // Warm the server's caches (page cache, image transforms) so the audit measures the page.
    for (const { path: pagePath } of pages) await fetch(`${baseUrl}${pagePath}`);
    const results: LighthouseFigures[] = [];
    const only = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',');
    for (const { name, path: pagePath } of pages) {
      if (only && !only.includes(name)) continue;
      const figures = await medianAudit(baseUrl, pagePath, withConsent);
      results.push(figures);
      console.log(
        `  ${name} (${pagePath}): performance ${figures.score}${figures.score >= 90 ? '' : ' (target 90)'}, ` +
          `FCP ${figures.fcpMs} ms, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls}`,
      );
    }
    return results;
  } finally {
    await server?.stop(10_000);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLighthouseBench({ baseUrl: process.env.BENCH_BASE_URL }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
