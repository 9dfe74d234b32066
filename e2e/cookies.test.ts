import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  CONSENT_COOKIE,
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

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cookies' });

async function storedConsent(
  context: BrowserContext,
): Promise<{ categories: string[]; date: string } | null> {
  const cookie = (await context.cookies(baseUrl())).find((candidate) => candidate.name === CONSENT_COOKIE);
  return cookie
    ? (JSON.parse(decodeURIComponent(cookie.value)) as { categories: string[]; date: string })
    : null;
}

/** Only our own server: the video iframe must never reach YouTube or Vimeo from a test. */
async function offline(context: BrowserContext) {
  const origin = new URL(baseUrl()).origin;
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort('blockedbyclient'),
  );
}

describe('cookie consent dialog', () => {
  it('appears once on a first visit; "Alles accepteren" stores the consent and it stays closed', async () => {
    const context = await newContext(browser, { consent: 'none' });
    await offline(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/`);
    await waitForHydration(page);
    await dialog(page).waitFor({ state: 'visible' });
    expect(await storedConsent(context)).toBeNull();

    await dialog(page).getByRole('button', { name: 'Alles accepteren' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    const consent = await storedConsent(context);
    expect(consent?.categories).toEqual(expect.arrayContaining(['required', 'analytical', 'functional']));
    expect(Number.isNaN(Date.parse(consent?.date ?? ''))).toBe(false);

    await page.reload();
    await waitForHydration(page);
    await expect(dialog(page).count()).resolves.toBe(0);
    // Functional cookies are accepted, so the video is embedded right away.
    await expect(page.locator('.block[data-block=video] iframe').count()).resolves.toBe(1);

    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page);
    await expect(dialog(page).count()).resolves.toBe(0);
    expect(problems.messages.filter((message) => !/ERR_BLOCKED_BY_CLIENT/.test(message))).toEqual([]);
    await context.close();
  });

  it('hands the focus to the main content after the choice on a first visit, not to <body>', async () => {
    const context = await newContext(browser, { consent: 'none' });
    await offline(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page);
    await dialog(page).waitFor({ state: 'visible' });
    await dialog(page).getByRole('button', { name: 'Alles accepteren' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab goes on from the content, not from the top of the page.
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => ({
      inMain: document.getElementById('main')?.contains(document.activeElement) ?? false,
      tag: document.activeElement?.tagName,
    }));
    expect(next.tag).not.toBe('BODY');
    expect(next.inMain).toBe(true);
    await context.close();
  });

  it('does not appear on the cookie statement, but does on the next page', async () => {
    const context = await newContext(browser, { consent: 'none' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const response = await page.goto(`${baseUrl()}/legal/cookie-statement/nl`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(visibleText(page.locator('article.page'))).resolves.toContain('Cookieverklaring');
    await expect(dialog(page).count()).resolves.toBe(0);
    expect(await storedConsent(context)).toBeNull();

    await page.goto(`${baseUrl()}/contact`);
    await waitForHydration(page);
    await dialog(page).waitFor({ state: 'visible' });
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('can be reopened from the footer and changes the stored choice', async () => {
    const context = await newContext(browser, { consent: 'required' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page);
    await expect(dialog(page).count()).resolves.toBe(0);

    await page.locator('.footer-cookie-settings').click();
    await dialog(page).waitFor({ state: 'visible' });
    await dialog(page).getByRole('checkbox', { name: 'Analytisch' }).check();
    await dialog(page).getByRole('button', { name: 'Keuze opslaan' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    const consent = await storedConsent(context);
    expect(consent?.categories.sort()).toEqual(['analytical', 'required']);
    expect(problems.messages).toEqual([]);
    await context.close();
  });
});

describe('video block', () => {
  it('shows a consent notice until functional cookies are accepted, then embeds the video', async () => {
    const context = await newContext(browser, { consent: 'required' });
    await offline(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/`);
    await waitForHydration(page);
    const video = page.locator('.block[data-block=video]');
    await expect(video.count()).resolves.toBe(1);
    await expect(video.locator('iframe').count()).resolves.toBe(0);
    await expect(visibleText(video)).resolves.toContain('YouTube');
    const allow = video.getByRole('button', { name: 'Functionele cookies toestaan' });
    await expect(allow.isVisible()).resolves.toBe(true);

    await allow.click();
    const iframe = video.locator('iframe');
    await iframe.waitFor({ state: 'attached' });
    await expect(iframe.getAttribute('src')).resolves.toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    await expect(iframe.getAttribute('title')).resolves.toBe('Impressie van de Lindenmarkt');
    await expect(video.getByRole('button', { name: 'Functionele cookies toestaan' }).count()).resolves.toBe(
      0,
    );
    const consent = await storedConsent(context);
    expect(consent?.categories.sort()).toEqual(['functional', 'required']);

    // The server reads the same cookie: the next page load embeds the video from the first paint.
    const withoutJs = await newContext(browser, { consent: 'none', javaScriptEnabled: false });
    await withoutJs.addCookies(
      (await context.cookies(baseUrl())).filter((cookie) => cookie.name === CONSENT_COOKIE),
    );
    const staticPage = await withoutJs.newPage();
    await staticPage.goto(`${baseUrl()}/contact`);
    await expect(staticPage.locator('.block[data-block=video] iframe').getAttribute('src')).resolves.toMatch(
      /^https:\/\/player\.vimeo\.com\//,
    );
    await withoutJs.close();
    expect(problems.messages.filter((message) => !/ERR_BLOCKED_BY_CLIENT/.test(message))).toEqual([]);
    await context.close();
  });
});
