import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { signInByApi, TEST_ADMIN } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, openDialog, waitForHydration } from './browser.ts';

/**
 * axe-core (WCAG 2.0 and 2.1, levels A and AA) on every screen the app has, signed out and signed in
 * as the demo admin, in Dutch and in English. A serious or critical violation fails the test; the
 * failure names the rule, the element and its HTML. One browser for the whole file and one context
 * per language and session, so the file stays quick.
 */

const LOCALES = ['nl', 'en'] as const;
type Locale = (typeof LOCALES)[number];
type Step = (page: Page, locale: Locale) => Promise<void>;
type Screen = {
  name: string;
  /** The path to open, per language where it differs. */
  path: string | ((locale: Locale) => string);
  /** What to do after the page has hydrated and before the scan (open a menu, a dialog). */
  prepare?: Step;
  /**
   * Whether to scan the site's header and footer too. They are the same on every screen, so they
   * are scanned where they first appear (signed out and signed in) and left out elsewhere: axe is
   * most of the time this file takes. Dialogs and menus (rendered at the end of <body>) always count.
   */
  withShell?: boolean;
};

const SHELL = ['.site-header', '.site-footer'];

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
  return response;
}

/**
 * A context in `locale`: the site speaks Dutch unless the visitor chose English (the `lang` cookie the
 * language switch and `?lang=` remember; a signed-in user's choice is stored the same way).
 */
async function localeContext(locale: Locale, options: { consent?: 'none' | 'required' } = {}) {
  const context = await newContext(browser, { locale: locale === 'nl' ? 'nl-NL' : 'en-GB', ...options });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  return context;
}

/** Opens one screen in one language and returns its serious and critical violations, located. */
async function scan(page: Page, screen: Screen, locale: Locale): Promise<string[]> {
  const path = typeof screen.path === 'function' ? screen.path(locale) : screen.path;
  await open(page, path);
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe(locale);
  await screen.prepare?.(page, locale);
  return (await seriousViolations(page, { exclude: screen.withShell ? [] : SHELL })).map(
    (violation) => `[${locale}] ${path}: ${violation}`,
  );
}

/** Scans a screen in Dutch and in English side by side (one page per language); lists every violation. */
async function expectAccessible(pages: Record<Locale, Page>, screen: Screen) {
  const found = (await Promise.all(LOCALES.map((locale) => scan(pages[locale], screen, locale)))).flat();
  expect(found, `${screen.name}:\n${found.join('\n\n')}`).toEqual([]);
}

const label = (locale: Locale, nl: string, en: string) => (locale === 'nl' ? nl : en);

/**
 * Opens the item form and waits for its rich text field (loaded on demand). The item tools load
 * lazily in edit mode; on a busy machine a click can come before their handler is attached, so the
 * click is repeated while no dialog has opened.
 */
async function openItemForm(page: Page, trigger: Locator) {
  const dialog = page.getByRole('dialog');
  await openDialog(trigger, dialog);
  await dialog.locator('.ProseMirror').waitFor();
}

/** The first item of the demo's news list: its own page. */
const openFirstItem: Step = async (page) => {
  const href = await page.locator('.block-list .list-item-title a').first().getAttribute('href');
  if (!href) throw new Error('no item link in the news list');
  await open(page, href);
};

