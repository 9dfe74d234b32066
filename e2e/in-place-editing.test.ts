import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { openEditMode, pageWithText, publishFromEditBar, visitorText } from './edit-mode.ts';

/**
 * Text edited in place (issue 26), in Chromium against the production server: clicked and typed on
 * the page itself, saved to the draft by itself with its status shown, there after a reload and
 * for visitors once published; a failed save keeps the text and goes through on "opnieuw proberen";
 * a block drawer with unsaved text asks before it closes (Sluit, Escape); axe in nl and en at 375
 * and 1280 px with the in-place editor focused.
 */

type Admin = Awaited<ReturnType<typeof adminSession>>;
type Draft = {
  version: number;
  hasDraft: boolean;
  document: { blocks: { guid: string; content: unknown }[] };
};

let browser: Browser;
let admin: Admin;

const AUTOSAVE = /\/api\/pages\/[^/]+\/draft\/blocks\/[^/]+\/content$/;

/** Resolves with the next autosave's answer. Make it just before typing. */
const autosaved = (page: Page) =>
  page.waitForResponse((response) => AUTOSAVE.test(response.url()) && response.request().method() === 'PUT');

/** Clicks into the block's text on the page; resolves once its editor has the focus. */
async function clickIntoText(page: Page, blockGuid: string, words: string) {
  await page.locator(`[data-in-place="${blockGuid}"]`).getByText(words).click();
  const editor = page.locator(`[data-in-place-editor="${blockGuid}"]`);
  // The editor's code loads on this first click.
  await expect
    .poll(
      () =>
        page.evaluate(
          (guid) =>
            document.activeElement?.getAttribute('data-in-place-editor') === guid ||
            document.activeElement?.outerHTML.slice(0, 200),
          blockGuid,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  return editor;
}

async function draftText(pageGuid: string): Promise<string> {
  const draft = (await (await admin.get(`/api/pages/${pageGuid}/draft`)).json()) as Draft;
  return JSON.stringify(draft.document.blocks);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
});

afterAll(async () => {
  await admin.close();
  await browser.close();
});

describe('text edited in place', () => {
  it('saves what is typed on the page by itself, shows it after a reload, and to visitors once published', async () => {
    const { pageGuid, path, blockGuid } = await pageWithText(admin, 'Ter plekke', 'Oude tekst op de pagina');
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);

    // Each save is held back a little, so that its "Opslaan…" can be seen.
    await page.route(AUTOSAVE, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await clickIntoText(page, blockGuid, 'Oude tekst op de pagina');
    const saved = autosaved(page);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Nieuw getypt op de pagina zelf');
    const status = page.locator(`[data-in-place="${blockGuid}"]`).getByRole('status');
    await expect.poll(() => status.innerText(), { interval: 50, timeout: 15_000 }).toBe('Opslaan…');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => status.innerText()).toBe('Opgeslagen');
    await page.locator('[data-draft-status="draft"]').waitFor();
    expect(await draftText(pageGuid)).toContain('Nieuw getypt op de pagina zelf');
    // Visitors still read the published text.
    expect(await visitorText(browser, path)).toContain('Oude tekst op de pagina');
    expect(await visitorText(browser, path)).not.toContain('Nieuw getypt');

    // More typing saves again; after a reload the page shows it.
    const again = autosaved(page);
    await page.keyboard.type(', en nog meer');
    expect((await again).status()).toBe(200);
    await expect.poll(() => status.innerText()).toBe('Opgeslagen');
    await page.unroute(AUTOSAVE);
    await page.reload();
    await waitForHydration(page);
    await page
      .locator(`[data-in-place="${blockGuid}"]`)
      .getByText('Nieuw getypt op de pagina zelf, en nog meer')
      .waitFor();

    await publishFromEditBar(page);
    await expect
      .poll(() => visitorText(browser, path), { timeout: 15_000 })
      .toContain('Nieuw getypt op de pagina zelf, en nog meer');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('keeps the text when an autosave fails, says so, and saves it on "opnieuw proberen"', async () => {
    const { pageGuid, path, blockGuid } = await pageWithText(admin, 'Mislukt', 'Tekst voor de storing');
    const { context, page } = await openEditMode(browser, `${path}/edit`);
    let failures = 0;
    await page.route(AUTOSAVE, async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await clickIntoText(page, blockGuid, 'Tekst voor de storing');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Dit mag niet verloren gaan');
    const block = page.locator(`[data-in-place="${blockGuid}"]`);
    const status = block.getByRole('status');
    await expect.poll(() => status.innerText()).toMatch(/^Niet opgeslagen/);
    expect(failures).toBe(1);
    // The text is still there to see, and nothing of it reached the draft.
    await block.getByText('Dit mag niet verloren gaan').waitFor();
    expect(await draftText(pageGuid)).not.toContain('Dit mag niet verloren gaan');

    const saved = autosaved(page);
    await block.getByRole('button', { name: 'opnieuw proberen' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => status.innerText()).toBe('Opgeslagen');
    expect(await draftText(pageGuid)).toContain('Dit mag niet verloren gaan');
    await context.close();
  });

  it('asks before leaving edit mode while typed text is not saved', async () => {
    const { path, blockGuid } = await pageWithText(admin, 'Vertrekken', 'Tekst voor het vertrek');
    const { context, page } = await openEditMode(browser, `${path}/edit`);
    // Every save fails for now: the text stays unsaved.
    await page.route(AUTOSAVE, (route) => route.abort('connectionreset'));
    await clickIntoText(page, blockGuid, 'Tekst voor het vertrek');
    await page.keyboard.type(' met een staart');
    await expect
      .poll(() => page.locator(`[data-in-place="${blockGuid}"]`).getByRole('status').innerText())
      .toMatch(/^Niet opgeslagen/);
    await page
      .getByRole('region', { name: 'Bewerkmodus' })
      .getByRole('link', { name: 'Sluit bewerkmodus' })
      .click();
    const ask = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await ask.getByRole('button', { name: 'Blijf hier' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/edit$/);
    await page.locator(`[data-in-place="${blockGuid}"]`).getByText('met een staart').waitFor();
    await context.close();
  });

  it('asks before a block drawer with unsaved text closes, by Sluit and by Escape', async () => {
    const { pageGuid, path, blockGuid } = await pageWithText(admin, 'Lade', 'Tekst in de lade');
    const { context, page } = await openEditMode(browser, `${path}/edit`);
    const before = await draftText(pageGuid);
    await page
      .locator(`[data-editable-block][data-guid="${blockGuid}"]`)
      .getByRole('button', { name: /^Bewerk/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: 'Blok bewerken: Tekst' });
    await drawer.locator('.ProseMirror').click();
    await page.keyboard.type(' en getypt in de lade');
    const ask = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });

    // Escape asks; "Verder bewerken" (and Escape in the question) keeps the drawer and the text.
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await fadedIn(page);
    expect(await seriousViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Verder bewerken' }).click();
    await ask.waitFor({ state: 'detached' });
    await drawer.getByText('en getypt in de lade').waitFor();
    await drawer.locator('.ProseMirror').click();
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    await drawer.getByText('en getypt in de lade').waitFor();

    // The drawer's close button asks too.
    await drawer.locator('.mantine-Drawer-close').click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Verder bewerken' }).click();
    await ask.waitFor({ state: 'detached' });

    // "Sluit" under the form asks; "Wijzigingen weggooien" closes without saving.
    await drawer.getByRole('form').getByRole('button', { name: 'Sluit', exact: true }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Wijzigingen weggooien' }).click();
    await drawer.waitFor({ state: 'detached' });
    expect(await draftText(pageGuid)).toBe(before);

    // A drawer without changes closes at once.
    await page
      .locator(`[data-editable-block][data-guid="${blockGuid}"]`)
      .getByRole('button', { name: /^Bewerk/ })
      .first()
      .click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await ask.count()).toBe(0);
    await context.close();
  });

  it('edits button labels and accordion titles in place, saved by themselves and there after a reload', async () => {
    const { pageGuid, path } = await pageWithText(admin, 'Knoppen', 'Een tekst boven de knoppen');
    const buttons = (await (
      await admin.post(`/api/pages/${pageGuid}/buildingblockinstances`, {
        buildingBlockName: 'buttons',
        layoutPosition: 'main',
        content: { nl: { buttons: [{ label: 'Meld je aan', href: '/contact', variant: 'filled' }] } },
      })
    ).json()) as { guid: string };
    const accordion = (await (
      await admin.post(`/api/pages/${pageGuid}/buildingblockinstances`, {
        buildingBlockName: 'accordion',
        layoutPosition: 'main',
        content: {
          nl: {
            items: [
              { title: 'Eerste vraag', doc: { type: 'doc', content: [{ type: 'paragraph' }] } },
              { title: 'Tweede vraag', doc: { type: 'doc', content: [{ type: 'paragraph' }] } },
            ],
          },
        },
      })
    ).json()) as { guid: string };
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);

    // A click on the button opens its label as a field (it does not follow the link).
    await page.locator(`[data-in-place="${buttons.guid}"]`).getByText('Meld je aan').click();
    const label = page.getByRole('textbox', { name: 'Knoptekst 1' });
    await expect.poll(() => label.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(page.url()).toMatch(/\/edit$/);
    const saved = autosaved(page);
    await label.fill('Schrijf je in');
    expect((await saved).status()).toBe(200);
    const status = page.locator(`[data-in-place="${buttons.guid}"]`).getByRole('status');
    await expect.poll(() => status.innerText()).toBe('Opgeslagen');
    expect(await seriousViolations(page)).toEqual([]);

    // The accordion's titles, the second one changed.
    await page.locator(`[data-in-place="${accordion.guid}"]`).getByText('Eerste vraag').click();
    const second = page.getByRole('textbox', { name: 'Titel 2' });
    await second.waitFor();
    const again = autosaved(page);
    await second.fill('Tweede vraag, anders gesteld');
    expect((await again).status()).toBe(200);
    const draft = await draftText(pageGuid);
    expect(draft).toContain('Schrijf je in');
    expect(draft).toContain('Tweede vraag, anders gesteld');
    expect(draft).toContain('Eerste vraag');

    await page.reload();
    await waitForHydration(page);
    await page.locator(`[data-in-place="${buttons.guid}"]`).getByText('Schrijf je in').waitFor();
    await page
      .locator(`[data-in-place="${accordion.guid}"]`)
      .getByText('Tweede vraag, anders gesteld')
      .waitFor();
    expect(await visitorText(browser, path)).toContain('Meld je aan');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  for (const language of ['nl', 'en'] as const) {
    for (const width of [375, 1280]) {
      it(`passes axe in ${language} at ${width} px with the in-place editor focused`, async () => {
        const { path, blockGuid } = await pageWithText(admin, 'Toegankelijk', 'Tekst voor de controle');
        const { context, page, problems } = await openEditMode(browser, `${path}/edit`, { width, language });
        const editor = await clickIntoText(page, blockGuid, 'Tekst voor de controle');
        expect(await editor.getAttribute('aria-label')).toBe(
          language === 'nl' ? 'Tekst 1 (Nederlands)' : 'Text 1 (English)',
        );
        const saved = autosaved(page);
        await page.keyboard.type('!');
        expect((await saved).status()).toBe(200);
        await expect
          .poll(() => page.locator(`[data-in-place="${blockGuid}"]`).getByRole('status').innerText())
          .toBe(language === 'nl' ? 'Opgeslagen' : 'Saved');
        expect(await seriousViolations(page), `${language} ${width}`).toEqual([]);
        expect(unexpectedProblems(problems)).toEqual([]);
        await context.close();
      });
    }
  }
});
