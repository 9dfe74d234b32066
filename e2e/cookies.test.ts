import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
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

  it('takes the focus, keeps Tab inside and ignores Escape until a choice is made; reopened, Escape closes it', async () => {
    const context = await newContext(browser, { consent: 'none', width: 375, height: 812 });
    await offline(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page);
    await dialog(page).waitFor({ state: 'visible' });
    const focusInDialog = () =>
      page.evaluate(
        () => document.getElementById('cookie-consent')?.contains(document.activeElement) ?? false,
      );
    // Shown modally once the page has hydrated: the rest of the page is inert.
    await expect
      .poll(() => page.evaluate(() => document.getElementById('cookie-consent')?.matches(':modal')))
      .toBe(true);
    await expect.poll(focusInDialog).toBe(true);
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `Tab ${step + 1}`).toBe(true);
    }
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(), `Shift+Tab ${step + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog(page).isVisible()).resolves.toBe(true);
    await expect(dialog(page).getByRole('button', { name: 'Sluit' }).count()).resolves.toBe(0);

    await dialog(page).getByRole('button', { name: 'Alleen noodzakelijk' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    expect((await storedConsent(context))?.categories).toEqual(['required']);

    const settings = page.locator('.footer-cookie-settings');
    await settings.click();
    await dialog(page).waitFor({ state: 'visible' });
    await expect.poll(focusInDialog).toBe(true);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    // Back where the visitor was: the footer's link.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('footer-cookie-settings')))
      .toBe(true);
    expect((await storedConsent(context))?.categories).toEqual(['required']);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the choice is posted, the cookie set as the script sets it, and the visitor is back on the page', async () => {
    const context = await newContext(browser, {
      consent: 'none',
      javaScriptEnabled: false,
      width: 375,
      height: 812,
    });
    await offline(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/nieuws?x=1`);
    await dialog(page).waitFor({ state: 'visible' });
    await dialog(page).getByRole('button', { name: 'Alles accepteren' }).click();
    await page.waitForURL(`${baseUrl()}/nieuws?x=1`);
    await expect(dialog(page).isVisible()).resolves.toBe(false);
    const cookie = (await context.cookies(baseUrl())).find((candidate) => candidate.name === CONSENT_COOKIE);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
    // About a year, as the script writes it.
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    const consent = await storedConsent(context);
    expect(consent?.categories.sort()).toEqual(['analytical', 'functional', 'required']);
    expect(Number.isNaN(Date.parse(consent?.date ?? ''))).toBe(false);
    // Functional cookies accepted: the server embeds the video.
    await page.goto(`${baseUrl()}/`);
    await expect(page.locator('.block[data-block=video] iframe').count()).resolves.toBe(1);

    // The footer's "Cookie-instellingen" shows the dialog without a script too; a new choice replaces the old.
    await page.locator('.footer-cookie-settings').click();
    await dialog(page).waitFor({ state: 'visible' });
    await dialog(page).getByRole('checkbox', { name: 'Functioneel' }).uncheck();
    await dialog(page).getByRole('button', { name: 'Keuze opslaan' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    expect((await storedConsent(context))?.categories.sort()).toEqual(['analytical', 'required']);
    await context.close();
  });

  it('without JavaScript, the dialog opened from the footer closes by its close control, back at the footer link (nl, en)', async () => {
    const context = await newContext(browser, {
      consent: 'required',
      javaScriptEnabled: false,
      width: 375,
      height: 812,
    });
    await offline(context);
    const page = await context.newPage();
    for (const [path, close] of [
      ['/nieuws', 'Sluit'],
      ['/nieuws?lang=en', 'Close'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await expect(dialog(page).isVisible()).resolves.toBe(false);
      const settings = page.locator('.footer-cookie-settings');
      await settings.click();
      await dialog(page).waitFor({ state: 'visible' });
      await dialog(page).getByRole('link', { name: close, exact: true }).click();
      await dialog(page).waitFor({ state: 'hidden' });
      // The dialog is no longer the page's target: the footer's link is, in view and focused.
      expect(new URL(page.url()).hash).toBe('#cookie-settings');
      await expect(settings.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
      const box = await settings.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 812).toBe(true);
      // And it opens again from there, with nothing stored meanwhile.
      await settings.click();
      await dialog(page).waitFor({ state: 'visible' });
      await dialog(page).getByRole('link', { name: close, exact: true }).click();
      await dialog(page).waitFor({ state: 'hidden' });
    }
    expect((await storedConsent(context))?.categories).toEqual(['required']);
    await context.close();

    // axe cannot run where scripts are off: it reads the same server HTML with the site's scripts
    // refused, the dialog shown by the footer link's target, as a browser without JavaScript has it.
    const scanned = await newContext(browser, { consent: 'required', width: 375, height: 812 });
    await scanned.route(/\.js(?:\?|$)/, (route) => route.abort());
    const scan = await scanned.newPage();
    for (const path of ['/nieuws', '/nieuws?lang=en']) {
      await scan.goto(`${baseUrl()}${path}#cookie-consent`);
      await dialog(scan).waitFor({ state: 'visible' });
      await expect(dialog(scan).locator('a.cookie-consent-close').count()).resolves.toBe(1);
      expect(await seriousViolations(scan), path).toEqual([]);
    }
    await scanned.close();
  }, 120_000);

  it('refuses a choice posted from another site', async () => {
    const response = await fetch(`${baseUrl()}/cookie-consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      body: 'choice=all&returnTo=%2F',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    // From the site itself, back to where it came from, never to another host.
    const own = await fetch(`${baseUrl()}/cookie-consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(baseUrl()).origin },
      body: `choice=required&returnTo=${encodeURIComponent('//elsewhere.example/x')}`,
      redirect: 'manual',
    });
    expect(own.status).toBe(303);
    expect(own.headers.get('location')).toBe('/');
    expect(own.headers.get('set-cookie')).toMatch(
      /^cookie-consent=[^;]+; Path=\/; Max-Age=31536000; SameSite=Lax$/,
    );
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
