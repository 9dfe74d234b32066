import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import {
  addMainBlock,
  draftSaved,
  mainBlocks,
  openEditMode,
  pageWithText,
  publishFromEditBar,
  waitForBlockCount,
} from './edit-mode.ts';

/*
 * Issue 31: the columns block in edit mode: added from the "add block" menu, three columns chosen;
 * blocks added into a column with its own "add block" button (its menu offers no columns, lists or
 * widgets), moved up, down and to another column by their named buttons (the focus stays with the
 * block), edited and deleted (the focus to the column's button), published; shown without
 * JavaScript side by side on a desktop and stacked on a phone; axe in Dutch and English at 375 and
 * 1280 px, in edit mode too; kept as a reusable block and detached again; the columns block deleted
 * with its blocks. One page for the file.
 */

/** A save shows once the page's data has reloaded: on a busy machine, seconds. */
const SETTLED = { timeout: 15_000 };
const LEFT = 'Het dorpshuis is open op werkdagen.';
const MIDDLE = 'Koffie staat klaar vanaf negen uur.';
const RIGHT = 'Parkeren kan achter de kerk.';
const INTRO = 'De kolommen van issue 31.';

/** The columns block of the main area in edit mode. */
const columnsBlock = (page: Page) =>
  mainBlocks(page)
    .filter({ has: page.locator('.editable-columns') })
    .first();
/** The texts of the blocks in each column of `grid`, in order. */
const columnTexts = (grid: Locator) =>
  grid.evaluate((block) =>
    [...block.querySelectorAll('.editable-column')].map((column) =>
      [...column.querySelectorAll(':scope > [data-editable-block] .block')].map((shown) =>
        (shown.textContent ?? '').trim(),
      ),
    ),
  );
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute('aria-label') ?? active?.textContent ?? '';
  });

/** Adds a text block of `words` to `column` (1 …) of the columns block through its own menu. */
async function addTextToColumn(page: Page, column: number, words: string) {
  await page
    .getByRole('button', { name: `Blok toevoegen aan kolom ${column} van blok 2 in hoofdgedeelte` })
    .click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  // A column holds no columns block, list or widget.
  await expect(menu.getByRole('menuitem', { name: 'Kolommen', exact: true }).count()).resolves.toBe(0);
  await expect(menu.getByRole('menuitem', { name: 'Lijst', exact: true }).count()).resolves.toBe(0);
  await menu.getByRole('menuitem', { name: 'Tekst', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Nieuw blok: Tekst' });
  await drawer.waitFor();
  await drawer.locator('.ProseMirror').click();
  await page.keyboard.type(words);
  const saved = draftSaved(page);
  await drawer.getByRole('button', { name: 'Maak aan' }).click();
  await drawer.waitFor({ state: 'detached' });
  await saved;
  // The new block takes the focus, in its column.
  await expect
    .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent ?? ''), {
      timeout: 10_000,
    })
    .toContain(words);
}

