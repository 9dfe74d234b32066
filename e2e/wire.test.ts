import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_FORM_PATH,
  measureFirstVisitAndChoice,
  measureVisit,
  visitorPages,
  WIRE_BUDGET,
} from '../bench/wire.ts';
import { signInByApi, TEST_ADMIN } from './accounts.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Chunks of edit mode, the account area and the admin screens: a visitor's browser never loads them. */
const SIGNED_IN_CODE =
  /\/assets\/(EditModePage|BlockEditorDrawer|ListEditing|RichTextField|ImageUpload|ColorPicker|AccountProviders|account|settings|users|signed-in-layout)[.-]/;

/**
 * Classes of Mantine's Table, Tabs and Tooltip and of the dropzone: in a public page's styles they
 * mean a whole library's stylesheet got there, where only the public components' styles belong.
 */
const WHOLE_LIBRARY_CSS = /\.m_(?:b23fa0ef|89d60db1|1b3c8819|d46a4834)\b/;

/** The same classes as the components' code names them: in a visitor's script, those components came along. */
const WHOLE_LIBRARY_CODE = /\bm_(?:b23fa0ef|89d60db1|1b3c8819|d46a4834)\b/;

type Transfer = { url: string; type: string; encoding: string | undefined; bytes: number };

/** Every response of a true first visit to `path` (empty browser, no cookie choice, 375 px). */
async function firstVisit(path: string): Promise<Transfer[]> {
  return (await measureVisit(browser, baseUrl(), path, 'first')).transfers;
}

describe('what a visitor gets over the wire', () => {
  it('is compressed: the page, every script and every stylesheet', async () => {
    const transfers = await firstVisit('/');
    const documents = transfers.filter((transfer) => transfer.type === 'document');
    const assets = transfers.filter((transfer) => ['script', 'stylesheet'].includes(transfer.type));
    expect(documents).toHaveLength(1);
    expect(assets.length).toBeGreaterThan(0);
    const uncompressed = [...documents, ...assets].filter((transfer) => transfer.encoding !== 'br');
    expect(uncompressed.map((transfer) => transfer.url)).toEqual([]);

    // One decimal: a change of a few hundred bytes shows.
    const kilobytes = (type: string) =>
      (
        transfers.filter((transfer) => transfer.type === type).reduce((sum, t) => sum + t.bytes, 0) / 1024
      ).toFixed(1);
    console.log(
      `[wire] true first visit to /: HTML ${kilobytes('document')} KB, JavaScript ${kilobytes('script')} KB, CSS ${kilobytes('stylesheet')} KB (brotli)`,
    );
  });

  it('stays within the budgets of issue 32 on a true first visit to the home, an item, a form and a list page, and the choice costs nothing more', async () => {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    for (const { name, path, scriptBudget } of await visitorPages(browser, baseUrl())) {
      const { first, afterChoice } = await measureFirstVisitAndChoice(browser, baseUrl(), path);
      console.log(
        `[wire] true first visit, ${name} (${path}): JavaScript ${kb(first.bytes.script)} in ${first.files.script} files, CSS ${kb(first.bytes.stylesheet)}; after the choice +${kb(afterChoice.bytes.script)} JavaScript, +${kb(afterChoice.bytes.stylesheet)} CSS`,
      );
      expect(first.bytes.script, `${name}: JavaScript`).toBeLessThanOrEqual(scriptBudget);
      expect(first.bytes.stylesheet, `${name}: CSS`).toBeLessThanOrEqual(WIRE_BUDGET.stylesheet);
      expect(afterChoice.bytes.script + afterChoice.bytes.stylesheet, `${name}: the choice`).toBe(0);
    }
  });

  it('loads no dialog, drawer or menu code and no styles of components it does not show', async () => {
    const transfers = await firstVisit('/');
    const scripts = transfers.filter((transfer) => transfer.type === 'script').map((t) => t.url);
    // Floating menus, modals, drawers and the form block come only with what opens or shows them.
    expect(
      scripts.filter((url) =>
        /\/assets\/(Modal|Drawer|Menu|Popover|floating-ui|FocusTrap|ScrollArea|SignedInUserMenu|CookieConsentDialog|MobileMenuDrawer)[.-]/.test(
          url,
        ),
      ),
    ).toEqual([]);
    const stylesheets = transfers.filter((transfer) => transfer.type === 'stylesheet');
    for (const stylesheet of stylesheets) {
      const css = await (await fetch(stylesheet.url)).text();
      expect(css, stylesheet.url).not.toMatch(WHOLE_LIBRARY_CSS);
    }
  });

  it('holds no editor, account or admin code', async () => {
    for (const path of ['/', '/over-ons', '/nieuws', DEMO_FORM_PATH]) {
      const scripts = (await firstVisit(path)).filter((transfer) => transfer.type === 'script');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.map((script) => script.url).filter((url) => SIGNED_IN_CODE.test(url))).toEqual([]);
      // A visitor's modules share a few chunks (vite.config.ts), whose names say little of what they
      // hold: the code must not hold the rich-text editor or Mantine's table, tabs or tooltip either.
      for (const script of scripts) {
        const code = await (await fetch(script.url)).text();
        expect(code, script.url).not.toMatch(WHOLE_LIBRARY_CODE);
        expect(code, script.url).not.toContain('ProseMirror');
        // Nor zod (the forms' schemas, issue 32: a form runs its rules from modules without it).
        expect(code, script.url).not.toContain('ZodError');
      }
    }
  });
});

describe('/admin', () => {
  it('takes an admin to a screen that exists', async () => {
    const context = await newContext(browser);
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl()}/admin`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/admin/pages');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    await context.close();
  });
});
