import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import { dutchText, pageWithText, publishFromEditBar } from './edit-mode.ts';

/**
 * The focus after a client-side navigation and after publishing (issue 35), by clicking as a user
 * does: a visitor follows the main menu; the admin signs in, enters edit mode by the page's edit
 * control and leaves it, reaches the admin area by the user menu, changes the account's tab; and
 * publishes a draft. The focus is on the new screen's heading (edit mode: its bar's title), never on
 * <body> nor on the link that was clicked; a tab keeps it; axe on the focused screens.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

type Focused = { tag: string; text: string; role: string | null; className: string };

const focused = (page: Page) =>
  page.evaluate((): Focused => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? '',
      text: element?.innerText.trim() ?? '',
      role: element?.getAttribute('role') ?? null,
      className: typeof element?.className === 'string' ? element.className : '',
    };
  });

/** Resolves once the focus is on the page's first heading, and returns its text. */
async function focusOnHeading(page: Page): Promise<string> {
  const heading = page.locator('main h1').first();
  await expect.poll(async () => (await focused(page)).tag).toBe('H1');
  const text = (await focused(page)).text;
  expect(text).toBe((await heading.innerText()).trim());
  return text;
}

describe('focus after navigation', () => {
  it('lands on the new page’s heading when a visitor follows the main menu', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/`);
    await waitForHydration(page);
    const link = page.locator('.main-menu-link', { hasText: 'Over ons' }).first();
    await link.click();
    await page.waitForURL(`${baseUrl()}/over-ons`);
    expect(await focusOnHeading(page)).not.toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('lands on the heading after signing in, entering and leaving edit mode and in the admin area; a tab keeps it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/sign-in?returnTo=%2Fover-ons`);
    await waitForHydration(page);
    await page.getByLabel(/^E-mailadres/).fill(TEST_ADMIN.email);
    await page.getByLabel(/^Wachtwoord/).fill(TEST_ADMIN.password);
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${baseUrl()}/over-ons`);
    await focusOnHeading(page);

    // Into edit mode by the page's edit control: the focus on the edit bar's title.
    await page.locator('.edit-control').click();
    await page.waitForURL(`${baseUrl()}/over-ons/edit`);
    await expect.poll(async () => (await focused(page)).className).toContain('edit-mode-title');
    expect((await focused(page)).text).toMatch(/^Bewerkmodus: /);
    expect(await seriousViolations(page)).toEqual([]);

    // Out of it again: the page's heading.
    await page
      .getByRole('region', { name: 'Bewerkmodus' })
      .getByRole('link', { name: 'Sluit bewerkmodus' })
      .click();
    await page.waitForURL(`${baseUrl()}/over-ons`);
    await focusOnHeading(page);

    // The admin area by the user menu: the screen's heading.
    await page.getByRole('button', { name: /gebruikersmenu/ }).click();
    await page.getByRole('menuitem', { name: 'Gebruikersbeheer', exact: true }).click();
    await page.waitForURL(/\/admin\//);
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');
    expect((await focused(page)).text).toBe((await page.locator('#admin-title').innerText()).trim());

    // The account's tabs are screens of their own; the tab that was chosen keeps the focus.
    await page.goto(`${baseUrl()}/account/profile`);
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Voorkeuren' }).click();
    await page.waitForURL(`${baseUrl()}/account/preferences`);
    await page.waitForLoadState('networkidle');
    expect(await focused(page)).toMatchObject({ role: 'tab', text: 'Voorkeuren' });
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('lands on the edit bar’s title after publishing, not on <body>', async () => {
    const admin = await adminSession(browser);
    const { pageGuid, path } = await pageWithText(admin, 'Focus na publiceren', 'Eerste tekst');
    await admin.post(`/api/pages/${pageGuid}/buildingblockinstances`, {
      buildingBlockName: 'text',
      layoutPosition: 'main',
      content: dutchText('Tweede tekst'),
    });
    await admin.close();
    const context = await newContext(browser);
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${path}`);
    await waitForHydration(page);
    await page.locator('.edit-control').click();
    await page.waitForURL(`${baseUrl()}${path}/edit`);
    // A change to the draft: the second block moved up.
    const second = page.locator('[data-editable-block]').nth(1);
    await second.getByRole('button', { name: /^Verplaats .* omhoog$/ }).click();
    await page.locator('[data-draft-status="draft"]').waitFor();
    await publishFromEditBar(page);
    await expect.poll(async () => (await focused(page)).className).toContain('edit-mode-title');
    await context.close();
  });
});