const VISITOR_SCREENS: Screen[] = [
  { name: 'home', path: '/', withShell: true },
  { name: 'content page', path: '/over-ons' },
  { name: 'news list', path: '/nieuws' },
  { name: 'agenda', path: '/activiteiten/kalender' },
  { name: 'item page', path: '/nieuws', prepare: openFirstItem },
  { name: 'search results', path: '/search?q=linde' },
  { name: 'not found', path: '/bestaat-niet', withShell: true },
  { name: 'terms of use', path: (locale) => `/legal/terms-of-use/${locale}` },
  { name: 'privacy statement', path: '/legal/privacy' },
  { name: 'accessibility statement', path: (locale) => `/legal/accessibility/${locale}` },
  { name: 'cookie statement', path: (locale) => `/legal/cookie-statement/${locale}` },
  { name: 'unauthorized', path: '/unauthorized' },
  { name: 'sign in', path: '/sign-in' },
  {
    name: 'sign in, failed',
    path: '/sign-in',
    prepare: async (page, locale) => {
      await page.getByLabel(/^(E-mailadres|E-mail address)/).fill('nobody@e2e.example');
      await page.getByLabel(/^(Wachtwoord|Password)/).fill('not the password');
      await page
        .getByRole('main')
        .getByRole('button', { name: label(locale, 'Inloggen', 'Sign in') })
        .click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'sign up', path: '/sign-up' },
  { name: 'forgot password', path: '/forgot-password' },
  { name: 'reset password', path: '/reset-password/not-a-real-token' },
  { name: 'invitation', path: '/invitation/not-a-real-code' },
];

/** The account screens, admin screens and edit mode, as the demo admin. */
const SIGNED_IN_SCREENS: Screen[] = [
  {
    name: 'home with the user menu open',
    path: '/',
    withShell: true,
    prepare: async (page) => {
      await page.locator('.user-menu-button').click();
      await page.getByRole('menu').waitFor();
    },
  },
  { name: 'profile', path: '/account/profile' },
  { name: 'preferences', path: '/account/preferences' },
  { name: 'activity', path: '/account/activity' },
  { name: 'privacy', path: '/account/privacy' },
  { name: 'security', path: '/account/security' },
  { name: 'admin users', path: '/admin/users' },
  { name: 'settings', path: '/settings' },
  {
    name: 'edit mode, add-block menu',
    path: '/contact/edit',
    prepare: async (page, locale) => {
      await page
        .getByRole('button', {
          name: label(locale, 'Blok toevoegen aan hoofdgedeelte', 'Add block to main area'),
        })
        .click();
      await fadedIn(page, 'menu');
    },
  },
  {
    name: 'edit mode, block drawer',
    path: '/contact/edit',
    prepare: async (page, locale) => {
      await page
        .getByRole('button', {
          name: label(locale, 'Blok toevoegen aan hoofdgedeelte', 'Add block to main area'),
        })
        .click();
      await page.getByRole('menuitem', { name: label(locale, 'Tekst', 'Text'), exact: true }).click();
      await page.getByRole('dialog').locator('.ProseMirror').waitFor();
    },
  },
  {
    name: 'edit mode, list item form',
    path: '/nieuws/edit',
    prepare: async (page, locale) => {
      await openItemForm(
        page,
        page.getByRole('button', { name: label(locale, 'Item toevoegen', 'Add item') }),
      );
    },
  },
  {
    name: 'edit mode, form of an existing item (with its image upload)',
    path: '/nieuws/edit',
    prepare: async (page) => {
      await openItemForm(page, page.locator('.list-item-tools button').first());
    },
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** One context and page per language, signed in as the demo admin or not, for a whole describe. */
function useSession(options: { signedIn: boolean }) {
  const contexts: BrowserContext[] = [];
  const pages = {} as Record<Locale, Page>;
  beforeAll(async () => {
    for (const locale of LOCALES) {
      const context = await localeContext(locale);
      contexts.push(context);
      if (options.signedIn) await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
      pages[locale] = await context.newPage();
    }
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });
  return pages;
}

describe('signed out', () => {
  const pages = useSession({ signedIn: false });

  it.each(VISITOR_SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
    await expectAccessible(pages, screen);
  });

  it('the cookie dialog', async () => {
    const contexts = await Promise.all(LOCALES.map((locale) => localeContext(locale, { consent: 'none' })));
    try {
      const [nl, en] = await Promise.all(contexts.map((context) => context.newPage()));
      if (!nl || !en) throw new Error('no page');
      await expectAccessible(
        { nl, en },
        {
          name: 'cookie dialog',
          path: '/',
          withShell: true,
          prepare: async (page) => {
            await page.getByRole('dialog', { name: 'Cookies' }).waitFor();
          },
        },
      );
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});

describe('signed in as the admin', () => {
  const pages = useSession({ signedIn: true });

  it.each(SIGNED_IN_SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
    await expectAccessible(pages, screen);
  });
});
