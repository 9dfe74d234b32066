import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems, xsrfHeaders } from './accounts.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/** Width of a loaded image; 0 while it loads or when it failed. */
const loadedWidth = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));

async function waitUntilLoaded(image: Locator) {
  await image.waitFor();
  await expect.poll(() => loadedWidth(image), { timeout: 15_000 }).toBeGreaterThan(0);
}

describe('images in the product (upload control, profile photo, header logo)', () => {
  let browser: Browser;
  let folder: string;
  let photo: string;
  let fakePng: string;
  let logo: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    folder = await mkdtemp(path.join(os.tmpdir(), 'bouwsteen-media-e2e-'));
    photo = path.join(folder, 'profielfoto.png');
    logo = path.join(folder, 'logo.png');
    fakePng = path.join(folder, 'geen-afbeelding.png');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2f7d4f' } })
      .png()
      .toFile(photo);
    await sharp({ create: { width: 600, height: 150, channels: 4, background: '#1f6fb2' } })
      .png()
      .toFile(logo);
    await writeFile(fakePng, 'Dit is tekst, geen afbeelding.\n');
  });

  afterAll(async () => {
    // Later test files expect the demo's logo and an admin without a photo.
    const admin = await adminSession(browser);
    await admin.put('/api/platformsettingvalues', [{ key: 'headerLogo', value: '/brand/logo.svg' }]);
    await admin.put('/api/profiles:loggedIn', { properties: [{ key: 'profielfoto', value: '' }] });
    await admin.close();
    await browser.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function adminPage(pathname: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, { width: 1280 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${pathname}`);
    await waitForHydration(page);
    return { context, page };
  }

  it('uploads a profile photo on the profile page and shows it in the avatars', async () => {
    const { context, page } = await adminPage('/account/profile');
    const problems = watchProblems(page);
    const field = page.locator('.profile-photo-field');
    await field
      .getByRole('group', { name: 'Profielfoto' })
      .getByRole('button', { name: /^(Kies|Vervang) afbeelding$/ })
      .waitFor();
    await expect(field.getByText(/PNG, JPEG, WEBP, AVIF, GIF · maximaal 30 MB/).count()).resolves.toBe(1);

    await field.locator('input[type=file]').setInputFiles(photo);
    await waitUntilLoaded(field.locator('.user-avatar img'));
    expect(await field.locator('.user-avatar img').getAttribute('src')).toMatch(
      /^\/a\/[0-9a-f-]{36}\?width=100&height=100&fit=cover$/,
    );
    // The user menu reads the photo from the root loader, revalidated after the save.
    await waitUntilLoaded(page.locator('.user-menu-button .user-avatar img'));
    await field.getByRole('button', { name: 'Verwijder afbeelding' }).waitFor();

    // Still there after a reload: the guid is stored as the profielfoto property.
    await page.reload();
    await waitForHydration(page);
    await waitUntilLoaded(page.locator('.profile-photo-field .user-avatar img'));
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('refuses a text file named .png with a clear message', async () => {
    const { context, page } = await adminPage('/account/profile');
    const problems = watchProblems(page);
    const field = page.locator('.profile-photo-field');
    await field
      .getByRole('group', { name: 'Profielfoto' })
      .getByRole('button', { name: /^(Kies|Vervang) afbeelding$/ })
      .waitFor();
    await field.locator('input[type=file]').setInputFiles(fakePng);
    const alert = field.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Dit bestandstype wordt niet ondersteund');
    // The browser logs the refused upload; anything else would be a defect.
    expect(unexpectedProblems(problems, [415])).toEqual([]);
    await context.close();
  });

  it('lets an admin upload a header logo in the settings and shows it in the header', async () => {
    const { context, page } = await adminPage('/settings');
    const problems = watchProblems(page);
    await page.getByRole('heading', { level: 1, name: 'Instellingen' }).waitFor();
    const logoZone = page.getByRole('group', { name: 'Logo in de kop' });
    await logoZone.waitFor();
    await logoZone.locator('input[type=file]').setInputFiles(logo);
    await page.getByRole('button', { name: 'Verwijder afbeelding' }).first().waitFor();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/platformsettingvalues') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    expect((await saved).status()).toBe(200);

    // The settings live in the admin shell: the site's own header shows the saved logo.
    await page.goto(`${baseUrl()}/`);
    await waitForHydration(page);
    const headerLogo = page.locator('.site-header .site-logo img');
    await expect
      .poll(() => headerLogo.getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^\/a\/[0-9a-f-]{36}\?height=\d+$/);
    await waitUntilLoaded(headerLogo);
    // Served at twice the shown height (72 by default, rounded to a step of 50 by the server).
    const shown = await headerLogo.evaluate(
      (element: HTMLImageElement) => element.getBoundingClientRect().height,
    );
    expect(shown).toBe(72);
    expect(await loadedWidth(headerLogo)).toBeGreaterThan(0);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('renders an image block at the size the screen needs, with a srcset limited to the original', async () => {
    // Set up through the API as an editor would through the block editor: a public upload, a block.
    const context = await newContext(browser, { width: 1280 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const headers = await xsrfHeaders(context);
    const upload = await context.request.post(`${baseUrl()}/a/upload?public`, {
      headers,
      multipart: {
        Image: {
          name: 'dorpsplein.png',
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#c0392b' } })
            .png()
            .toBuffer(),
        },
      },
    });
    expect(upload.status()).toBe(201);
    const image = (await upload.json()) as { guid: string; width: number; height: number };
    expect(image).toMatchObject({ width: 1000, height: 500 });
    const pages = (await (await context.request.get(`${baseUrl()}/api/pages`)).json()) as {
      guid: string;
      name: string;
    }[];
    const history = pages.find((page) => page.name === 'geschiedenis');
    if (!history) throw new Error('demo page geschiedenis is missing');
    const created = await context.request.post(
      `${baseUrl()}/api/pages/${history.guid}/buildingblockinstances`,
      {
        headers,
        data: {
          buildingBlockName: 'image',
          layoutPosition: 'main',
          content: { nl: { alt: 'Het dorpsplein', caption: 'Het plein in 1952' } },
          options: { imageGuid: image.guid, size: 'full' },
        },
      },
    );
    expect(created.status()).toBeLessThan(300);
    const block = (await created.json()) as { guid: string };

    try {
      const visitor = await newContext(browser, { width: 1280 });
      const page = await visitor.newPage();
      const problems = watchProblems(page);
      await page.goto(`${baseUrl()}/over-ons/geschiedenis`);
      await waitForHydration(page);
      const figure = page.locator('figure.image-block');
      const img = figure.getByRole('img', { name: 'Het dorpsplein' });
      await img.scrollIntoViewIfNeeded();
      await waitUntilLoaded(img);
      // Each candidate names the asset's file version (issue 27: a replaced file gets new URLs).
      const candidates = ((await img.getAttribute('srcset')) ?? '').split(', ').map((candidate) => {
        const [url = '', descriptor] = candidate.split(' ');
        const parsed = new URL(url, baseUrl());
        expect(parsed.searchParams.get('v')).toMatch(/^\d+$/);
        return `${parsed.pathname}?width=${parsed.searchParams.get('width')} ${descriptor}`;
      });
      expect(candidates).toEqual(
        [400, 800, 1000].map((width) => `/a/${image.guid}?width=${width} ${width}w`),
      );
      expect(await img.getAttribute('width')).toBe('1000');
      expect(await img.getAttribute('height')).toBe('500');
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(await figure.locator('figcaption').textContent()).toBe('Het plein in 1952');
      // Drawn at the column's width (wider than 800 here) in the original's aspect ratio, so the
      // browser takes the widest variant there is: the original's own width, never more.
      const box = await img.boundingBox();
      expect(box?.width).toBeGreaterThan(800);
      expect(Math.abs((box?.width ?? 0) / 2 - (box?.height ?? 0))).toBeLessThan(2);
      const current = new URL(await img.evaluate((element: HTMLImageElement) => element.currentSrc));
      expect(current.searchParams.get('width')).toBe('1000');
      expect(await figure.locator('.image-block-frame').getAttribute('data-loaded')).not.toBeNull();
      expect(unexpectedProblems(problems)).toEqual([]);
      await visitor.close();
    } finally {
      await context.request.delete(`${baseUrl()}/api/buildingblockinstance/${block.guid}`, { headers });
      await context.close();
    }
  });
});
