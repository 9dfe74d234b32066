import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { createAccount, freshEmail, signInByApi, unexpectedProblems } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Issue 26: declining new terms of use says what follows before signing out (a question: signed
 * out at once, the account stays, accept later) and says so afterwards (a notice on the page one
 * lands on), in Dutch and English; axe on both at 1280 and 375 px.
 */

const TEXTS = {
  nl: {
    dialog: 'Gebruiksvoorwaarden',
    decline: 'Weiger',
    question: 'Gebruiksvoorwaarden weigeren?',
    questionText: /word je meteen uitgelogd/,
    later: /later opnieuw inloggen/,
    back: 'Terug naar de voorwaarden',
    confirm: 'Weiger en log uit',
    noticeTitle: 'Je bent uitgelogd',
    notice: /niet geaccepteerd/,
    signInAgain: 'Opnieuw inloggen',
    close: 'Sluit melding',
    signIn: 'Inloggen',
  },
  en: {
    dialog: 'Terms of use',
    decline: 'Decline',
    question: 'Decline the terms of use?',
    questionText: /you will be signed out right away/,
    later: /sign in again later/,
    back: 'Back to the terms',
    confirm: 'Decline and sign out',
    noticeTitle: 'You are signed out',
    notice: /did not accept/,
    signInAgain: 'Sign in again',
    close: 'Close notice',
    signIn: 'Sign in',
  },
} as const;

describe('declining the terms of use', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    for (const width of [1280, 375]) {
      it(`asks first, then signs out and says so on the page it lands on (${locale}, ${width} px)`, async () => {
        const text = TEXTS[locale];
        const account = await createAccount(browser, {
          email: freshEmail(`decline-${locale}-${width}`),
          firstName: 'Dirk',
          lastName: 'Weigeraar',
          locale,
        });
        const context = await newContext(browser, { width });
        await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
        await signInByApi(context, account.email, account.password);
        const page = await context.newPage();
        const problems = watchProblems(page);
        await page.goto(`${baseUrl()}/over-ons`);
        await waitForHydration(page);

        const terms = page.getByRole('dialog', { name: text.dialog });
        await terms.waitFor();
        await fadedIn(page);
        await terms.getByRole('button', { name: text.decline, exact: true }).click();

        // The question: what follows, with the safe answer focused.
        const question = page.getByRole('dialog', { name: text.question });
        await question.waitFor();
        await expect(question.getByText(text.questionText).count()).resolves.toBe(1);
        await expect(question.getByText(text.later).count()).resolves.toBe(1);
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(text.back);
        expect(await seriousViolations(page), `question ${locale} ${width}`).toEqual([]);

        // Back returns to the terms (focus on the decline button); nothing was stored.
        await question.getByRole('button', { name: text.back }).click();
        await page.getByRole('dialog', { name: text.dialog, exact: true }).waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(text.decline);
        await expect(
          page.getByRole('banner').getByRole('link', { name: text.signIn, exact: true }).count(),
        ).resolves.toBe(0);

        // Declining for real signs out and lands on the home page with the notice, focused.
        await page.keyboard.press('Enter');
        await question.getByRole('button', { name: text.confirm }).click();
        await question.waitFor({ state: 'hidden' });
        await page.getByRole('banner').getByRole('link', { name: text.signIn, exact: true }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        const notice = page.getByRole('status').filter({ hasText: text.noticeTitle });
        await notice.waitFor();
        await expect(notice.getByText(text.notice).count()).resolves.toBe(1);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.classList.contains('signed-out-notice')))
          .toBe(true);
        expect(await seriousViolations(page), `notice ${locale} ${width}`).toEqual([]);

        // A reload keeps it (the history entry's state), rendered after hydration without a mismatch.
        await page.reload();
        await waitForHydration(page);
        await notice.waitFor();

        // Its link leads back to signing in; closing it removes it.
        await expect(notice.getByRole('link', { name: text.signInAgain }).getAttribute('href')).resolves.toBe(
          '/sign-in',
        );
        await notice.getByRole('button', { name: text.close }).click();
        await notice.waitFor({ state: 'detached' });

        // Nothing was accepted: signing in again asks again.
        await signInByApi(context, account.email, account.password);
        await page.goto(`${baseUrl()}/`);
        await waitForHydration(page);
        await page.getByRole('dialog', { name: text.dialog }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(unexpectedProblems(problems)).toEqual([]);
        await context.close();
      }, 90_000);
    }
  }
});
