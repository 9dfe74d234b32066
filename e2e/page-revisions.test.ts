import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { openEditMode, pageWithText, publishFromEditBar, replaceText, visitorText } from './edit-mode.ts';

/**
 * The page history in edit mode (issue 13), in Chromium against the production server: an empty
 * history, then two publications listed with what they changed in words, compared side by side,
 * and the older one restored as the draft while visitors keep the published page; axe on the
 * drawer and on the comparison, in Dutch and in English.
 */

type Admin = Awaited<ReturnType<typeof adminSession>>;

const START = 'De tekst van voor de eerste publicatie';
const FIRST = 'Wij zijn een vereniging sinds 1921';
const SECOND = 'Wij zijn een vereniging met 300 leden';

const TEXTS = {
  nl: {
    bar: 'Bewerkmodus',
    more: 'Meer',
    history: 'Geschiedenis',
    changed: 'Tekst gewijzigd in Hoofdinhoud',
    compare: 'Vergelijk',
    compared: 'Versie 1 en versie 2 vergeleken',
    version: (number: number) => `Versie ${number}`,
    changedBadge: 'Gewijzigd',
    back: 'Terug naar de lijst',
  },
  en: {
    bar: 'Edit mode',
    more: 'More',
    history: 'History',
    changed: 'Text changed in Main content',
    compare: 'Compare',
    compared: 'Version 1 and version 2 compared',
    version: (number: number) => `Version ${number}`,
    changedBadge: 'Changed',
    back: 'Back to the list',
  },
} as const;

let browser: Browser;
let admin: Admin;
let path = '';
let blockGuid = '';

const editMode = (language: 'nl' | 'en' = 'nl') => openEditMode(browser, `${path}/edit`, { language });

/** Replaces the text block's text in its drawer; resolves once the draft was saved. */
async function replaceTextNow(page: Page, value: string) {
  const { drawer, saved } = await replaceText(page, blockGuid, value);
  expect((await saved).status()).toBe(200);
  await drawer.waitFor({ state: 'detached' });
}

/** "Meer" → "Geschiedenis": the drawer, faded in. */
async function openHistory(page: Page, locale: 'nl' | 'en' = 'nl'): Promise<Locator> {
  const texts = TEXTS[locale];
  await page
    .getByRole('region', { name: texts.bar })
    .getByRole('button', { name: texts.more, exact: true })
    .click();
  await page.getByRole('menuitem', { name: texts.history }).click();
  const drawer = page.getByRole('dialog', { name: texts.history });
  await drawer.waitFor();
  await fadedIn(page);
  return drawer;
}

/** Waits until a dialog opened over another one has faded in (`fadedIn` watches the first one). */
async function settled(page: Page, dialog: Locator) {
  await dialog.waitFor();
  const element = await dialog.elementHandle();
  await page.waitForFunction((target) => {
    for (let node: Element | null = target; node; node = node.parentElement) {
      if (getComputedStyle(node).opacity !== '1') return false;
    }
    return true;
  }, element);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
});

afterAll(async () => {
  await admin.close();
  await browser.close();
});

