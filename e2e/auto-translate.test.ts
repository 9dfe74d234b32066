import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { AUTO_TRANSLATE_COOKIE } from '../common/translation.ts';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';
import { fakeTranslator } from '../test/fake-translator.ts';
import { signInByApi, TEST_ADMIN, xsrfHeaders } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, useOwnServer, waitForHydration } from './browser.ts';

/**
 * Automatic translation (SPEC 1, 9; issue 10): the admin offers it in the settings, an English
 * reader turns it on, and the texts that exist only in Dutch are translated by the site's own
 * translation service (a stand-in LibreTranslate here); the choice is the auto-translate cookie.
 */

const DUTCH_ONLY = 'Alleen in het Nederlands';

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

/** A top-level menu item (an external link) whose name exists only in Dutch. */
async function addDutchOnlyMenuItem(admin: BrowserContext, name: string, urlSegment: string) {
  const menus = (await (await admin.request.get(`${baseUrl()}/api/menus`)).json()) as {
    guid: string;
    isTopLevel: boolean;
  }[];
  const top = menus.find((menu) => menu.isTopLevel)!;
  const response = await admin.request.post(`${baseUrl()}/api/menus/${top.guid}/items`, {
    data: { name: { nl: name }, urlSegment, externalUrl: `https://example.org/${urlSegment}` },
    headers: await xsrfHeaders(admin),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

async function cookieOf(context: BrowserContext, name: string) {
  return (await context.cookies(baseUrl())).find((cookie) => cookie.name === name);
}

describe('automatic translation', () => {
  const translator = fakeTranslator();
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;

  beforeAll(async () => {
    const url = await translator.listen();
    server = await startServer({ extraEnv: { TRANSLATE_URL: url } });
    useOwnServer({ baseUrl: server.url, dataDir: server.dataDir });
    browser = await launchBrowser();
    admin = await newContext(browser, { width: 1280 });
    await admin.addCookies([{ name: LOCALE_COOKIE, value: 'nl', url: baseUrl() }]);
    await signInByApi(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    // A menu item whose name exists only in Dutch: English readers see the Dutch, marked lang="nl".
    await addDutchOnlyMenuItem(admin, DUTCH_ONLY, 'alleen-nederlands');
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
    useOwnServer(undefined);
    await server?.stop();
    await translator.close();
  });

  it('is offered only after the admin turns it on in the settings', async () => {
    const visitor = await newContext(browser, { width: 1280 });
    const page = await visitor.newPage();
    await open(page, '/?lang=en');
    await expect(page.getByRole('button', { name: 'Translate automatically' }).count()).resolves.toBe(0);

    const settings = await admin.newPage();
    await open(settings, '/settings?tab=privacy');
    // This server has a translation service, so the settings do not warn about a missing one.
    await expect(settings.getByText('Geen vertaaldienst ingesteld').count()).resolves.toBe(0);
    await settings.getByRole('switch', { name: 'Automatische vertaling aanbieden' }).check({ force: true });
    await settings.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect
      .poll(async () => {
        const response = await admin.request.get(
          `${baseUrl()}/api/platformsettingvalues?keys=autoTranslate&includeAll=true`,
        );
        return ((await response.json()) as { value: string }[])[0]?.value;
      })
      .toBe('true');
    await settings.close();

    await open(page, '/?lang=en');
    await expect(page.getByRole('button', { name: 'Translate automatically' }).count()).resolves.toBe(1);
    // Dutch readers need no translation: no choice for them.
    await open(page, '/?lang=nl');
    await expect(page.getByRole('button', { name: 'Vertaal automatisch' }).count()).resolves.toBe(0);
    await visitor.close();
  });

  it('translates the Dutch-only texts for an English reader who turns it on, and keeps the choice in a cookie', async () => {
    const visitor = await newContext(browser, { width: 1280 });
    const page = await visitor.newPage();
    await open(page, '/?lang=en');
    const menuLink = page.locator('.main-menu').getByRole('link', { name: DUTCH_ONLY });
    await expect(menuLink.getAttribute('lang')).resolves.toBe('nl');
    await expect(cookieOf(visitor, AUTO_TRANSLATE_COOKIE)).resolves.toBeUndefined();

    const toggle = page.getByRole('button', { name: 'Translate automatically' });
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const translated = page.locator('.main-menu').getByRole('link', { name: `EN:${DUTCH_ONLY}` });
    await expect.poll(() => translated.count()).toBe(1);
    await expect(translated.getAttribute('lang')).resolves.toBe('en');
    await expect
      .poll(() => page.locator('#auto-translate-status').textContent())
      .toBe('The Dutch texts were translated automatically.');
    // The focus stays on the toggle, so it can be turned off again at once.
    await expect(page.evaluate(() => document.activeElement?.className)).resolves.toContain(
      'auto-translate-toggle',
    );
    const cookie = await cookieOf(visitor, AUTO_TRANSLATE_COOKIE);
    expect(cookie?.value).toBe('on');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
    expect(translator.asked()).toContain(DUTCH_ONLY);

    // The choice holds on the next visit; the service is not asked again for the same text.
    const askedBefore = translator.asked().length;
    await open(page, '/?lang=en');
    await expect.poll(() => translated.count()).toBe(1);
    await expect(
      page.getByRole('button', { name: 'Translate automatically' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    expect(translator.asked().filter((text) => text === DUTCH_ONLY).length).toBe(1);
    expect(translator.asked().length).toBeGreaterThanOrEqual(askedBefore);

    // Turned off: the Dutch is back, marked as Dutch, and the cookie is gone.
    await page.getByRole('button', { name: 'Translate automatically' }).click();
    // The translated link's name ("EN:…") holds the Dutch one too: wait for the Dutch text itself.
    await expect
      .poll(async () => {
        const text = (await menuLink.first().textContent()) ?? '';
        return text.includes('EN:') ? 'translated' : text.includes(DUTCH_ONLY) ? 'Dutch' : text;
      })
      .toBe('Dutch');
    await expect(menuLink.first().getAttribute('lang')).resolves.toBe('nl');
    await expect.poll(() => cookieOf(visitor, AUTO_TRANSLATE_COOKIE)).toBeUndefined();
    await visitor.close();
  });

  it('translates only what the page shows: other text is refused and never reaches the service (issue 34)', async () => {
    const visitor = await newContext(browser, { width: 1280 });
    const asked = translator.asked().length;
    const free = 'Vertaal dit essay gratis voor mij';
    const post = (page: string, texts: string[]) =>
      visitor.request.post(`${baseUrl()}/api/translations`, { data: { from: 'nl', to: 'en', page, texts } });
    for (const page of ['/', '/?lang=en', '/bestaat-niet']) {
      const refused = await post(page, [free]);
      expect(refused.status(), page).toBe(422);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'translation_not_shown',
      );
    }
    // The page's own Dutch text is translated (here from what was kept), the other text is not.
    const mixed = await post('/?lang=en', [DUTCH_ONLY, free]);
    expect(mixed.status()).toBe(200);
    expect(await mixed.json()).toEqual({ translations: [`EN:${DUTCH_ONLY}`, null] });
    // Shown on the home page, not on a page that does not exist.
    expect((await post('/bestaat-niet', [DUTCH_ONLY])).status()).toBe(422);
    expect(translator.asked().slice(asked)).not.toContain(free);
    await visitor.close();
  });

  it('works by keyboard alone', async () => {
    const visitor = await newContext(browser, { width: 1280 });
    const page = await visitor.newPage();
    await open(page, '/?lang=en');
    const toggle = page.getByRole('button', { name: 'Translate automatically' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() =>
        page
          .locator('.main-menu')
          .getByRole('link', { name: `EN:${DUTCH_ONLY}` })
          .count(),
      )
      .toBe(1);
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await visitor.close();
  });

  it('says so when the translation service fails, and leaves the Dutch as it was', async () => {
    await addDutchOnlyMenuItem(admin, 'Nog niet vertaald', 'nog-niet-vertaald');
    translator.setMode('error');
    try {
      const visitor = await newContext(browser, { width: 1280 });
      const page = await visitor.newPage();
      await open(page, '/?lang=en');
      await page.getByRole('button', { name: 'Translate automatically' }).click();
      await expect
        .poll(() => page.locator('#auto-translate-status').textContent())
        .toBe('Automatic translation did not work. Please try again later.');
      const link = page.locator('.main-menu').getByRole('link', { name: 'Nog niet vertaald' });
      await expect(link.getAttribute('lang')).resolves.toBe('nl');
      await visitor.close();
    } finally {
      translator.setMode('ok');
    }
  });

  for (const width of [1280, 375]) {
    it(`has no serious or critical axe violations with the choice on and off, signed in and out (${width} px)`, async () => {
      const problems: string[] = [];
      const visitor = await newContext(browser, { width });
      for (const [who, context] of [
        ['visitor', visitor],
        ['admin', admin],
      ] as const) {
        const page = await context.newPage();
        await open(page, '/?lang=en');
        const toggle = page.getByRole('button', { name: 'Translate automatically' });
        // The toggle fits in the header: the page never scrolls sideways.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > (page.viewportSize()?.width ?? width)) {
          problems.push(`[${who}] the page is ${width} px wide`);
        }
        problems.push(...(await seriousViolations(page)).map((problem) => `[${who} off] ${problem}`));
        await toggle.click();
        await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
        await expect.poll(() => page.locator('[data-auto-translated]').count()).toBeGreaterThan(0);
        problems.push(...(await seriousViolations(page)).map((problem) => `[${who} on] ${problem}`));
        await toggle.click();
        await open(page, '/?lang=nl');
        problems.push(...(await seriousViolations(page)).map((problem) => `[${who} nl] ${problem}`));
        await page.close();
      }
      await visitor.close();
      expect(problems).toEqual([]);
    });
  }
});
