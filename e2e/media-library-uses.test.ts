import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { adminSession, signInByApi, TEST_ADMIN } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';
import { openEditMode, pageWithText, publishFromEditBar } from './edit-mode.ts';

/**
 * Issue 27, one asset in many places, by clicking as an editor does: an image uploaded into the
 * image block of a page's draft before the block exists (the asset first, the block names it after
 * "Maak aan"), the same image chosen from the library for a block on a second page, its alt text and
 * focal point set once in the library and seen on both pages (the alt attribute, and a cover crop of
 * each block's image URL around the focal point), where-used listing both pages, deleting refused
 * while used, and a replaced file changing both pages' images (their `v=`, the new pixels). Axe in
 * Dutch and English at 1280 and 375 px on the library picker of an image field.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** Left half red, right half blue: a cover crop's colour tells where its focal point is. */
async function halves(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 600, channels: 3, background: '#dd0000' } })
    .composite([
      {
        input: await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0000dd' } })
          .png()
          .toBuffer(),
        left: 600,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

async function green(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 600, channels: 3, background: '#00bb00' } })
    .png()
    .toBuffer();
}

/** The mean red, green and blue of an image's bytes. */
async function meanColour(bytes: Buffer): Promise<[number, number, number]> {
  const stats = await sharp(bytes).stats();
  const [r, g, b] = stats.channels;
  return [Math.round(r?.mean ?? 0), Math.round(g?.mean ?? 0), Math.round(b?.mean ?? 0)];
}

