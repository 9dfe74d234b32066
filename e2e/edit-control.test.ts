import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from './accounts.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';
import { publishFromEditBar } from './edit-mode.ts';

describe('the edit control and edit mode', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('is not shown to visitors, and /edit sends them to sign in', async () => {
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page);
    await expect(page.locator('.edit-control').count()).resolves.toBe(0);
    await page.goto(`${baseUrl()}/over-ons/edit`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await context.close();
  });

  it('lets an admin open edit mode, change the page title and leave edit mode', async () => {
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/sign-in?returnTo=/nieuws`);
    await waitForHydration(page);
    await page.getByLabel(/^E-mailadres( \*)?$/).fill(TEST_ADMIN.email);
    await page.getByLabel(/^Wachtwoord( \*)?$/).fill(TEST_ADMIN.password);
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${baseUrl()}/nieuws`);
    await waitForHydration(page);

    await page.locator('.edit-control').click();
    await page.waitForURL(`${baseUrl()}/nieuws/edit`);
    await page.getByRole('region', { name: 'Bewerkmodus' }).waitFor();
    await page.getByRole('button', { name: 'Pagina-instellingen' }).click();
    const title = page.getByLabel('Titel (Nederlands)');
    await expect(title.inputValue()).resolves.toBe('Nieuws');
    await title.fill('Nieuws uit het dorp');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nieuws uit het dorp' }).waitFor();
    // The new title is in the draft until it is published.
    await page.getByRole('region', { name: 'Bewerkmodus' }).locator('[data-draft-status="draft"]').waitFor();
    await publishFromEditBar(page);

    await page.getByRole('link', { name: 'Sluit bewerkmodus' }).click();
    await page.waitForURL(`${baseUrl()}/nieuws`);
    // The URL changes before the page has re-rendered: wait for edit mode to go away.
    await page.locator('.edit-mode-bar').waitFor({ state: 'detached' });
    await page.locator('.edit-control').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Nieuws uit het dorp' }).waitFor();
    await context.close();
  });

  it('warns when a new layout hides side-column blocks, and keeps them for when the column returns', async () => {
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/sign-in?returnTo=/nieuws/edit`);
    await waitForHydration(page);
    await page.getByLabel(/^E-mailadres( \*)?$/).fill(TEST_ADMIN.email);
    await page.getByLabel(/^Wachtwoord( \*)?$/).fill(TEST_ADMIN.password);
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${baseUrl()}/nieuws/edit`);
    const sideColumn = page.locator('[data-position="left"]').getByRole('heading', { name: 'Rubrieken' });
    await sideColumn.waitFor();

    const chooseLayout = async (layout: string) => {
      await page.getByRole('button', { name: 'Pagina-instellingen' }).click();
      await page.getByRole('dialog').getByLabel('Indeling').first().click();
      await page.getByRole('option', { name: layout, exact: true }).click();
    };
    await chooseLayout('Eén kolom (100)');
    const warning = page.getByRole('status').filter({ hasText: 'De linkerkolom heeft 1 blok(ken)' });
    await warning.waitFor();
    const move = page.getByRole('checkbox', { name: 'Verplaats ze naar het hoofdgedeelte' });
    await expect(move.isChecked()).resolves.toBe(true);
    await move.uncheck();
    await warning.getByText('Zonder verplaatsen blijven ze bewaard').waitFor();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.locator('article.page[data-layout="100"]').waitFor();
    await expect(page.locator('article.page .layout-left').count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Rubrieken' }).count()).resolves.toBe(0);

    await chooseLayout('Linkerkolom (25-75)');
    await expect(page.getByRole('status').filter({ hasText: 'linkerkolom' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Update' }).click();
    await sideColumn.waitFor();

    // Visitors never saw these layouts: the draft goes, the page stays as published.
    await page.getByRole('button', { name: 'Meer', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Concept weggooien' }).click();
    const discard = page.getByRole('dialog', { name: 'Concept weggooien?' });
    await discard.getByRole('button', { name: 'Concept weggooien' }).click();
    await discard.waitFor({ state: 'detached' });
    await page.locator('[data-draft-status="published"]').waitFor();
    await sideColumn.waitFor();
    await context.close();
  });
});
