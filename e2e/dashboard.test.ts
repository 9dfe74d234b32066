import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
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
} from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import { draftSaved } from './edit-mode.ts';

/**
 * Issue 26: a starting point for everyone. The admin reaches the dashboard from the side menu; a
 * content manager reaches hers from the user menu, sees her page and her form (and not the admin's
 * form) and opens the form's results from it. Activity reads as sentences ("… meldde zich aan") on
 * the account's activity tab and an account's trail in the admin area. Axe in Dutch and English at
 * 1280 and 375 px on every screen this adds or changes.
 */

const FIELDS = [{ key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true }];
const WIDTHS = [1280, 375] as const;
/** Each test walks its screens at both widths and in both languages. */
const TEST_TIMEOUT = 240_000;

/** Waits for what the screen shows after a request: longer than expect.poll's one second on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

async function signedIn(browser: Browser, email: string, password: string, width = 1280) {
  const context = await newContext(browser, { width });
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'nl', url: baseUrl() }]);
  await signInByApi(context, email, password);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

describe('dashboard and activity sentences', () => {
  let browser: Browser;
  const suffix = Date.now().toString(36);
  const roleName = `Dorpsredactie ${suffix}`;
  const pageTitle = `Dorpsnieuws ${suffix}`;
  const formTitle = `Aanmelding dorpsfeest ${suffix}`;
  const otherFormTitle = `Alleen voor beheer ${suffix}`;
  const forms: string[] = [];
  let pageGuid = '';
  let editor = { email: '', guid: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await adminSession(browser);
    try {
      const role = (await (await api.post('/api/roles', { name: roleName })).json()) as { guid: string };
      const account = await createAccount(browser, {
        email: freshEmail('dorp'),
        firstName: 'Dirkje',
        lastName: 'Dorp',
        acceptTerms: true,
      });
      editor = { email: account.email, guid: account.guid };
      await api.put(`/api/users/${account.guid}`, { isContentManager: true, roleIds: [role.guid] });
      const page = (await (
        await api.post('/api/pages', {
          title: { nl: pageTitle, en: `Village news ${suffix}` },
          layout: '100',
          editPermission: 'roles',
          editRoles: [role.guid],
        })
      ).json()) as { guid: string };
      pageGuid = page.guid;
      for (const [title, settings] of [
        [formTitle, { acceptsSubmissionsOffPage: true, editorRoleIds: [role.guid] }],
        [otherFormTitle, { acceptsSubmissionsOffPage: true }],
      ] as const) {
        const created = (await (
          await api.post('/api/forms', { title, settings, draft: { fields: FIELDS } })
        ).json()) as {
          guid: string;
        };
        forms.push(created.guid);
        await api.post(`/api/forms/${created.guid}/publish`, {});
      }
      // One new submission (the admin fills the form in: no proof of work for a signed-in admin).
      await api.post(`/api/forms/${forms[0]}/submissions`, { version: 1, answers: { naam: 'Geertje' } });
    } finally {
      await api.close();
    }
  }, 120_000);

  afterAll(async () => {
    // Leave the shared server as it was for the files after this one.
    const api = await adminSession(browser);
    try {
      for (const guid of forms) await api.delete(`/api/forms/${guid}`);
      if (pageGuid) await api.delete(`/api/pages/${pageGuid}`);
    } finally {
      await api.close();
      await browser?.close();
    }
  }, TEST_TIMEOUT);

  it(
    'takes the admin to the dashboard from the side menu, first entry; axe nl/en at 1280 and 375 px',
    async () => {
      for (const width of WIDTHS) {
        const context = await signedIn(browser, TEST_ADMIN.email, TEST_ADMIN.password, width);
        const page = await context.newPage();
        const problems = watchProblems(page);
        try {
          await open(page, '/admin/pages');
          if (width < 768) await page.getByRole('button', { name: 'Beheermenu openen' }).click();
          const sideMenu = page.getByRole('navigation', { name: 'Beheermenu' });
          await poll(() => sideMenu.getByRole('link').first().innerText()).toBe('Overzicht');
          await sideMenu.getByRole('link', { name: 'Overzicht', exact: true }).click();
          await page.waitForURL((url) => url.pathname === '/admin/dashboard');
          await page.getByRole('heading', { level: 1, name: 'Overzicht' }).waitFor();
          // The new page, changed last, and the form with its new submission.
          const recent = page.getByRole('region', { name: "Laatst gewijzigde pagina's" });
          await recent.getByRole('link', { name: `Bewerk ${pageTitle}` }).waitFor();
          const formsPanel = page.getByRole('region', { name: 'Formulieren' });
          await formsPanel.getByRole('link', { name: `Inzendingen van ${formTitle}` }).waitFor();
          await formsPanel.getByText('1 nieuwe inzending in de laatste 7 dagen').first().waitFor();
          await page.getByRole('link', { name: 'Nieuwe pagina', exact: true }).waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          // The quick link opens the new-page dialog on the pages screen.
          await page.getByRole('link', { name: 'Nieuwe pagina', exact: true }).click();
          await page.waitForURL((url) => url.pathname === '/admin/pages' && !url.searchParams.has('new'));
          await page.getByRole('dialog').waitFor();
          await page.keyboard.press('Escape');
          await poll(() => page.getByRole('dialog').count()).toBe(0);

          await open(page, '/admin/dashboard?lang=en');
          await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
          await page
            .getByRole('region', { name: 'Forms' })
            .getByRole('link', { name: `Submissions of ${formTitle}` })
            .waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          // `/admin` still opens the pages (SPEC 2).
          await open(page, '/admin?lang=nl');
          expect(new URL(page.url()).pathname).toBe('/admin/pages');
          expect(unexpectedProblems(problems)).toEqual([]);
        } finally {
          await context.close();
        }
      }
    },
    TEST_TIMEOUT,
  );

  it(
    "takes a content manager to hers from the user menu, with exactly her page and form, and opens the form's results",
    async () => {
      for (const width of WIDTHS) {
        const context = await signedIn(browser, editor.email, PASSWORD, width);
        const page = await context.newPage();
        const problems = watchProblems(page);
        try {
          await open(page, '/');
          await page.getByRole('button', { name: /gebruikersmenu/ }).click();
          await page.getByRole('menuitem', { name: 'Overzicht' }).click();
          await page.waitForURL((url) => url.pathname === '/account/dashboard');
          await page.getByRole('heading', { level: 1, name: 'Overzicht' }).waitFor();
          const recent = page.getByRole('region', { name: "Laatst gewijzigde pagina's" });
          await recent.getByRole('link', { name: `Bewerk ${pageTitle}` }).waitFor();
          // Her page is the only one she may edit; only her form.
          await poll(() => recent.getByRole('listitem').count()).toBe(1);
          const formsPanel = page.getByRole('region', { name: 'Formulieren' });
          await formsPanel.getByRole('link', { name: `Inzendingen van ${formTitle}` }).waitFor();
          expect(await formsPanel.getByText(otherFormTitle).count()).toBe(0);
          expect(await page.getByRole('link', { name: 'Nieuwe pagina', exact: true }).count()).toBe(0);
          expect(await seriousViolations(page)).toEqual([]);

          await open(page, '/account/dashboard?lang=en');
          await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
          await page
            .getByRole('region', { name: 'Recently changed pages' })
            .getByRole('link')
            .first()
            .waitFor();
          expect(await seriousViolations(page)).toEqual([]);

          await open(page, '/account/dashboard?lang=nl');
          await page
            .getByRole('region', { name: 'Formulieren' })
            .getByRole('link', { name: `Inzendingen van ${formTitle}` })
            .click();
          await page.waitForURL((url) => url.pathname === `/admin/forms/${forms[0]}`);
          await page.getByRole('table').getByText('Geertje').first().waitFor();
          expect(unexpectedProblems(problems)).toEqual([]);
        } finally {
          await context.close();
        }
      }
    },
    TEST_TIMEOUT,
  );

  it(
    "lets the content manager choose her page's social image from its settings in edit mode",
    async () => {
      const context = await signedIn(browser, editor.email, PASSWORD);
      const page = await context.newPage();
      const problems = watchProblems(page);
      try {
        await open(page, '/account/dashboard');
        await page
          .getByRole('region', { name: "Laatst gewijzigde pagina's" })
          .getByRole('link', { name: `Bewerk ${pageTitle}` })
          .click();
        await page.waitForURL((url) => url.pathname === '/edit' && url.searchParams.get('page') === pageGuid);
        await waitForHydration(page);
        await page.getByRole('button', { name: 'Pagina-instellingen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Pagina-instellingen' });
        const sharing = dialog.getByRole('group', { name: 'Deelafbeelding' });
        const image = await sharp({
          create: { width: 1200, height: 630, channels: 3, background: '#2a7ab0' },
        })
          .png()
          .toBuffer();
        await sharing
          .locator('input[type="file"]')
          .setInputFiles({ name: 'dorpsplein.png', mimeType: 'image/png', buffer: image });
        await sharing.getByRole('img', { name: 'Huidige afbeelding' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        const saved = draftSaved(page);
        await dialog.getByRole('button', { name: 'Update' }).click();
        expect((await saved).status()).toBe(200);
        await dialog.waitFor({ state: 'detached' });
        // Kept in the draft: the dialog shows it again.
        await page.getByRole('button', { name: 'Pagina-instellingen' }).click();
        await dialog
          .getByRole('group', { name: 'Deelafbeelding' })
          .getByRole('img', { name: 'Huidige afbeelding' })
          .waitFor();
        await dialog.getByRole('button', { name: 'Annuleer' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(unexpectedProblems(problems)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'tells activity as sentences with links, on the account tab and in the admin area; axe nl/en',
    async () => {
      for (const width of WIDTHS) {
        const own = await signedIn(browser, editor.email, PASSWORD, width);
        const page = await own.newPage();
        const problems = watchProblems(page);
        try {
          await open(page, '/');
          await page.getByRole('button', { name: /gebruikersmenu/ }).click();
          await page.getByRole('menuitem', { name: 'Mijn account' }).click();
          await page.waitForURL((url) => url.pathname === '/account/profile');
          await page.getByRole('tab', { name: 'Activiteit' }).click();
          await page.waitForURL((url) => url.pathname === '/account/activity');
          await page.getByRole('cell', { name: 'Dirkje Dorp meldde zich aan' }).first().waitFor();
          // Keys and ids no longer show.
          expect(await page.getByText('user.signIn').count()).toBe(0);
          expect(await seriousViolations(page)).toEqual([]);
          await open(page, '/account/activity?lang=en');
          await page.getByRole('cell', { name: 'Dirkje Dorp signed in' }).first().waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          expect(unexpectedProblems(problems)).toEqual([]);
        } finally {
          await own.close();
        }

        const admin = await signedIn(browser, TEST_ADMIN.email, TEST_ADMIN.password, width);
        const adminPage = await admin.newPage();
        const adminProblems = watchProblems(adminPage);
        try {
          await open(adminPage, `/admin/users/${editor.guid}/activity`);
          const change = adminPage
            .getByRole('rowheader', { name: /wijzigde het account van Dirkje Dorp$/ })
            .first();
          await change.waitFor();
          // The account is a link to its profile, for the admin.
          await change.getByRole('link', { name: 'Dirkje Dorp' }).click();
          await adminPage.waitForURL((url) => url.pathname === `/admin/users/${editor.guid}/profile`);
          await open(adminPage, `/admin/users/${editor.guid}/activity`);
          await adminPage.getByRole('rowheader', { name: 'Dirkje Dorp meldde zich aan' }).first().waitFor();
          expect(await seriousViolations(adminPage)).toEqual([]);
          await open(adminPage, `/admin/users/${editor.guid}/activity?lang=en`);
          await adminPage
            .getByRole('rowheader', { name: /changed Dirkje Dorp's account$/ })
            .first()
            .waitFor();
          expect(await seriousViolations(adminPage)).toEqual([]);
          expect(unexpectedProblems(adminProblems)).toEqual([]);
        } finally {
          await admin.close();
        }
      }
    },
    TEST_TIMEOUT,
  );
});
