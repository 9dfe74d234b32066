import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { baseUrl, launchBrowser, newContext, watchProblems } from './browser.ts';

/**
 * No first click is lost while a screen's code loads (issue 35). With the CPU slowed down four
 * times, each primary action is clicked the moment it is shown, long before the page has hydrated
 * or edit mode's code is here, and the action happens: the click waits (web/components/click-hold.tsx)
 * and goes through once the code has arrived, or a form posts without JavaScript.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** A page with the CPU four times slower, as on a cheap phone. */
async function slowPage(signedIn: boolean): Promise<Page> {
  const context = await newContext(browser, { width: 1280, height: 900 });
  if (signedIn) await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** Whether the page's code was still on its way (so the click below is one that used to be lost). */
const isWaitingForCode = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.hasAttribute('data-hydrating') ||
      document.querySelector('[data-awaiting-code]') !== null,
  );

describe('the first click at 4× CPU slowdown', () => {
  it('opens the page settings from the edit bar of a page opened in edit mode', async () => {
    const page = await slowPage(true);
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/over-ons/edit`, { waitUntil: 'commit' });
    const settings = page.getByRole('region', { name: 'Bewerkmodus' }).getByRole('button', {
      name: 'Pagina-instellingen',
    });
    await settings.waitFor();
    // The server's bar says edit mode is still loading, with a stripe along its foot.
    const early = await isWaitingForCode(page);
    if (early) await page.getByText('Bewerkmodus wordt geladen…').waitFor();
    await settings.click();
    await page.getByRole('dialog', { name: 'Pagina-instellingen' }).waitFor({ timeout: 20_000 });
    console.info(`[first-click] edit bar clicked ${early ? 'before' : 'after'} its code was here`);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it('opens the new item form from "Item toevoegen" in a list in edit mode', async () => {
    const page = await slowPage(true);
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/nieuws/edit`, { waitUntil: 'commit' });
    const add = page.getByRole('button', { name: 'Item toevoegen' });
    await add.waitFor();
    const early = await isWaitingForCode(page);
    await add.click();
    await page.getByRole('dialog', { name: 'Nieuw item' }).waitFor({ timeout: 20_000 });
    console.info(`[first-click] "Item toevoegen" clicked ${early ? 'before' : 'after'} its code was here`);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it('opens "Nieuwe pagina" in the admin pages screen', async () => {
    const page = await slowPage(true);
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/admin/pages`, { waitUntil: 'commit' });
    const create = page.getByRole('button', { name: 'Nieuwe pagina' }).first();
    await create.waitFor();
    const early = await isWaitingForCode(page);
    await create.click();
    await page.getByRole('dialog', { name: 'Nieuwe pagina' }).waitFor({ timeout: 20_000 });
    console.info(`[first-click] "Nieuwe pagina" clicked ${early ? 'before' : 'after'} hydration`);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it("checks a visitor's form on the first press of Versturen", async () => {
    const page = await slowPage(false);
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/activiteiten/vrijwilligers`, { waitUntil: 'commit' });
    const send = page.locator('[data-block="form"]').getByRole('button', { name: 'Versturen' });
    await send.waitFor();
    await send.click();
    // Before hydration the form posts without JavaScript and the server names the missing answers;
    // after it, the browser does: either way the summary is there, with a link per question.
    const summary = page.locator('[data-block="form"] .form-summary');
    await summary.getByRole('link', { name: 'Naam: Vul dit veld in.' }).waitFor({ timeout: 20_000 });
    // A post refused by the server answers 400.
    expect(unexpectedProblems(problems, [400])).toEqual([]);
    await page.context().close();
  });

  it('signs in on the first press of Inloggen, with what was typed before hydration, never putting the password in the address', async () => {
    const page = await slowPage(false);
    const problems = watchProblems(page);
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    // The scripts come two seconds late (a slow connection), so the fields are filled in and the
    // button pressed before React has hydrated the form: the sign-in form has no address of its
    // own, so the browser would have sent the password in the page's address.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/sign-in`, { waitUntil: 'commit' });
    await page.getByLabel(/^E-mailadres/).fill(TEST_ADMIN.email);
    await page.getByLabel(/^Wachtwoord/).fill(TEST_ADMIN.password);
    expect(await isWaitingForCode(page)).toBe(true);
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    await page.locator('.user-menu-button').waitFor({ timeout: 30_000 });
    expect(addresses.filter((address) => address.includes('password='))).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