describe('the page history', () => {
  it('is empty before the first publication, then lists, compares and restores versions', async () => {
    // A page of its own for each try: a retry starts again from an empty history.
    ({ path, blockGuid } = await pageWithText(admin, 'Over de club', START));
    const { context, page, problems } = await editMode();

    // Nothing published through a draft yet.
    let drawer = await openHistory(page);
    await drawer.getByRole('heading', { name: 'Nog geen gepubliceerde versies' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Two publications with different text.
    await replaceTextNow(page, FIRST);
    await publishFromEditBar(page);
    await replaceTextNow(page, SECOND);
    await publishFromEditBar(page);
    // The visitors' page cache lets go of the old page shortly after a publish.
    await expect.poll(() => visitorText(browser, path), { timeout: 10_000 }).toContain(SECOND);

    // The list, newest first, with what each publication changed in words.
    drawer = await openHistory(page);
    const newest = drawer.locator('[data-revision="2"]');
    await newest.getByRole('heading', { name: 'Versie 2' }).waitFor();
    await newest.getByText(TEXTS.nl.changed).waitFor();
    expect(await newest.innerText()).toMatch(/\d{1,2} \w+\.? \d{4}.*\d{2}:\d{2}/);
    expect(
      await drawer
        .locator('[data-revision]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-revision'))),
    ).toEqual(['2', '1']);
    const violations = (await seriousViolations(page)).map((line) => `history: ${line}`);

    // Side by side: the default pair is the newest two; the focus goes to the comparison's heading.
    await drawer.getByRole('button', { name: TEXTS.nl.compare, exact: true }).click();
    const heading = drawer.getByRole('heading', { name: TEXTS.nl.compared });
    await heading.waitFor();
    await page.waitForFunction((name) => document.activeElement?.textContent === name, TEXTS.nl.compared);
    const older = drawer.locator('[data-revision-column="1"]');
    const newer = drawer.locator('[data-revision-column="2"]');
    await older.getByText(FIRST).waitFor();
    await newer.getByText(SECOND).waitFor();
    expect(await older.innerText()).not.toContain(SECOND);
    // Marked in words, not only by colour.
    await older.locator('[data-block-status="changed"]').getByText(TEXTS.nl.changedBadge).waitFor();
    await newer.locator('[data-block-status="changed"]').getByText(TEXTS.nl.changedBadge).waitFor();
    violations.push(...(await seriousViolations(page)).map((line) => `comparison: ${line}`));

    // Back to the list, the focus where it was.
    await drawer.getByRole('button', { name: TEXTS.nl.back }).click();
    await page.waitForFunction((name) => document.activeElement?.textContent === name, TEXTS.nl.compare);

    // Restore version 1, after a confirmation.
    await drawer.locator('[data-revision="1"]').getByRole('button', { name: 'Herstel deze versie' }).click();
    const confirm = page.getByRole('dialog', { name: 'Versie 1 herstellen?' });
    await confirm.getByText(/Bezoekers blijven de gepubliceerde pagina zien/).waitFor();
    await settled(page, confirm);
    violations.push(...(await seriousViolations(page)).map((line) => `restore: ${line}`));
    const restored = page.waitForResponse(
      (response) =>
        /\/api\/pages\/[^/]+\/revisions\/1\/restore$/.test(response.url()) &&
        response.request().method() === 'POST',
    );
    await confirm.getByRole('button', { name: 'Herstel deze versie' }).click();
    expect((await restored).status()).toBe(200);
    await confirm.waitFor({ state: 'detached' });
    await drawer.waitFor({ state: 'detached' });

    // The editor has the old text as the draft; visitors keep the published one.
    await page.locator('[data-draft-status="draft"]').waitFor();
    await page.locator(`[data-guid="${blockGuid}"]`).getByText(FIRST).waitFor();
    const visitor = await visitorText(browser, path);
    expect(visitor).toContain(SECOND);
    expect(visitor).not.toContain(FIRST);

    expect(violations).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  // After the first test: the page has two versions (and a restored draft).
  it('speaks English and passes axe there too', async () => {
    const { context, page, problems } = await editMode('en');
    const texts = TEXTS.en;
    const drawer = await openHistory(page, 'en');
    const newest = drawer.locator('[data-revision="2"]');
    await newest.getByRole('heading', { name: texts.version(2) }).waitFor();
    await newest.getByText(texts.changed).waitFor();
    await drawer.getByRole('button', { name: 'Restore this version' }).first().waitFor();
    const violations = (await seriousViolations(page)).map((line) => `history: ${line}`);

    // "Compare with previous" of version 2, by keyboard.
    await newest.getByRole('button', { name: 'Compare with previous' }).focus();
    await page.keyboard.press('Enter');
    await drawer.getByRole('heading', { name: texts.compared }).waitFor();
    await drawer.locator('[data-revision-column="1"]').getByText(FIRST).waitFor();
    await drawer.locator('[data-revision-column="2"]').getByText(SECOND).waitFor();
    await drawer.locator('[data-revision-column="2"]').getByText(texts.changedBadge).first().waitFor();
    violations.push(...(await seriousViolations(page)).map((line) => `comparison: ${line}`));
    expect(violations).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
