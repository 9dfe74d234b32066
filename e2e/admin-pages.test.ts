import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { signInByApi, TEST_ADMIN } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

/** admin/pages (issue 10): create pages in different layouts, duplicate, unpublish, delete; axe. */

async function adminContext(browser: Browser, locale: 'nl' | 'en' = 'nl') {
  const context = await newContext(browser, { width: 1280 });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

const stamp = Date.now().toString(36);

describe('admin/pages', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await adminContext(browser);
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });

  async function createPage(page: Page, title: string, layout: RegExp) {
    await page.getByRole('button', { name: 'Nieuwe pagina' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe pagina' });
    await dialog.getByLabel('Titel (Nederlands)').fill(title);
    // The header image is a choice of the header images, none by default (not a free-text id).
    await expect(dialog.getByLabel('Headerafbeelding', { exact: true }).inputValue()).resolves.toBe('Geen');
    await dialog.getByLabel('Indeling', { exact: true }).click();
    await page.getByRole('option', { name: layout }).click();
    await dialog.getByLabel('Gepubliceerd').check();
    await dialog.getByRole('button', { name: 'Maak aan' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

  /** Opens the row's actions menu (after any other menu has closed) and picks an action. */
  async function act(page: Page, title: string, action: string) {
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').filter({ visible: true }).count()).toBe(0);
    await row(page, title)
      .first()
      .getByRole('button', { name: /Acties/ })
      .click();
    await page.getByRole('menu').filter({ visible: true }).getByRole('menuitem', { name: action }).click();
  }

  it('creates pages in three layouts, duplicates one, unpublishes it and deletes it after confirming', async () => {
    const page = await context.newPage();
    await open(page, `/admin/pages?search=${stamp}`);
    await page.getByRole('table', { name: "Alle pagina's" }).waitFor();
    await createPage(page, `Eén ${stamp}`, /Eén kolom/);
    await createPage(page, `Links ${stamp}`, /Linkerkolom/);
    await createPage(page, `Drie ${stamp}`, /Twee zijkolommen/);
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
    await expect(row(page, `Links ${stamp}`).getByRole('cell').nth(2).innerText()).resolves.toContain(
      '25-75',
    );
    await expect(row(page, `Drie ${stamp}`).innerText()).resolves.toContain('25-50-25');
    await expect(row(page, `Eén ${stamp}`).innerText()).resolves.toContain('niet in het menu');

    await act(page, `Links ${stamp}`, 'Dupliceer');
    await expect.poll(() => row(page, `Links ${stamp} (kopie)`).count()).toBe(1);
    await expect(row(page, `Links ${stamp} (kopie)`).innerText()).resolves.toMatch(/\bnee\b/i);

    await act(page, `Drie ${stamp}`, 'Publicatie intrekken');
    await expect.poll(() => row(page, `Drie ${stamp}`).innerText()).toMatch(/\bnee\b/i);

    await act(page, `Eén ${stamp}`, 'Verwijder');
    const confirm = page.getByRole('dialog', { name: `“Eén ${stamp}” verwijderen?` });
    await confirm.getByText('Geen menu-items of lijsten hangen van deze pagina af.').waitFor();
    await confirm.getByRole('button', { name: 'Verwijder de pagina' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, `Eén ${stamp}`).count()).toBe(0);
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
    await page.close();
  });

  it('shows what deleting a page in the menu breaks', async () => {
    const page = await context.newPage();
    await open(page, '/admin/pages?search=Activiteiten');
    const target = page.getByRole('row').filter({ hasText: '/activiteiten' }).first();
    await target.getByRole('button', { name: /Acties/ }).click();
    await page.getByRole('menuitem', { name: 'Verwijder' }).filter({ visible: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/Menu-items die verdwijnen/).waitFor();
    await expect(confirm.innerText()).resolves.toMatch(/in Top level menu/);
    await confirm.getByRole('button', { name: 'Annuleer' }).click();
    await page.close();
  });

  it('shows a legal page as a legal text with its own route, still opened by its edit link (issue 26)', async () => {
    const page = await context.newPage();
    await open(page, '/admin/pages?search=Gebruiksvoorwaarden');
    const terms = page.getByRole('row').filter({ hasText: 'Gebruiksvoorwaarden' }).first();
    // textContent: the badge's capitals are CSS (text-transform), not its text.
    await expect.poll(() => terms.textContent()).toContain('Juridische tekst');
    expect(await terms.innerText()).not.toContain('niet in het menu');
    await expect(
      terms.getByRole('link', { name: '/legal/terms-of-use/nl' }).getAttribute('href'),
    ).resolves.toBe('/legal/terms-of-use/nl');
    await terms.getByRole('button', { name: /Acties/ }).click();
    const edit = page.getByRole('menuitem', { name: 'Bewerk blokken' }).filter({ visible: true });
    await expect(edit.getAttribute('href')).resolves.toMatch(/^\/edit\?page=[0-9a-f-]{36}$/);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('opens a template (the announcement bar) in the block editor from the templates tab', async () => {
    const page = await context.newPage();
    await open(page, '/admin/pages?tab=templates');
    const row = page.getByRole('row').filter({ hasText: 'Mededeling' });
    await row.getByRole('link', { name: /Bewerk blokken/ }).click();
    await page.waitForURL(/\/admin\/pagetemplates\/[0-9a-f-]{36}\/edit$/);
    await waitForHydration(page);
    const bar = page.getByRole('region', { name: 'Bewerkmodus' });
    await bar.waitFor();
    await expect(bar.innerText()).resolves.toContain('Mededeling');
    await expect(page.getByText('de jaarvergadering is verplaatst').count()).resolves.toBeGreaterThan(0);
    await page.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    it(`passes axe on the list, the create dialog and the delete dialog (${locale})`, async () => {
      const localeContext = await adminContext(browser, locale);
      const page = await localeContext.newPage();
      const problems: string[] = [];
      await open(page, '/admin/pages');
      await page.getByRole('table').first().waitFor();
      await page.getByRole('row').nth(1).waitFor();
      problems.push(...(await seriousViolations(page)).map((line) => `list: ${line}`));
      await page
        .getByRole('button', { name: locale === 'nl' ? 'Nieuwe pagina' : 'New page' })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(500);
      problems.push(...(await seriousViolations(page)).map((line) => `create: ${line}`));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: locale === 'nl' ? /Acties/ : /Actions/ })
        .click();
      await page
        .getByRole('menuitem', { name: locale === 'nl' ? 'Verwijder' : 'Delete' })
        .filter({ visible: true })
        .click();
      const confirm = page
        .getByRole('dialog')
        .getByRole('button', { name: locale === 'nl' ? 'Verwijder de pagina' : 'Delete the page' });
      // Scanned once the dependents have loaded (the button is enabled) and the dialog has faded in.
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      await page.waitForTimeout(500);
      problems.push(...(await seriousViolations(page)).map((line) => `delete: ${line}`));
      await page.keyboard.press('Escape');
      await open(page, '/admin/pages?tab=templates');
      await page.getByRole('table').first().waitFor();
      problems.push(...(await seriousViolations(page)).map((line) => `templates: ${line}`));
      expect(problems).toEqual([]);
      await localeContext.close();
    });
  }
});
