import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';
import { signInByApi, TEST_ADMIN, unexpectedProblems, xsrfHeaders } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import {
  baseUrl,
  launchBrowser,
  newContext,
  useOwnServer,
  waitForHydration,
  watchProblems,
} from './browser.ts';
import { publishFromEditBar } from './edit-mode.ts';

/**
 * Forms (issue 11), end to end: an admin builds a two-step form with a conditional question,
 * publishes it and places it on a page with the form block; visitors fill it in with and without
 * JavaScript and get their receipt; a second version leaves the first version's dashboard alone.
 */

const PAGE = '/contact';
const SITE_PARTS = ['.site-header', '.site-footer'];

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addQuestion(page: Page, kind: string) {
  await choose(page, page, 'Soort vraag of onderdeel', kind);
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
}

/** Whether the element has the keyboard focus. */
const isFocused = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => element === document.activeElement);

/** The editor of the question that is open (the last one added). */
const openEditor = (page: Page) => page.locator('.form-builder-panel:not([hidden])');

describe('forms', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let formGuid = '';

  beforeAll(async () => {
    server = await startServer({});
    useOwnServer({ baseUrl: server.url, dataDir: server.dataDir });
    browser = await launchBrowser();
    admin = await newContext(browser, { width: 1280, height: 1000 });
    await signInByApi(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
    useOwnServer(undefined);
    await server?.stop();
  });

  it('lets an admin build a two-step form with a conditional question and publish it', async () => {
    const page = await admin.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/admin/forms`);
    await waitForHydration(page);
    // The demo site's volunteers form is there already.
    await page.getByText('Aanmelden als vrijwilliger').first().waitFor();
    await page.getByRole('button', { name: 'Nieuw formulier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw formulier' });
    await dialog.getByRole('textbox', { name: 'Titel' }).fill('Buurtfeest');
    await dialog.getByRole('button', { name: 'Maak aan' }).click();
    await page.waitForURL(/\/admin\/forms\/view\//);
    formGuid = page.url().split('/').at(-1) ?? '';
    await page.getByText('Dit formulier heeft nog geen vragen').waitFor();

    // Step 1: a name and a yes/no choice.
    await addQuestion(page, 'Korte tekst');
    await openEditor(page).getByRole('textbox', { name: 'Vraag of tekst (NL)' }).fill('Naam');
    await openEditor(page).getByRole('textbox', { name: 'Vraag of tekst (EN)' }).fill('Name');
    await openEditor(page).getByRole('switch', { name: 'Verplicht' }).check();
    await addQuestion(page, 'Eén keuze');
    const choice = openEditor(page);
    await choice.getByRole('textbox', { name: 'Vraag of tekst (NL)' }).fill('Kom je met kinderen?');
    await choice.getByRole('textbox', { name: 'Keuze 1 (NL)' }).fill('Ja');
    await choice.getByRole('textbox', { name: 'Keuze 2 (NL)' }).fill('Nee');
    await choice.getByRole('switch', { name: 'Verplicht' }).check();
    // Step 2, shown only for those who come with children.
    await addQuestion(page, 'Nieuwe stap');
    await openEditor(page).getByRole('textbox', { name: 'Vraag of tekst (NL)' }).fill('Kinderen');
    await addQuestion(page, 'Getal');
    const number = openEditor(page);
    await number.getByRole('textbox', { name: 'Vraag of tekst (NL)' }).fill('Aantal kinderen');
    await number.getByRole('switch', { name: 'Verplicht' }).check();
    await choose(page, number, 'Alleen tonen als', 'Kom je met kinderen?');
    expect(await number.getByRole('combobox', { name: 'het antwoord is', exact: true }).inputValue()).toBe(
      'Ja',
    );

    // The live preview follows the draft and the condition.
    const preview = page.locator('.form-builder-preview');
    await preview.getByText('Kom je met kinderen?').waitFor();
    expect(await preview.getByText('Aantal kinderen').count()).toBe(0);
    await preview.getByRole('radio', { name: 'Ja' }).check();
    await preview.getByText('Aantal kinderen').waitFor();
    await preview.locator('label', { hasText: 'English' }).click();
    await preview.getByText('Name').waitFor();

    // Reorder by keyboard-operable buttons, and back.
    const rows = page.locator('.form-builder-fields > li');
    await rows.nth(1).getByRole('button', { name: 'Kom je met kinderen? omhoog' }).click();
    await expect.poll(() => rows.nth(0).getAttribute('data-key')).toMatch(/single_choice/);
    await expect
      .poll(() => isFocused(rows.nth(0).getByRole('button', { name: 'Kom je met kinderen? omlaag' })))
      .toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.nth(1).getAttribute('data-key')).toMatch(/single_choice/);

    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Instellingen' }).click();
    await page.getByRole('textbox', { name: 'Maximaal aantal inzendingen' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Vragen' }).click();
    await page.getByRole('button', { name: 'Publiceren als nieuwe versie' }).click();
    await page.getByText('Versie 1 staat online en is gelijk aan het concept.').waitFor();
    await page.getByRole('tab', { name: 'Versies' }).click();
    // Questions by their text, never by key (issue 26).
    const versions = page.getByRole('table', { name: 'Versies' });
    await versions.getByText(/^Toegevoegd: Naam, Kom je met kinderen\?, Kinderen, Aantal kinderen/).waitFor();
    expect(await versions.getByText(/short_text_1/).count()).toBe(0);

    await page.getByRole('tab', { name: 'Instellingen' }).click();
    await page.getByRole('textbox', { name: 'Maximaal aantal inzendingen' }).fill('100');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect
      .poll(async () => {
        const saved = await admin.request.get(`${baseUrl()}/api/forms/${formGuid}`);
        return ((await saved.json()) as { settings: { maxSubmissions: number | null } }).settings
          .maxSubmissions;
      })
      .toBe(100);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.close();
  });

  it('places the form on a page with the form block', async () => {
    const page = await admin.newPage();
    await page.goto(`${baseUrl()}${PAGE}/edit`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
    await page.getByRole('menuitem', { name: 'Formulier', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Nieuw blok: Formulier' });
    await drawer.getByRole('textbox', { name: 'Titel boven het formulier' }).fill('Meld je aan');
    await choose(page, drawer, 'Formulier', 'Buurtfeest');
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.locator('[data-block="form"]').getByRole('heading', { name: 'Meld je aan' }).waitFor();
    await publishFromEditBar(page);

    // A signed-in visitor's post carries the session's XSRF token in the form itself.
    await page.goto(`${baseUrl()}${PAGE}`);
    await waitForHydration(page);
    const form = page.locator('[data-block="form"] form');
    await form.getByRole('textbox', { name: 'Naam' }).fill('Beheerder');
    await form.getByRole('radio', { name: 'Nee' }).check();
    await form.getByRole('button', { name: 'Versturen' }).click();
    await page.waitForURL(/\/submission\//);
    await page.getByRole('heading', { name: 'Bedankt voor je inzending' }).waitFor();
    await page.close();
  });

  it('takes a visitor through both steps with JavaScript, checking as they go, to the receipt', async () => {
    const context = await newContext(browser, { width: 375, height: 800 });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${PAGE}`);
    await waitForHydration(page);
    const form = page.locator('[data-block="form"] form');
    await form.getByRole('textbox', { name: 'Naam' }).waitFor();
    // Sending with nothing filled in flags both required questions at once, in an error summary at
    // the top that takes the focus (issue 35); its links lead to each question.
    await form.getByRole('button', { name: 'Versturen' }).click();
    const summary = form.locator('.form-summary');
    await expect.poll(() => isFocused(summary)).toBe(true);
    await summary.getByText('Controleer deze velden:').waitFor();
    await summary.getByRole('link', { name: 'Naam: Vul dit veld in.' }).waitFor();
    expect(await summary.getByRole('link').count()).toBe(2);
    await form.getByText('Vul dit veld in.').first().waitFor();
    expect(await seriousViolations(page, { exclude: SITE_PARTS })).toEqual([]);
    await summary.getByRole('link', { name: 'Naam: Vul dit veld in.' }).click();
    await expect.poll(() => isFocused(form.getByRole('textbox', { name: 'Naam' }))).toBe(true);

    await form.getByRole('textbox', { name: 'Naam' }).fill('Fatima');
    await form.getByRole('radio', { name: 'Ja' }).check();
    await form.getByText('Stap 1 van 2').waitFor();
    await form.getByRole('button', { name: 'Volgende' }).click();
    await form.getByText('Stap 2 van 2').waitFor();
    await form.getByRole('button', { name: 'Versturen' }).click();
    await expect.poll(() => isFocused(summary)).toBe(true);
    await summary.getByRole('link', { name: /^Aantal kinderen: / }).click();
    await expect.poll(() => isFocused(form.getByRole('textbox', { name: 'Aantal kinderen' }))).toBe(true);
    // A wrong answer's message waits while "Versturen" is pressed: the button stays where the press
    // began, so the release still clicks it (issue 35), and the summary then names the question.
    await form.getByRole('textbox', { name: 'Aantal kinderen' }).fill('drie');
    const send = form.getByRole('button', { name: 'Versturen' });
    const before = await send.boundingBox();
    if (!before) throw new Error('Versturen is not shown');
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    // Where the button's row stands (the button itself sinks 1 px while pressed: Mantine's :active).
    const rowTop = () => send.evaluate((element) => element.parentElement?.getBoundingClientRect().top);
    const topBefore = await rowTop();
    await page.mouse.down();
    await page.waitForTimeout(150);
    expect(await rowTop()).toBe(topBefore);
    await page.mouse.up();
    await expect.poll(() => isFocused(summary)).toBe(true);
    await summary.getByRole('link', { name: /^Aantal kinderen: / }).click();
    await form.getByRole('textbox', { name: 'Aantal kinderen' }).fill('3');
    // The browser worked out its proof of work while the visitor typed; it goes with the answers.
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes(PAGE),
    );
    await form.getByRole('button', { name: 'Versturen' }).click();
    const body = (await posted).postData() ?? '';
    expect(body).toMatch(/(_proof=|name="_proof"\r\n\r\n)[A-Za-z0-9+/=%]{40,}/);
    await page.waitForURL(/\/submission\/[0-9a-f-]{36}\?sent=1/);
    // Issue 35: the receipt thanks the visitor, says what happens next, takes the focus on its
    // heading and links back to the form's page.
    const thanks = page.getByRole('heading', { name: 'Bedankt voor je inzending', level: 1 });
    await thanks.waitFor();
    await expect.poll(() => isFocused(thanks)).toBe(true);
    await page.getByText('Wie dit formulier beheert, kan ze nu lezen').waitFor();
    expect(await page.getByRole('link', { name: 'Terug naar de pagina' }).getAttribute('href')).toBe(PAGE);
    const answers = page.locator('.receipt-answers');
    await expect.poll(() => answers.innerText()).toContain('Fatima');
    await expect.poll(() => answers.innerText()).toContain('Ja');
    await expect.poll(() => answers.innerText()).toContain('3');
    expect(await seriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: all questions at once, messages from the server, the receipt', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${PAGE}`);
    const form = page.locator('[data-block="form"] form');
    // Every step shows; the conditional question says when it applies.
    await form.getByText('Aantal kinderen').waitFor();
    await form.getByText('(Kom je met kinderen?: Ja)').waitFor();
    await form.getByRole('button', { name: 'Versturen' }).click();
    await page.waitForLoadState('load');
    await form.getByText('Controleer deze velden:').waitFor();
    await form.getByRole('link', { name: 'Naam: Vul dit veld in.' }).waitFor();
    // (axe needs JavaScript in the page; the enhanced form's errors are checked above.)

    await form.getByRole('textbox', { name: 'Naam' }).fill('Kees');
    await form.getByRole('radio', { name: 'Nee' }).check();
    await form.getByRole('button', { name: 'Versturen' }).click();
    await page.waitForURL(/\/submission\/[0-9a-f-]{36}\?sent=1/);
    await page.getByRole('heading', { name: 'Bedankt voor je inzending' }).waitFor();
    await expect.poll(() => page.locator('.receipt-answers').innerText()).toContain('Kees');
    // The receipt's delete button is a plain form post.
    await page.getByRole('button', { name: 'Mijn inzending verwijderen' }).click();
    await page.getByText('Je inzending is verwijderd.').waitFor();
    await context.close();
  });

  it('shows English visitors the English questions and messages', async () => {
    const context = await newContext(browser, { locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${PAGE}?lang=en`);
    await waitForHydration(page);
    const form = page.locator('[data-block="form"] form');
    await form.getByRole('textbox', { name: 'Name' }).waitFor();
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Fill in this field.').first().waitFor();
    expect(await seriousViolations(page, { exclude: SITE_PARTS })).toEqual([]);
    await form.getByRole('textbox', { name: 'Name' }).fill('Sam');
    // Choices without an English text show the Dutch one, never a placeholder "Option 2" (issue 26).
    expect(await form.getByText(/Option \d/).count()).toBe(0);
    await form.getByRole('radio', { name: 'Nee' }).check();
    await form.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/submission\//);
    await page.getByRole('heading', { name: 'Thank you for your submission' }).waitFor();
    await page.getByRole('link', { name: 'Back to the page' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    // The admin's screens in English.
    const english = await admin.newPage();
    await english.goto(`${baseUrl()}/admin/forms/view/${formGuid}?lang=en`);
    await waitForHydration(english);
    await english.getByRole('tab', { name: 'Questions' }).waitFor();
    expect(await seriousViolations(english)).toEqual([]);
    await english.goto(`${baseUrl()}/admin/forms?lang=nl`);
    await english.close();
  });

  it('keeps version 1 as it was when version 2 is published', async () => {
    const headers = await xsrfHeaders(admin);
    const current = await admin.request.get(`${baseUrl()}/api/forms/${formGuid}`);
    const form = (await current.json()) as { draft: { fields: { key: string; label: { nl: string } }[] } };
    const fields = form.draft.fields.map((field) =>
      field.label.nl === 'Naam' ? { ...field, label: { nl: 'Volledige naam' } } : field,
    );
    expect(
      (
        await admin.request.put(`${baseUrl()}/api/forms/${formGuid}`, {
          data: { draft: { fields } },
          headers,
        })
      ).ok(),
    ).toBe(true);
    expect((await admin.request.post(`${baseUrl()}/api/forms/${formGuid}/publish`, { headers })).ok()).toBe(
      true,
    );

    // A visitor answers version 2, so its dashboard has something to show.
    const visitor = await newContext(browser);
    const sent = await visitor.request.post(`${baseUrl()}/api/forms/${formGuid}/submissions`, {
      data: { version: 2, answers: { short_text_1: 'Noor', single_choice_1: 'nee' } },
    });
    expect(sent.status()).toBe(201);
    await visitor.close();

    const page = await admin.newPage();
    await page.goto(`${baseUrl()}/admin/forms/${formGuid}/1/dashboard`);
    await waitForHydration(page);
    const main = page.locator('main');
    await main.getByText('Naam', { exact: true }).first().waitFor();
    expect(await main.getByText('Volledige naam').count()).toBe(0);
    await page.goto(`${baseUrl()}/admin/forms/${formGuid}/2/dashboard`);
    await waitForHydration(page);
    await main.getByText('Volledige naam').first().waitFor();
    await page.close();
  });
});
