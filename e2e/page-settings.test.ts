import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { adminSession, signInByApi, TEST_ADMIN } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import { draftSaved, publishFromEditBar } from './edit-mode.ts';

/**
 * Issue 26, every page one way in: a new page no menu serves is created, edited and published from
 * admin/pages; the terms of use edited in Dutch and English from the settings' "Versie verhogen"
 * and read by a visitor in both; the one page settings dialog from the admin table and from edit
 * mode; its description, social image choice and "hide from search engines" in the visitor's page
 * head; axe nl/en at 375 and 1280 px.
 */

const stamp = Date.now().toString(36);

async function signedIn(browser: Browser, width: number, locale: 'nl' | 'en' = 'nl') {
  const context = await newContext(browser, { width, height: 900 });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

/** Opens a row's actions menu on admin/pages and picks an action. */
async function act(page: Page, title: string, action: string) {
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .first()
    .getByRole('button', { name: /Acties|Actions/ })
    .click();
  await page.getByRole('menu').filter({ visible: true }).getByRole('menuitem', { name: action }).click();
}

/** Types `words` at the end of the text block's text in its drawer and saves the draft. */
async function appendText(page: Page, words: string, language: 'nl' | 'en') {
  await page
    .locator('[data-editable-position="main"] [data-editable-block]')
    .first()
    .getByRole('button', { name: /^Bewerk|^Edit/ })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: /Blok bewerken: Tekst|Edit block: Text/ });
  await drawer.waitFor();
  if (language === 'en') await drawer.getByRole('tab', { name: /Engels|English/ }).click();
  const editor = drawer.getByRole('tabpanel').filter({ visible: true }).locator('.ProseMirror');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(` ${words}`);
  const saved = draftSaved(page);
  await drawer.getByRole('button', { name: /^(Opslaan|Save)$/ }).click();
  expect((await saved).status()).toBe(200);
  await drawer.waitFor({ state: 'detached' });
}

