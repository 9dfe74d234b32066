import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { fadedInLocator, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
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

  it("hides the blocks' tools while text is typed, and shows them when the pointer moves or Tab leaves the text", async () => {
    const { path, blockGuid } = await pageWithText(admin, 'Rustig typen', 'Tekst om in te typen');
    // Into edit mode as an editor gets there: the page's own edit control.
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${path}`);
    await waitForHydration(page);
    await page.locator('.edit-control').click();
    await page.waitForURL(`${baseUrl()}${path}/edit`);
    await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();
    const block = page.locator(`section[data-guid="${blockGuid}"]`);
    const edit = block.getByRole('button', { name: /^Bewerk Tekst/ });
    const addHere = page.locator('.add-block-here').first();
    await clickIntoText(page, blockGuid, 'Tekst om in te typen');
    await expect.poll(() => edit.isVisible()).toBe(true);
    // Typing hides them (without moving the text: the block keeps its place and size)...
    const before = await block.boundingBox();
    await page.keyboard.type(' en verder');
    await expect.poll(() => edit.isVisible()).toBe(false);
    expect(await addHere.isVisible()).toBe(false);
    expect(await block.boundingBox()).toEqual(before);
    // ...a shortcut or a resting hand does not bring them back; moving the pointer does.
    const box = before ?? { x: 0, y: 0, width: 0, height: 0 };
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.type(' nog');
    await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2);
    expect(await edit.isVisible()).toBe(false);
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 10);
    await expect.poll(() => edit.isVisible()).toBe(true);
    // Typing again hides them; Tab leaves the text and the focus lands on a visible control.
    await page.keyboard.type('!');
    await expect.poll(() => edit.isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    await expect.poll(() => edit.isVisible()).toBe(true);
    expect(
      await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        return (
          focused !== null &&
          focused !== document.body &&
          focused.checkVisibility({ visibilityProperty: true })
        );
      }),
    ).toBe(true);
    expect(unexpectedProblems(problems)).toEqual([]);
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
    // The question, not the drawer below it (already faded in): axe read its colours halfway.
    await fadedInLocator(ask);
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

  it("edits an accordion item's text in place: saved by itself, there after a reload, published to visitors; English copies the Dutch items", async () => {
    const { pageGuid, path } = await pageWithText(admin, 'Vragen', 'Een tekst boven de vragen');
    const answer = (text: string) => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    const accordion = (await (
      await admin.post(`/api/pages/${pageGuid}/buildingblockinstances`, {
        buildingBlockName: 'accordion',
        layoutPosition: 'main',
        content: {
          nl: {
            items: [
              { title: 'Eerste vraag', doc: answer('Het eerste antwoord') },
              { title: 'Tweede vraag', doc: answer('Het tweede antwoord') },
            ],
          },
        },
      })
    ).json()) as { guid: string };
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const block = page.locator(`[data-in-place="${accordion.guid}"]`);

    // Entered by keyboard: the items open as fields, the first title focused, each item's text in
    // the rich-text editor under its title.
    await block.focus();
    const firstTitle = page.getByRole('textbox', { name: 'Titel 1' });
    await expect
      .poll(
        () =>
          firstTitle.evaluate(
            (element) =>
              element === document.activeElement || document.activeElement?.outerHTML.slice(0, 300),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    const secondText = page.getByRole('textbox', { name: 'Tekst van onderdeel 2' });
    await secondText.getByText('Het tweede antwoord').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('textbox', { name: 'Tekst van onderdeel 1' }).innerText()).toBe(
      'Het eerste antwoord',
    );

    // Held back a little, so that "Opslaan…" can be seen.
    await page.route(AUTOSAVE, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await secondText.click();
    await page.keyboard.press('ControlOrMeta+End');
    const saved = autosaved(page);
    await page.keyboard.type(', met meer uitleg');
    const status = block.getByRole('status');
    await expect.poll(() => status.innerText(), { interval: 50, timeout: 15_000 }).toBe('Opslaan…');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => status.innerText()).toBe('Opgeslagen');
    await page.unroute(AUTOSAVE);
    const draft = await draftText(pageGuid);
    expect(draft).toContain('Het tweede antwoord, met meer uitleg');
    expect(draft).toContain('Het eerste antwoord');
    expect(draft).toContain('Tweede vraag');
    expect(await seriousViolations(page), 'nl, the text editor focused').toEqual([]);

    // After a reload the page shows the draft's text (in the closed item).
    await page.reload();
    await waitForHydration(page);
    await expect
      .poll(() => page.locator(`[data-in-place="${accordion.guid}"]`).textContent(), { timeout: 15_000 })
      .toContain('Het tweede antwoord, met meer uitleg');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();

    // In English the item's text starts as the Dutch one; typed, English gets its own copy of the
    // items (titles and texts), Dutch keeps its text.
    const english = await openEditMode(browser, `${path}/edit`, { language: 'en' });
    const englishBlock = english.page.locator(`[data-in-place="${accordion.guid}"]`);
    await englishBlock.getByText('Eerste vraag').click();
    const firstEnglish = english.page.getByRole('textbox', { name: 'Text of section 1' });
    await firstEnglish.getByText('Het eerste antwoord').waitFor({ timeout: 20_000 });
    await firstEnglish.click();
    await english.page.keyboard.press('ControlOrMeta+a');
    const englishSaved = autosaved(english.page);
    await english.page.keyboard.type('The first answer');
    expect((await englishSaved).status()).toBe(200);
    await expect.poll(() => englishBlock.getByRole('status').innerText()).toBe('Saved');
    expect(await seriousViolations(english.page), 'en, the text editor focused').toEqual([]);
    const both = JSON.parse(await draftText(pageGuid)) as { guid: string; content: unknown }[];
    const content = both.find((item) => item.guid === accordion.guid)?.content as Record<
      'nl' | 'en',
      { items: { title: string; doc: unknown }[] }
    >;
    expect(content.en.items.map((item) => item.title)).toEqual(['Eerste vraag', 'Tweede vraag']);
    expect(JSON.stringify(content.en.items[0]?.doc)).toContain('The first answer');
    expect(JSON.stringify(content.en.items[1]?.doc)).toContain('Het tweede antwoord, met meer uitleg');
    expect(JSON.stringify(content.nl.items[0]?.doc)).toContain('Het eerste antwoord');
    expect(unexpectedProblems(english.problems)).toEqual([]);

    // Published, a visitor opens the second item and reads the new text.
    await publishFromEditBar(english.page, 'en');
    await english.context.close();
    const visitor = await newContext(browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${baseUrl()}${path}`);
    await visitorPage.getByText('Tweede vraag').click();
    await expect
      .poll(() => visitorPage.locator('main .accordion').innerText(), { timeout: 15_000 })
      .toContain('Het tweede antwoord, met meer uitleg');
    await visitor.close();
  }, 240_000);

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