async function addImageBlock(page: Page) {
  await page.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
  await page.getByRole('menuitem', { name: 'Afbeelding', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Nieuw blok: Afbeelding' });
  await drawer.waitFor();
  return drawer;
}

/** What a visitor's browser shows of the page's image block: alt text and image URL. */
async function visitorImage(browser: Browser, path: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
  const image = page.locator('figure.image-block img').first();
  await image.waitFor();
  const shown = {
    alt: await image.getAttribute('alt'),
    src: new URL((await image.getAttribute('src')) ?? '', baseUrl()),
  };
  // A cover crop of the same asset and version, as cards and headers ask it: around the focal point.
  const crop = new URL(shown.src);
  crop.search = '';
  crop.searchParams.set('width', '200');
  crop.searchParams.set('height', '200');
  crop.searchParams.set('fit', 'cover');
  crop.searchParams.set('v', shown.src.searchParams.get('v') ?? '');
  const response = await context.request.get(crop.toString());
  expect(response.status()).toBe(200);
  const cropColour = await meanColour(Buffer.from(await response.body()));
  await context.close();
  return { ...shown, version: shown.src.searchParams.get('v'), cropColour };
}

describe('one library image in many places', () => {
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof adminSession>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminSession(browser);
  });
  afterAll(async () => {
    await admin.close();
    await browser.close();
  });

  it('uploads into an unsaved block, reuses the asset, describes it once, lists its uses, keeps it while used and replaces it everywhere', async () => {
    // Names of this attempt's own (a retry starts with new pages and a new file).
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const fileName = `plein-${suffix}.png`;
    const first = await pageWithText(admin, `Eerste ${suffix}`, 'De eerste pagina met het plein.');
    const second = await pageWithText(admin, `Tweede ${suffix}`, 'De tweede pagina met hetzelfde plein.');
    // Page one: the image goes into the library while the new block exists only in its drawer.
    const one = await openEditMode(browser, `${first.path}/edit`);
    let drawer = await addImageBlock(one.page);
    const upload = one.page.waitForResponse(
      (response) => response.url().includes('/a/upload') && response.request().method() === 'POST',
    );
    await drawer.locator('input[type="file"]').setInputFiles({
      name: fileName,
      mimeType: 'image/png',
      buffer: await halves(),
    });
    const uploaded = await upload;
    expect(uploaded.status()).toBe(201);
    const guid = ((await uploaded.json()) as { guid: string }).guid;
    // The asset exists before the block: the library has it, nothing uses it yet.
    const asset = await one.page.request.get(`${baseUrl()}/api/media/${guid}`);
    expect(asset.status()).toBe(200);
    expect(await (await one.page.request.get(`${baseUrl()}/api/media/${guid}/uses`)).json()).toMatchObject({
      uses: [],
    });
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    // After "Maak aan" the page's draft names it.
    await poll(async () => {
      const { uses } = (await (await one.page.request.get(`${baseUrl()}/api/media/${guid}/uses`)).json()) as {
        uses: { isDraft: boolean; guid: string }[];
      };
      return uses.map((use) => [use.guid, use.isDraft]);
    }).toEqual([[first.pageGuid, true]]);
    await publishFromEditBar(one.page);
    await one.context.close();

    // Page two: the same image chosen from the library in the block's picker.
    const two = await openEditMode(browser, `${second.path}/edit`);
    drawer = await addImageBlock(two.page);
    await drawer.getByRole('button', { name: 'Kiezen uit de mediabibliotheek voor Afbeelding' }).click();
    const picker = two.page.getByRole('dialog', { name: 'Kies een afbeelding' });
    await picker.waitFor();
    await picker.getByRole('searchbox', { name: 'Zoeken' }).fill(`plein-${suffix}`);
    const card = picker.getByRole('button', { name: new RegExp(`^plein-${suffix} `) });
    await poll(() => card.count()).toBe(1);
    await card.click();
    await picker.waitFor({ state: 'detached' });
    // Focus is back on the button that opened the picker; the field says what was chosen.
    await poll(() => two.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe(
      'Kiezen uit de mediabibliotheek voor Afbeelding',
    );
    await drawer.getByText(`Gekozen: plein-${suffix}`).waitFor();
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await publishFromEditBar(two.page);
    await two.context.close();

    // Before: no alt text in the library, a crop around the middle (half red, half blue).
    const before = await visitorImage(browser, first.path);
    expect(before.alt).toBe('');
    expect(before.cropColour[0]).toBeGreaterThan(60);
    expect(before.cropColour[2]).toBeGreaterThan(60);

    // The library: alt text and focal point once; where-used lists both pages.
    const context = await newContext(browser, { width: 1280 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/media`);
    await waitForHydration(page);
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill(`plein-${suffix}`);
    const libraryCard = page.getByRole('button', { name: new RegExp(`^plein-${suffix} `) });
    await poll(() => libraryCard.count()).toBe(1);
    await libraryCard.click();
    const dialog = page.getByRole('dialog', { name: 'Afbeelding bewerken' });
    await dialog.waitFor();
    await dialog.getByText(`Pagina Eerste ${suffix}`).waitFor();
    await dialog.getByText(`Pagina Tweede ${suffix}`).waitFor();
    await dialog.getByRole('textbox', { name: 'Alt-tekst (Nederlands)' }).fill('Het plein bij de kerk');
    await dialog.getByRole('button', { name: 'Focuspunt' }).focus();
    for (let step = 0; step < 25; step += 1) await page.keyboard.press('ArrowRight');
    await dialog.getByText(/^Focuspunt op (8\d|9\d|100)% van links en 50% van boven$/).waitFor();
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De afbeelding is opgeslagen').first().waitFor();

    // Both pages show the library's alt text, and a crop of each keeps the focal point (blue) in view.
    for (const path of [first.path, second.path]) {
      await poll(async () => {
        const shown = await visitorImage(browser, path);
        return { alt: shown.alt, blue: shown.cropColour[2] > 180 && shown.cropColour[0] < 60 };
      }).toEqual({ alt: 'Het plein bij de kerk', blue: true });
    }

    // Deleting while used: the question names the two uses and cancelling keeps it; the API refuses
    // a delete without the confirmation.
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    const question = page.getByRole('dialog', { name: 'Afbeelding verwijderen?' });
    await question.waitFor();
    await question.getByText(`plein-${suffix} wordt op 2 plekken gebruikt`, { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Annuleer' }).click();
    await question.waitFor({ state: 'detached' });
    const xsrf = (await context.cookies()).find((cookie) =>
      cookie.name.toLowerCase().includes('xsrf'),
    )?.value;
    const refused = await page.request.delete(`${baseUrl()}/api/media/${guid}`, {
      headers: { 'x-xsrf-token': xsrf ?? '' },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('media_in_use');

    // Replacing the file: both pages' images get the new version and show the new pixels.
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Bestand vervangen' }).click();
    await (await chooser).setFiles({
      name: `nieuw-${suffix}.png`,
      mimeType: 'image/png',
      buffer: await green(),
    });
    await page.getByText('Het bestand is vervangen', { exact: false }).first().waitFor();
    for (const path of [first.path, second.path]) {
      await poll(async () => {
        const shown = await visitorImage(browser, path);
        return { version: shown.version, green: shown.cropColour[1] > 150 && shown.cropColour[2] < 60 };
      }).toEqual({ version: String(Number(before.version) + 1), green: true });
    }
    await context.close();
    // Many steps, each a page load or a save: more than the default minute on a busy machine.
  }, 240_000);

  for (const locale of ['nl', 'en'] as const) {
    for (const width of [1280, 375] as const) {
      it(`has no serious accessibility problems in the image field's library picker in ${locale} at ${width} px`, async () => {
        const context: BrowserContext = await newContext(browser, { width, height: 900 });
        await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
        await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
        const page = await context.newPage();
        await page.goto(`${baseUrl()}/admin/header-images`);
        await waitForHydration(page);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // The header image form's image field: upload, or choose from the library.
        await page
          .getByRole('button', {
            name: locale === 'nl' ? /^Headerafbeelding toevoegen/ : /^Add header image/,
          })
          .first()
          .click();
        await fadedIn(page);
        const open = page.getByRole('button', {
          name:
            locale === 'nl' ? /^Kiezen uit de mediabibliotheek voor / : /^Choose from the media library for /,
        });
        await open.click();
        const picker = page.getByRole('dialog', {
          name: locale === 'nl' ? 'Kies een afbeelding' : 'Choose an image',
        });
        await picker.waitFor();
        await picker.locator('.media-card').first().waitFor();
        const problems = await seriousViolations(page);
        // Escape closes the picker only: the header image's dialog under it stays, the focus back
        // on the button that opened the picker.
        await page.keyboard.press('Escape');
        await picker.waitFor({ state: 'detached' });
        await expect.poll(() => open.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(await open.isVisible()).toBe(true);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
