import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { TOP_LEVEL_MENU } from '../common/site.ts';
import { adminSession, signInByApi, TEST_ADMIN } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

/**
 * Issue 26, the trash: the admin deletes a page (in the menu, with text) from admin/pages, finds it
 * in the trash through the side menu, restores it, and a visitor sees it at its path again; another
 * entry is deleted for good by keyboard after the question. Axe in Dutch and English at 1280 and
 * 375 px on the trash and its question.
 */

const WIDTHS = [1280, 375] as const;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

async function signedIn(browser: Browser, locale: 'nl' | 'en' = 'nl', width = 1280) {
  const context = await newContext(browser, { width });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

describe('trash', () => {
  let browser: Browser;
  const suffix = Date.now().toString(36);
  const title = `Zomerkamp ${suffix}`;
  const segment = `zomerkamp-${suffix}`;
  const spare = `Oude vacature ${suffix}`;
  let spareGuid = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await adminSession(browser);
    try {
      const created = (await (
        await api.post('/api/pages', { title: { nl: title }, layout: '100', isPublished: true })
      ).json()) as { guid: string };
      const menu = (await (
        await api.get(`/api/menus:withName?name=${encodeURIComponent(TOP_LEVEL_MENU)}`)
      ).json()) as { guid: string };
      await api.post(`/api/menus/${menu.guid}/items`, {
        name: { nl: title },
        urlSegment: segment,
        pageGuid: created.guid,
      });
      const other = (await (
        await api.post('/api/pages', { title: { nl: spare }, layout: '100' })
      ).json()) as { guid: string };
      spareGuid = other.guid;
    } finally {
      await api.close();
    }
  });
  afterAll(async () => {
    await browser.close();
  });

  async function visitorStatus(path: string) {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl()}${path}`);
      const status = response?.status() ?? 0;
      const heading = status === 200 ? await page.getByRole('heading', { level: 1 }).first().innerText() : '';
      return { status, heading };
    } finally {
      await context.close();
    }
  }

  it('a page deleted from admin/pages is gone for visitors, found in the trash from the side menu, and restored', async () => {
    expect(await visitorStatus(`/${segment}`)).toEqual({ status: 200, heading: title });
    const context = await signedIn(browser);
    const page = await context.newPage();
    await open(page, `/admin/pages?search=${encodeURIComponent(suffix)}`);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: /Acties/ }).click();
    await page
      .getByRole('menu')
      .filter({ visible: true })
      .getByRole('menuitem', { name: 'Verwijder' })
      .click();
    const confirm = page.getByRole('dialog', { name: `“${title}” verwijderen?` });
    await confirm.getByText(/gaat met al haar blokken naar de prullenbak/).waitFor();
    await confirm.getByRole('button', { name: 'Verwijder de pagina' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await poll(() => row.count()).toBe(0);
    expect((await visitorStatus(`/${segment}`)).status).toBe(404);

    // Through the side menu, as an admin finds it.
    await page
      .getByRole('navigation', { name: 'Beheermenu' })
      .getByRole('link', { name: 'Prullenbak' })
      .click();
    await page.waitForURL(/\/admin\/trash$/);
    await page.getByRole('heading', { name: 'Prullenbak', level: 1 }).waitFor();
    const entry = page.getByRole('row').filter({ hasText: title });
    await poll(() => entry.count()).toBe(1);
    await expect(entry.innerText()).resolves.toMatch(/Pagina/);
    // Who deleted it: the admin's account, not the system.
    await expect(entry.innerText()).resolves.not.toContain('het systeem');
    await entry.getByRole('button', { name: `Herstellen ${title}` }).click();
    await poll(() => entry.count()).toBe(0);
    expect(await visitorStatus(`/${segment}`)).toEqual({ status: 200, heading: title });
    await context.close();
  });

  it('deletes an entry for good by keyboard after the question', async () => {
    const api = await adminSession(browser);
    await api.delete(`/api/pages/${spareGuid}`);
    await api.close();
    const context = await signedIn(browser);
    const page = await context.newPage();
    await open(page, `/admin/trash?search=${encodeURIComponent(suffix)}`);
    const entry = page.getByRole('row').filter({ hasText: spare });
    await poll(() => entry.count()).toBe(1);
    const purge = entry.getByRole('button', { name: `Definitief verwijderen ${spare}` });
    await purge.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Definitief verwijderen?' });
    await question.waitFor();
    await question.getByText(`“${spare}” wordt definitief verwijderd.`).waitFor();
    // Escape keeps it, and the focus returns to its button.
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    await poll(() => purge.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await question.waitFor();
    await question.getByRole('button', { name: 'Annuleer' }).waitFor();
    await page.keyboard.press('Tab');
    await poll(() =>
      question
        .getByRole('button', { name: 'Verwijder definitief' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    await poll(() => entry.count()).toBe(0);
    await context.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    for (const width of WIDTHS) {
      it(`passes axe on the trash and its question (${locale}, ${width} px)`, async () => {
        const api = await adminSession(browser);
        const made = (await (
          await api.post('/api/pages', { title: { nl: `Axe ${locale} ${width} ${suffix}` }, layout: '100' })
        ).json()) as { guid: string };
        await api.delete(`/api/pages/${made.guid}`);
        await api.close();
        const context = await signedIn(browser, locale, width);
        const page = await context.newPage();
        await open(page, '/admin/trash');
        await page
          .getByRole('heading', { name: locale === 'nl' ? 'Prullenbak' : 'Trash', level: 1 })
          .waitFor();
        await page.getByRole('row').nth(1).waitFor();
        const problems = (await seriousViolations(page)).map((line) => `list: ${line}`);
        await page
          .getByRole('button', {
            name: locale === 'nl' ? /^Definitief verwijderen / : /^Delete permanently /,
          })
          .first()
          .click();
        await fadedIn(page);
        problems.push(...(await seriousViolations(page)).map((line) => `question: ${line}`));
        await page.keyboard.press('Escape');
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
