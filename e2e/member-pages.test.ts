import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { createAccount, freshEmail, signInByApi, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Issue 29: a signed-in member's page comes from a render shared by everyone with the same flags
 * and roles, with the person's own name filled in on the server. In Chromium: the page hydrates
 * without a mismatch (the name in the markup and in the loader data agree, hostile characters
 * too), the user menu names the person, and a client-side navigation (a `.data` answer from the
 * same cache) and a reload (a cache hit) still show them. Nl and en, axe on each.
 */

const NEWS = { nl: 'Nieuws', en: 'News' } as const;

describe('members’ pages in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    it(`shows each member their own name on a shared render, hydrated without a mismatch (${locale})`, async () => {
      const stamp = Date.now().toString(36);
      const [zoe, bram] = await Promise.all([
        createAccount(browser, {
          email: freshEmail(`member-page-${locale}`),
          firstName: `Zoë <i>${stamp}</i>`,
          lastName: `"O'Brien" & Zn \\ ${locale}`,
          acceptTerms: true,
        }),
        createAccount(browser, {
          email: freshEmail(`member-page-${locale}`),
          firstName: `Bram${stamp}`,
          lastName: 'Jansen',
          acceptTerms: true,
        }),
      ]);
      for (const [account, other] of [
        [zoe, bram],
        [bram, zoe],
      ] as const) {
        const name = `${account.firstName} ${account.lastName}`;
        const context = await newContext(browser);
        await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
        await signInByApi(context, account.email, account.password);
        const page = await context.newPage();
        const problems = watchProblems(page);
        const userMenu = page.locator('.site-header .user-menu-button').first();

        await page.goto(`${baseUrl()}/over-ons`);
        await waitForHydration(page);
        await expect(userMenu.innerText()).resolves.toContain(name);
        expect(await page.content()).not.toContain(other.email);

        // Client-side navigation: the page's data comes as a `.data` answer.
        await page
          .locator('.site-header nav.main-menu')
          .getByRole('link', { name: NEWS[locale], exact: true })
          .click();
        await page.getByRole('heading', { level: 1, name: NEWS[locale] }).waitFor();
        await expect(userMenu.innerText()).resolves.toContain(name);

        // A reload: the second member's visit, at least, comes from the entry the first one made.
        const reloaded = await page.reload();
        if (account === bram) expect(await reloaded?.headerValue('x-cache')).toBe('hit');
        await waitForHydration(page);
        await expect(userMenu.innerText()).resolves.toContain(name);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe(locale);
        expect(await seriousViolations(page), `${locale} ${name}`).toEqual([]);
        expect(unexpectedProblems(problems), `${locale} ${name}`).toEqual([]);
        await context.close();
      }
    });
  }
});
