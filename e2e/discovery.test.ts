import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signInByApi, TEST_ADMIN } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Issue 30: what the site's pages tell machines. A visitor goes from the home page to the news list
 * by its menu, finds the list's feeds in the head and follows them (read by a feed library), sees
 * the social tags and structured data there and on an item page; the admin turns on "discourage
 * search engines" and sets the security contact on the settings screen's tab.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A meta tag's content, or null when the page has no such tag (read at once, not waited for). */
const metaContent = (page: Page, key: 'name' | 'property', value: string) =>
  page.evaluate(
    ([attribute, name]) =>
      document.querySelector(`meta[${attribute}="${name}"]`)?.getAttribute('content') ?? null,
    [key, value] as const,
  );

/** The page's JSON-LD documents, parsed; the types of their nodes. */
async function structuredTypes(page: Page): Promise<string[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const document = JSON.parse(text) as { '@context': string; '@graph': { '@type': string }[] };
    expect(document['@context']).toBe('https://schema.org');
    return document['@graph'].map((node) => node['@type']);
  });
}

describe('feeds and social tags for visitors', () => {
  it('the news list announces its feeds; followed, they hold the list’s items; the item page is an article', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/`);
    await waitForHydration(page);
    expect(await structuredTypes(page)).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    await page.getByRole('navigation').getByRole('link', { name: 'Nieuws', exact: true }).first().click();
    await page.waitForURL(`${baseUrl()}/nieuws`);
    const list = page.locator('.block-list').first();
    await list.locator('.list-item').first().waitFor();

    const rssLink = page.locator('link[rel="alternate"][type="application/rss+xml"]').first();
    const atomLink = page.locator('link[rel="alternate"][type="application/atom+xml"]').first();
    const rssHref = (await rssLink.getAttribute('href')) ?? '';
    expect(rssHref).toMatch(/\/feeds\/[0-9a-f-]{36}\.rss$/);
    const rssResponse = await context.request.get(rssHref);
    expect(rssResponse.status()).toBe(200);
    expect(rssResponse.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = parseRssFeed(await rssResponse.text());
    const shown = await list.locator('.list-item-title').allInnerTexts();
    // The list shows its newest first, as the feed does.
    expect(rss.items?.slice(0, shown.length).map((item) => item.title)).toEqual(shown);
    const atom = parseAtomFeed(
      await (await context.request.get((await atomLink.getAttribute('href')) ?? '')).text(),
    );
    expect(atom.entries?.length).toBe(rss.items?.length);

    expect(await metaContent(page, 'property', 'og:description')).toBeTruthy();
    expect(await metaContent(page, 'name', 'twitter:card')).toMatch(/^summary/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl()}/nieuws`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await structuredTypes(page)).not.toContain('WebSite');

    const firstTitle = shown[0] ?? '';
    await list.getByRole('link', { name: firstTitle }).first().click();
    await page.waitForURL(/\/nieuws\/i\//);
    await page.getByRole('heading', { level: 1, name: firstTitle }).waitFor();
    expect(await metaContent(page, 'property', 'og:type')).toBe('article');
    expect(Date.parse((await metaContent(page, 'property', 'article:published_time')) ?? '')).not.toBeNaN();
    expect(Date.parse((await metaContent(page, 'property', 'article:modified_time')) ?? '')).not.toBeNaN();
    // The item's image, else the page's, else the logo: always an uploaded image's 1200×630 variant
    // (the demo's logo is an SVG file, which link previews do not show: then there is none).
    const image = await metaContent(page, 'property', 'og:image');
    if (image)
      expect(image).toMatch(/^http.*\/a\/[0-9a-f-]{36}\?width=1200&height=630&fit=cover&format=jpeg$/);
    expect(await structuredTypes(page)).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList']));
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(page.url());
    expect(problems.messages).toEqual([]);

    for (const locale of ['nl', 'en'] as const) {
      for (const path of ['/nieuws', new URL(page.url()).pathname]) {
        await page.goto(`${baseUrl()}${path}?lang=${locale}`);
        await waitForHydration(page);
        const violations = await seriousViolations(page);
        expect(violations, `${locale} ${path}`).toEqual([]);
      }
    }
    await context.close();
  }, 180_000);

  it('an event shows its place in the agenda and on its page, and its Event names it as a Place', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/activiteiten/kalender`);
    const card = page.locator('.list-item', { hasText: 'Jaarvergadering' }).first();
    await expect(card.locator('.list-item-place').innerText()).resolves.toContain(
      'Dorpshuis De Linde, Dorpsstraat 1, Linden',
    );
    await card.getByRole('link', { name: 'Jaarvergadering' }).click();
    await page.waitForURL(/\/activiteiten\/kalender\/i\//);
    await waitForHydration(page);
    const itemUrl = page.url();
    const eventOf = async () => {
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      return scripts
        .flatMap((text) => (JSON.parse(text) as { '@graph': Record<string, unknown>[] })['@graph'])
        .find((node) => node['@type'] === 'Event');
    };
    for (const [locale, label, name] of [
      ['nl', 'Plaats', 'Dorpshuis De Linde'],
      ['en', 'Location', 'De Linde community centre'],
    ] as const) {
      if (locale === 'en') {
        // The Dutch title's address in English leads to the English one, still in English.
        await page.goto(`${itemUrl}?lang=en`);
        await page.waitForURL(/\/annual-meeting\?lang=en$/);
        await waitForHydration(page);
      }
      await expect(page.locator('.item-place').innerText()).resolves.toBe(
        `${label}: ${name}, Dorpsstraat 1, Linden`,
      );
      expect((await eventOf())?.location).toEqual({
        '@type': 'Place',
        name,
        address: 'Dorpsstraat 1, Linden',
      });
      expect(await seriousViolations(page), locale).toEqual([]);
    }
    await context.close();
  }, 120_000);

  it('answers small 404s for machine documents that are not there', async () => {
    const context = await newContext(browser);
    for (const path of ['/nothing.xml', '/sitemaps/nothing.xml', '/.well-known/security.txt', '/old.ico']) {
      const response = await context.request.get(`${baseUrl()}${path}`);
      expect(response.status(), path).toBe(404);
      expect((await response.body()).length, path).toBeLessThan(100);
    }
    const sitemap = await context.request.get(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    await context.close();
  });
});

describe('search engine settings', () => {
  it('the admin discourages search engines and names a security contact on the settings tab', async () => {
    const admin = await adminSession(browser);
    const context = await newContext(browser);
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      await page.goto(`${baseUrl()}/settings`);
      await waitForHydration(page);
      await page.getByRole('tab', { name: 'Zoekmachines en beveiliging' }).click();
      await page.getByRole('switch', { name: 'Zoekmachines ontmoedigen' }).check({ force: true });
      await page.getByRole('textbox', { name: 'Contact' }).fill('geen adres');
      await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
      // A contact that is neither an e-mail address nor https: said at the field, which gets the focus.
      const contact = page.getByRole('textbox', { name: 'Contact' });
      await expect.poll(() => contact.evaluate((node) => node === document.activeElement)).toBe(true);
      await page.getByText('Vul een e-mailadres of een openbaar https-adres in.').waitFor();
      await contact.fill('security@example.nl');
      await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
      await page.getByText('Geen wijzigingen').first().waitFor();

      const robots = await context.request.get(`${baseUrl()}/robots.txt`);
      expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
      const security = await context.request.get(`${baseUrl()}/.well-known/security.txt`);
      expect(await security.text()).toContain('Contact: mailto:security@example.nl\n');
      const visitor = await newContext(browser);
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`${baseUrl()}/nieuws`);
      expect(await metaContent(visitorPage, 'name', 'robots')).toBe('noindex');
      await visitor.close();

      for (const locale of ['nl', 'en'] as const) {
        await page.goto(`${baseUrl()}/settings?tab=search&lang=${locale}`);
        await waitForHydration(page);
        await page.getByRole('tab', { selected: true }).waitFor();
        expect(await seriousViolations(page), locale).toEqual([]);
      }
      expect(problems.messages).toEqual([]);
    } finally {
      // The other browser tests share this server: the site is open to search engines again.
      await admin.put('/api/platformsettingvalues', [
        { key: 'discourageSearchEngines', value: 'false' },
        { key: 'securityContact', value: '' },
      ]);
      await admin.close();
      await context.close();
    }
  }, 180_000);
});
