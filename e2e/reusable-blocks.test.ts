import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import {
  addMainBlock,
  draftSaved,
  mainBlocks,
  openEditMode,
  pageWithText,
  publishFromEditBar,
  visitorText,
} from './edit-mode.ts';

/*
 * Issue 31: reusable blocks. A page's block saved as a reusable block in edit mode (its tools'
 * menu), placed on a second page from the "add block" menu, edited in its own edit screen (reached
 * by the link on the page, with where-used) and published: both pages change at once. One use
 * detached in edit mode becomes a block of its page's own; the admin list (through the side menu)
 * tells where the other is used and refuses to delete it there. Axe in Dutch and English at 375 and
 * 1280 px.
 */

const stamp = Date.now().toString(36);
const NAME = `Openingstijden ${stamp}`;
const FIRST = 'Open van maandag tot vrijdag, 9 tot 17 uur.';
const CHANGED = 'Open van maandag tot zaterdag, 8 tot 20 uur.';

describe('reusable blocks', () => {
  let browser: Browser;
  const pages = { library: { path: '', guid: '', block: '' }, hall: { path: '', guid: '', block: '' } };

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminSession(browser);
    const library = await pageWithText(admin, 'Bibliotheek', FIRST);
    const hall = await pageWithText(admin, 'Gemeentehuis', 'Het gemeentehuis staat aan het plein.');
    pages.library = { path: library.path, guid: library.pageGuid, block: library.blockGuid };
    pages.hall = { path: hall.path, guid: hall.pageGuid, block: hall.blockGuid };
    await admin.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  const reusableIn = (page: Page) => mainBlocks(page).and(page.locator('[data-editable-block="reusable"]'));

  it('saves a block as a reusable block in edit mode and places it on a second page from the add menu', {
    timeout: 120_000,
  }, async () => {
    const first = await openEditMode(browser, `${pages.library.path}/edit`);
    await first.page.locator(`[data-block-more="${pages.library.block}"]`).click();
    await first.page.getByRole('menuitem', { name: 'Opslaan als herbruikbaar blok…' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Opslaan als herbruikbaar blok' });
    await dialog.waitFor();
    // The name is asked for first.
    await expect(first.page.evaluate(() => document.activeElement?.getAttribute('id') ?? '')).resolves.toBe(
      await dialog.getByRole('textbox', { name: 'Naam', exact: true }).getAttribute('id'),
    );
    await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill(NAME);
    await dialog.getByRole('textbox', { name: 'Naam (Engels)' }).fill(`Opening hours ${stamp}`);
    expect(await seriousViolations(first.page), 'the save dialog').toEqual([]);
    const saved = draftSaved(first.page);
    await dialog.getByRole('button', { name: 'Opslaan als herbruikbaar blok' }).click();
    await saved;
    await dialog.waitFor({ state: 'detached' });
    // The block is now the reusable block, labelled, showing the same text; it has the focus.
    const placed = reusableIn(first.page);
    await placed.getByText(`Herbruikbaar blok: ${NAME}`).waitFor();
    await expect(placed.innerText()).resolves.toContain(FIRST);
    await expect
      .poll(() => first.page.evaluate(() => document.activeElement?.getAttribute('data-editable-block')))
      .toBe('reusable');
    await publishFromEditBar(first.page);
    expect(unexpectedProblems(first.problems)).toEqual([]);
    await first.context.close();

    const second = await openEditMode(browser, `${pages.hall.path}/edit`);
    const drawer = await addMainBlock(second.page, 'Herbruikbaar blok');
    await drawer.getByPlaceholder('Kies een herbruikbaar blok').click();
    await second.page.getByRole('option', { name: NAME, exact: true }).click();
    const added = draftSaved(second.page);
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await added;
    await drawer.waitFor({ state: 'detached' });
    await reusableIn(second.page).getByText(FIRST).waitFor();
    await publishFromEditBar(second.page);
    expect(unexpectedProblems(second.problems)).toEqual([]);
    await second.context.close();

    expect(await visitorText(browser, pages.library.path)).toContain(FIRST);
    expect(await visitorText(browser, pages.hall.path)).toContain(FIRST);
  });

  it('is edited in its own edit screen, which shows where it is used; once published both pages change', {
    timeout: 120_000,
  }, async () => {
    const { context, page, problems } = await openEditMode(browser, `${pages.library.path}/edit`);
    await reusableIn(page)
      .getByRole('link', { name: `Bewerk herbruikbaar blok ${NAME}` })
      .click();
    await page.waitForURL(/\/admin\/pagetemplates\/[0-9a-f-]{36}\/edit$/);
    await waitForHydration(page);
    await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();
    const uses = page.getByRole('region', { name: 'Gebruikt op' });
    await expect.poll(() => uses.getByRole('link').allInnerTexts()).toEqual(['Bibliotheek', 'Gemeentehuis']);
    await expect(uses.getByRole('link', { name: 'Gemeentehuis' }).getAttribute('href')).resolves.toBe(
      `${pages.hall.path}/edit`,
    );

    // Its own screen offers every type but a reusable block (none goes inside another).
    await page.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
    await page.getByRole('menuitem', { name: 'Tekst', exact: true }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Herbruikbaar blok', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Tekst', exact: true }).waitFor({ state: 'hidden' });

    const block = mainBlocks(page).first();
    await block.getByRole('button', { name: /^Bewerk/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Blok bewerken: Tekst' });
    await drawer.locator('.ProseMirror').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(CHANGED);
    const saved = draftSaved(page);
    await drawer.getByRole('button', { name: 'Opslaan' }).click();
    await saved;
    await drawer.waitFor({ state: 'detached' });
    // A draft: visitors still see the published text on both pages.
    expect(await visitorText(browser, pages.hall.path)).toContain(FIRST);
    await publishFromEditBar(page);
    // Closed, it goes back to the reusable blocks' tab.
    await expect
      .poll(() => page.getByRole('link', { name: 'Sluit bewerkmodus' }).getAttribute('href'))
      .toBe('/admin/pages?tab=reusable');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();

    for (const path of [pages.library.path, pages.hall.path]) {
      const text = await visitorText(browser, path);
      expect(text, path).toContain(CHANGED);
      expect(text, path).not.toContain(FIRST);
    }
  });

  it('detaches one use into a block of the page’s own; the admin list tells where the other is and does not delete it', {
    timeout: 120_000,
  }, async () => {
    const { context, page, problems } = await openEditMode(browser, `${pages.hall.path}/edit`);
    const saved = draftSaved(page);
    await reusableIn(page)
      .getByRole('button', { name: /^Loskoppelen/ })
      .click();
    await saved;
    const text = mainBlocks(page)
      .and(page.locator('[data-editable-block="text"]'))
      .filter({ hasText: CHANGED });
    await text.waitFor();
    await expect(reusableIn(page).count()).resolves.toBe(0);
    // The focus goes to the block that took its place.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-editable-block')))
      .toBe('text');
    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);

    // The admin area, through the side menu: Pagina's, the reusable blocks' tab.
    await page.goto(`${baseUrl()}/admin/dashboard`);
    await waitForHydration(page);
    await page.getByRole('navigation').getByRole('link', { name: "Pagina's" }).first().click();
    await page.waitForURL(/\/admin\/pages/);
    await page.getByRole('tab', { name: 'Herbruikbare blokken' }).click();
    const row = page.getByRole('row').filter({ hasText: NAME });
    await expect.poll(() => row.innerText()).toContain("1 pagina('s)");
    await row.getByRole('button', { name: `Verwijder ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `“${NAME}” is in gebruik` });
    await dialog.getByRole('link', { name: 'Bibliotheek' }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Verwijder' }).count()).resolves.toBe(0);
    expect(await seriousViolations(page), 'the delete dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Sluit' }).last().click();
    await context.close();

    // The detached page keeps its copy; the library still shows the reusable block.
    expect(await visitorText(browser, pages.hall.path)).toContain(CHANGED);
    expect(await visitorText(browser, pages.library.path)).toContain(CHANGED);
  });

  it('has no serious accessibility violations in Dutch and English at 375 and 1280 px', {
    timeout: 240_000,
  }, async () => {
    for (const width of [375, 1280]) {
      for (const language of ['nl', 'en'] as const) {
        const context = await newContext(browser, { width, height: 900 });
        await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: baseUrl() }]);
        const page = await context.newPage();
        const problems = watchProblems(page);
        const query = language === 'en' ? '?lang=en' : '';
        await page.goto(`${baseUrl()}${pages.library.path}${query}`);
        await waitForHydration(page);
        await page.locator('.reusable-block').waitFor();
        expect(await seriousViolations(page), `page, ${language} at ${width} px`).toEqual([]);

        await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
        await page.goto(`${baseUrl()}${pages.library.path}/edit${query}`);
        await waitForHydration(page);
        await page.locator('.reusable-in-page').waitFor();
        expect(await seriousViolations(page), `edit mode, ${language} at ${width} px`).toEqual([]);

        await page.goto(`${baseUrl()}/admin/pages?tab=reusable`);
        await waitForHydration(page);
        // Named in the interface language ("Opening hours …" in English).
        await page.getByRole('row').filter({ hasText: stamp }).waitFor();
        expect(await seriousViolations(page), `admin list, ${language} at ${width} px`).toEqual([]);
        expect(unexpectedProblems(problems)).toEqual([]);
        await context.close();
      }
    }
  });
});
