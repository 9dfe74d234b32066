import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import { openEditMode, pageWithText, publishFromEditBar } from './edit-mode.ts';

/*
 * The gallery block (issue 27): an admin adds one in edit mode by clicking, with three images of
 * the media library (the demo's), a caption and a new order; a visitor goes through it by keyboard
 * (Tab to a thumbnail, Enter opens the lightbox, the arrows move, Escape closes with the focus back
 * on the thumbnail) and without JavaScript follows the thumbnails' plain links to the images.
 */

const CAPTION = 'Markt in de zon';
const MARKET_ALT = 'Drie marktkramen met rode, gele en blauwe daken op het plein';
const EVENING_ALT = 'Het dorpshuis met verlichte ramen bij zonsondergang';
const MARKET_ALT_EN = 'Three market stalls with red, yellow and blue roofs on the square';

/** The element that has the focus, described by its role-ish parts. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      href: element?.getAttribute('href') ?? '',
      inDialog: Boolean(element?.closest('dialog[open]')),
    };
  });

/** Tabs from the top of the page until the first thumbnail has the focus. */
async function tabToFirstThumbnail(page: Page) {
  const first = await page.locator('.gallery-block a').first().getAttribute('href');
  await page.locator('body').focus();
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).href === first) return first;
  }
  throw new Error('Tab never reached the gallery');
}

describe('the gallery block', () => {
  let browser: Browser;
  let path = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminSession(browser);
    ({ path } = await pageWithText(admin, 'Fotoboek', 'Foto’s van het dorp.'));
    await admin.close();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('is added in edit mode from the media library, reordered by keyboard-named buttons and published', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    await page.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
    await page.getByRole('menuitem', { name: 'Galerij', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Nieuw blok: Galerij' });
    await drawer.waitFor();
    for (const title of ['Lindenmarkt', 'Winter op het plein', 'Zomeravond']) {
      await drawer.getByRole('button', { name: 'Kiezen uit de mediabibliotheek' }).click();
      const picker = page.getByRole('dialog', { name: 'Kies een afbeelding' });
      await picker.waitFor();
      await picker.getByRole('searchbox', { name: 'Zoeken' }).fill(title);
      await picker.locator('.media-card').filter({ hasText: title }).first().click();
      await picker.waitFor({ state: 'detached' });
      await drawer.getByText(title, { exact: true }).waitFor();
    }
    // The evening picture one place up, by its named button; the focus stays on it.
    const up = drawer.getByRole('button', { name: 'Zomeravond omhoog' });
    await up.click();
    await expect
      .poll(() => drawer.locator('[data-gallery-image]').evaluateAll((rows) => rows.length), {
        timeout: 10_000,
      })
      .toBe(3);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), {
        timeout: 10_000,
      })
      .toBe('Zomeravond omhoog');
    await drawer.getByRole('textbox', { name: 'Onderschrift bij Lindenmarkt' }).fill(CAPTION);
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.locator('[data-editable-block="gallery"] .gallery-block').waitFor();
    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('opens by keyboard in an accessible lightbox: focus inside, arrows move, Escape returns to the thumbnail', async () => {
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${path}`);
    await waitForHydration(page);
    const links = page.locator('.gallery-block a');
    await links.nth(2).waitFor();
    expect(await links.count()).toBe(3);
    expect(await links.nth(0).getAttribute('href')).toMatch(/^\/a\/[0-9a-f-]{36}\?width=\d+&v=\d+$/);
    await page.getByText(CAPTION).waitFor();

    await tabToFirstThumbnail(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Afbeelding 1 van 3: ${MARKET_ALT}` });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect((await focused(page)).inDialog).toBe(true);
    await expect.poll(() => dialog.locator('figcaption').innerText(), { timeout: 10_000 }).toBe(CAPTION);
    // Tab stays inside (the page behind is inert).
    for (let presses = 0; presses < 4; presses += 1) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: `Afbeelding 2 van 3: ${EVENING_ALT}` }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: /^Afbeelding 3 van 3: / }).waitFor();
    await page.getByRole('button', { name: 'Volgende afbeelding' }).click();
    await dialog.waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: `Afbeelding 2 van 3: ${EVENING_ALT}` }).waitFor();

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The focus is back on the thumbnail of the image last shown.
    expect((await focused(page)).href).toBe(await links.nth(1).getAttribute('href'));
    // The close button closes too, back on the first thumbnail.
    await links.nth(0).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.getByRole('button', { name: 'Sluiten', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await focused(page)).href).toBe(await links.nth(0).getAttribute('href'));
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: each thumbnail is a link to its image', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${path}`);
    const link = page.getByRole('link', { name: MARKET_ALT });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/a\//);
    await link.click();
    await page.waitForURL(`${baseUrl()}${href}`);
    const image = await context.request.get(`${baseUrl()}${href}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
    await context.close();
  });

  for (const language of ['nl', 'en'] as const) {
    for (const width of [375, 1280]) {
      it(`has no serious accessibility problems in ${language} at ${width} px, lightbox open and closed`, async () => {
        const context = await newContext(browser, { width, locale: language === 'en' ? 'en-GB' : 'nl-NL' });
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${path}${language === 'en' ? '?lang=en' : ''}`);
        await waitForHydration(page);
        await page.locator('.gallery-block').scrollIntoViewIfNeeded();
        expect(await seriousViolations(page)).toEqual([]);
        await page.locator('.gallery-block a').first().click();
        const name =
          language === 'en' ? `Image 1 of 3: ${MARKET_ALT_EN}` : `Afbeelding 1 van 3: ${MARKET_ALT}`;
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor();
        await dialog
          .locator('img')
          .evaluate(
            (image: HTMLImageElement) =>
              image.complete ||
              new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
          );
        // Usable at 375 px: the buttons are inside the viewport.
        for (const button of await dialog.getByRole('button').all()) {
          const box = await button.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        }
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }
});
