import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { SIGN_IN_LIMITS } from '../server/domains/accounts/sign-in-limits.ts';
import { createAccount, freshEmail, newestMail, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Issue 34: after an attack on an account (a burst of wrong passwords at once), signing in from an
 * address the account never signed in from needs a proof of work. The sign-in screen says so, asks
 * for the challenge and solves it by itself, and the right password still signs in; axe on that
 * screen in Dutch and English. The owner got a mail about it.
 */

const SHELL = ['.site-header', '.site-footer'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** From the home page to the sign-in screen, as a visitor goes. */
async function toSignIn(locale: 'nl' | 'en') {
  const context = await newContext(browser);
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${baseUrl()}/`);
  await waitForHydration(page);
  await page
    .getByRole('banner')
    .getByRole('link', { name: locale === 'nl' ? 'Inloggen' : 'Sign in', exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === '/sign-in');
  await waitForHydration(page);
  return { context, page, problems };
}

const TEXTS = {
  nl: {
    email: 'E-mailadres',
    password: 'Wachtwoord',
    submit: 'Inloggen',
    notice: 'Daarom doet je browser eerst een korte controle',
    wrong: 'Het e-mailadres of wachtwoord is onjuist.',
  },
  en: {
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    notice: 'So your browser first does a short check',
    wrong: 'The e-mail address or password is incorrect.',
  },
} as const;

async function signInThroughForm(page: Page, locale: 'nl' | 'en', email: string, password: string) {
  const texts = TEXTS[locale];
  await field(page, texts.email).fill(email);
  await field(page, texts.password).fill(password);
  await page.getByRole('main').getByRole('button', { name: texts.submit }).click();
}

/** A wrong password on the screen: refused past the limit, then checked with a proof, and wrong. */
async function wrongPasswordPastTheLimit(page: Page, locale: 'nl' | 'en', email: string) {
  const texts = TEXTS[locale];
  const proofs: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth:signIn')) proofs.push(request.postDataJSON()?.proof ?? '');
  });
  await signInThroughForm(page, locale, email, 'Verkeerd-Wachtwoord-9');
  await page.getByRole('main').getByText(texts.notice).waitFor({ state: 'visible' });
  await page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: texts.wrong })
    .waitFor({ state: 'visible' });
  // First without a proof (429), then with one the browser made (401: checked, and wrong).
  expect(proofs).toHaveLength(2);
  expect(proofs[0]).toBe('');
  expect(proofs[1]?.length).toBeGreaterThan(100);
}

describe('signing in after an attack on the account', () => {
  it('solves the proof of work by itself and signs in; axe in Dutch and English on that screen', async () => {
    const account = await createAccount(browser, {
      email: freshEmail('aanval'),
      firstName: 'Bea',
      lastName: 'Doelwit',
      acceptTerms: true,
    });

    // The attack: eight wrong passwords at once; only the limit's worth is checked.
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${baseUrl()}/api/auth:signIn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: account.email, password: 'Geraden-Wachtwoord-1' }),
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - SIGN_IN_LIMITS.perAccount);
    expect((await newestMail(account.email)).subject).toMatch(/^Mislukte inlogpogingen op je account bij /);

    // English: the screen says why it checks, and the check happens by itself.
    const english = await toSignIn('en');
    await wrongPasswordPastTheLimit(english.page, 'en', account.email);
    expect(await seriousViolations(english.page, { exclude: SHELL })).toEqual([]);
    await english.page.waitForLoadState('networkidle');
    expect(unexpectedProblems(english.problems, [401, 429])).toEqual([]);
    await english.context.close();

    // Dutch: the same, then the right password signs in (with a proof of its own).
    const dutch = await toSignIn('nl');
    await wrongPasswordPastTheLimit(dutch.page, 'nl', account.email);
    expect(await seriousViolations(dutch.page, { exclude: SHELL })).toEqual([]);
    await field(dutch.page, TEXTS.nl.password).fill(account.password);
    await dutch.page.getByRole('main').getByRole('button', { name: TEXTS.nl.submit }).click();
    await dutch.page
      .getByRole('banner')
      .getByRole('button', { name: 'Bea Doelwit (gebruikersmenu)' })
      .waitFor({ state: 'visible' });
    await dutch.page.waitForLoadState('networkidle');
    expect(unexpectedProblems(dutch.problems, [401, 429])).toEqual([]);
    await dutch.context.close();
  });
});
