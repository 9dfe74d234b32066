import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';
import { draftSaved, openEditMode, pageWithText, publishFromEditBar } from './edit-mode.ts';

/**
 * The link picker (issue 26), in Chromium against the production server: in edit mode the editor
 * selects text, opens the picker from the rich-text toolbar, finds a page by typing part of its
 * title and takes it by keyboard, publishes; the page is then moved in admin/menu and the visitor's
 * link goes to where the page is now (its href, not a redirect). axe nl/en at 1280 and 375 px with
 * the picker open.
 */

type Admin = Awaited<ReturnType<typeof adminSession>>;

const LABELS = {
  nl: {
    edit: 'Bewerk',
    insertLink: 'Link invoegen',
    picker: 'Link kiezen',
    search: 'Zoek een pagina of item',
  },
  en: { edit: 'Edit', insertLink: 'Insert link', picker: 'Choose a link', search: 'Search a page or item' },
} as const;

let browser: Browser;
let admin: Admin;
const stamp = Date.now().toString(36);
const TARGET_TITLE = `Jaarvergadering ${stamp}`;
let target: { pageGuid: string; path: string };
let source: { pageGuid: string; path: string; blockGuid: string };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
  target = await pageWithText(admin, TARGET_TITLE, 'De agenda van de jaarvergadering');
  source = await pageWithText(admin, `Nieuwsbrief ${stamp}`, 'Kom allemaal naar de vergadering');
});

afterAll(async () => {
  await admin.close();
  await browser.close();
});

/** The text block's drawer, with the cursor in its editor. */
async function openTextDrawer(page: Page, language: 'nl' | 'en') {
  await page
    .locator(`[data-editable-block][data-guid="${source.blockGuid}"]`)
    .getByRole('button', { name: LABELS[language].edit })
    .first()
    .click();
  const drawer = page.getByRole('dialog').filter({ has: page.locator('.ProseMirror') });
  await drawer.locator('.ProseMirror').click();
  return drawer;
}

/** Where the visitor's link with `text` goes, on the source page. */
async function visitorHref(text: string): Promise<string | null> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${source.path}`);
  const href = await page.locator('main').getByRole('link', { name: text }).getAttribute('href');
  await context.close();
  return href;
}

describe('the link picker', () => {
  it('links selected text to a page found by part of its title, by keyboard; the link follows the page when it moves', async () => {
    const { context, page, problems } = await openEditMode(browser, `${source.path}/edit`);
    const drawer = await openTextDrawer(page, 'nl');
    // Select the whole text, then the toolbar's link button.
    await page.keyboard.press('ControlOrMeta+a');
    await drawer.getByRole('button', { name: LABELS.nl.insertLink }).click();
    const picker = page.getByRole('dialog', { name: LABELS.nl.picker });
    await picker.waitFor();
    // The search field has the focus: type part of the title, arrow to the page, Enter takes it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('combobox');
    await page.keyboard.type(`vergadering ${stamp}`.slice(2));
    const option = picker.getByRole('option', { name: new RegExp(TARGET_TITLE) });
    await option.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    // The editor's link holds the reference, not a typed path.
    const href = await drawer.locator('.ProseMirror a').getAttribute('href');
    expect(href).toBe(`page:${target.pageGuid}`);

    const saved = draftSaved(page);
    await drawer.getByRole('button', { name: 'Opslaan', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();

    expect(await visitorHref('Kom allemaal naar de vergadering')).toBe(target.path);

    // The target page moves in admin/menu: a new URL part.
    const menuContext = await newContext(browser, { width: 1280, height: 900 });
    await signInByApi(menuContext, TEST_ADMIN.email, TEST_ADMIN.password);
    const menuPage = await menuContext.newPage();
    await menuPage.goto(`${baseUrl()}/admin/menu`);
    await waitForHydration(menuPage);
    await menuPage.getByRole('button', { name: `Bewerk ${TARGET_TITLE}` }).click();
    const dialog = menuPage.getByRole('dialog');
    const moved = `verhuisd-${stamp}`;
    await dialog.getByLabel('URL-deel').fill(moved);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'detached' });
    await menuContext.close();

    // The visitor's link goes straight to the new path (no redirect needed), and lands on the page.
    expect(await visitorHref('Kom allemaal naar de vergadering')).toBe(`/${moved}`);
    const visitor = await newContext(browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${baseUrl()}${source.path}`);
    await waitForHydration(visitorPage);
    await visitorPage.locator('main').getByRole('link', { name: 'Kom allemaal naar de vergadering' }).click();
    await visitorPage.waitForURL(`${baseUrl()}/${moved}`);
    await visitorPage.locator('main').getByText('De agenda van de jaarvergadering').waitFor();
    // No picker or editor code reached the visitor.
    const scripts = await visitorPage.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(scripts.filter((name) => /LinkPicker|RichTextField|tiptap/i.test(name))).toEqual([]);
    await visitor.close();
  });

  for (const language of ['nl', 'en'] as const) {
    for (const width of [1280, 375]) {
      it(`passes axe with the picker open (${language}, ${width} px)`, async () => {
        const { context, page, problems } = await openEditMode(browser, `${source.path}/edit`, {
          width,
          language,
        });
        const drawer = await openTextDrawer(page, language);
        await drawer.getByRole('button', { name: LABELS[language].insertLink }).click();
        const picker = page.getByRole('dialog', { name: LABELS[language].picker });
        await picker.waitFor();
        await picker.getByLabel(LABELS[language].search).fill(TARGET_TITLE.slice(0, 8));
        await picker.getByRole('option').first().waitFor();
        await fadedIn(page);
        expect(await seriousViolations(page)).toEqual([]);
        expect(unexpectedProblems(problems)).toEqual([]);
        await context.close();
      });
    }
  }
});
