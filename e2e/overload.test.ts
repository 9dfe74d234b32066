import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../common/localized-text.ts';
import { busyPage } from '../server/http/overload.ts';
import { signInByApi, TEST_ADMIN } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

/**
 * What a visitor meets when a node is overloaded (issue 29): the server answers a page it would
 * have to render with 503, Retry-After and its small busy page (server/http/overload.ts), and a
 * client-side navigation's data the same. The test server is not overloaded, so the answer is the
 * server's own busy page or status given to the browser for one path (`page.route`); everything
 * else is the real site. In both cases the visitor reads what happened, in the site's language,
 * and gets the page by trying again.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Until `release`, the path's document or data is refused as an overloaded node refuses it. */
async function refuse(page: Page, path: string, locale: Locale) {
  const pattern = new RegExp(`^${baseUrl()}${path}(\\.data)?(\\?.*)?$`);
  const answer = {
    status: 503,
    headers: { 'retry-after': '3', 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8' },
    body: busyPage(locale),
  };
  await page.route(pattern, (route) => route.fulfill(answer));
  return { release: () => page.unroute(pattern) };
}

const TEXTS = {
  nl: { title: 'Het is even erg druk', retry: 'Opnieuw proberen', about: 'Over ons', query: '' },
  en: { title: 'It is very busy right now', retry: 'Try again', about: 'About us', query: '?lang=en' },
} as const;

describe('a busy node, as a visitor meets it', () => {
  for (const locale of ['nl', 'en'] as const) {
    for (const isSignedIn of [false, true]) {
      it(`says so and gets the page on trying again (${locale}, ${isSignedIn ? 'signed in' : 'visitor'})`, async () => {
        const texts = TEXTS[locale];
        const context = await newContext(browser);
        if (isSignedIn) await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
        const page = await context.newPage();

        // A full load of a refused page: the server's busy page.
        const refused = await refuse(page, '/over-ons', locale);
        const response = await page.goto(`${baseUrl()}/over-ons${texts.query}`);
        expect(response?.status()).toBe(503);
        await expect.poll(() => page.title()).toBe(texts.title);
        expect(await page.getAttribute('html', 'lang')).toBe(locale);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(texts.title);
        expect(await seriousViolations(page)).toEqual([]);
        // Trying again once the node has room: the page itself.
        await refused.release();
        await page.getByRole('link', { name: texts.retry }).click();
        await page.waitForLoadState('load');
        await waitForHydration(page);
        expect(await page.locator('main h1').first().innerText()).toBe(texts.about);

        // A client-side navigation whose data is refused: the site's own page says so, in its shell.
        await page.goto(`${baseUrl()}/${texts.query}`);
        await waitForHydration(page);
        const again = await refuse(page, '/over-ons', locale);
        await page.locator('.main-menu-link', { hasText: texts.about }).first().click();
        const status = page.locator('.status-page');
        await status.waitFor();
        expect(await status.getAttribute('data-status')).toBe('503');
        expect(await status.getByRole('heading', { level: 1 }).innerText()).toBe(texts.title);
        await expect.poll(() => page.title()).toMatch(new RegExp(`^${texts.title} \\| `));
        expect(await seriousViolations(page)).toEqual([]);
        await again.release();
        await status.getByRole('button', { name: texts.retry }).click();
        await page.waitForLoadState('load');
        await waitForHydration(page);
        expect(await page.locator('main h1').first().innerText()).toBe(texts.about);
        await context.close();
      });
    }
  }
});
