import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import {
  adminSession,
  createAccount,
  freshEmail,
  signInByApi,
  TEST_ADMIN,
  unexpectedProblems,
} from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import {
  baseUrl,
  launchBrowser,
  newContext,
  type PageProblems,
  waitForHydration,
  watchProblems,
} from './browser.ts';

/**
 * Issue 26, the admin shell: every way into the admin area works on a click (a client-side
 * navigation) from a public page, an account page and an admin page, and on a full load; the tab
 * bars and the side menu are styled (also right after a full load); one <main> per screen;
 * repeated buttons are named after their row or block.
 */

const poll = expect.poll;

/** The screens the entry links lead to, by the heading each one shows. */
const SCREENS = {
  pages: { path: '/admin/pages', heading: "Pagina's" },
  settings: { path: '/settings', heading: 'Instellingen' },
  account: { path: '/account/profile', heading: 'Mijn account' },
} as const;

/** Where a signed-in person starts: a public page, an account page, an admin page. */
const STARTS = ['/over-ons', '/account/preferences', '/admin/users'] as const;

async function adminContext(browser: Browser, width = 1280, locale: 'nl' | 'en' = 'nl') {
  const context = await newContext(browser, { width });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

async function open(page: Page, path: string) {
  // Let the current page finish its requests first: leaving in the middle aborts them, which the
  // router logs as an error.
  if (page.url() !== 'about:blank') await page.waitForLoadState('networkidle');
  const response = await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
  return response;
}

/**
 * Marks the document: a click that navigates on the client keeps the mark, a full load loses it. An
 * entry link that worked only by reloading the page would pass a test that looks at the URL alone.
 */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { entryMark?: number }).entryMark = 26;
  });
}
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { entryMark?: number }).entryMark === 26);

/** Clicks `link`, then checks that the screen `target` shows, reached without loading a new document. */
async function clickInto(page: Page, link: Locator, target: { path: string; heading: string }) {
  await markDocument(page);
  await link.click();
  await page.waitForURL(`${baseUrl()}${target.path}`);
  await poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toBe(target.heading);
  expect(await isSameDocument(page)).toBe(true);
}

function userMenuButton(page: Page) {
  return page.getByRole('button', { name: /gebruikersmenu|user menu/ });
}