describe('the columns block', () => {
  let browser: Browser;
  let path: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminSession(browser);
    path = (await pageWithText(admin, 'Kolommen', INTRO)).path;
    await admin.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('adds a columns block, blocks in its columns, moves them within and across the columns and deletes one, the focus kept; published', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const before = await mainBlocks(page).count();
    const drawer = await addMainBlock(page, 'Kolommen');
    await drawer.getByLabel('Aantal kolommen', { exact: true }).click();
    await page.getByRole('option', { name: '3', exact: true }).click();
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 1);
    const grid = columnsBlock(page);
    await expect(grid.locator('.editable-column').count()).resolves.toBe(3);

    // Column 1 gets two blocks; the second one moves up, then over to column 3 and back to column 2.
    await addTextToColumn(page, 1, MIDDLE);
    await addTextToColumn(page, 1, LEFT);
    await expect(columnTexts(grid)).resolves.toEqual([[MIDDLE, LEFT], [], []]);
    let saved = draftSaved(page);
    await grid
      .getByRole('button', { name: 'Verplaats Tekst (blok 2 in kolom 1 van blok 2 in hoofdgedeelte) omhoog' })
      .click();
    await saved;
    await expect.poll(() => columnTexts(grid), SETTLED).toEqual([[LEFT, MIDDLE], [], []]);
    // The focus stays on the moved block (its "up" button no longer applies: the block itself).
    await expect
      .poll(() => focusedLabel(page), SETTLED)
      .toBe('Tekst (blok 1 in kolom 1 van blok 2 in hoofdgedeelte)');

    saved = draftSaved(page);
    await grid
      .getByRole('button', {
        name: 'Verplaats Tekst (blok 2 in kolom 1 van blok 2 in hoofdgedeelte) naar kolom 2',
      })
      .click();
    await saved;
    await expect.poll(() => columnTexts(grid), SETTLED).toEqual([[LEFT], [MIDDLE], []]);
    await expect
      .poll(() => focusedLabel(page), SETTLED)
      .toBe('Verplaats Tekst (blok 1 in kolom 2 van blok 2 in hoofdgedeelte) naar kolom 3');

    // By keyboard: Enter on the focused button moves it again, to column 3.
    saved = draftSaved(page);
    await page.keyboard.press('Enter');
    await saved;
    await expect.poll(() => columnTexts(grid), SETTLED).toEqual([[LEFT], [], [MIDDLE]]);
    saved = draftSaved(page);
    await grid
      .getByRole('button', {
        name: 'Verplaats Tekst (blok 1 in kolom 3 van blok 2 in hoofdgedeelte) naar kolom 2',
      })
      .click();
    await saved;
    await expect.poll(() => columnTexts(grid), SETTLED).toEqual([[LEFT], [MIDDLE], []]);

    // A third block in column 3, edited in its drawer, then one that is deleted: the focus goes to
    // that column's "add block" button.
    await addTextToColumn(page, 3, 'Tijdelijk');
    await grid
      .getByRole('button', { name: 'Bewerk Tekst (blok 1 in kolom 3 van blok 2 in hoofdgedeelte)' })
      .click();
    const editor = page.getByRole('dialog', { name: 'Blok bewerken: Tekst' });
    await editor.locator('.ProseMirror').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(RIGHT);
    saved = draftSaved(page);
    await editor.getByRole('button', { name: 'Opslaan' }).click();
    await editor.waitFor({ state: 'detached' });
    await saved;
    await expect.poll(() => columnTexts(grid), SETTLED).toEqual([[LEFT], [MIDDLE], [RIGHT]]);

    await addTextToColumn(page, 2, 'Weg ermee');
    await grid
      .getByRole('button', { name: 'Verwijder Tekst (blok 2 in kolom 2 van blok 2 in hoofdgedeelte)' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Blok verwijderen?' });
    saved = draftSaved(page);
    await confirm.getByRole('button', { name: 'Verwijder' }).click();
    await confirm.waitFor({ state: 'detached' });
    await saved;
    await expect.poll(() => columnTexts(grid), SETTLED).toEqual([[LEFT], [MIDDLE], [RIGHT]]);
    await expect
      .poll(() => focusedLabel(page), SETTLED)
      .toBe('Blok toevoegen aan kolom 2 van blok 2 in hoofdgedeelte');

    // The columns block itself moves like any block: up above the text block, its columns with it.
    saved = draftSaved(page);
    await grid.getByRole('button', { name: 'Verplaats Kolommen (blok 2 in hoofdgedeelte) omhoog' }).click();
    await saved;
    await page.waitForFunction(() =>
      document
        .querySelector('[data-editable-position="main"] > [data-editable-block]')
        ?.querySelector('.editable-columns'),
    );
    expect(await seriousViolations(page), 'edit mode').toEqual([]);
    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows a visitor without JavaScript the columns side by side on a desktop and stacked on a phone, never wider than the page', async () => {
    for (const [width, sideBySide] of [
      [1280, true],
      [375, false],
    ] as const) {
      const context = await newContext(browser, { javaScriptEnabled: false, width, height: 900 });
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status()).toBe(200);
      const grid = page.locator('.columns-block[data-count="3"]');
      const columns = grid.locator('.columns-block-column');
      await expect(columns.allInnerTexts()).resolves.toEqual([LEFT, MIDDLE, RIGHT]);
      const lefts = await columns.evaluateAll((all) =>
        all.map((column) => column.getBoundingClientRect().left),
      );
      expect(new Set(lefts).size, `at ${width}`).toBe(sideBySide ? 3 : 1);
      // The columns block now stands above the text block that was above it.
      const text = await page.locator('article.page').innerText();
      expect(text.indexOf(LEFT)).toBeLessThan(text.indexOf(INTRO));
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it('has no serious accessibility violations in Dutch and English at 375 and 1280 px', async () => {
    for (const width of [375, 1280]) {
      const context = await newContext(browser, { width, height: 900 });
      const page = await context.newPage();
      const problems = watchProblems(page);
      for (const language of ['nl', 'en'] as const) {
        await page.goto(`${baseUrl()}${path}${language === 'en' ? '?lang=en' : ''}`);
        await waitForHydration(page);
        await page.locator('.columns-block').waitFor();
        expect(await seriousViolations(page), `${language} at ${width} px`).toEqual([]);
      }
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    }
    // Edit mode in English at a phone's width: the columns' tools named in English.
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`, {
      width: 375,
      language: 'en',
    });
    await page.getByRole('button', { name: 'Add block to column 1 of block 1 in main area' }).waitFor();
    expect(await seriousViolations(page), 'edit mode, en at 375 px').toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('keeps the columns block as a reusable block with the blocks in its columns, and detaches it again', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const before = await columnTexts(columnsBlock(page));
    const guid = await columnsBlock(page).getAttribute('data-guid');
    await page.locator(`[data-block-more="${guid}"]`).click();
    // Not copied (its blocks are blocks of their own), but kept as a reusable block.
    await expect(page.getByRole('menuitem', { name: 'Dupliceren' }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: 'Opslaan als herbruikbaar blok…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opslaan als herbruikbaar blok' });
    await dialog
      .getByRole('textbox', { name: 'Naam', exact: true })
      .fill(`Kolommen ${Date.now().toString(36)}`);
    let saved = draftSaved(page);
    await dialog.getByRole('button', { name: 'Opslaan als herbruikbaar blok' }).click();
    await saved;
    await dialog.waitFor({ state: 'detached' });
    const reusable = mainBlocks(page).and(page.locator('[data-editable-block="reusable"]'));
    await reusable.locator('.columns-block').waitFor(SETTLED);
    await expect(columnsBlock(page).count()).resolves.toBe(0);
    for (const words of before.flat()) await expect(reusable.innerText()).resolves.toContain(words);
    // Detached, it is a columns block of the page again, with copies of its blocks in their columns.
    saved = draftSaved(page);
    await reusable.getByRole('button', { name: /^Loskoppelen/ }).click();
    await saved;
    await expect.poll(() => columnTexts(columnsBlock(page)), SETTLED).toEqual(before);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('deletes the columns block with the blocks in its columns, after saying how many', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const count = await mainBlocks(page).count();
    await columnsBlock(page)
      .getByRole('button', { name: 'Verwijder Kolommen (blok 1 in hoofdgedeelte)' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Blok verwijderen?' });
    await confirm.getByText('met de blokken in zijn kolommen (3)').waitFor();
    const saved = draftSaved(page);
    await confirm.getByRole('button', { name: 'Verwijder' }).click();
    await confirm.waitFor({ state: 'detached' });
    await saved;
    await waitForBlockCount(page, count - 1);
    await expect.poll(() => focusedLabel(page), SETTLED).toBe('Blok toevoegen aan hoofdgedeelte');
    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();

    const visitor = await newContext(browser);
    const shown = await visitor.newPage();
    await shown.goto(`${baseUrl()}${path}`);
    const text = await shown.locator('article.page').innerText();
    expect(text).toContain(INTRO);
    expect(text).not.toContain(LEFT);
    await expect(shown.locator('.columns-block').count()).resolves.toBe(0);
    await visitor.close();
  });
});
