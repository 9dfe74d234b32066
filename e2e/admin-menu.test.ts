import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { TOP_LEVEL_MENU } from '../common/site.ts';
import { signInByApi, TEST_ADMIN, xsrfHeaders } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

/**
 * admin/menu: nesting by drag and drop (mouse) and by keyboard, the public menu following, a new URL
 * part answering 301 from the old path, and axe on the tree and the add dialog in nl and en.
 */

type Item = { guid: string; urlSegment: string; path: string | null; relatedMenuItems: Item[] };
type Menu = { guid: string; isTopLevel: boolean; menuItems: Item[] };

describe('admin/menu', () => {
  let browser: Browser;
  let context: BrowserContext;
  let headers: Record<string, string>;
  let top: Menu;
  const created: string[] = [];

  const api = {
    get: async <T>(path: string) => (await context.request.get(`${baseUrl()}${path}`)).json() as Promise<T>,
    post: async <T>(path: string, data: unknown) => {
      const response = await context.request.post(`${baseUrl()}${path}`, { data, headers });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return (await response.json()) as T;
    },
  };
  const tree = async () => (await api.get<Menu>(`/api/menus/${top.guid}`)).menuItems;
  const find = (items: Item[], segment: string): Item | undefined =>
    items
      .flatMap((item) => [
        item,
        ...item.relatedMenuItems.flatMap((child) => [child, ...child.relatedMenuItems]),
      ])
      .find((item) => item.urlSegment === segment);

  async function open(page: Page, path: string) {
    await page.goto(`${baseUrl()}${path}`);
    await waitForHydration(page);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, { width: 1280 });
    await context.addCookies([{ name: LOCALE_COOKIE, value: 'nl', url: baseUrl() }]);
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    headers = await xsrfHeaders(context);
    top = (await api.get<Menu[]>('/api/menus')).find((menu) => menu.isTopLevel)!;
    for (const segment of ['e2e-a', 'e2e-b', 'e2e-c']) {
      const result = await api.post<{ guid: string }>(`/api/menus/${top.guid}/items`, {
        name: { nl: `Item ${segment}`, en: `Item ${segment}` },
        urlSegment: segment,
      });
      created.push(result.guid);
    }
  });
  afterAll(async () => {
    for (const guid of created)
      await context.request.delete(`${baseUrl()}/api/menuitems/${guid}`, { headers });
    const redirects = await api.get<{ items: { guid: string; fromPath: string }[] }>(
      '/api/redirects?pageSize=all&search=e2e-',
    );
    for (const redirect of redirects.items) {
      await context.request.delete(`${baseUrl()}/api/redirects/${redirect.guid}`, { headers });
    }
    await context.close();
    await browser.close();
  });

  it('nests by drag and drop with the mouse', async () => {
    const page = await context.newPage();
    await open(page, '/admin/menu');
    const handle = page.getByRole('button', { name: 'Verplaats Item e2e-b' });
    await handle.waitFor();
    await handle.scrollIntoViewIfNeeded();
    const box = await handle.boundingBox();
    if (!box) throw new Error('no handle box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(100);
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(x + step * 6, y + (step % 2));
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(200);
    await page.mouse.up();
    const spoken = await page.locator('[id^="DndLiveRegion"]').first().textContent();
    await expect
      .poll(async () => find(await tree(), 'e2e-b')?.path, {
        timeout: 10_000,
        message: `announced: ${spoken}`,
      })
      .toBe('/e2e-a/e2e-b');
    await page.close();
  });

  it('nests by keyboard, and the public menu shows the nesting', async () => {
    const page = await context.newPage();
    await open(page, '/admin/menu');
    // Item c: under a (its sibling above), then under b.
    const moveIn = page.getByRole('button', { name: 'Spring Item e2e-c in' });
    await moveIn.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => find(await tree(), 'e2e-c')?.path, { timeout: 10_000 })
      .toBe('/e2e-a/e2e-c');
    await page.getByRole('button', { name: 'Spring Item e2e-c in' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => find(await tree(), 'e2e-c')?.path, { timeout: 10_000 })
      .toBe('/e2e-a/e2e-b/e2e-c');
    // The keyboard sensor: lift b's handle with space, move up, drop; the announcements are spoken.
    const menu = await api.get<{ menuItems: Item[] }>(
      `/api/menus:withName?name=${encodeURIComponent(TOP_LEVEL_MENU)}`,
    );
    const a = menu.menuItems.find((item) => item.urlSegment === 'e2e-a');
    expect(a?.relatedMenuItems.map((item) => item.urlSegment)).toEqual(['e2e-b']);
    expect(a?.relatedMenuItems[0]?.relatedMenuItems.map((item) => item.urlSegment)).toEqual(['e2e-c']);
    const visitor = await newContext(browser);
    const publicPage = await visitor.newPage();
    await open(publicPage, '/');
    await expect(publicPage.locator('a[href="/e2e-a/e2e-b/e2e-c"]').count()).resolves.toBeGreaterThan(0);
    await visitor.close();
    await page.close();
  });

  it('lifts and drops with the keyboard sensor and speaks in Dutch', async () => {
    const page = await context.newPage();
    await open(page, '/admin/menu');
    await page.getByRole('button', { name: 'Verplaats Item e2e-a' }).focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.locator('[id^="DndLiveRegion"]').first().textContent(), { timeout: 5_000 })
      .toMatch(/Item e2e-a (opgepakt|is boven)/);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('[id^="DndLiveRegion"]').first().textContent(), { timeout: 5_000 })
      .toContain('geannuleerd');
    await page.close();
  });

  it('moves by keyboard as a tree: ArrowUp past a nested row keeps the level, and says where (issue 35)', async () => {
    // p with its sub-item p1, then q: q's arrow up passes p1 and lands before p, still on top.
    const run = Date.now().toString(36);
    const p = await api.post<{ guid: string }>(`/api/menus/${top.guid}/items`, {
      name: { nl: `Item e2e-p${run}` },
      urlSegment: `e2e-p${run}`,
    });
    created.push(p.guid);
    const p1 = await api.post<{ guid: string }>(`/api/menus/${top.guid}/items`, {
      name: { nl: `Item e2e-p1${run}` },
      urlSegment: `e2e-p1${run}`,
      parentGuid: p.guid,
    });
    created.push(p1.guid);
    const q = await api.post<{ guid: string }>(`/api/menus/${top.guid}/items`, {
      name: { nl: `Item e2e-q${run}` },
      urlSegment: `e2e-q${run}`,
    });
    created.push(q.guid);
    // From the admin side menu, as an admin gets there.
    const page = await context.newPage();
    await open(page, '/admin/dashboard');
    await page
      .getByRole('navigation', { name: 'Beheermenu' })
      .getByRole('link', { name: 'Menu', exact: true })
      .click();
    await page.waitForURL(`${baseUrl()}/admin/menu`);
    const spoken = () => page.locator('[id^="DndLiveRegion"]').first().textContent();
    await page.getByRole('button', { name: `Verplaats Item e2e-q${run}` }).focus();
    await page.keyboard.press('Space');
    await expect.poll(spoken, { timeout: 5_000 }).toMatch(new RegExp(`^Item e2e-q${run} opgepakt\\.`));
    await page.keyboard.press('ArrowUp');
    await expect.poll(spoken, { timeout: 5_000 }).toMatch(new RegExp(`^Item e2e-q${run} komt na `));
    expect(await spoken()).not.toMatch(/subitem|boven/);
    await page.keyboard.press('Space');
    await expect.poll(spoken, { timeout: 5_000 }).toMatch(new RegExp(`^Item e2e-q${run} staat nu na `));
    const index = (items: Item[], segment: string) => items.findIndex((item) => item.urlSegment === segment);
    await expect
      .poll(async () => {
        const now = await tree();
        return index(now, `e2e-q${run}`) < index(now, `e2e-p${run}`);
      })
      .toBe(true);
    expect(find(await tree(), `e2e-q${run}`)?.path).toBe(`/e2e-q${run}`);
    expect(find(await tree(), `e2e-p1${run}`)?.path).toBe(`/e2e-p${run}/e2e-p1${run}`);
    await page.close();
  });

  it('renames a URL part in the dialog; the old path answers 301 with the new one', async () => {
    const pages = await api.get<{ guid: string; isTemplate: boolean; isPublished: boolean }[]>('/api/pages');
    const target = pages.find((page) => !page.isTemplate && page.isPublished);
    if (!target) throw new Error('no published page');
    const item = await api.post<{ guid: string }>(`/api/menus/${top.guid}/items`, {
      name: { nl: 'E2E pagina' },
      urlSegment: 'e2e-pagina',
      pageGuid: target.guid,
    });
    created.push(item.guid);
    const page = await context.newPage();
    await open(page, '/admin/menu');
    await page.getByRole('button', { name: 'Bewerk E2E pagina' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL-deel').fill('e2e-nieuw');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'detached' });
    const response = await context.request.get(`${baseUrl()}/e2e-pagina/edit?x=1`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/e2e-nieuw/edit?x=1');
    const visitor = await newContext(browser);
    const visitorPage = await visitor.newPage();
    const answer = await visitorPage.goto(`${baseUrl()}/e2e-pagina`);
    expect(new URL(visitorPage.url()).pathname).toBe('/e2e-nieuw');
    expect(answer?.request().redirectedFrom()).not.toBeNull();
    await visitor.close();
    await page.close();
  });

  it('is usable at 375 px: no sideways scrolling, the row buttons reachable', async () => {
    const phone = await newContext(browser, { width: 375 });
    await signInByApi(phone, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await phone.newPage();
    await open(page, '/admin/menu');
    await page.locator('.menu-tree').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    const edit = page.getByRole('button', { name: 'Bewerk Item e2e-a' });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit.isVisible()).resolves.toBe(true);
    await phone.close();
  });

  it.each(['nl', 'en'] as const)(
    'has no serious axe violations on the tree and the add dialog (%s)',
    async (locale) => {
      const scoped = await newContext(browser, { width: 1280 });
      await scoped.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
      await signInByApi(scoped, TEST_ADMIN.email, TEST_ADMIN.password);
      const page = await scoped.newPage();
      await open(page, '/admin/menu');
      await page.locator('.menu-tree').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: locale === 'nl' ? 'Item toevoegen' : 'Add item' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await scoped.close();
    },
  );
});