/** Opens the header's user menu (its code may still be on its way) and returns its item `name`. */
async function userMenuItem(page: Page, name: string): Promise<Locator> {
  const item = page.getByRole('menuitem', { name, exact: true });
  for (let attempt = 1; ; attempt += 1) {
    await userMenuButton(page).click();
    try {
      await item.waitFor({ timeout: 5_000 });
      return item;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function finish(page: Page, problems: PageProblems) {
  await page.waitForLoadState('networkidle');
  expect(unexpectedProblems(problems)).toEqual([]);
}

describe('every way into the admin area', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await adminContext(browser);
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });

  for (const start of STARTS) {
    it(`user menu from ${start}: "Gebruikersbeheer", "Instellingen" and "Mijn account" land on their screens`, async () => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await open(page, start);
      await clickInto(page, await userMenuItem(page, 'Gebruikersbeheer'), SCREENS.pages);
      await open(page, start);
      await clickInto(page, await userMenuItem(page, 'Instellingen'), SCREENS.settings);
      await open(page, start);
      await clickInto(page, await userMenuItem(page, 'Mijn account'), SCREENS.account);
      await finish(page, problems);
      await page.close();
    });
  }

  it('the admin bar\'s "Beheer" and "Instellingen", from an admin screen and from settings', async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    const adminBar = page.getByRole('navigation', { name: 'Beheernavigatie' });
    await open(page, '/admin/users');
    await clickInto(page, adminBar.getByRole('link', { name: 'Instellingen' }), SCREENS.settings);
    await clickInto(page, adminBar.getByRole('link', { name: 'Beheer' }), SCREENS.pages);
    // From a screen below /admin/users too.
    await open(page, '/admin/users/properties');
    await clickInto(page, adminBar.getByRole('link', { name: 'Beheer' }), SCREENS.pages);
    await finish(page, problems);
    await page.close();
  });

  it("every side-menu link, and the settings screen's links to header images and item types", async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    const sideMenu = page.getByRole('navigation', { name: 'Beheermenu' });
    await open(page, '/admin/pages');
    const entries = [
      { name: 'Menu', path: '/admin/menu', heading: 'Menu' },
      { name: 'Gebruikers', path: '/admin/users', heading: 'Gebruikersbeheer' },
      { name: 'Rollen', path: '/admin/roles', heading: 'Rollen' },
      { name: /^Formulieren/, path: '/admin/forms', heading: 'Formulieren' },
      { name: 'Prullenbak', path: '/admin/trash', heading: 'Prullenbak' },
      { name: 'Statistieken', path: '/statistics', heading: 'Statistieken' },
      { name: 'Headerafbeeldingen', path: '/admin/header-images', heading: 'Headerafbeeldingen' },
      { name: 'Itemtypes', path: '/admin/item-types', heading: 'Itemtypes' },
      { name: "Pagina's", path: '/admin/pages', heading: "Pagina's" },
    ];
    for (const entry of entries) {
      const link = sideMenu.getByRole('link', { name: entry.name });
      await clickInto(page, link, entry);
      await poll(() => link.getAttribute('aria-current')).toBe('page');
    }
    await open(page, '/settings');
    await page.getByRole('tab', { name: 'Onderdelen van de site' }).click();
    await clickInto(
      page,
      page.getByRole('main').getByRole('link', { name: 'Headerafbeeldingen' }),
      entries.find((entry) => entry.path === '/admin/header-images') as (typeof entries)[number],
    );
    await open(page, '/settings');
    await page.getByRole('tab', { name: 'Onderdelen van de site' }).click();
    await clickInto(
      page,
      page.getByRole('main').getByRole('link', { name: 'Itemtypes' }),
      entries.find((entry) => entry.path === '/admin/item-types') as (typeof entries)[number],
    );
    await finish(page, problems);
    await page.close();
  });

  it('a content manager\'s "Formulieren" in the user menu opens the forms screen', async () => {
    const account = await createAccount(browser, {
      email: freshEmail('entry-cm'),
      firstName: 'Carla',
      lastName: 'Manders',
      acceptTerms: true,
    });
    const admin = await adminSession(browser);
    await admin.put(`/api/users/${account.guid}`, { isContentManager: true });
    await admin.close();
    const manager = await newContext(browser);
    await signInByApi(manager, account.email, account.password);
    const page = await manager.newPage();
    const problems = watchProblems(page);
    for (const start of ['/over-ons', '/account/profile']) {
      await open(page, start);
      await clickInto(page, await userMenuItem(page, 'Formulieren'), {
        path: '/admin/forms',
        heading: 'Formulieren',
      });
    }
    await finish(page, problems);
    await manager.close();
  });

  it('/admin, /home and /account redirect on a full load, with or without a trailing slash, query kept', async () => {
    const page = await context.newPage();
    const cases = [
      ['/admin', '/admin/pages'],
      ['/admin/', '/admin/pages'],
      ['/home?x=1', '/?x=1'],
      ['/account', '/account/profile'],
      ['/account/?tab=1', '/account/profile?tab=1'],
    ] as const;
    for (const [from, to] of cases) {
      await page.goto(`${baseUrl()}${from}`);
      expect(page.url(), from).toBe(`${baseUrl()}${to}`);
    }
    await page.close();
  });

  it("the same three redirect a client-side navigation (their data URLs), without React Router's own parameter", async () => {
    const page = await context.newPage();
    await open(page, '/over-ons');
    // What the router asks for when a link to one of them is clicked.
    const cases = [
      ['/admin.data?_routes=redirect-admin', '/admin/pages'],
      ['/admin/_.data?_routes=redirect-admin', '/admin/pages'],
      ['/home.data?x=1&_routes=redirect-home', '/?x=1'],
      ['/account.data?_routes=redirect-account', '/account/profile'],
    ] as const;
    for (const [from, to] of cases) {
      const answer = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, body: await response.text() };
      }, from);
      expect(answer.status, from).toBe(202);
      expect(answer.body, from).toContain(`"${to}"`);
      expect(answer.body, from).not.toContain('_routes');
    }
    // And in the browser: a client-side navigation to /account from a public page lands on the profile.
    await markDocument(page);
    // No screen links to /account itself: the router's own navigate is what a click on such a link does.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter?.navigate('/account'),
    );
    await page.waitForURL(`${baseUrl()}/account/profile`);
    expect(await isSameDocument(page)).toBe(true);
    await page.close();
  });
});

