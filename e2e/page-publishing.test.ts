import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { fadedIn, fadedInAt, fadedInLocator, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import { dutchText, openEditMode, pageWithText } from './edit-mode.ts';

/**
 * "Voorbeeld en delen" and "Publicatie plannen" in the edit bar (issue 13), in Chromium against the
 * production server: the draft at a phone's and a desktop's width and a link to share it; a publish
 * picked in the date-time picker (Monday first, 24 hours) that a visitor sees at its moment, with no
 * action of the server; a pending schedule cancelled; both dialogs pass axe in nl and en.
 */

type Admin = Awaited<ReturnType<typeof adminSession>>;

const PUBLISHED = 'Wat bezoekers nu lezen';
const DRAFT = 'Wat bezoekers straks lezen';

let browser: Browser;
let admin: Admin;
let pageGuid = '';
let path = '';
let blockGuid = '';

const editMode = (language: 'nl' | 'en' = 'nl') => openEditMode(browser, `${path}/edit`, { language });

/** Opens one of the edit bar's "Meer" entries; resolves with its dialog. */
async function openFromMore(page: Page, language: 'nl' | 'en', item: string, dialogName: string) {
  const bar = page.getByRole('region', { name: language === 'en' ? 'Edit mode' : 'Bewerkmodus' });
  await bar.getByRole('button', { name: language === 'en' ? 'More' : 'Meer' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await fadedIn(page);
  return dialog;
}

/** The main text a signed-out visitor reads at `url`. */
async function visitorText(url = path): Promise<string> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${url}`);
  const text = await page.locator('main').innerText();
  await context.close();
  return text;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
  ({ pageGuid, path, blockGuid } = await pageWithText(admin, 'Plannen', PUBLISHED));
  // The draft: what the preview and the schedule are about.
  const draft = (await (await admin.get(`/api/pages/${pageGuid}/draft`)).json()) as {
    version: number;
    revision: number | null;
    document: { blocks: { guid: string; content: unknown }[] };
  };
  await admin.put(`/api/pages/${pageGuid}/draft`, {
    version: draft.version,
    revision: draft.revision,
    document: {
      ...draft.document,
      blocks: draft.document.blocks.map((item) =>
        item.guid === blockGuid ? { ...item, content: dutchText(DRAFT) } : item,
      ),
    },
  });
});

afterAll(async () => {
  await admin.close();
  await browser.close();
});

describe('preview and share', () => {
  it('shows the draft at 1280 and 375 px and makes a link a visitor can open', async () => {
    const { context, page, problems } = await editMode();
    const dialog = await openFromMore(page, 'nl', 'Voorbeeld en delen', 'Voorbeeld en delen');
    const link = dialog.getByRole('textbox', { name: 'Voorbeeldlink' });
    await expect.poll(() => link.inputValue()).toContain('?preview=');
    await dialog.getByText(/Deze link werkt tot/).waitFor();

    // The frame shows the draft as visitors will see it, at the desktop's width first.
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('data-preview-width')).toBe('1280');
    await page.frameLocator('iframe').getByText(DRAFT).waitFor();
    await dialog.getByText('Telefoon (375 px)').click();
    expect(await frame.getAttribute('data-preview-width')).toBe('375');
    await page.frameLocator('iframe').getByText(DRAFT).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A shorter link replaces it; anyone with it sees the draft, visitors without it do not.
    await dialog.getByLabel('Geldig').click();
    await page.getByRole('option', { name: '1 uur' }).click();
    const before = await link.inputValue();
    await dialog.getByRole('button', { name: 'Nieuwe link maken' }).click();
    await expect.poll(() => link.inputValue()).not.toBe(before);
    const shared = new URL(await link.inputValue());
    expect(await visitorText(`${shared.pathname}${shared.search}`)).toContain(DRAFT);
    expect(await visitorText()).toContain(PUBLISHED);
    expect(await visitorText()).not.toContain(DRAFT);

    await dialog.getByRole('button', { name: 'Sluit', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('passes axe in English', async () => {
    const { context, page, problems } = await editMode('en');
    const dialog = await openFromMore(page, 'en', 'Preview and share', 'Preview and share');
    await page.frameLocator('iframe').getByText(DRAFT).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await context.close();
  });
});

describe('shared links: list and revoke (issue 34)', () => {
  /** The admin on the page as a visitor sees it, into edit mode by the edit control, then Meer. */
  async function shareDialogFromPage(language: 'nl' | 'en') {
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${path}${language === 'en' ? '?lang=en' : ''}`);
    await waitForHydration(page);
    await page.locator('.edit-control').click();
    await page.waitForURL(`${baseUrl()}${path}/edit`);
    await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();
    const name = language === 'en' ? 'Preview and share' : 'Voorbeeld en delen';
    const dialog = await openFromMore(page, language, name, name);
    return { context, page, problems, dialog };
  }

  it('lists the links that work with when, until when and by whom, and revokes one by keyboard after asking', async () => {
    // Two links at least: one for an hour, and the newest for a week.
    await admin.post(`/api/pages/${pageGuid}/draft:preview`, { hours: 1 });
    const made = (await (
      await admin.post(`/api/pages/${pageGuid}/draft:preview`, { hours: 168 })
    ).json()) as { url: string; guid: string };
    const { context, page, problems, dialog } = await shareDialogFromPage('nl');
    const table = dialog.getByRole('table', { name: 'Gedeelde links' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'Gemaakt',
      'Werkt tot',
      'Door',
      'Intrekken',
    ]);
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    // The newest first, made by the admin, with the preview on it.
    const newest = rows.first();
    expect(await newest.getAttribute('data-link')).toBe(made.guid);
    expect(await newest.innerText()).toContain('in het voorbeeld');
    expect((await newest.locator('td').nth(2).innerText()).trim()).not.toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    // The shared link shows the draft to a visitor…
    expect(await visitorText(made.url)).toContain(DRAFT);

    // …until it is revoked: by keyboard, the question first (focus on Annuleer), Escape keeps it.
    const revoke = newest.getByRole('button', { name: /^Link van .* intrekken$/ });
    await revoke.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Link intrekken?' });
    await question.waitFor();
    await fadedInLocator(question);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Annuleer');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    // Only the question closed: the share dialog stays, the focus back on the button.
    expect(await dialog.isVisible()).toBe(true);
    await expect.poll(() => revoke.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await visitorText(made.url)).toContain(DRAFT);

    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Intrekken');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    // Done: said in the dialog and in a notice, the row gone, the focus on the list's heading.
    await dialog.getByRole('status').filter({ hasText: 'De link is ingetrokken.' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Voorbeeldlink intrekken' }).first().waitFor();
    await expect.poll(() => table.locator(`tr[data-link="${made.guid}"]`).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Gedeelde links');
    // The revoked link shows the published page, as an expired one does.
    const after = await visitorText(made.url);
    expect(after).toContain(PUBLISHED);
    expect(after).not.toContain(DRAFT);

    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('passes axe in English with the list and the question open', async () => {
    const { context, page, problems, dialog } = await shareDialogFromPage('en');
    const table = dialog.getByRole('table', { name: 'Shared links' });
    await table.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await table
      .getByRole('button', { name: /^Revoke the link of / })
      .first()
      .click();
    const question = page.getByRole('dialog', { name: 'Revoke the link?' });
    await question.waitFor();
    await fadedInLocator(question);
    expect(await seriousViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe('schedule publishing', () => {
  it('publishes at the moment picked in the date-time picker, for a visitor, with no action of the server', async () => {
    const { context, page, problems } = await editMode();
    const dialog = await openFromMore(page, 'nl', 'Publicatie plannen', 'Publicatie plannen');
    await dialog.getByText('Er is nog niets gepland voor deze pagina.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The next whole minute but one: more than a minute ahead, whatever the clicking takes.
    const now = new Date();
    const at = new Date(now);
    at.setSeconds(0, 0);
    at.setMinutes(at.getMinutes() + 2);
    await dialog.getByRole('button', { name: 'Datum en tijd' }).click();
    const picker = page
      .locator('.mantine-Popover-dropdown')
      .filter({ has: page.getByRole('button', { name: 'Kies dit moment' }) });
    await picker.waitFor();
    // The calendar's week starts on Monday.
    expect((await picker.locator('thead th').first().innerText()).toLowerCase()).toBe('ma');
    // Scanned once it has faded in (half-transparent, its greys would be measured as a blend).
    await fadedInAt(page, '[data-dates-dropdown]');
    expect(await seriousViolations(page)).toEqual([]);
    if (at.getMonth() !== now.getMonth()) {
      await picker.locator('button[data-direction="next"]').click();
    }
    const day = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric' }).format(
      at,
    );
    await picker.getByRole('button', { name: day, exact: true }).click();
    // 24 hours: no AM/PM, the hour as on the clock.
    await picker.getByLabel('Uren').fill(String(at.getHours()).padStart(2, '0'));
    await picker.getByLabel('Minuten').fill(String(at.getMinutes()).padStart(2, '0'));
    expect(await picker.getByLabel(/AM|PM/).count()).toBe(0);
    await picker.getByRole('button', { name: 'Kies dit moment' }).click();
    await picker.waitFor({ state: 'detached' });

    const scheduled = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/pages/${pageGuid}/schedules`) && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Plannen' }).click();
    const response = await scheduled;
    expect(response.status()).toBe(201);
    expect(new Date(((await response.json()) as { at: string }).at).getTime()).toBe(at.getTime());
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-draft-status]').getByText('1 geplande actie.').waitFor();

    // A schedule someone else made (hide the page tomorrow) shows when the dialog opens, and is cancelled.
    const hide = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const draft = (await (await admin.get(`/api/pages/${pageGuid}/draft`)).json()) as {
      version: number;
      revision: number | null;
    };
    await admin.post(`/api/pages/${pageGuid}/schedules`, { ...draft, action: 'unpublish', at: hide });
    const third = await openFromMore(page, 'nl', 'Publicatie plannen', 'Publicatie plannen');
    await third.getByText(/^Verbergen op /).waitFor();
    await third.getByRole('button', { name: /^Annuleer: Verbergen op / }).click();
    await third.getByText(/^Verbergen op /).waitFor({ state: 'detached' });
    await third.getByText(/^Publiceren op /).waitFor();
    await page.keyboard.press('Escape');

    // Visitors read the old text until the moment, then the draft, with the server left alone.
    expect(await visitorText()).toContain(PUBLISHED);
    await expect
      .poll(() => visitorText(), { timeout: at.getTime() - Date.now() + 60_000, interval: 2_000 })
      .toContain(DRAFT);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    const revisions = (await (await admin.get(`/api/pages/${pageGuid}/revisions`)).json()) as {
      source: string;
    }[];
    expect(revisions[0]?.source).toBe('schedule');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  }, 240_000);

  it('asks for a moment before scheduling, and passes axe in English', async () => {
    const { context, page, problems } = await editMode('en');
    const dialog = await openFromMore(page, 'en', 'Schedule publishing', 'Schedule publishing');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.getByText('Required').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.keyboard.press('Escape');
    await context.close();
  });
});
