import type { Browser, Page } from 'playwright-core';
import { type adminSession, signInByApi, TEST_ADMIN } from './accounts.ts';
import { baseUrl, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Edit mode changes the page's draft (issue 13); visitors see a change once it is published. These
 * helpers do what an editor does in the edit bar.
 */

const BAR = { nl: 'Bewerkmodus', en: 'Edit mode' } as const;
const PUBLISH = { nl: 'Publiceer', en: 'Publish' } as const;
const DIALOG = { nl: 'Publiceren', en: 'Publish' } as const;

/** Resolves once a draft save (PUT /api/pages/{id}/draft) answered. Make it just before the action. */
export function draftSaved(page: Page) {
  return page.waitForResponse(
    (response) => /\/api\/pages\/[^/]+\/draft$/.test(response.url()) && response.request().method() === 'PUT',
  );
}

/**
 * Publishes the draft from the edit bar: "Publiceer", the check's confirmation when it lists
 * problems, "Publiceer" again; resolves once the bar says the page is published.
 */
export async function publishFromEditBar(page: Page, language: 'nl' | 'en' = 'nl'): Promise<void> {
  const bar = page.getByRole('region', { name: BAR[language] });
  await bar.getByRole('button', { name: PUBLISH[language], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG[language] });
  await dialog.waitFor();
  const submit = dialog.getByRole('button', { name: PUBLISH[language], exact: true });
  // Problems found, or changes made outside the draft: each needs its confirmation.
  if (await submit.isDisabled()) {
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  }
  await submit.click();
  await dialog.waitFor({ state: 'detached' });
  await bar.locator('[data-draft-status="published"]').waitFor();
}

type AdminSession = Awaited<ReturnType<typeof adminSession>>;

/** A rich text block's content in Dutch: one paragraph of `words`. */
export const dutchText = (words: string) => ({
  nl: { doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] } },
});

/**
 * A new published page in the main menu with one text block of `words` in its main area, for a
 * test of its own: its guid, its path (with a suffix of the moment, so runs never meet) and the
 * block's guid.
 */
export async function pageWithText(admin: AdminSession, title: string, words: string) {
  const segment = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
  const page = (await (
    await admin.post('/api/pages', { title: { nl: title }, layout: '100', isPublished: true })
  ).json()) as {
    guid: string;
  };
  const menu = (await (await admin.get('/api/menus:withName?name=Top%20level%20menu')).json()) as {
    guid: string;
  };
  await admin.post(`/api/menus/${menu.guid}/items`, {
    name: { nl: title },
    urlSegment: segment,
    pageGuid: page.guid,
    isVisible: true,
  });
  const block = (await (
    await admin.post(`/api/pages/${page.guid}/buildingblockinstances`, {
      buildingBlockName: 'text',
      layoutPosition: 'main',
      content: dutchText(words),
    })
  ).json()) as { guid: string };
  return { pageGuid: page.guid, path: `/${segment}`, blockGuid: block.guid };
}

/**
 * Edit mode of `editPath` for the admin in a browser window of `width` (1280 by default; from 1556
 * px the block drawer stands beside the page), in English with `language: 'en'`; resolves once the
 * edit bar knows the draft, with the page's console watched.
 */
export async function openEditMode(
  browser: Browser,
  editPath: string,
  options: { width?: number; language?: 'nl' | 'en' } = {},
) {
  const context = await newContext(browser, { width: options.width ?? 1280, height: 900 });
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${baseUrl()}${editPath}${options.language === 'en' ? '?lang=en' : ''}`);
  await waitForHydration(page);
  await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();
  return { context, page, problems };
}

/** The text a signed-out visitor reads at `path`, in its main area (or another part of the page). */
export async function visitorText(browser: Browser, path: string, part = 'main'): Promise<string> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
  const text = await page.locator(part).first().innerText();
  await context.close();
  return text;
}

/**
 * Opens the text block `guid`'s drawer and types `words` over its text, then "Opslaan": the drawer,
 * and the draft save's answer to come.
 */
export async function replaceText(page: Page, guid: string, words: string) {
  await page
    .locator(`[data-editable-block][data-guid="${guid}"]`)
    .getByRole('button', { name: 'Bewerk' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Blok bewerken: Tekst' });
  await drawer.locator('.ProseMirror').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(words);
  const saved = draftSaved(page);
  await drawer.getByRole('button', { name: 'Opslaan' }).click();
  return { drawer, saved };
}

/** The blocks of the main area in edit mode, in their order on the page. */
export const mainBlocks = (page: Page) =>
  page.locator('[data-editable-position="main"] > [data-editable-block]');

/** Waits until the main area shows this many blocks (a save re-renders the page after its data reloads). */
export async function waitForBlockCount(page: Page, count: number) {
  await page.waitForFunction(
    (expected) =>
      document.querySelectorAll('[data-editable-position="main"] > [data-editable-block]').length ===
      expected,
    count,
  );
}

/** Opens the new block's drawer of `type` from the main area's "add block" menu. */
export async function addMainBlock(page: Page, type: string) {
  await page.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Nieuw blok: ${type}` });
  await drawer.waitFor();
  return drawer;
}
