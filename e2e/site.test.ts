import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  HYDRATION_ERROR,
  launchBrowser,
  newContext,
  visibleText,
  waitForHydration,
  watchProblems,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Chromium reports the document's own 4xx status as a console error; that one is expected here. */
const withoutStatusNotice = (messages: string[]) =>
  messages.filter(
    (message) => !/Failed to load resource: the server responded with a status of 404/.test(message),
  );

describe('not found and redirects', () => {
  it.each([
    ['an unknown path', '/bestaat-niet/echt-niet'],
    ['an unpublished page', '/concept'],
    ['an item-like path under an unknown page', '/onbekend/i/123/titel'],
  ])('%s renders the not-found page with HTTP 404', async (_what, path) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pagina niet gevonden');
    await expect(
      page.locator('main').getByRole('link', { name: 'Naar de startpagina' }).isVisible(),
    ).resolves.toBe(true);
    // The site's header and footer stay around the notice.
    await expect(page.locator('footer').count()).resolves.toBeGreaterThan(0);
    expect(withoutStatusNotice(problems.messages)).toEqual([]);
    await context.close();
  });

  it('/home redirects permanently to /', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl()}/home`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    await expect(page.locator('article.page').getAttribute('data-page')).resolves.toBe('home');
    await context.close();
  });
});

describe('the problem watcher itself', () => {
  it('catches a hydration mismatch (so "no console errors" elsewhere means something)', async () => {
    const context = await newContext(browser);
    // Serve /over-ons with the page title changed, as if server and client rendered differently.
    await context.route(`${baseUrl()}/over-ons`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<h1[^>]*>)Over ons</, '$1Over jullie<');
      await route.fulfill({ response, body: html });
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page);
    await expect.poll(() => problems.messages.join('\n'), { timeout: 5_000 }).toMatch(HYDRATION_ERROR);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('/over-ons is fully readable: the same text as the hydrated page', async () => {
    const articleText = async (page: Page) => (await visibleText(page.locator('article.page'))).trim();

    const withJs = await newContext(browser);
    const hydrated = await withJs.newPage();
    await hydrated.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(hydrated);
    const expected = await articleText(hydrated);
    await withJs.close();

    const withoutJs = await newContext(browser, { javaScriptEnabled: false });
    const page = await withoutJs.newPage();
    const response = await page.goto(`${baseUrl()}/over-ons`);
    expect(response?.status()).toBe(200);
    const text = await articleText(page);
    expect(text).toBe(expected);
    for (const fragment of [
      'Over ons',
      'Direct naar contact',
      'Wie zijn wij?',
      'Dorpsvereniging De Linde is in 1952 opgericht',
      'Vandaag hebben we ruim 600 leden.',
      'Onze activiteiten worden betaald uit de contributie',
      'info@delinde.example',
      'Snel naar',
      'Jaarverslag 2025',
    ]) {
      expect(text).toContain(fragment);
    }
    // Header menu and footer are server-rendered too.
    const body = await visibleText(page.locator('body'));
    for (const fragment of ['Nieuws', 'Activiteiten', 'Lindeplein 1', 'Privacyverklaring']) {
      expect(body).toContain(fragment);
    }
    await withoutJs.close();
  });
});

describe('hash links', () => {
  it('"Direct naar contact" scrolls smoothly until #contact is 88 px below the top', async () => {
    const context = await newContext(browser, { width: 1280, height: 720 });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page);
    // The demo page is short: room below the footer lets the heading scroll all the way up.
    const canScroll = await page.evaluate(() => {
      document.body.style.paddingBottom = `${window.innerHeight}px`;
      const heading = document.getElementById('contact');
      if (!heading) return null;
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
      return heading.getBoundingClientRect().top + window.scrollY - 88 <= maxScroll;
    });
    expect(canScroll, '#contact exists and the page can scroll it to the top').toBe(true);

    await page.getByRole('link', { name: 'Direct naar contact' }).click();
    const positions = await waitForScrollEnd(page);
    expect(new URL(page.url()).hash).toBe('#contact');
    // Smooth: the scroll passed through intermediate positions instead of jumping.
    expect(positions.length, `scroll positions seen: ${positions.join(', ')}`).toBeGreaterThan(2);
    const top = await page.evaluate(() => document.getElementById('contact')?.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(86);
    expect(top).toBeLessThanOrEqual(90);
    expect(problems.messages).toEqual([]);
    await context.close();
  });
});

/** Samples scrollY every animation frame until it has not changed for 300 ms; returns the distinct values. */
async function waitForScrollEnd(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [window.scrollY];
        let lastChange = performance.now();
        const started = lastChange;
        const tick = () => {
          const y = window.scrollY;
          if (y !== seen[seen.length - 1]) {
            seen.push(y);
            lastChange = performance.now();
          }
          const now = performance.now();
          if ((now - lastChange > 300 && seen.length > 1) || now - started > 5_000) resolve(seen);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

describe('language', () => {
  it('the header switch turns the site English, and the choice is remembered', async () => {
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('nl');
    const menu = page.locator('.site-header nav.main-menu');
    await expect(visibleText(menu)).resolves.toContain('Over ons');

    await page.locator('.site-header .language-switch').getByRole('link', { name: /^EN/ }).first().click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    await expect(visibleText(menu)).resolves.toContain('About us');
    await expect(visibleText(menu)).resolves.toContain('Activities');
    const cookies = await context.cookies(baseUrl());
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');

    // A client-side navigation through the menu, without ?lang, stays English.
    await menu.getByRole('link', { name: 'News', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');

    // A full page load of another page, without ?lang, is English from the server on.
    const response = await page.goto(`${baseUrl()}/over-ons/bestuur`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Board');
    await expect(visibleText(page.locator('article.page'))).resolves.toContain('The board');

    // And back to Dutch.
    await page.locator('.site-header .language-switch').getByRole('link', { name: /^NL/ }).first().click();
    await page.waitForFunction(() => document.documentElement.lang === 'nl');
    await page.getByRole('heading', { level: 1, name: 'Bestuur' }).waitFor();
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('?lang=en renders English on the server', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/over-ons?lang=en`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(visibleText(page.locator('article.page'))).resolves.toContain('Who are we?');
    await page.goto(`${baseUrl()}/contact`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(visibleText(page.locator('article.page'))).resolves.toContain('Get in touch');
    await context.close();
  });
});

describe('browser logs', () => {
  it('a console.error in the page is sent to POST /api/logs within about 6 s', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/nieuws`);
    await waitForHydration(page);
    const marker = `e2e-log-check-${Date.now()}`;
    const request = page.waitForRequest(
      (candidate) =>
        candidate.method() === 'POST' &&
        new URL(candidate.url()).pathname === '/api/logs' &&
        (candidate.postData() ?? '').includes(marker),
      { timeout: 6_500 },
    );
    await page.evaluate((text) => console.error(text), marker);
    const sent = await request;
    const body = sent.postDataJSON() as { entries?: { level?: string; message?: string }[] };
    const entry = body.entries?.find((candidate) => candidate.message?.includes(marker));
    expect(entry?.level).toBe('error');
    const response = await sent.response();
    expect(response?.status()).toBe(202);
    await context.close();
  });
});
