import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { signInByApi, TEST_ADMIN, xsrfHeaders } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, openDialog, waitForHydration } from './browser.ts';
import { publishFromEditBar } from './edit-mode.ts';

/**
 * Settings and the site parts without a screen until issue 10: the settings groups (live header
 * preview, terms version), header images and item types, and axe on each screen in nl and en.
 */

async function adminContext(browser: Browser, locale: 'nl' | 'en' = 'nl', width = 1280) {
  const context = await newContext(browser, { width });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

async function settingValue(context: BrowserContext, key: string): Promise<string> {
  const response = await context.request.get(
    `${baseUrl()}/api/platformsettingvalues?keys=${key}&includeAll=true`,
  );
  const list = (await response.json()) as { key: string; value: string }[];
  return list.find((entry) => entry.key === key)?.value ?? '';
}

describe('settings and site parts', () => {
  let browser: Browser;
  let context: BrowserContext;
  let original: { platformName: string; colorScheme: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await adminContext(browser);
    original = {
      platformName: await settingValue(context, 'platformName'),
      colorScheme: await settingValue(context, 'colorScheme'),
    };
  });
  afterAll(async () => {
    // Leave the shared server as it was for the files that run after this one: the admin accepts
    // the raised terms version, the name and colour go back.
    const version = Number(await settingValue(context, 'termsOfUseVersion'));
    await context.request.put(`${baseUrl()}/api/profiles:loggedIn`, {
      headers: await xsrfHeaders(context),
      data: { termsOfUseVersionAccepted: version },
    });
    await context.request.put(`${baseUrl()}/api/platformsettingvalues`, {
      headers: await xsrfHeaders(context),
      data: [
        { key: 'platformName', value: original.platformName },
        { key: 'colorScheme', value: original.colorScheme },
      ],
    });
    await context.close();
    await browser.close();
  });

  it('shows the new name and colour in the preview while typing, then in the site header after saving', async () => {
    const page = await context.newPage();
    await open(page, '/settings');
    const preview = page.getByTestId('header-preview');
    const name = page.getByLabel('Naam van de website');
    await name.fill('Buurthuis De Kastanje');
    const shownName = () =>
      preview.evaluate(
        (element) =>
          `${element.textContent} ${[...element.querySelectorAll('img')].map((image) => image.alt).join(' ')}`,
      );
    await expect.poll(shownName).toContain('Buurthuis De Kastanje');
    const colour = page.getByRole('textbox', { name: 'Hoofdkleur' });
    await colour.fill('#8a1c7c');
    await colour.press('Tab');
    await expect
      .poll(() => preview.locator('.settings-preview-menu').getAttribute('data-color'))
      .toBe('#8a1c7c');
    const previewMenuColour = await preview
      .locator('.settings-preview-menu')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    // Not saved yet: the server still has the old name.
    await expect(settingValue(context, 'platformName')).resolves.toBe(original.platformName);

    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect.poll(() => settingValue(context, 'platformName')).toBe('Buurthuis De Kastanje');
    await expect(settingValue(context, 'colorScheme')).resolves.toBe('#8a1c7c');

    await open(page, '/');
    await expect
      .poll(() =>
        page
          .locator('.site-logo')
          .first()
          .evaluate(
            (element) =>
              `${element.textContent} ${[...element.querySelectorAll('img')].map((image) => image.alt).join(' ')}`,
          ),
      )
      .toContain('Buurthuis De Kastanje');
    const menu = page.locator('.main-menu').first();
    if ((await menu.count()) > 0) {
      await expect(menu.evaluate((element) => getComputedStyle(element).backgroundColor)).resolves.toBe(
        previewMenuColour,
      );
    }
    await page.close();
  });

  it('warns that automatic translation needs a translation service this server does not have', async () => {
    const page = await context.newPage();
    await open(page, '/settings?tab=privacy');
    // The settings come from a query after hydration: wait for the tab's content, then count.
    await page.getByText('Geen vertaaldienst ingesteld').waitFor();
    await expect(page.getByText('Geen vertaaldienst ingesteld').count()).resolves.toBe(1);
    // Visitors see no choice they could not use.
    await open(page, '/?lang=en');
    await expect(page.getByRole('button', { name: 'Vertaal automatisch' }).count()).resolves.toBe(0);
    await expect(page.locator('.auto-translate-toggle').count()).resolves.toBe(0);
    await open(page, '/?lang=nl');
    await page.close();
  });

  it('shows a wrong value under its field and focuses it', async () => {
    const page = await context.newPage();
    await open(page, '/settings');
    const name = page.getByLabel('Naam van de website');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('setting-platformName');
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.close();
  });

  it('creates a header image and an item type', async () => {
    const page = await context.newPage();
    await open(page, '/admin/header-images');
    await page.getByRole('button', { name: 'Headerafbeelding toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Headerafbeelding toevoegen' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('header-image-body-title-nl');
    await dialog.getByLabel('Titel (Nederlands)').fill('Zomerfeest');
    await dialog.getByLabel('Titel (Engels)').fill('Summer party');
    await dialog.getByLabel('Tekst (Nederlands)').fill('Op het plein');
    await dialog.getByRole('button', { name: 'Maak aan' }).click();
    await expect.poll(() => page.getByRole('rowheader', { name: 'Zomerfeest' }).count()).toBe(1);

    await open(page, '/admin/item-types');
    await page.getByRole('button', { name: 'Itemtype toevoegen' }).click();
    const typeDialog = page.getByRole('dialog', { name: 'Itemtype toevoegen' });
    await typeDialog.getByLabel('Sleutel').fill('Open Dag');
    await typeDialog.getByLabel('Naam (Nederlands)').fill('Open dag');
    await typeDialog.getByRole('button', { name: 'Maak aan' }).click();
    // The key rule is checked before sending: the key field gets the message and the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('item-type-body/name');
    await typeDialog.getByLabel('Sleutel').fill('open_dag');
    await typeDialog.getByLabel('Naam (Engels)').fill('Open day');
    await typeDialog.getByRole('button', { name: 'Maak aan' }).click();
    await expect.poll(() => page.getByRole('rowheader', { name: 'Open dag' }).count()).toBe(1);
    const types = await context.request.get(`${baseUrl()}/api/listitemtypes?lang=en`);
    expect(await types.json()).toContainEqual(
      expect.objectContaining({ name: 'open_dag', label: 'Open day' }),
    );
    await page.close();
  });

  it("picks a list's default parents from a search by title, not a typed filter", async () => {
    const page = await context.newPage();
    await open(page, '/nieuws/edit');
    await page.getByRole('region', { name: 'Bewerkmodus' }).waitFor();
    const list = page.locator('[data-editable-block="list"]').first();
    const guid = await list.getAttribute('data-guid');
    const editor = page.getByRole('dialog', { name: 'Blok bewerken: Lijst' });
    await openDialog(
      list.getByRole('button', { name: /^Bewerk Lijst \(blok \d+ in hoofdgedeelte\)$/ }),
      editor,
    );
    const picker = editor.getByLabel('Standaard bovenliggende items', { exact: true });
    await picker.fill('dorpsquiz');
    await page.getByRole('option', { name: 'Terugblik op de dorpsquiz' }).click();
    await editor.getByRole('button', { name: 'Opslaan' }).click();
    await editor.waitFor({ state: 'detached' });
    await publishFromEditBar(page);
    const block = await context.request.get(`${baseUrl()}/api/buildingblockinstance/${guid}`);
    const options = ((await block.json()) as { options: { defaultParentGuids?: string[] } }).options;
    expect(options.defaultParentGuids).toHaveLength(1);
    const item = await context.request.get(`${baseUrl()}/api/listitem/${options.defaultParentGuids?.[0]}`);
    expect(((await item.json()) as { title: string }).title).toBe('Terugblik op de dorpsquiz');
    // The demo's news list goes back to no default parents for the files that run after this one.
    const reset = await context.request.post(`${baseUrl()}/api/buildingblockinstance/${guid}/options`, {
      headers: await xsrfHeaders(context),
      data: { defaultParentGuids: [] },
    });
    expect(reset.status()).toBe(200);
    await page.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    it(`has no serious or critical axe violations on the settings groups, header images and item types (${locale})`, async () => {
      const localeContext = await adminContext(browser, locale);
      const page = await localeContext.newPage();
      const problems: string[] = [];
      const paths = [
        '/settings?tab=identity',
        '/settings?tab=access',
        '/settings?tab=privacy',
        '/settings?tab=notifications',
        '/settings?tab=parts',
        '/admin/header-images',
        '/admin/item-types',
      ];
      for (const path of paths) {
        await open(page, path);
        problems.push(...(await seriousViolations(page)).map((problem) => `[${locale}] ${path}: ${problem}`));
      }
      await page
        .getByRole('button', { name: locale === 'nl' ? 'Itemtype toevoegen' : 'Add item type' })
        .click();
      await page.getByRole('dialog').waitFor();
      problems.push(
        ...(await seriousViolations(page)).map((problem) => `[${locale}] item type dialog: ${problem}`),
      );
      expect(problems).toEqual([]);
      await localeContext.close();
    });
  }

  it('raises the terms of use version after a confirmation that says everyone must accept again', async () => {
    const page = await context.newPage();
    await open(page, '/settings?tab=access');
    const before = Number(await settingValue(context, 'termsOfUseVersion'));
    await expect(page.getByText(`Huidige versie: ${before}`).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Versie verhogen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Versie van de gebruiksvoorwaarden verhogen?' });
    await expect.poll(() => dialog.innerText()).toContain('opnieuw accepteren');
    await dialog.getByRole('button', { name: 'Verhogen' }).click();
    await expect.poll(() => settingValue(context, 'termsOfUseVersion')).toBe(String(before + 1));
    // The admin is one of "everyone": the terms dialog asks them to accept the new version.
    await open(page, '/');
    const terms = page.getByRole('dialog').filter({ hasText: /gebruiksvoorwaarden/i });
    await expect.poll(() => terms.count()).toBeGreaterThan(0);
    await page.close();
  });
});
