import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { unexpectedProblems } from './accounts.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * What visitors read and how they move through the site: item type labels, event dates, the
 * language of Dutch fallback text on English pages, one readable link colour, the measure of
 * prose, the error colour of forms and the focus after a failed sign-in.
 */

const NEWS = '/nieuws';
const AGENDA = '/activiteiten/kalender';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
  return response;
}

async function visitor(options: { locale?: 'nl' | 'en'; width?: number } = {}) {
  const context = await newContext(browser, { width: options.width ?? 1280 });
  if (options.locale) {
    await context.addCookies([{ name: LOCALE_COOKIE, value: options.locale, url: baseUrl() }]);
  }
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

/** WCAG contrast of a CSS rgb()/rgba() colour against white. */
function contrastWithWhite(color: string): number {
  const [red = 0, green = 0, blue = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const linear = (channel: number) => {
    const srgb = channel / 255;
    return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
  return 1.05 / (luminance + 0.05);
}

const colorOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).color);

describe('item types', () => {
  it('show their label, not the raw type name, in lists, item pages and search', async () => {
    const { context, page, problems } = await visitor();
    await open(page, NEWS);
    const types = await page.locator('.block-list .list-item-type').allInnerTexts();
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(['Nieuws', 'Evenement']).toContain(type);
    const options = await page.locator('.list-type-filter option').allTextContents();
    expect(options).not.toContain('nieuws');

    const href = await page.locator('.block-list .list-item-title a').first().getAttribute('href');
    await open(page, href ?? '/');
    await expect(page.locator('.item-type').innerText()).resolves.toMatch(/^\s*· (Nieuws|Evenement)$/);

    await open(page, '/search?q=jaarvergadering');
    const badges = await page.locator('.search-hit-type').allInnerTexts();
    expect(badges).toContain('Evenement');
    expect(badges).not.toContain('EVENEMENT');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('are labelled in English on English pages', async () => {
    const { context, page } = await visitor({ locale: 'en' });
    await open(page, NEWS);
    const types = await page.locator('.block-list .list-item-type').allInnerTexts();
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(['News', 'Event']).toContain(type);
    await context.close();
  });
});

describe('the agenda', () => {
  it('shows when each event takes place, not when it was published', async () => {
    const { context, page } = await visitor();
    await open(page, AGENDA);
    const dates = await page
      .locator('.block-list .list-item-date time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(dates.length).toBeGreaterThan(1);
    // The demo's events were all published 30 days ago; they take place on different days ahead.
    for (const date of dates) expect(Date.parse(date)).toBeGreaterThan(Date.now());
    expect(new Set(dates).size).toBe(dates.length);
    await expect(page.locator('.block-list .list-item-date').first().getAttribute('data-kind')).resolves.toBe(
      'event',
    );

    // The event's own page says the same.
    const first = page.locator('.block-list .list-item').first();
    const eventDate = await first.locator('.list-item-date time').getAttribute('datetime');
    await first.locator('.list-item-title a').click();
    await page.locator('.item-page').waitFor();
    await expect(page.locator('.item-dates time').first().getAttribute('datetime')).resolves.toBe(eventDate);
    await expect(page.locator('.item-dates').innerText()).resolves.toContain('Datum van het evenement');
    await context.close();
  });
});

describe('Dutch text on English pages', () => {
  it('is marked lang="nl" where a translation is missing, and only there', async () => {
    const { context, page } = await visitor({ locale: 'en' });
    await open(page, AGENDA);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    const items = page.locator('.block-list .list-item');
    expect(await items.count()).toBeGreaterThan(0);
    // The demo's events have English titles but only Dutch descriptions.
    const languages = await items.evaluateAll((nodes) =>
      nodes.map((node) => ({
        title: node.querySelector('.list-item-title')?.closest('[lang]')?.getAttribute('lang'),
        description: node.querySelector('.list-item-description')?.closest('[lang]')?.getAttribute('lang'),
      })),
    );
    for (const language of languages) expect(language).toEqual({ title: 'en', description: 'nl' });

    // A news item without any English: its page marks title, description, body and breadcrumb.
    await open(page, NEWS);
    const untranslated = page.locator('.block-list .list-item-title[lang="nl"] a').first();
    const href = await untranslated.getAttribute('href');
    expect(href, 'a news item without an English title').toBeTruthy();
    await open(page, href ?? '/');
    const langOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => element.closest('[lang]')?.getAttribute('lang'));
    await expect(langOf('.item-title')).resolves.toBe('nl');
    await expect(langOf('.item-description')).resolves.toBe('nl');
    await expect(langOf('.item-blocks .rich-text')).resolves.toBe('nl');
    await expect(langOf('.breadcrumbs [aria-current="page"]')).resolves.toBe('nl');
    // The interface around it stays English.
    await expect(langOf('.item-back-link')).resolves.toBe('en');
    await expect(langOf('.item-dates')).resolves.toBe('en');
    await context.close();
  });
});

describe('links', () => {
  it('have one colour in text, list titles, widgets and back links, readable on white', async () => {
    const { context, page } = await visitor();
    await open(page, '/');
    const textLink = await colorOf(page, '.block-text .rich-text a');
    const widgetLink = await colorOf(page, '.list-widget-item-title');
    await open(page, NEWS);
    const listTitle = await colorOf(page, '.block-list .list-item-title a');
    const href = await page.locator('.block-list .list-item-title a').first().getAttribute('href');
    await open(page, href ?? '/');
    const backLink = await colorOf(page, '.item-back-link');
    expect(new Set([textLink, widgetLink, listTitle, backLink])).toEqual(new Set([textLink]));
    expect(contrastWithWhite(textLink)).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });
});

describe('prose', () => {
  it('keeps a readable measure on wide screens, while lists keep their width', async () => {
    const { context, page } = await visitor({ width: 1920 });
    await open(page, '/');
    const measure = await page
      .locator('.block-text .rich-text')
      .first()
      .evaluate((element) => {
        const probe = document.createElement('span');
        probe.textContent = '0';
        element.append(probe);
        const ch = probe.getBoundingClientRect().width;
        probe.remove();
        return { width: element.getBoundingClientRect().width, ch };
      });
    expect(measure.width).toBeLessThanOrEqual(70 * measure.ch + 1);
    await open(page, NEWS);
    const listWidth = await page
      .locator('.block-list .list-items')
      .first()
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(listWidth).toBeGreaterThan(70 * measure.ch + 100);
    await context.close();
  });
});

describe('forms', () => {
  it('show field errors in a colour readable on white', async () => {
    const { context, page } = await visitor();
    await open(page, '/sign-up');
    await page.getByRole('button', { name: 'Maak account aan' }).click();
    const error = page.locator('.mantine-InputWrapper-error').first();
    await error.waitFor();
    const color = await error.evaluate((element) => getComputedStyle(element).color);
    expect(contrastWithWhite(color), `error text colour ${color}`).toBeGreaterThanOrEqual(4.5);
    // The focus goes to the first field that needs attention.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    await context.close();
  });

  it('keep "Inloggen" pressable and say at the field what is missing (issue 35)', async () => {
    const { context, page, problems } = await visitor();
    // From the home page by the header's sign-in link, as a visitor gets there.
    await open(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Inloggen', exact: true }).click();
    await page.waitForURL(/\/sign-in/);
    const main = page.getByRole('main');
    const submit = main.getByRole('button', { name: 'Inloggen' });
    expect(await submit.isEnabled()).toBe(true);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST') posts += 1;
    });
    await submit.click();
    await main.getByText('Vul je e-mailadres in.').waitFor();
    await main.getByText('Vul je wachtwoord in.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    // The focused field shows a ring of 2 px or more, 3:1 against white.
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return {
        width: Number.parseFloat(style.outlineWidth),
        style: style.outlineStyle,
        color: style.outlineColor,
      };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrastWithWhite(ring.color), `focus ring ${ring.color}`).toBeGreaterThanOrEqual(3);
    await page.getByLabel(/^E-mailadres/).fill('nobody@e2e.example');
    await submit.click();
    await expect.poll(() => main.getByText('Vul je e-mailadres in.').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('current-password');
    expect(posts).toBe(0);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('put the focus on the error after a failed sign-in, not on <body>', async () => {
    const { context, page, problems } = await visitor();
    await open(page, '/sign-in');
    await page.getByLabel(/^E-mailadres/).fill('nobody@e2e.example');
    await page.getByLabel(/^Wachtwoord/).fill('not the password');
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    const focused = await page.evaluate(() => ({
      isAlert: document.activeElement?.getAttribute('role') === 'alert',
      text: document.activeElement?.textContent ?? '',
    }));
    expect(focused.isAlert).toBe(true);
    expect(focused.text).toBe(await alert.innerText());
    // A wrong password on purpose: the API answers 401.
    expect(unexpectedProblems(problems, [401])).toEqual([]);
    await context.close();
  });
});
