import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';
import { openEditMode, pageWithText, publishFromEditBar } from './edit-mode.ts';

/*
 * Documents (issue 27): the admin drops a PDF (written here with pdf-lib) into the media library,
 * offers it in a download block added by clicking through edit mode, and publishes; a visitor
 * searches a phrase from inside the PDF through the header's search, finds the page that offers
 * it, sees its type, size and language, and opens the download link (the PDF, inline, sandboxed).
 * axe nl/en at 1280 and 375 px on the page with the block and on the library's documents.
 */

const WIDTHS = [1280, 375] as const;
const suffix = Date.now().toString(36);
const TITLE = `notulen-alv-${suffix}`;

async function minutesPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  page.drawText('Notulen van de algemene ledenvergadering', { x: 50, y: 780, size: 18, font });
  page.drawText(`Besproken: de zeppelinwerf ${suffix} en de begroting.`, { x: 50, y: 750, size: 12, font });
  return Buffer.from(await document.save());
}

async function signedIn(browser: Browser, locale: 'nl' | 'en' = 'nl', width = 1280) {
  const context = await newContext(browser, { width });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

describe('documents and the download block', () => {
  let browser: Browser;
  let path = '';
  const pageTitle = `Stukken ${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminSession(browser);
    ({ path } = await pageWithText(admin, pageTitle, 'De stukken van de vereniging.'));
    await admin.close();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('uploads a PDF into the library and offers it in a download block made in edit mode', async () => {
    const context = await signedIn(browser);
    const page = await context.newPage();
    await open(page, '/admin/media');
    await page.getByRole('heading', { name: 'Mediabibliotheek', level: 1 }).waitFor();
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles([{ name: `${TITLE}.pdf`, mimeType: 'application/pdf', buffer: await minutesPdf() }]);
    await page.getByText(`${TITLE}.pdf is geüpload`).waitFor();
    await context.close();

    const { context: editing, page: edit, problems } = await openEditMode(browser, `${path}/edit`);
    await edit.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
    await edit.getByRole('menuitem', { name: 'Downloads', exact: true }).click();
    const drawer = edit.getByRole('dialog', { name: 'Nieuw blok: Downloads' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Kiezen uit de mediabibliotheek voor Documenten' }).click();
    const picker = edit.getByRole('dialog', { name: 'Kies een document' });
    await picker.waitFor();
    await picker.getByRole('searchbox', { name: 'Zoeken' }).fill(TITLE);
    await picker.getByRole('button', { name: new RegExp(`^${TITLE}`) }).click();
    await picker.waitFor({ state: 'detached' });
    await drawer.getByText(TITLE, { exact: true }).waitFor();
    await drawer
      .getByRole('textbox', { name: 'Kop boven de documenten (optioneel)' })
      .fill('Vergaderstukken');
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await edit.locator('[data-editable-block="download"] .download-block').waitFor();
    await publishFromEditBar(edit);
    expect(unexpectedProblems(problems)).toEqual([]);
    await editing.close();
  }, 240_000);

  it('is found by a visitor through the site search by words inside the PDF, and downloads it', async () => {
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    await open(page, path);
    await page.getByRole('link', { name: 'Zoeken' }).first().click();
    await page.waitForURL(`${baseUrl()}/search`);
    const words = `notulen ledenvergadering zeppelinwerf ${suffix}`;
    await page.getByLabel('Zoekterm').fill(words);
    await page.getByRole('button', { name: 'Zoek', exact: true }).click();
    // The hit is the page that offers the PDF (the menu links to the page too: read the hits only).
    const hit = page
      .locator('.search-hit')
      .filter({ has: page.getByRole('link', { name: pageTitle, exact: true }) });
    await hit.waitFor();
    await hit.getByRole('link', { name: pageTitle, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: pageTitle }).waitFor();

    // The link is named by the title, type, size (SPEC 9: 1024, comma decimals; a small PDF is in Bytes) and language.
    const link = page.getByRole('link', {
      name: new RegExp(`^${TITLE} \\(PDF, \\d+(,\\d+)? (Bytes|KB), Nederlands\\)$`),
    });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/a\/[0-9a-f-]{36}\?v=1$/);
    const file = await context.request.get(`${baseUrl()}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toMatch(/^inline; filename="notulen-alv-/);
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect(file.headers()['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    // The PDF's first page is its picture beside the link.
    const thumbnail = page.locator('.download-block-thumbnail').first();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  for (const locale of ['nl', 'en'] as const) {
    for (const width of WIDTHS) {
      it(`has no serious accessibility problems in ${locale} at ${width} px`, async () => {
        const visitor = await newContext(browser, { width });
        await visitor.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
        const page = await visitor.newPage();
        await open(page, path);
        await page.locator('.download-block').waitFor();
        const problems = (await seriousViolations(page)).map((line) => `page: ${line}`);
        await visitor.close();

        const context = await signedIn(browser, locale, width);
        const library = await context.newPage();
        await open(library, '/admin/media');
        await library
          .getByRole('heading', { name: locale === 'nl' ? 'Mediabibliotheek' : 'Media library', level: 1 })
          .waitFor();
        await library.getByRole('searchbox', { name: locale === 'nl' ? 'Zoeken' : 'Search' }).fill(TITLE);
        const card = library.locator('.media-card').first();
        await card.waitFor();
        problems.push(...(await seriousViolations(library)).map((line) => `library: ${line}`));
        await card.click();
        await fadedIn(library);
        problems.push(...(await seriousViolations(library)).map((line) => `dialog: ${line}`));
        expect(problems).toEqual([]);
        await context.close();
      }, 120_000);
    }
  }
});