describe('the admin screens look and read right after a full load', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await adminContext(browser);
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });

  /** The computed styles of the tab bar's tabs: padding, the active tab's bottom border and colour. */
  async function tabStyles(page: Page) {
    return page.getByRole('tab').evaluateAll((tabs) =>
      tabs.map((tab) => {
        const style = getComputedStyle(tab);
        return {
          name: tab.textContent,
          selected: tab.getAttribute('aria-selected') === 'true',
          paddingLeft: Number.parseFloat(style.paddingLeft),
          paddingTop: Number.parseFloat(style.paddingTop),
          borderBottomWidth: Number.parseFloat(style.borderBottomWidth),
          borderBottomColor: style.borderBottomColor,
          primary: getComputedStyle(document.documentElement)
            .getPropertyValue('--mantine-primary-color-filled')
            .trim(),
        };
      }),
    );
  }

  function expectStyledTabs(tabs: Awaited<ReturnType<typeof tabStyles>>) {
    expect(tabs.length).toBeGreaterThan(1);
    for (const tab of tabs) {
      // Mantine's tab: 10 px × 16 px around its label (0 when a reset overrides it).
      expect(tab.paddingLeft, `${tab.name}`).toBeGreaterThanOrEqual(12);
      expect(tab.paddingTop, `${tab.name}`).toBeGreaterThanOrEqual(8);
    }
    const active = tabs.filter((tab) => tab.selected);
    expect(active).toHaveLength(1);
    const [selected] = active;
    const others = tabs.filter((tab) => !tab.selected);
    // The active tab has a visible bottom border in the site colour; the others do not.
    expect(selected?.borderBottomWidth).toBeGreaterThanOrEqual(2);
    expect(selected?.borderBottomColor).not.toBe('rgba(0, 0, 0, 0)');
    for (const tab of others)
      expect(tab.borderBottomColor, `${tab.name}`).not.toBe(selected?.borderBottomColor);
  }

  it('styles the tab bars with a visible active tab, on a full load and after a click from a public page', async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await open(page, '/settings');
    // The settings screen draws its tabs once its data is there.
    await page.getByRole('tab', { name: 'Registratie en gebruiksvoorwaarden' }).waitFor();
    const settingsTabs = await tabStyles(page);
    expect(settingsTabs.map((tab) => tab.name)).toContain('Registratie en gebruiksvoorwaarden');
    expectStyledTabs(settingsTabs);
    // The tabs are apart: the bar is not one run of text (a tab on the same row starts after the one
    // before it; the bar wraps when the tabs do not fit).
    const boxes = await page
      .getByRole('tab')
      .evaluateAll((tabs) =>
        tabs
          .map((tab) => tab.getBoundingClientRect())
          .map((box) => ({ left: box.left, right: box.right, top: box.top })),
      );
    for (let index = 1; index < boxes.length; index += 1) {
      const [before, box] = [boxes[index - 1], boxes[index]];
      if (!before || !box || Math.abs(before.top - box.top) > 1) continue;
      expect(box.left).toBeGreaterThanOrEqual(before.right - 0.5);
    }
    // Choosing another tab moves the indicator.
    await page.getByRole('tab', { name: 'Meldingen' }).click();
    await poll(async () => (await tabStyles(page)).find((tab) => tab.selected)?.name).toBe('Meldingen');
    expectStyledTabs(await tabStyles(page));

    await open(page, '/admin/pages');
    await page.getByRole('tab').first().waitFor();
    expectStyledTabs(await tabStyles(page));

    // From a public page by the user menu (the admin screens' styles arrive after the site's).
    await open(page, '/over-ons');
    await clickInto(page, await userMenuItem(page, 'Instellingen'), SCREENS.settings);
    await page.getByRole('tab', { name: 'Registratie en gebruiksvoorwaarden' }).waitFor();
    expectStyledTabs(await tabStyles(page));
    await finish(page, problems);
    await page.close();
  });

  /** The site's stylesheets the page applies (a disabled link is not among document.styleSheets). */
  function siteStylesheets(page: Page) {
    return page.evaluate(() =>
      [...document.styleSheets]
        .map((sheet) => sheet.href ?? '')
        .filter((href) => href.includes('/assets/site-')),
    );
  }

  it("applies the site stylesheet once: after the blocks' code loads, and after a click into the admin area", async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/site-')) fetched.push(request.url());
    });
    // The contact page shows a video block: its code is a chunk that needs the site's stylesheet,
    // which Vite's loader linked a second time, after the styles already in the head (issue 35).
    await open(page, '/contact');
    await page.waitForLoadState('networkidle');
    expect(await siteStylesheets(page)).toHaveLength(1);
    await clickInto(page, await userMenuItem(page, 'Instellingen'), SCREENS.settings);
    await page.getByRole('tab', { name: 'Registratie en gebruiksvoorwaarden' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await siteStylesheets(page)).toHaveLength(1);
    expectStyledTabs(await tabStyles(page));
    expect(fetched.filter((url) => url.endsWith('.css'))).toHaveLength(1);
    await finish(page, problems);
    await page.close();
  });

  it('highlights the current side-menu item after a full load, as after a click', async () => {
    const page = await context.newPage();
    const sideMenu = page.getByRole('navigation', { name: 'Beheermenu' });
    const highlight = (name: string) =>
      sideMenu.getByRole('link', { name, exact: true }).evaluate((link) => {
        const style = getComputedStyle(link);
        return {
          current: link.getAttribute('aria-current'),
          background: style.backgroundColor,
          color: style.color,
        };
      });
    for (const [path, name, other] of [
      ['/admin/users', 'Gebruikers', 'Rollen'],
      ['/admin/roles', 'Rollen', 'Gebruikers'],
      ['/statistics', 'Statistieken', 'Itemtypes'],
    ] as const) {
      await open(page, path);
      const current = await highlight(name);
      const plain = await highlight(other);
      expect(current.current, path).toBe('page');
      expect(current.background, path).not.toBe('rgba(0, 0, 0, 0)');
      expect(current.background, path).not.toBe(plain.background);
      expect(plain.current, path).toBeNull();
    }
    // A screen below a side-menu entry keeps it highlighted.
    await open(page, '/admin/users/properties');
    expect((await highlight('Gebruikers')).background).not.toBe('rgba(0, 0, 0, 0)');
    await page.close();
  });

  it('has one main landmark per screen', async () => {
    const page = await context.newPage();
    for (const path of [
      '/admin/pages',
      '/admin/users',
      '/settings',
      '/statistics',
      '/account/profile',
      '/over-ons',
    ]) {
      await open(page, path);
      expect(await page.getByRole('main').count(), path).toBe(1);
      expect(await page.locator('main').count(), path).toBe(1);
    }
    // The skip link leads to it.
    await open(page, '/admin/users');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Direct naar de inhoud',
    );
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await page.close();
  });

  it("names each block's edit, move and delete buttons in edit mode after its block and place", async () => {
    const page = await context.newPage();
    await open(page, '/over-ons');
    await page.locator('.edit-control').click();
    await page.waitForURL(`${baseUrl()}/over-ons/edit`);
    await page.getByRole('region', { name: 'Bewerkmodus' }).waitFor();
    const blocks = page.locator('[data-editable-position="main"] > [data-editable-block]');
    await blocks.first().waitFor();
    expect(await blocks.count()).toBeGreaterThan(1);
    // Each block's own buttons, by their names: none of them twice on the page.
    const names = await page
      .locator('[data-editable-block]')
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .map((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim())
          .filter((name) => /^(Bewerk|Verwijder) |^Verplaats .* (omhoog|omlaag)$/.test(name)),
      );
    expect(names.length).toBeGreaterThanOrEqual(4 * 2);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    const first = blocks.first();
    const type = (await first.locator('.editable-block-toolbar p').first().innerText()).trim();
    const block = `${type} (blok 1 in hoofdgedeelte)`;
    for (const name of [
      `Bewerk ${block}`,
      `Verplaats ${block} omhoog`,
      `Verplaats ${block} omlaag`,
      `Verwijder ${block}`,
    ]) {
      await expect(first.getByRole('button', { name, exact: true }).count(), name).resolves.toBe(1);
    }
    const second = blocks.nth(1);
    const secondType = (await second.locator('.editable-block-toolbar p').first().innerText()).trim();
    await expect(
      second
        .getByRole('button', {
          name: `Verplaats ${secondType} (blok 2 in hoofdgedeelte) omhoog`,
          exact: true,
        })
        .count(),
    ).resolves.toBe(1);
    await page.close();
  });

  // One test per language and width: each scans three admin screens and the user menu.
  for (const locale of ['nl', 'en'] as const) {
    for (const width of [1280, 375]) {
      it(`has no serious or critical axe violations on the screens it changed (${locale}, ${width} px)`, async () => {
        const screenContext = await adminContext(browser, width, locale);
        const page = await screenContext.newPage();
        // Each screen once its data is there (its tabs, its table).
        for (const [path, ready] of [
          ['/settings', 'tab'],
          ['/admin/pages', 'tab'],
          ['/admin/users', 'table'],
        ] as const) {
          await open(page, path);
          await page.getByRole(ready).first().waitFor();
          expect(await seriousViolations(page), `${path} ${locale} ${width}`).toEqual([]);
        }
        // The user menu, whose items are ways in.
        await open(page, '/over-ons');
        await userMenuButton(page).click();
        await fadedIn(page, 'menu');
        expect(await seriousViolations(page), `user menu ${locale} ${width}`).toEqual([]);
        await screenContext.close();
      }, 120_000);
    }
  }
});
