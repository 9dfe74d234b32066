import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { adminSession } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Drafts and preview links (issue 13), in Chromium against the production server: a draft of the
 * demo's "Over ons" is shown through a preview link to a visitor without an account, while the
 * page itself stays as published; an expired or forged link shows the published page and says so.
 */

type Draft = { version: number; revision: number | null; document: { title: { nl: string; en?: string } } };

let browser: Browser;
let admin: Awaited<ReturnType<typeof adminSession>>;
let pageGuid = '';
let previewUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
  pageGuid = ((await (await admin.get('/api/pages:withName?name=over-ons')).json()) as { guid: string }).guid;
  const start = (await (await admin.get(`/api/pages/${pageGuid}/draft`)).json()) as Draft;
  await admin.put(`/api/pages/${pageGuid}/draft`, {
    version: start.version,
    revision: start.revision,
    document: { ...start.document, title: { nl: 'Over ons (concept)', en: 'About us (draft)' } },
  });
  const link = (await (await admin.post(`/api/pages/${pageGuid}/draft:preview`, { hours: 1 })).json()) as {
    url: string;
  };
  previewUrl = link.url;
});

afterAll(async () => {
  // Leave the demo page as it was for the other browser tests.
  const draft = (await (await admin.get(`/api/pages/${pageGuid}/draft`)).json()) as Draft;
  await admin.post(`/api/pages/${pageGuid}/draft:discard`, {
    version: draft.version,
    revision: draft.revision,
  });
  await admin.close();
  await browser.close();
});

describe('a preview link', () => {
  for (const locale of ['nl', 'en'] as const) {
    it(`shows the draft to a visitor, marked as such (${locale})`, async () => {
      const context = await newContext(browser, { locale: locale === 'nl' ? 'nl-NL' : 'en-GB' });
      // The site speaks Dutch unless the visitor chose English (the cookie the language switch sets).
      await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${baseUrl()}${previewUrl}`);
      await waitForHydration(page);
      const title = locale === 'nl' ? 'Over ons (concept)' : 'About us (draft)';
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(title);
      const notice = page.getByRole('status').filter({ hasText: locale === 'nl' ? 'Voorbeeld' : 'Preview' });
      expect(await notice.count()).toBe(1);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await seriousViolations(page)).toEqual([]);
      // The page itself is still the published one, for this visitor and from the cache.
      await page.goto(`${baseUrl()}/over-ons`);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.not.toContain(title);
      expect(problems.messages).toEqual([]);
      await context.close();
    });
  }

  it('that expired or was changed shows the published page and says so', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${previewUrl}x`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.not.toContain('concept');
    expect(await page.getByRole('status').filter({ hasText: 'verlopen' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('a scheduled publish', () => {
  it('shows up for a visitor at its moment, with no restart or action of the server', async () => {
    // A new, unpublished page in the main menu: visitors get a 404 until the schedule runs.
    const created = (await (
      await admin.post('/api/pages', { title: { nl: 'Gepland bericht' }, layout: '100', isPublished: false })
    ).json()) as { guid: string };
    const menus = (await (await admin.get('/api/menus')).json()) as { guid: string; isTopLevel: boolean }[];
    const top = menus.find((menu) => menu.isTopLevel);
    if (!top) throw new Error('the demo has a main menu');
    const item = (await (
      await admin.post(`/api/menus/${top.guid}/items`, {
        name: { nl: 'Gepland' },
        urlSegment: 'e2e-gepland',
        pageGuid: created.guid,
      })
    ).json()) as { guid: string };
    try {
      const at = new Date(Date.now() + 2_000).toISOString();
      await admin.post(`/api/pages/${created.guid}/schedules`, {
        action: 'publish',
        at,
        version: 0,
        revision: null,
      });
      const context = await newContext(browser);
      const page = await context.newPage();
      const first = await page.goto(`${baseUrl()}/e2e-gepland`);
      expect(first?.status()).toBe(404);
      // Every node looks for due schedules every SCHEDULE_CHECK_SECONDS (15 by default).
      await expect
        .poll(async () => (await page.goto(`${baseUrl()}/e2e-gepland`))?.status(), {
          timeout: 40_000,
          interval: 1_000,
        })
        .toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
        'Gepland bericht',
      );
      await context.close();
    } finally {
      await admin.delete(`/api/menuitems/${item.guid}`);
      await admin.delete(`/api/pages/${created.guid}`);
    }
  });
});
