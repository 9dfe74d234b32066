import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import {
  adminSession,
  createAccount,
  freshEmail,
  PASSWORD,
  signInByApi,
  TEST_ADMIN,
  unexpectedProblems,
  xsrfHeaders,
} from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Issue 34: who works on a form is the form's own setting. The admin gives a form a role in its
 * settings; a content manager with that role then finds the form in the admin area (user menu,
 * then the side menu) and nothing else there, and sees the roles without changing them. Axe on the
 * settings (admin) and on the content manager's forms list, in Dutch and English.
 */

const FIELDS = [{ key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true }];

/** Waits for what the screen shows after a request: longer than expect.poll's one second on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

async function signedIn(browser: Browser, email: string, password: string, locale: 'nl' | 'en' = 'nl') {
  const context = await newContext(browser, { width: 1280, locale: locale === 'nl' ? 'nl-NL' : 'en-GB' });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, email, password);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

describe('form rights', () => {
  let browser: Browser;
  let admin: BrowserContext;
  const suffix = Date.now().toString(36);
  const roleName = `Wijkteam ${suffix}`;
  const title = `Buurtpreventie ${suffix}`;
  const otherTitle = `Alleen beheer ${suffix}`;
  let editorEmail = '';
  const forms: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signedIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    const api = await adminSession(browser);
    try {
      const role = (await (await api.post('/api/roles', { name: roleName })).json()) as { guid: string };
      editorEmail = freshEmail('wijkteam');
      const editor = await createAccount(browser, {
        email: editorEmail,
        firstName: 'Wies',
        lastName: 'Wijkteam',
        acceptTerms: true,
      });
      await api.put(`/api/users/${editor.guid}`, { isContentManager: true, roleIds: [role.guid] });
      for (const name of [title, otherTitle]) {
        const created = (await (
          await api.post('/api/forms', { title: name, draft: { fields: FIELDS } })
        ).json()) as {
          guid: string;
        };
        forms.push(created.guid);
      }
    } finally {
      await api.close();
    }
  }, 120_000);

  afterAll(async () => {
    // Leave the shared server as it was for the files after this one.
    const headers = await xsrfHeaders(admin);
    for (const guid of forms) await admin.request.delete(`${baseUrl()}/api/forms/${guid}`, { headers });
    await admin?.close();
    await browser?.close();
  });

  it('lets the admin give the form a role in its settings, with axe in nl and en', async () => {
    const page = await admin.newPage();
    const problems = watchProblems(page);
    await open(page, '/admin/forms');
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(/\/admin\/forms\/view\//);
    await page.getByRole('tab', { name: 'Instellingen' }).click();
    const roles = page.getByLabel('Rollen die aan dit formulier werken', { exact: true }).first();
    await roles.waitFor();
    // Off by default: a form on no page takes no submissions.
    expect(
      await page.getByRole('switch', { name: /^Inzendingen aannemen als het formulier op geen/ }).isChecked(),
    ).toBe(false);
    await roles.click({ force: true });
    await page.getByRole('option', { name: roleName, exact: true }).click();
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await poll(async () => {
      const saved = await admin.request.get(`${baseUrl()}/api/forms/${forms[0]}`);
      return ((await saved.json()) as { roles: { name: string }[] }).roles.map((role) => role.name);
    }).toEqual([roleName]);

    await open(page, `/admin/forms/view/${forms[0]}?lang=en`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Roles that work on this form', { exact: true }).first().waitFor();
    await page
      .getByRole('switch', { name: /^Take submissions while the form is on no published page/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await open(page, '/admin/forms?lang=nl');
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.close();
  });

  it('shows the content manager that form, found through the menus, and nothing else of the admin area', async () => {
    const editor = await signedIn(browser, editorEmail, PASSWORD);
    const page = await editor.newPage();
    const problems = watchProblems(page);
    try {
      await open(page, '/');
      await page.getByRole('button', { name: /gebruikersmenu/ }).click();
      await page.getByRole('menuitem', { name: 'Formulieren' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/forms');
      const sideMenu = page.getByRole('navigation', { name: 'Beheermenu' });
      // Only the forms: no pages, users, roles or site screens.
      await poll(() => sideMenu.getByRole('link').allInnerTexts()).toEqual([
        expect.stringMatching(/^Formulieren/),
      ]);
      const table = page.getByRole('table');
      await table.getByRole('link', { name: title, exact: true }).waitFor();
      expect(await table.getByText(otherTitle).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Nieuw formulier' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // Into the form's submissions, and back through the side menu.
      await table.getByRole('link', { name: `0 inzendingen van ${title}` }).click();
      await page.waitForURL((url) => url.pathname === `/admin/forms/${forms[0]}`);
      await sideMenu.getByRole('link', { name: /^Formulieren/ }).click();
      await page.waitForURL((url) => url.pathname === '/admin/forms');
      await table.getByRole('link', { name: title, exact: true }).click();
      await page.getByRole('tab', { name: 'Instellingen' }).click();
      // They see which roles work on it, and cannot change that.
      const roles = page.getByLabel('Rollen die aan dit formulier werken', { exact: true }).first();
      await roles.waitFor();
      expect(await roles.isDisabled()).toBe(true);
      await page.getByText('Alleen beheerders kiezen welke rollen aan dit formulier werken.').waitFor();
      await page.getByText(roleName, { exact: true }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The rest of the admin area is not theirs.
      await open(page, '/admin/users');
      expect(new URL(page.url()).pathname).toBe('/unauthorized');

      await open(page, '/admin/forms?lang=en');
      await page.getByRole('table').getByRole('link', { name: title, exact: true }).waitFor();
      await poll(() => page.locator('html').getAttribute('lang')).toBe('en');
      expect(await seriousViolations(page)).toEqual([]);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
