import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

export const CONSENT_COOKIE = 'cookie-consent';

/** A person's browser: headless Chromium names itself in its user agent, and statistics leave bots out. */
export const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A test file that starts its own server (an empty site, say) points the helpers at it. */
let ownServer: { baseUrl: string; dataDir: string } | undefined;

export function useOwnServer(server: { baseUrl: string; dataDir: string } | undefined): void {
  ownServer = server;
}

export function baseUrl(): string {
  return ownServer?.baseUrl ?? inject('baseUrl');
}

/** The server's DATA_DIR (its mail outbox is DATA_DIR/outbox). */
export function dataDir(): string {
  return ownServer?.dataDir ?? inject('dataDir');
}

/**
 * Debian's Chromium, headless. Playwright gives each launch a fresh temporary profile directory
 * (--user-data-dir) and removes it on close; every context is a clean, isolated session.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
}

export type ContextOptions = {
  width?: number;
  height?: number;
  /** 'required' stores a consent for required cookies only, 'all' for every category, 'none' stores nothing. */
  consent?: 'none' | 'required' | 'all';
  javaScriptEnabled?: boolean;
  /** Browser language (Accept-Language); Dutch unless a test says otherwise. */
  locale?: string;
  /** Headless Chromium names itself in its user agent, and the statistics do not count bots. */
  userAgent?: string;
};

/** A consent cookie value exactly as the site writes it: URL-encoded JSON. */
export function consentCookieValue(categories: string[]): string {
  return encodeURIComponent(JSON.stringify({ categories, date: new Date().toISOString() }));
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const contextOptions: BrowserContextOptions = {
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? 'nl-NL',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: 'no-preference',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  };
  const context = await browser.newContext(contextOptions);
  const consent = options.consent ?? 'required';
  if (consent !== 'none') {
    const categories = consent === 'all' ? ['required', 'analytical', 'functional'] : ['required'];
    await context.addCookies([
      { name: CONSENT_COOKIE, value: consentCookieValue(categories), url: baseUrl() },
    ]);
  }
  return context;
}

export type PageProblems = {
  /** Console errors, hydration warnings and uncaught page errors, in order. */
  messages: string[];
};

/**
 * Hydration problems as React reports them: in development in words, in the production build as
 * minified errors (#418 text mismatch, #419/#423 recoverable, #425 text content, #422 root).
 */
export const HYDRATION_ERROR =
  /hydrat|did not match|didn't match|server rendered html|React error #(418|419|422|423|425)\b/i;

/** Collects everything that counts as a client-side problem on a page. */
export function watchProblems(page: Page): PageProblems {
  const problems: PageProblems = { messages: [] };
  page.on('console', (message) => {
    const type = message.type();
    const text = message.text();
    if (type === 'error' || ((type === 'warning' || type === 'info') && HYDRATION_ERROR.test(text))) {
      const location = message.location();
      problems.messages.push(`console.${type}: ${text}${location.url ? ` (${location.url})` : ''}`);
    }
  });
  page.on('pageerror', (error) => {
    problems.messages.push(`pageerror: ${error.message}`);
  });
  return problems;
}

/**
 * Waits until the page has hydrated: the route modules are loaded, React has attached to the
 * document (a React fiber key on the root element), and the network has been idle briefly so any
 * recoverable hydration error has been reported. `untilIdle: false` returns as soon as React has
 * attached (a test of what a user can do at that moment, while other code still loads).
 */
export async function waitForHydration(page: Page, options: { untilIdle?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => {
      const root = document.querySelector('.site') ?? document.body;
      return Object.keys(root).some((key) => key.startsWith('__reactFiber'));
    },
    undefined,
    { timeout: 15_000 },
  );
  if (options.untilIdle !== false) await page.waitForLoadState('networkidle');
}

/**
 * Clicks what opens a dialog until the dialog is there (at most three tries, five seconds each). On a
 * loaded machine a click can land while a lazily loaded part of the page is still being attached, and
 * a lost click should fail the step that depends on it, not a later one after its 30 s timeout.
 */
export async function openDialog(trigger: Locator, dialog: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await trigger.click();
    try {
      await dialog.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The text a reader sees (rendered text, like the DOM's innerText): hidden elements left out. */
export async function visibleText(locator: Locator): Promise<string> {
  return locator.innerText();
}
