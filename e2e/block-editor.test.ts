import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import { mainBlocks, publishFromEditBar, waitForBlockCount } from './edit-mode.ts';

const PAGE_PATH = '/contact';
const ALT = 'Het dorpsplein in de zon';
const TEXT = 'Een nieuw tekstblok uit de browsertest';

async function addBlock(page: Page, type: string) {
  await page.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

describe('the block editor', () => {
  let browser: Browser;
  let workDir: string;
  let imagePath: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    workDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-block-editor-'));
    imagePath = path.join(workDir, 'dorpsplein.png');
    // 2000×1000 with some detail, so every variant is a real resize of a real picture.
    await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="2000" height="1000"><circle cx="1000" cy="500" r="400" fill="#f5c542"/></svg>',
          ),
        },
      ])
      .png()
      .toFile(imagePath);
  });
  afterAll(async () => {
    await browser.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('lets an admin add a text and an image block, see the image at the right size, move and delete blocks', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${PAGE_PATH}/edit`);
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Bewerkmodus' }).waitFor();
    const before = await mainBlocks(page).count();

    // A text block: typed in the rich text editor, shown on the page after saving.
    await addBlock(page, 'Tekst');
    const drawer = page.getByRole('dialog', { name: 'Nieuw blok: Tekst' });
    await drawer.waitFor();
    // Below 1556 px the drawer covers the page with an overlay (SPEC 9).
    await page.locator('.mantine-Drawer-overlay').waitFor();
    await drawer.locator('.ProseMirror').click();
    await page.keyboard.type(TEXT);
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    const textBlock = mainBlocks(page).filter({ hasText: TEXT });
    await textBlock.waitFor();
    await waitForBlockCount(page, before + 1);

    // An image block: the image is uploaded into the media library before the block exists (issue
    // 27), the alt text typed, and "Maak aan" places it.
    await addBlock(page, 'Afbeelding');
    const newImage = page.getByRole('dialog', { name: 'Nieuw blok: Afbeelding' });
    await newImage.waitFor();
    const upload = page.waitForResponse(
      (response) => response.url().includes('/a/upload') && response.request().method() === 'POST',
    );
    await newImage.locator('input[type="file"]').setInputFiles(imagePath);
    expect((await upload).status()).toBe(201);
    await newImage.getByLabel(/^Alternatieve tekst/).fill(ALT);
    await newImage.getByRole('button', { name: 'Maak aan' }).click();
    await newImage.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 2);
    const imageBlock = mainBlocks(page).last();
    await imageBlock.locator('img').first().waitFor();

    // Edit mode changed the draft; published, the visitor's page shows the image, at the variant
    // its box needs.
    await publishFromEditBar(page);
    await page.getByRole('link', { name: 'Sluit bewerkmodus' }).click();
    await page.waitForURL(`${baseUrl()}${PAGE_PATH}`);
    await page.locator('.edit-mode-bar').waitFor({ state: 'detached' });
    const image = page.locator(`figure.image-block img[alt="${ALT}"]`);
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (alt) => {
        const element = document.querySelector<HTMLImageElement>(`figure.image-block img[alt="${alt}"]`);
        return element?.complete === true && element.naturalWidth > 0;
      },
      ALT,
      { timeout: 20_000 },
    );
    const shown = await image.evaluate(async (element: HTMLImageElement) => {
      // An srcset image's naturalWidth is density-corrected (the variant's width scaled to the slot):
      // the variant's own pixels are measured from the same URL loaded without srcset.
      const variant = new Image();
      variant.src = element.currentSrc;
      await variant.decode();
      return {
        currentSrc: element.currentSrc,
        naturalWidth: variant.naturalWidth,
        naturalHeight: variant.naturalHeight,
        boxWidth: element.getBoundingClientRect().width,
        srcset: element.srcset,
        viewport: window.innerWidth,
        pixelRatio: window.devicePixelRatio,
      };
    });
    const candidates = shown.srcset
      .split(',')
      .map((entry) => Number(entry.trim().match(/ (\d+)w$/)?.[1]))
      .sort((a, b) => a - b);
    // A full-width image is sized 100vw up to 1440 px: the browser takes the smallest variant that
    // covers the viewport at its pixel ratio, which also covers the image's own box.
    const needed = Math.min(shown.viewport, 1440) * shown.pixelRatio;
    const expected = candidates.find((width) => width >= needed) ?? candidates.at(-1);
    expect(expected).toBeDefined();
    expect(new URL(shown.currentSrc).searchParams.get('width')).toBe(String(expected));
    expect(shown.naturalWidth).toBe(expected);
    // The original's aspect ratio (2:1) is kept.
    expect(shown.naturalHeight).toBe(Math.round((expected as number) / 2));
    expect(shown.naturalWidth).toBeGreaterThanOrEqual(shown.boxWidth);
    await page.getByText(TEXT).waitFor();

    // Back in edit mode: move the image block above the text block, then delete both.
    await page.goto(`${baseUrl()}${PAGE_PATH}/edit`);
    await waitForHydration(page);
    const last = mainBlocks(page).last();
    await expect(last.getAttribute('data-editable-block')).resolves.toBe('image');
    await last.getByRole('button', { name: 'Omhoog' }).click();
    await page.waitForFunction(() => {
      const blocks = [
        ...document.querySelectorAll('[data-editable-position="main"] > [data-editable-block]'),
      ];
      return blocks.at(-1)?.getAttribute('data-editable-block') === 'text';
    });
    await expect(mainBlocks(page).nth(before).getAttribute('data-editable-block')).resolves.toBe('image');

    for (const name of ['image', 'text']) {
      const block = mainBlocks(page)
        .and(page.locator(`[data-editable-block="${name}"]`))
        .last();
      await block.getByRole('button', { name: 'Verwijder' }).click();
      const confirm = page.getByRole('dialog', { name: 'Blok verwijderen?' });
      await confirm.getByRole('button', { name: 'Verwijder' }).click();
      await confirm.waitFor({ state: 'detached' });
    }
    await waitForBlockCount(page, before);
    await expect(page.getByText(TEXT).count()).resolves.toBe(0);
    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
  it('opens the editor beside the page without an overlay on wide screens, in English too, and closes with Escape', async () => {
    const context = await newContext(browser, { width: 1600, height: 900 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${PAGE_PATH}/edit?lang=en`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add block to main area' }).click();
    await page.getByRole('menuitem', { name: 'Divider', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'New block: Divider' });
    await drawer.waitFor();
    // SPEC 9: the edit drawer uses an overlay only below 1556 px.
    await expect(page.locator('.mantine-Drawer-overlay').count()).resolves.toBe(0);
    await drawer.getByLabel('Kind of line').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
