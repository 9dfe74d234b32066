import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { signInByApi, TEST_ADMIN } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

/** The admin shell: side menu, admin navigation, the drawer on a phone, focus after navigation, axe. */

async function adminContext(browser: Browser, width: number, locale: 'nl' | 'en' = 'nl') {
  const context = await newContext(browser, { width });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

describe('the admin shell', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    desktop = await adminContext(browser, 1280);
  });
  afterAll(async () => {
    await desktop.close();
    await browser.close();
  });

  it('puts every admin screen in one shell: side menu (forms marked beta) and admin navigation', async () => {
    const page = await desktop.newPage();
    await open(page, '/settings');
    const sideMenu = page.getByRole('navigation', { name: 'Beheermenu' });
    const entries = [
      'Overzicht',
      "Pagina's",
      'Menu',
      'Gebruikers',
      'Rollen',
      /^Formulieren\s*bèta$/,
      'Mediabibliotheek',
      'Prullenbak',
      'Statistieken',
      'Headerafbeeldingen',
      'Itemtypes',
    ];
    await expect(sideMenu.getByRole('link').count()).resolves.toBe(entries.length);
    for (const name of entries) {
      await expect(sideMenu.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    }
    const adminNavigation = page.getByRole('navigation', { name: 'Beheernavigatie' });
    await expect(adminNavigation.getByRole('link').allInnerTexts()).resolves.toEqual([
      'Beheer',
      'Instellingen',
    ]);
    await expect(
      adminNavigation.getByRole('link', { name: 'Instellingen' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    // The admin area has no public header or footer, and anchors stop 108 px from the top.
    await expect(page.locator('.site-header, .site-footer').count()).resolves.toBe(0);
    await expect(page.locator('html').getAttribute('data-area')).resolves.toBe('admin');
    await expect(
      page.locator('.admin-header').evaluate((el) => el.getBoundingClientRect().height),
    ).resolves.toBe(48);
    await expect(
      page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop),
    ).resolves.toBe('108px');

    // Navigating by the side menu moves the focus to the new screen's heading.
    await sideMenu.getByRole('link', { name: 'Gebruikers' }).click();
    await page.waitForURL(`${baseUrl()}/admin/users`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Gebruikersbeheer');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('admin-title');
    await expect(
      sideMenu.getByRole('link', { name: 'Gebruikers' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await page.close();
  });

  it('sends visitors who open an admin screen to sign in, with the way back', async () => {
    const visitor = await newContext(browser, { width: 1280 });
    const page = await visitor.newPage();
    for (const path of ['/settings', '/admin/forms']) {
      await page.goto(`${baseUrl()}${path}`);
      expect(new URL(page.url()).pathname).toBe('/sign-in');
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe(path);
    }
    await visitor.close();
  });

  it('turns the side menu into a drawer at 375 px: opened by the burger, closed by Escape', async () => {
    const phone = await adminContext(browser, 375);
    const page = await phone.newPage();
    await open(page, '/admin/forms');
    const sideMenu = page.getByRole('navigation', { name: 'Beheermenu' });
    await expect(sideMenu.isVisible()).resolves.toBe(false);
    const burger = page.getByRole('button', { name: 'Beheermenu openen' });
    await burger.click();
    await expect(sideMenu.isVisible()).resolves.toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Overzicht');
    await page.keyboard.press('Escape');
    await expect.poll(() => sideMenu.isVisible()).toBe(false);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')))
      .toBe('admin-side-menu');
    // Choosing a screen in the drawer closes it.
    await burger.click();
    await sideMenu.getByRole('link', { name: 'Gebruikers' }).click();
    await page.waitForURL(`${baseUrl()}/admin/users`);
    await expect.poll(() => sideMenu.isVisible()).toBe(false);
    // Nothing scrolls sideways on a phone.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    // The top bar's navigation and the user's menu (its avatar; the name is for screen readers) do not overlap.
    const navigation = await page.getByRole('navigation', { name: 'Beheernavigatie' }).boundingBox();
    const userMenu = page.getByRole('button', { name: /gebruikersmenu/ });
    const menuBox = await userMenu.boundingBox();
    expect(navigation && menuBox && navigation.x + navigation.width <= menuBox.x).toBe(true);
    await phone.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    it(`has no serious or critical axe violations in the shell (${locale}, desktop and phone)`, async () => {
      for (const width of [1280, 375]) {
        const context = await adminContext(browser, width, locale);
        const page = await context.newPage();
        await open(page, '/admin/forms');
        if (width === 375) {
          await page
            .getByRole('button', { name: locale === 'nl' ? 'Beheermenu openen' : 'Open admin menu' })
            .click();
        }
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      }
    });
  }
});
