import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { createAccount, freshEmail, signInByApi, TEST_ADMIN } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

/**
 * Users, roles and profile properties in the admin area: the admin makes a role and gives it a
 * member, changes a flag on a user's page, defines a property and finds it on their own account
 * page; axe on every screen of this part, in Dutch and English.
 */

async function adminContext(browser: Browser, locale: 'nl' | 'en' = 'nl', width = 1280) {
  const context = await newContext(browser, { width, locale: locale === 'nl' ? 'nl-NL' : 'en-GB' });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

describe('admin: users, roles and profile properties', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let member: { guid: string; email: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminContext(browser);
    const email = freshEmail('redacteur');
    member = await createAccount(browser, {
      email,
      firstName: 'Mees',
      lastName: 'Redacteur',
      acceptTerms: true,
    });
  });
  afterAll(async () => {
    await admin.close();
    await browser.close();
  });

  it('creates role "Redactie" and adds a member to it', async () => {
    const page = await admin.newPage();
    await open(page, '/admin/roles');
    await page.getByRole('button', { name: 'Nieuwe rol' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe rol' });
    await expect(
      dialog.getByLabel('Naam').evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);
    await dialog.getByLabel('Naam').fill('Redactie');
    await dialog.getByLabel('Omschrijving').fill('Schrijft het nieuws');
    await dialog.getByRole('button', { name: 'Maak aan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const members = page.getByRole('button', { name: 'Leden van Redactie: 0' });
    await members.waitFor();
    await members.click();

    const membersDialog = page.getByRole('dialog', { name: 'Leden van Redactie' });
    await membersDialog.getByText('Deze rol heeft nog geen leden').waitFor();
    const picker = membersDialog.getByLabel('Gebruiker zoeken');
    await picker.fill('Mees Redacteur');
    await page
      .getByRole('option', {
        name: new RegExp(`Mees Redacteur \\(${member.email.replace(/[.+]/g, '\\$&')}\\)`),
      })
      .click();
    await membersDialog.getByRole('button', { name: 'Voeg lid toe' }).click();
    await membersDialog.getByRole('button', { name: `Verwijder Mees Redacteur uit Redactie` }).waitFor();
    // Escape closes the user picker's list first (if open), then the dialog.
    await expect
      .poll(async () => {
        if (await membersDialog.isVisible()) await page.keyboard.press('Escape');
        return membersDialog.isVisible();
      })
      .toBe(false);
    await page.getByRole('button', { name: 'Leden van Redactie: 1' }).waitFor();

    // A role in use cannot simply go: the dialog asks for a role to move its member to.
    await page.getByRole('button', { name: 'Verwijder Redactie' }).click();
    const deleting = page.getByRole('dialog', { name: 'Rol Redactie verwijderen?' });
    await deleting.getByText('Deze rol is in gebruik: 1 gebruiker(s)').waitFor();
    await deleting.getByRole('button', { name: 'Annuleer' }).click();
    await deleting.waitFor({ state: 'hidden' });

    // An unused role goes at once; the focus lands on the heading, not on nothing.
    await page.getByRole('button', { name: 'Nieuwe rol' }).click();
    await page.getByRole('dialog', { name: 'Nieuwe rol' }).getByLabel('Naam').fill('Tijdelijk');
    await page.getByRole('dialog', { name: 'Nieuwe rol' }).getByRole('button', { name: 'Maak aan' }).click();
    await page.getByRole('button', { name: 'Verwijder Tijdelijk' }).click();
    await page
      .getByRole('dialog', { name: 'Rol Tijdelijk verwijderen?' })
      .getByRole('button', { name: 'Verwijder' })
      .click();
    await page.getByRole('button', { name: 'Verwijder Tijdelijk' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    const user = await admin.request.get(`${baseUrl()}/api/users/${member.guid}`);
    const roles = await admin.request.get(`${baseUrl()}/api/roles?search=Redactie`);
    // Other tests' roles may match the search too ('Dorpsredactie …'): this one by its whole name.
    const items = ((await roles.json()) as { items: { guid: string; name: string }[] }).items;
    const role = items.find((item) => item.name === 'Redactie');
    if (!role) throw new Error(`no role Redactie among ${items.map((item) => item.name).join(', ')}`);
    expect(((await user.json()) as { roleIds: string[] }).roleIds).toContain(role.guid);
    await page.close();
  });

  it('opens a user page from the users table and changes a flag', async () => {
    const page = await admin.newPage();
    await open(page, `/admin/users?search=${encodeURIComponent(member.email)}`);
    await page.getByRole('link', { name: 'Mees Redacteur' }).click();
    await page.waitForURL(`**/admin/users/${member.guid}/profile`);
    await page.getByRole('heading', { level: 1, name: 'Mees Redacteur' }).waitFor();
    const flag = page.getByRole('switch', { name: 'Contentbeheerder' });
    await expect(flag.isChecked()).resolves.toBe(false);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/users/${member.guid}`) && response.request().method() === 'PUT',
    );
    await flag.click({ force: true });
    expect((await saved).status()).toBe(200);
    await expect.poll(() => flag.isChecked()).toBe(true);
    const user = await admin.request.get(`${baseUrl()}/api/users/${member.guid}`);
    expect(await user.json()).toMatchObject({ isContentManager: true });

    // The security category: sessions of the user are listed; the activity shows the change.
    await page.getByRole('tab', { name: 'Activiteit' }).click();
    await page.waitForURL(`**/admin/users/${member.guid}/activity`);
    // As a sentence (issue 26), not as `user.update`.
    await page
      .getByRole('rowheader', { name: /wijzigde het account van / })
      .first()
      .waitFor();
    await page.close();
  });

  it('defines a profile property that the admin finds on their own account page', async () => {
    const page = await admin.newPage();
    await open(page, '/admin/users');
    await page.getByRole('link', { name: 'Profieleigenschappen beheren' }).click();
    await page.waitForURL('**/admin/users/properties');
    await page.getByRole('heading', { level: 1, name: 'Profieleigenschappen' }).waitFor();
    await page.getByRole('button', { name: 'Nieuwe eigenschap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe eigenschap' });
    const key = `werk${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: 'Label (Nederlands)' }).fill('Telefoon werk');
    await dialog.getByRole('textbox', { name: 'Label (Engels)' }).fill('Work phone');
    await dialog.getByRole('textbox', { name: 'Sleutel' }).fill('1 fout');
    await dialog.getByRole('button', { name: 'Maak aan' }).click();
    await dialog.getByText('Gebruik 2 tot 64 letters').waitFor();
    await dialog.getByRole('textbox', { name: 'Sleutel' }).fill(key);
    await dialog.getByRole('button', { name: 'Maak aan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Wijzig Telefoon werk' }).waitFor();

    await open(page, '/account/profile');
    await page.getByRole('textbox', { name: 'Telefoon werk' }).waitFor();
    await page.close();
  });

  it("changes a user's profile property: a wrong value is named under its field, a right one is saved", async () => {
    const page = await admin.newPage();
    await open(page, `/admin/users/${member.guid}/profile`);
    const alias = page.getByRole('textbox', { name: 'Roepnaam' });
    await alias.fill('x'.repeat(501));
    await page.getByRole('button', { name: 'Eigenschappen opslaan' }).click();
    // The server's message under the field, and the focus on it.
    await expect.poll(() => alias.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => alias.evaluate((element) => element === document.activeElement)).toBe(true);

    await alias.fill('Mees de Redacteur');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/users/${member.guid}`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Eigenschappen opslaan' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => alias.getAttribute('aria-invalid')).not.toBe('true');
    await open(page, `/admin/users/${member.guid}/profile`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Roepnaam' }).inputValue())
      .toBe('Mees de Redacteur');
    const user = (await (await admin.request.get(`${baseUrl()}/api/users/${member.guid}`)).json()) as {
      properties: { key: string; value: string }[];
    };
    expect(user.properties).toContainEqual({ key: 'alias', value: 'Mees de Redacteur' });
    await page.close();
  });

  it('has no serious or critical axe violations on the users, user, roles and properties screens', async () => {
    const problems: string[] = [];
    for (const locale of ['nl', 'en'] as const) {
      const context = locale === 'nl' ? admin : await adminContext(browser, 'en');
      const page = await context.newPage();
      for (const path of [
        '/admin/users',
        `/admin/users/${member.guid}/profile`,
        `/admin/users/${member.guid}/security`,
        `/admin/users/${member.guid}/privacy`,
        `/admin/users/${member.guid}/preferences`,
        '/admin/roles',
        '/admin/users/properties',
      ]) {
        await open(page, path);
        await page.locator('h1').first().waitFor();
        await page.waitForFunction(() => !document.body.textContent?.includes('Laden...'));
        problems.push(...(await seriousViolations(page)).map((problem) => `[${locale}] ${path}: ${problem}`));
      }
      // A dialog too: the roles screen's new role dialog.
      await open(page, '/admin/roles');
      await page.getByRole('button', { name: locale === 'nl' ? 'Nieuwe rol' : 'New role' }).click();
      await fadedIn(page);
      problems.push(
        ...(await seriousViolations(page)).map((problem) => `[${locale}] role dialog: ${problem}`),
      );
      await page.close();
      if (context !== admin) await context.close();
    }
    expect(problems).toEqual([]);
    // Sixteen screens and a dialog, each read by axe, in two languages: more than one test's usual minute.
  }, 240_000);

  it('is usable at 375 px: no screen of this part scrolls sideways', async () => {
    const phone = await adminContext(browser, 'nl', 375);
    const page = await phone.newPage();
    const wide: string[] = [];
    for (const path of [
      '/admin/users',
      `/admin/users/${member.guid}/profile`,
      `/admin/users/${member.guid}/security`,
      '/admin/roles',
      '/admin/users/properties',
    ]) {
      await open(page, path);
      await page.locator('h1').first().waitFor();
      await page.waitForFunction(() => !document.body.textContent?.includes('Laden...'));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
    await phone.close();
  });
});
