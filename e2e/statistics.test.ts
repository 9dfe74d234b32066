import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { signInByApi, TEST_ADMIN } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import {
  baseUrl,
  CONSENT_COOKIE,
  consentCookieValue,
  DESKTOP_CHROME,
  launchBrowser,
  newContext,
  waitForHydration,
} from './browser.ts';

/** The site's header and footer: scanned in e2e/accessibility.test.ts. */
const SITE_SHELL = ['.site-header', '.site-footer'];

/**
 * Statistics end to end: a visitor (an ordinary desktop Chrome, with analytical cookies allowed)
 * browses the demo site; the server counts in memory and flushes every few seconds; the admin
 * then sees those visits on the statistics screen. Headless Chromium's own user agent is a bot
 * to isbot, so the visitor's context sends a desktop one.
 */

type Report = {
  totals: { views: number; visitors: number };
  topPages: { path: string; views: number }[];
  noResultTerms: { term: string; searches: number; noResults: number }[];
};

describe('statistics', () => {
  let browser: Browser;
  let admin: BrowserContext;

  const report = async (): Promise<Report> => {
    const response = await admin.request.get(`${baseUrl()}/api/statistics?compare=false`);
    expect(response.status()).toBe(200);
    return (await response.json()) as Report;
  };
  const viewsOf = (body: Report, path: string) => body.topPages.find((row) => row.path === path)?.views ?? 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newContext(browser);
    await signInByApi(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts what a visitor views (cached pages too) and shows it to the admin', async () => {
    // A term of this attempt's own: a retry's search is not added to a failed attempt's.
    const term = `zoekterm${Date.now().toString(36)}`;
    const before = await report();
    const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME, locale: 'nl-NL' });
    await visitor.addCookies([
      {
        name: CONSENT_COOKIE,
        value: consentCookieValue(['required', 'analytical']),
        url: baseUrl(),
      },
    ]);
    const page = await visitor.newPage();
    // The second view of /over-ons is served from the visitors' cache.
    for (const path of ['/over-ons', '/', '/over-ons', `/search?q=${term}`]) {
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status()).toBe(200);
    }
    const cookie = (await visitor.cookies(baseUrl())).find((entry) => entry.name === 'analytics');
    expect(cookie?.httpOnly).toBe(true);
    expect((cookie?.expires ?? 0) * 1000).toBeGreaterThan(Date.now() + 390 * 86_400_000);
    await visitor.close();

    // Headless Chromium as such (a bot) is not counted.
    const bot = await newContext(browser);
    const botPage = await bot.newPage();
    await botPage.goto(`${baseUrl()}/over-ons`);
    await bot.close();

    // The server flushes every few seconds: the search may come in the flush after the views'.
    const counted = (body: Report) => ({
      views: viewsOf(body, '/over-ons') - viewsOf(before, '/over-ons'),
      search: body.noResultTerms.find((row) => row.term === term) ?? null,
    });
    await expect
      .poll(async () => counted(await report()), { timeout: 20_000, interval: 1_000 })
      .toEqual({ views: 2, search: { term, searches: 1, noResults: 1 } });
    const after = await report();
    expect(after.totals.visitors - before.totals.visitors).toBe(1);

    const screen = await admin.newPage();
    await screen.goto(`${baseUrl()}/statistics`);
    await waitForHydration(screen);
    await expect.poll(() => screen.getByRole('heading', { level: 1 }).textContent()).toBe('Statistieken');
    const noResults = screen.getByRole('table', { name: 'Zoektermen zonder resultaat' });
    await expect.poll(() => noResults.getByRole('rowheader', { name: term }).count()).toBe(1);
    const topPages = screen.getByRole('table', { name: "Meest bekeken pagina's" });
    await expect.poll(() => topPages.getByText('/over-ons').count()).toBeGreaterThan(0);
    // Each list is a server-paged table: a search narrows it to the matching paths.
    await screen.getByRole('searchbox', { name: "Zoek in Meest bekeken pagina's" }).fill('over-ons');
    await expect
      .poll(async () =>
        (await topPages.getByRole('rowheader').allTextContents()).every((text) => text.includes('over-ons')),
      )
      .toBe(true);
    await expect.poll(() => topPages.getByRole('rowheader').count()).toBeGreaterThan(0);
    const views = await screen.getByTestId('total-views').textContent();
    expect(Number(views?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(after.totals.views);
    // With data: the chart, the totals and the tables pass axe too.
    const violations = await seriousViolations(screen, { exclude: SITE_SHELL });
    expect(violations, violations.join('\n\n')).toEqual([]);

    // The 7-day preset keeps its choice in the URL; the export links carry the period.
    await screen.getByText('7 dagen').click();
    await expect.poll(() => new URL(screen.url()).searchParams.get('period')).toBe('7d');
    await screen.getByText('Eigen periode').click();
    await expect.poll(() => new URL(screen.url()).searchParams.get('period')).toBe('custom');
    await expect.poll(() => screen.getByRole('button', { name: /Van en tot en met/ }).count()).toBe(1);
    const href = await screen.getByRole('link', { name: /Zoektermen zonder resultaat/ }).getAttribute('href');
    expect(href).toMatch(/^\/api\/statistics\/export\?kind=no-results&from=\d{4}-\d{2}-\d{2}&to=/);
    const csv = await admin.request.get(`${baseUrl()}${href}`);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain(`${term},1,1`);
    await screen.close();
  });

  it('has no serious or critical axe violations in nl and en, also at 375 px', async () => {
    const found: string[] = [];
    for (const locale of ['nl', 'en'] as const) {
      const context = await newContext(browser, { locale: locale === 'nl' ? 'nl-NL' : 'en-GB' });
      await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
      await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/statistics?period=custom&from=2026-01-01&to=2026-01-31`);
      await waitForHydration(page);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
      await page.getByTestId('total-views').waitFor();
      found.push(
        ...(await seriousViolations(page, { exclude: SITE_SHELL })).map((line) => `[${locale}] ${line}`),
      );
      await page.setViewportSize({ width: 375, height: 800 });
      // The shell turns its side menu into a drawer at this width: wait for the layout to settle.
      const sideways = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            // A wide table scrolls inside its own container: the page itself does not move.
            .filter((element) => {
              for (let parent = element.parentElement; parent; parent = parent.parentElement) {
                if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return false;
              }
              return true;
            })
            .slice(0, 5)
            .map((element) => `${element.tagName}.${element.className}`),
        );
      await expect
        .poll(sideways, { timeout: 5_000, message: `${locale}: scrolls sideways at 375 px` })
        .toEqual([]);
      found.push(
        ...(await seriousViolations(page, { exclude: SITE_SHELL })).map(
          (line) => `[${locale} 375px] ${line}`,
        ),
      );
      await context.close();
    }
    expect(found, found.join('\n\n')).toEqual([]);
  });

  it('picks an own period by keyboard in the Monday-first calendar (issue 26)', async () => {
    const context = await newContext(browser);
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin`);
    await waitForHydration(page);
    await page
      .getByRole('navigation', { name: 'Beheermenu' })
      .getByRole('link', { name: 'Statistieken' })
      .click();
    await page.waitForURL(`${baseUrl()}/statistics`);
    await page.getByText('Eigen periode').click();
    const picker = page.getByRole('button', { name: /Van en tot en met/ });
    await picker.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog');
    // allTextContents does not wait: the dialog may be there before its calendar.
    await calendar.locator('thead th').first().waitFor();
    const weekdays = await calendar.locator('thead th').allTextContents();
    expect(weekdays[0]?.toLowerCase()).toMatch(/^ma/);
    // Into the calendar's days by Tab, then days by the arrow keys: Enter takes the start and the end.
    const focusedDay = () =>
      page.evaluate(
        () =>
          document.activeElement?.closest('[data-dates-dropdown]') !== null &&
          document.activeElement?.tagName === 'BUTTON' &&
          document.activeElement.closest('table') !== null,
      );
    for (let step = 0; step < 12 && !(await focusedDay()); step += 1) await page.keyboard.press('Tab');
    expect(await focusedDay()).toBe(true);
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'Enter', 'ArrowRight', 'ArrowRight', 'Enter']) {
      await page.keyboard.press(key);
    }
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('custom');
    const days = async () => {
      const query = new URL(page.url()).searchParams;
      const from = Date.parse(`${query.get('from')}T00:00:00Z`);
      const to = Date.parse(`${query.get('to')}T00:00:00Z`);
      return (to - from) / 86_400_000;
    };
    await expect.poll(days).toBe(2);
    // The period is said in words, as every date is shown: "4 mei 2026 tot en met 6 mei 2026".
    await expect
      .poll(() =>
        page
          .getByText(/ tot en met /)
          .first()
          .innerText(),
      )
      .toMatch(/^\d{1,2} \p{L}+ \d{4} tot en met \d{1,2} \p{L}+ \d{4}$/u);
    await context.close();
  });
});
