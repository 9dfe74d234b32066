import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Edit mode by keyboard (issue 35), reached by the page's edit control: the edit bar's skip link
 * "Naar de blokken" takes the focus past the bar's buttons to the blocks (the next Tab is the first
 * block's grip); the shortcut list opens with ? and from "Meer", closes with Escape and gives the
 * focus back; axe in nl and en at 1280 and 375 px with the list open.
 */

const TEXTS = {
  nl: {
    skip: 'Naar de blokken',
    more: 'Meer',
    shortcuts: 'Sneltoetsen',
    title: 'Sneltoetsen in de bewerkmodus',
    bold: 'Vet',
    bar: 'Bewerkmodus',
  },
  en: {
    skip: 'Skip to the blocks',
    more: 'More',
    shortcuts: 'Keyboard shortcuts',
    title: 'Keyboard shortcuts in edit mode',
    bold: 'Bold',
    bar: 'Edit mode',
  },
} as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('edit mode by keyboard', () => {
  for (const language of ['nl', 'en'] as const) {
    for (const width of [1280, 375]) {
      it(`skips to the blocks and lists the shortcuts (${language}, ${width} px)`, async () => {
        const text = TEXTS[language];
        const context = await newContext(browser, { width, height: 900 });
        await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: baseUrl() }]);
        await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
        const page = await context.newPage();
        const problems = watchProblems(page);
        await page.goto(`${baseUrl()}/over-ons`);
        await waitForHydration(page);
        await page.locator('.edit-control').click();
        await page.waitForURL(`${baseUrl()}/over-ons/edit`);
        await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();

        // The skip link is the bar's first stop, shown while it has the focus.
        const skip = page.getByRole('button', { name: text.skip });
        await skip.focus();
        await expect.poll(() => skip.evaluate((link) => getComputedStyle(link).transform)).toBe('none');
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-editable-block')))
          .toBe(true);
        await page.keyboard.press('Tab');
        const inBlocks = () =>
          page.evaluate(() => document.activeElement?.closest('[data-editable-position]') !== null);
        expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-drag-handle'))).toBe(
          true,
        );

        // ? lists the shortcuts; Escape closes the list and the focus is back where it was.
        await page.keyboard.press('Shift+?');
        const dialog = page.getByRole('dialog', { name: text.title });
        await dialog.waitFor();
        await fadedIn(page);
        await dialog.getByRole('cell', { name: text.bold, exact: true }).waitFor();
        expect(await seriousViolations(page), `${language} ${width}`).toEqual([]);
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.isVisible()).toBe(false);
        await expect.poll(inBlocks).toBe(true);

        // From the bar's "Meer" menu too.
        await page
          .getByRole('region', { name: text.bar })
          .getByRole('button', { name: text.more, exact: true })
          .click();
        await page.getByRole('menuitem', { name: new RegExp(`^${text.shortcuts}`) }).click();
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.isVisible()).toBe(false);
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(text.more);
        expect(unexpectedProblems(problems)).toEqual([]);
        await context.close();
      });
    }
  }
});