describe('every page, one way in (issue 26)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('creates a page in no menu from admin/pages, edits and publishes it there, with one settings dialog', async () => {
    const title = `Losse pagina ${stamp}`;
    const words = `Alleen via de bewerk-URL ${stamp}`;
    const { context, page, problems } = await signedIn(browser, 1280);
    await open(page, `/admin/pages?search=${stamp}`);
    await page.getByRole('table', { name: "Alle pagina's" }).waitFor();

    // Created in the one dialog: title, description, hidden from search engines.
    await page.getByRole('button', { name: 'Nieuwe pagina' }).first().click();
    const create = page.getByRole('dialog', { name: 'Nieuwe pagina' });
    await create.getByLabel('Titel (Nederlands)').fill(title);
    await create.getByLabel('Omschrijving (Nederlands)').fill(`Omschrijving ${stamp}`);
    await create.getByLabel('Omschrijving (Engels)').fill(`Description ${stamp}`);
    await create.getByLabel('Verbergen voor zoekmachines').check();
    await create.getByLabel('Gepubliceerd').check();
    await create.getByText('Wijzigingen gelden meteen voor de gepubliceerde pagina.').waitFor();
    await create.getByRole('button', { name: 'Maak aan' }).click();
    await create.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: title }).innerText())
      .toContain('niet in het menu');

    // The settings from the table: the same form, saved on the page at once, with its edit URL.
    await act(page, title, 'Instellingen');
    const settings = page.getByRole('dialog', { name: `Instellingen van “${title}”` });
    await settings.getByText('Geen menu toont deze pagina.', { exact: false }).waitFor();
    await expect(settings.getByLabel('Omschrijving (Nederlands)').inputValue()).resolves.toBe(
      `Omschrijving ${stamp}`,
    );
    await expect(settings.getByLabel('Verbergen voor zoekmachines').isChecked()).resolves.toBe(true);
    const editUrl = await settings.getByRole('link', { name: /\/edit\?page=/ }).innerText();
    await settings.getByRole('button', { name: 'Annuleer' }).click();
    await settings.waitFor({ state: 'hidden' });

    // "Bewerk blokken" opens edit mode by the page's guid.
    await act(page, title, 'Bewerk blokken');
    await page.waitForURL((url) => `${url.pathname}${url.search}` === editUrl);
    await waitForHydration(page);
    const bar = page.getByRole('region', { name: 'Bewerkmodus' });
    await bar.locator('[data-draft-status]').filter({ hasText: /./ }).waitFor();
    await expect(bar.innerText()).resolves.toContain(title);

    await page.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
    await page.getByRole('menuitem', { name: 'Tekst', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Nieuw blok: Tekst' });
    await drawer.locator('.ProseMirror').click();
    await page.keyboard.type(words);
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.locator('[data-editable-block]').filter({ hasText: words }).waitFor();

    // The same dialog from the edit bar: the draft's fields go to the draft, as it says.
    await page.getByRole('button', { name: 'Pagina-instellingen' }).click();
    const fromBar = page.getByRole('dialog', { name: 'Pagina-instellingen' });
    await fromBar.locator('[data-settings-note="draft"]').waitFor();
    await expect(fromBar.getByLabel('Omschrijving (Engels)').inputValue()).resolves.toBe(
      `Description ${stamp}`,
    );
    await fromBar.getByLabel('Titel (Engels)').fill(`Loose page ${stamp}`);
    const saved = draftSaved(page);
    await fromBar.getByRole('button', { name: 'Update' }).click();
    expect((await saved).status()).toBe(200);
    await fromBar.waitFor({ state: 'detached' });

    await publishFromEditBar(page);
    // Leaving edit mode of a page no menu serves returns to admin/pages.
    await bar.getByRole('link', { name: 'Sluit bewerkmodus' }).click();
    await page.waitForURL(`${baseUrl()}/admin/pages`);
    await page.getByRole('table', { name: "Alle pagina's" }).waitFor();

    // Published: anyone reads its text through the API.
    const admin = await adminSession(browser);
    const rows = (await (await admin.get(`/api/pages/admin?search=${encodeURIComponent(title)}`)).json()) as {
      items: { guid: string }[];
    };
    const guid = rows.items[0]?.guid ?? '';
    await admin.close();
    expect(editUrl).toBe(`/edit?page=${guid}`);
    const visitor = await context.request.fetch(`${baseUrl()}/api/pages/${guid}`, {
      headers: { cookie: '' },
    });
    expect(await visitor.text()).toContain(words);

    // Placed in the menu from the same dialog; then its path is in the table and its head carries the settings.
    await act(page, title, 'Instellingen');
    const place = page.getByRole('dialog', { name: `Instellingen van “${title}”` });
    await place.getByLabel('Plaats in het hoofdmenu').click();
    await page.getByRole('option', { name: 'Bovenaan het menu' }).click();
    await place.getByLabel('URL-deel').fill(`los-${stamp}`);
    await place.getByRole('button', { name: 'Sla op' }).click();
    await place.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: title }).innerText())
      .toContain(`/los-${stamp}`);
    const visitorContext = await newContext(browser);
    const visitorPage = await visitorContext.newPage();
    await visitorPage.goto(`${baseUrl()}/los-${stamp}?lang=en`);
    await visitorPage.getByText(words).waitFor();
    await expect(visitorPage.locator('meta[name="description"]').getAttribute('content')).resolves.toBe(
      `Description ${stamp}`,
    );
    await expect(visitorPage.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    await expect(visitorPage.locator('meta[property="og:image"]').count()).resolves.toBe(0);
    await visitorContext.close();
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('edits the terms of use in Dutch and English from the settings, and a visitor reads both', async () => {
    const dutch = `Nieuwe afspraak ${stamp}.`;
    const english = `New agreement ${stamp}.`;
    const { context, page, problems } = await signedIn(browser, 1280);
    await open(page, '/settings');
    await page.getByRole('tab', { name: 'Registratie en gebruiksvoorwaarden' }).click();
    const links = page.locator('[data-terms-links]').first();
    // Also in the question "Versie verhogen" asks.
    await page.getByRole('button', { name: 'Versie verhogen' }).click();
    const raise = page.getByRole('dialog', { name: 'Versie van de gebruiksvoorwaarden verhogen?' });
    await raise.getByRole('link', { name: 'Gebruiksvoorwaarden bewerken (Nederlands)' }).waitFor();
    await page.keyboard.press('Escape');
    await raise.waitFor({ state: 'hidden' });
    await links.getByRole('link', { name: 'Gebruiksvoorwaarden bewerken (Nederlands)' }).click();
    await page.waitForURL(/\/edit\?page=[0-9a-f-]{36}&lang=nl$/);
    await waitForHydration(page);
    await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();
    await appendText(page, dutch, 'nl');
    await publishFromEditBar(page);
    // Leaving edit mode of a legal page returns to that page.
    await page.getByRole('link', { name: 'Sluit bewerkmodus' }).click();
    await page.waitForURL(`${baseUrl()}/legal/terms-of-use/nl`);

    await open(page, '/settings?tab=access');
    await page
      .locator('[data-terms-links]')
      .first()
      .getByRole('link', { name: 'Gebruiksvoorwaarden bewerken (Engels)' })
      .click();
    await page.waitForURL(/\/edit\?page=[0-9a-f-]{36}&lang=en$/);
    await waitForHydration(page);
    await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();
    await appendText(page, english, 'en');
    await publishFromEditBar(page, 'en');
    expect(problems.messages).toEqual([]);
    await context.close();

    const visitor = await newContext(browser);
    const reader = await visitor.newPage();
    await reader.goto(`${baseUrl()}/legal/terms-of-use/nl`);
    await reader.getByText(dutch).waitFor();
    await expect(reader.getByText(english).count()).resolves.toBe(0);
    await reader.goto(`${baseUrl()}/legal/terms-of-use/en`);
    await reader.getByText(english).waitFor();
    await expect(reader.getByText(dutch).count()).resolves.toBe(0);
    await visitor.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    for (const width of [375, 1280]) {
      it(`passes axe on the settings dialog from the table and from edit mode (${locale}, ${width} px)`, async () => {
        const { context, page } = await signedIn(browser, width, locale);
        const problems: string[] = [];
        await open(page, '/admin/pages?search=Nieuws');
        await page.getByRole('row').nth(1).waitFor();
        await page
          .getByRole('row')
          .filter({ hasText: '/nieuws' })
          .first()
          .getByRole('button', { name: locale === 'nl' ? /Acties/ : /Actions/ })
          .click();
        await page
          .getByRole('menu')
          .filter({ visible: true })
          .getByRole('menuitem', { name: locale === 'nl' ? 'Instellingen' : 'Settings' })
          .click();
        await page
          .getByRole('dialog')
          .getByLabel(/Titel \(Nederlands\)|Title \(Dutch\)/)
          .waitFor();
        await fadedIn(page);
        problems.push(...(await seriousViolations(page)).map((line) => `table dialog: ${line}`));
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });

        await open(page, '/nieuws/edit');
        await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();
        await page
          .getByRole('button', { name: locale === 'nl' ? 'Pagina-instellingen' : 'Page settings' })
          .click();
        await page.getByRole('dialog').locator('[data-settings-note="draft"]').waitFor();
        await fadedIn(page);
        problems.push(...(await seriousViolations(page)).map((line) => `edit mode dialog: ${line}`));
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
