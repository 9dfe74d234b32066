import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockViewChunks,
  DEMO_FORM_PATH,
  measureFirstVisitAndChoice,
  measureVisit,
  visitorPages,
  WIRE_BUDGET,
} from '../bench/wire.ts';
import { buildDirectory } from '../scripts/server-process.ts';
import { adminSession, signInByApi, TEST_ADMIN } from './accounts.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import { pageWithText } from './edit-mode.ts';

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

describe('block views (issue 31)', () => {
  /** The pathnames of the scripts a first visit to `path` loaded. */
  const scriptsOf = async (path: string) =>
    (await firstVisit(path))
      .filter((transfer) => transfer.type === 'script')
      .map((transfer) => new URL(transfer.url).pathname);

  it('loads a type’s view only on a page that shows it, fetched with the page’s other scripts, and hydrates', async () => {
    const chunks = blockViewChunks(buildDirectory());
    const table = chunks.find((chunk) => chunk.type === 'table')?.file;
    const divider = chunks.find((chunk) => chunk.type === 'divider')?.file;
    expect(table).toMatch(/^\/assets\/block-Table-/);
    expect(divider).toMatch(/^\/assets\/block-Divider-/);

    const admin = await adminSession(browser);
    const plain = await pageWithText(admin, 'Zonder tabel', 'Alleen tekst op deze pagina.');
    const withTable = await pageWithText(admin, 'Met tabel', 'Een tabel hieronder.');
    await admin.post(`/api/pages/${withTable.pageGuid}/buildingblockinstances`, {
      buildingBlockName: 'table',
      layoutPosition: 'main',
      content: { nl: { caption: 'Openingstijden', rows: [[{ text: 'Maandag' }, { text: '9–17' }]] } },
      options: { headerRow: false, headerColumn: true, striped: false },
    });
    await admin.close();

    const plainScripts = await scriptsOf(plain.path);
    expect(plainScripts.filter((url) => url.startsWith('/assets/block-'))).toEqual([]);
    const tableScripts = await scriptsOf(withTable.path);
    expect(tableScripts).toContain(table);
    expect(tableScripts).not.toContain(divider);

    // The server names the view's chunk with the page's modules (no round trip after the page's
    // code), and the page hydrates with the table in place, without errors.
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const response = await page.goto(`${baseUrl()}${withTable.path}`);
    expect(await response?.text()).toContain(`"${table}"`);
    await waitForHydration(page);
    await expect(page.locator('[data-block="table"] table').count()).resolves.toBe(1);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('brings a view’s chunk on a client-side navigation to a page that shows it, the old page kept until then', async () => {
    const admin = await adminSession(browser);
    const from = await pageWithText(admin, 'Van hier', 'Een pagina zonder verdeler.');
    const to = await pageWithText(admin, 'Naar daar', 'Een pagina met een verdeler.');
    await admin.post(`/api/pages/${to.pageGuid}/buildingblockinstances`, {
      buildingBlockName: 'divider',
      layoutPosition: 'main',
      content: { nl: {} },
      options: { variant: 'solid', size: 'md' },
    });
    await admin.close();

    // Both pages are in the main menu (pageWithText): its links navigate in the app.
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}${from.path}`);
    await waitForHydration(page);
    expect(scripts.filter((url) => url.startsWith('/assets/block-Divider-'))).toEqual([]);
    // The view's chunk held back a moment: meanwhile the page stays as it was (no blank, no fallback).
    let releaseChunk = () => {};
    const chunkHeld = new Promise<void>((resolve) => {
      releaseChunk = resolve;
    });
    await page.route('**/assets/block-Divider-*', async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await page.locator(`header a[href="${to.path}"]`).first().click();
    await page.waitForTimeout(700);
    await expect(page.locator('main h1').innerText()).resolves.toBe('Van hier');
    releaseChunk();
    await page.locator('[data-block="divider"]').waitFor();
    await expect(page.locator('main h1').innerText()).resolves.toBe('Naar daar');
    expect(new URL(page.url()).pathname).toBe(to.path);
    expect(scripts.filter((url) => url.startsWith('/assets/block-Divider-'))).toHaveLength(1);
    // A client-side navigation: no new document.
    await expect(page.evaluate(() => performance.getEntriesByType('navigation').length)).resolves.toBe(1);
    expect(problems.messages).toEqual([]);
    await context.close();
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
