import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { signInByApi, TEST_ADMIN, xsrfHeaders } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration } from './browser.ts';

/**
 * Scheduled backups on the settings screen (issue 28): the admin turns on the nightly backup and
 * chooses how many are kept, sees that none was made yet, and the tab passes axe in nl and en.
 */

async function adminContext(browser: Browser, locale: 'nl' | 'en') {
  const context = await newContext(browser, { width: 1280 });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

async function openBackupsTab(page: Page, locale: 'nl' | 'en') {
  await page.goto(`${baseUrl()}/settings`);
  await waitForHydration(page);
  await page.getByRole('tab', { name: locale === 'nl' ? 'Back-ups' : 'Backups' }).click();
  await page.locator('[data-backup-runs]').waitFor();
}

describe('scheduled backups in the settings', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await adminContext(browser, 'nl');
  });
  afterAll(async () => {
    // Leave the shared server as it was: no nightly backups.
    await resetSettings();
    await context.close();
    await browser.close();
  });

  const resetSettings = async () => {
    await context.request.put(`${baseUrl()}/api/platformsettingvalues`, {
      headers: await xsrfHeaders(context),
      data: [
        { key: 'backupSchedule', value: 'off' },
        { key: 'backupKeep', value: '7' },
      ],
    });
  };

  it('turns on the nightly backup, keeps a chosen number and says none was made yet', async () => {
    await resetSettings();
    const page = await context.newPage();
    await openBackupsTab(page, 'nl');
    await expect
      .poll(() => page.locator('[data-backup-runs]').textContent())
      .toContain('Er worden geen geplande back-ups gemaakt');
    await page.getByRole('switch', { name: 'Elke nacht een back-up maken' }).check();
    const keep = page.getByRole('textbox', { name: 'Aantal back-ups dat bewaard blijft' });
    await keep.fill('0');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    // 0 is refused before anything is sent; the field says why and has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('setting-backupKeep');
    await keep.fill('3');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    // Saved: nothing left to save.
    await expect
      .poll(() => page.getByRole('button', { name: 'Instellingen opslaan' }).isDisabled())
      .toBe(true);

    await page.reload();
    await waitForHydration(page);
    await page.locator('[data-backup-runs]').waitFor();
    expect(await page.getByRole('switch', { name: 'Elke nacht een back-up maken' }).isChecked()).toBe(true);
    expect(await keep.inputValue()).toBe('3');
    expect(await page.locator('[data-backup-runs]').textContent()).toContain(
      'Nog geen geplande back-up gemaakt',
    );
    await page.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    it(`has no serious or critical axe violations on the backups tab (${locale})`, async () => {
      const localeContext = await adminContext(browser, locale);
      const page = await localeContext.newPage();
      await openBackupsTab(page, locale);
      expect(await seriousViolations(page)).toEqual([]);
      await localeContext.close();
    });
  }
});
