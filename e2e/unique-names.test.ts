import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { signInByApi, TEST_ADMIN } from './accounts.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

/**
 * Issue 26, repeated names: on every admin screen and in edit mode, in Dutch and in English, no
 * two buttons, links, tabs or menu items share an accessible name unless they do the same thing
 * (links to the same address). A screen reader's list of buttons or links ("Bewerk", "Bewerk",
 * "Omhoog"…) tells nothing otherwise: rows' and blocks' buttons are named after them ("Bewerk
 * Nieuws", "Verplaats Blok 2: Tekst"), sort buttons after their column and table.
 */

/** The admin screens, reached from the side menu by these links (nl, en). */
const SCREENS: { link: { nl: string | RegExp; en: string | RegExp }; path: string }[] = [
  { link: { nl: 'Overzicht', en: 'Dashboard' }, path: '/admin/dashboard' },
  { link: { nl: "Pagina's", en: 'Pages' }, path: '/admin/pages' },
  { link: { nl: 'Menu', en: 'Menu' }, path: '/admin/menu' },
  { link: { nl: 'Gebruikers', en: 'Users' }, path: '/admin/users' },
  { link: { nl: 'Rollen', en: 'Roles' }, path: '/admin/roles' },
  { link: { nl: /^Formulieren/, en: /^Forms/ }, path: '/admin/forms' },
  { link: { nl: 'Prullenbak', en: 'Trash' }, path: '/admin/trash' },
  { link: { nl: 'Statistieken', en: 'Statistics' }, path: '/statistics' },
  { link: { nl: 'Headerafbeeldingen', en: 'Header images' }, path: '/admin/header-images' },
  { link: { nl: 'Itemtypes', en: 'Item types' }, path: '/admin/item-types' },
];

type Control = { role: string; name: string; url: string | null };

/**
 * The named controls a screen reader lists, from the accessibility tree (Chromium's own names, as
 * Playwright's ARIA snapshot writes them): role, name, and a link's address.
 */
async function controls(area: Locator): Promise<Control[]> {
  const snapshot = await area.ariaSnapshot();
  const found: Control[] = [];
  const lines = snapshot.split('\n');
  for (const [index, line] of lines.entries()) {
    const match = /^(\s*)- (button|link|tab|menuitem)(?: "((?:[^"\\]|\\.)*)")?/.exec(line);
    if (!match) continue;
    const name = match[3] ? (JSON.parse(`"${match[3]}"`) as string) : '';
    let url: string | null = null;
    if (match[2] === 'link') {
      const indent = (match[1] ?? '').length;
      for (const next of lines.slice(index + 1)) {
        const depth = next.length - next.trimStart().length;
        if (depth <= indent) break;
        const address = /^\s*- \/url: (.*)$/.exec(next);
        if (address && depth === indent + 2) {
          url = (address[1] ?? '').replace(/^"|"$/g, '');
          break;
        }
      }
    }
    found.push({ role: match[2] ?? '', name: name.trim(), url });
  }
  return found;
}

/**
 * Names used by controls that do different things: buttons, tabs and menu items alike, links to
 * other addresses. A name that holds a title more than one page or menu item carries (other test
 * files, and their retries, make pages with one title) repeats because of the content, not of how
 * the screens name their controls, and is left out.
 */
function repeated(found: Control[], sharedTitles: Set<string>): string[] {
  const byName = new Map<string, Control[]>();
  for (const control of found) {
    if (!control.name) continue;
    const key = control.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), control]);
  }
  const problems: string[] = [];
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    if ([...sharedTitles].some((title) => name.includes(title))) continue;
    const links = group.filter((control) => control.role === 'link');
    const others = group.filter((control) => control.role !== 'link');
    const addresses = new Set(links.map((control) => control.url));
    // Links to one address do the same thing; anything else with the name does something else.
    if (others.length === 0 && addresses.size === 1) continue;
    problems.push(
      `${name}: ${group.map((control) => control.role + (control.url ? ` → ${control.url}` : '')).join(', ')}`,
    );
  }
  return problems;
}

/** Page titles (either language, lower case) that more than one page has. */
async function titlesSharedByPages(context: BrowserContext): Promise<Set<string>> {
  const response = await context.request.get(`${baseUrl()}/api/pages`);
  expect(response.status()).toBe(200);
  const pages = (await response.json()) as { title: Partial<Record<'nl' | 'en', string>> }[];
  const counts = new Map<string, number>();
  for (const page of pages)
    for (const title of new Set(Object.values(page.title).map((value) => value?.trim().toLowerCase())))
      if (title) counts.set(title, (counts.get(title) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count > 1).map(([title]) => title));
}

describe('repeated names (issue 26)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(['nl', 'en'] as const)(
    'names every button and link on each admin screen and in edit mode apart (%s)',
    async (locale) => {
      const context = await newContext(browser, { width: 1280, height: 900 });
      await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
      await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
      const sharedTitles = await titlesSharedByPages(context);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/admin`);
      await waitForHydration(page);
      const sideMenu = page.getByRole('navigation', { name: locale === 'nl' ? 'Beheermenu' : 'Admin menu' });
      const problems: string[] = [];
      let previousHeading: string | null = null;
      for (const screen of SCREENS) {
        const name = screen.link[locale];
        await sideMenu.getByRole('link', { name, exact: typeof name === 'string' }).click();
        await page.waitForURL(`${baseUrl()}${screen.path}`);
        // Wait until the screen's data is there (its tables and lists filled).
        await page.waitForLoadState('networkidle');
        await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
        // The screen's own controls are read, once it is shown (its own heading, not the screen
        // before) with its data (the shell alone has a dozen): the check is not empty.
        const heading = page.locator('main h1');
        await expect.poll(() => heading.textContent(), { message: screen.path }).not.toBe(previousHeading);
        previousHeading = await heading.textContent();
        await expect
          .poll(async () => (await controls(page.locator('main'))).length, { message: screen.path })
          .toBeGreaterThan(3);
        const found = await controls(page.locator('body'));
        for (const problem of repeated(found, sharedTitles)) problems.push(`${screen.path}: ${problem}`);
      }

      // Edit mode of a page with blocks in more than one area, from the page's edit control.
      await page.goto(`${baseUrl()}/over-ons`);
      await waitForHydration(page);
      await page.locator('.edit-control').click();
      await page.waitForURL(`${baseUrl()}/over-ons/edit`);
      await page.locator('[data-editable-block]').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const problem of repeated(await controls(page.locator('body')), sharedTitles))
        problems.push(`/over-ons/edit: ${problem}`);

      expect(problems, problems.join('\n')).toEqual([]);
      await context.close();
    },
  );
});
