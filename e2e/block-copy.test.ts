import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { draftSaved, openEditMode, pageWithText } from './edit-mode.ts';

/**
 * A block's "Dupliceren" and "Kopiëren naar een andere pagina" in edit mode (issue 13), in Chromium
 * against the production server: the copy lands right below the block in this page's draft, or at
 * the end of the other page's draft, which its visitors see only once it is published there.
 */

type Admin = Awaited<ReturnType<typeof adminSession>>;
type Draft = {
  version: number;
  revision: number | null;
  document: { blocks: { guid: string; content: unknown }[] };
};

const TEXT = 'Een blok om te kopiëren';

let browser: Browser;
let admin: Admin;
let path = '';
let pageGuid = '';
let blockGuid = '';
let otherGuid = '';
const otherTitle = `Kopiedoel ${Date.now().toString(36)}`;

async function draftOf(guid: string): Promise<Draft> {
  return (await (await admin.get(`/api/pages/${guid}/draft`)).json()) as Draft;
}

const editMode = (language: 'nl' | 'en' = 'nl') => openEditMode(browser, `${path}/edit`, { language });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
  ({ pageGuid, path, blockGuid } = await pageWithText(admin, 'Kopiëren', TEXT));
  const other = (await (
    await admin.post('/api/pages', { title: { nl: otherTitle }, layout: '100', isPublished: true })
  ).json()) as { guid: string };
  otherGuid = other.guid;
});

afterAll(async () => {
  await admin.close();
  await browser.close();
});

describe("a block's copies", () => {
  it('duplicates a block right below itself, in the draft', async () => {
    const { context, page, problems } = await editMode();
    await page.getByRole('button', { name: 'Acties voor Blok 1: Tekst' }).click();
    const saved = draftSaved(page);
    await page.getByRole('menuitem', { name: 'Dupliceren' }).click();
    expect((await saved).status()).toBe(200);
    const blocks = page.locator('[data-editable-position="main"] [data-editable-block]');
    await expect.poll(() => blocks.count()).toBe(2);
    await expect.poll(() => blocks.nth(1).innerText()).toContain(TEXT);
    // The copy has its own guid, is in the draft after the original, and takes the focus.
    const copyGuid = await blocks.nth(1).getAttribute('data-guid');
    expect(copyGuid).not.toBe(blockGuid);
    expect((await draftOf(pageGuid)).document.blocks.map((block) => block.guid)).toEqual([
      blockGuid,
      copyGuid,
    ]);
    await page.waitForFunction(
      (guid) => document.activeElement?.getAttribute('data-guid') === guid,
      copyGuid,
    );
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it("copies a block to the end of another page's draft", async () => {
    const { context, page, problems } = await editMode();
    await page.getByRole('button', { name: 'Acties voor Blok 1: Tekst' }).click();
    await page.getByRole('menuitem', { name: 'Kopiëren naar een andere pagina…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blok kopiëren naar een andere pagina' });
    await dialog.waitFor();
    await fadedIn(page);
    // Asked without a page: the field says so.
    await dialog.getByRole('button', { name: 'Kopiëren', exact: true }).click();
    await dialog.getByText('Dit veld is verplicht.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('combobox', { name: 'Pagina' }).fill(otherTitle.slice(0, 9));
    await page.getByRole('option', { name: otherTitle }).click();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/pages/${otherGuid}/draft`) && response.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Kopiëren', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    const other = await draftOf(otherGuid);
    expect(JSON.stringify(other.document.blocks.at(-1)?.content)).toContain(TEXT);
    expect(other.document.blocks.at(-1)?.guid).not.toBe(blockGuid);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('passes axe in English', async () => {
    const { context, page, problems } = await editMode('en');
    await page.getByRole('button', { name: 'Actions for Block 1: Text' }).click();
    await page.getByRole('menuitem', { name: 'Copy to another page…' }).click();
    await page.getByRole('dialog', { name: 'Copy block to another page' }).waitFor();
    await fadedIn(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
