import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createAccount,
  freshEmail,
  mailedPath,
  newestMail,
  PASSWORD,
  signInByApi,
  unexpectedProblems,
} from './accounts.ts';
import {
  baseUrl,
  launchBrowser,
  newContext,
  type PageProblems,
  visibleText,
  waitForHydration,
  watchProblems,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string) {
  // Let the current page finish its requests first (React Router fetches route manifests for the
  // links it renders): leaving in the middle aborts them and the router logs "Failed to fetch".
  if (page.url() !== 'about:blank') await page.waitForLoadState('networkidle');
  const response = await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
  return response;
}

/** The end of a test: the page is quiet, and nothing went wrong that the test did not cause. */
async function finish(page: Page, problems: PageProblems, expectedStatuses: number[] = []) {
  await page.waitForLoadState('networkidle');
  expect(unexpectedProblems(problems, expectedStatuses)).toEqual([]);
  await page.context().close();
}

/** The header control: the user's name (a menu button) when signed in, a sign-in link otherwise. */
const userMenu = (page: Page, name: string, label = 'gebruikersmenu') =>
  page.getByRole('banner').getByRole('button', { name: `${name} (${label})` });
const signInLink = (page: Page, name = 'Inloggen') =>
  page.getByRole('banner').getByRole('link', { name, exact: true });

/**
 * A form field by its whole label; Mantine adds " *" to the label of a required field, so an exact
 * match would miss it and a substring match would mix up "Wachtwoord" and "Nieuw wachtwoord".
 */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

async function signUpThroughForm(
  page: Page,
  fields: { firstName: string; lastName: string; email: string },
  labels = {
    firstName: 'Voornaam',
    lastName: 'Achternaam',
    email: 'E-mailadres',
    password: 'Nieuw wachtwoord',
    repeat: 'Herhaal het wachtwoord',
    submit: 'Maak account aan',
  },
) {
  await field(page, labels.firstName).fill(fields.firstName);
  await field(page, labels.lastName).fill(fields.lastName);
  await field(page, labels.email).fill(fields.email);
  await field(page, labels.password).fill(PASSWORD);
  await field(page, labels.repeat).fill(PASSWORD);
  await page.getByRole('button', { name: labels.submit }).click();
}

async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  labels = { email: 'E-mailadres', password: 'Wachtwoord', submit: 'Inloggen' },
) {
  await field(page, labels.email).fill(email);
  await field(page, labels.password).fill(password);
  await page.getByRole('main').getByRole('button', { name: labels.submit }).click();
}

async function acceptTerms(page: Page, texts = { title: 'Gebruiksvoorwaarden', accept: 'Accepteer' }) {
  const dialog = page.getByRole('dialog', { name: texts.title });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: texts.accept }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function signOutThroughMenu(
  page: Page,
  name: string,
  texts = { menu: 'gebruikersmenu', signOut: 'Uitloggen' },
) {
  await userMenu(page, name, texts.menu).click();
  await page.getByRole('menuitem', { name: texts.signOut }).click();
}

describe('accounts (Dutch)', () => {
  it('signs up, accepts the terms, verifies the address by the mailed link, signs out and in again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const email = freshEmail('sign-up');

    await open(page, '/sign-up');
    await expect(page.getByRole('heading', { name: 'Registreren' }).count()).resolves.toBe(1);
    await signUpThroughForm(page, { firstName: 'Anna', lastName: 'de Vries', email });

    // Signed in right away: the terms of use come first, then the header shows the name.
    const terms = page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' });
    await terms.waitFor({ state: 'visible' });
    await expect(visibleText(terms)).resolves.toContain(
      'Om deze website te gebruiken moet je de gebruiksvoorwaarden accepteren.',
    );
    await acceptTerms(page);
    await userMenu(page, 'Anna de Vries').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');

    // The verification mail (Dutch, the sign-up language) links to /verify-email/{token}.
    const mail = await newestMail(email);
    const verifyPath = mailedPath(mail, '/verify-email/');
    await open(page, verifyPath);
    await page.getByRole('status').filter({ hasText: 'Je e-mailadres is bevestigd.' }).waitFor();

    // Signing out through the user menu: home, the header offers "Inloggen" again.
    await signOutThroughMenu(page, 'Anna de Vries');
    await signInLink(page).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(userMenu(page, 'Anna de Vries').count()).resolves.toBe(0);

    // A wrong password on purpose (401), then the right one; the terms stay accepted.
    await signInLink(page).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await signInThroughForm(page, email, 'Verkeerd-wachtwoord-1');
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'Het e-mailadres of wachtwoord is onjuist.' })
      .waitFor({ state: 'visible' });
    await field(page, 'Wachtwoord').fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    await userMenu(page, 'Anna de Vries').waitFor({ state: 'visible' });
    await expect(page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' }).count()).resolves.toBe(0);

    // The security tab shows the address as confirmed.
    await open(page, '/account/security');
    await page.getByText('Bevestigd', { exact: true }).first().waitFor({ state: 'visible' });

    await finish(page, problems, [401]);
  });

  it('declining the terms of use signs the user out', async () => {
    const account = await createAccount(browser, {
      email: freshEmail('decline'),
      firstName: 'Hanna',
      lastName: 'Dekker',
    });
    const context = await newContext(browser);
    await signInByApi(context, account.email, account.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await open(page, '/over-ons');
    const terms = page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' });
    await terms.waitFor({ state: 'visible' });
    await terms.getByRole('button', { name: 'Weiger' }).click();
    // It asks once more, saying what follows (e2e/terms-decline.test.ts has the whole flow).
    const question = page.getByRole('dialog', { name: 'Gebruiksvoorwaarden weigeren?' });
    await question.getByRole('button', { name: 'Weiger en log uit' }).click();
    await question.waitFor({ state: 'hidden' });
    await signInLink(page).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');

    // Signing in again asks again: nothing was accepted.
    await signInByApi(context, account.email, account.password);
    await open(page, '/');
    await page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' }).waitFor({ state: 'visible' });

    await finish(page, problems);
  });

  it('opens the user menu on the first click, also while the code of the menu is still on its way', async () => {
    const account = await createAccount(browser, {
      email: freshEmail('menu'),
      firstName: 'Ilse',
      lastName: 'Koster',
      acceptTerms: true,
    });
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    // The menu is a chunk of its own: here it arrives late, as on a slow connection.
    await page.route(/\/SignedInUserMenu-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });

    // Signing in on the page: the button shows at once, before its menu's code. A click on it then
    // opens the menu as soon as the code is there.
    await open(page, '/sign-in');
    await signInThroughForm(page, account.email, account.password);
    await userMenu(page, 'Ilse Koster').click();
    await page.getByRole('menuitem', { name: 'Mijn account' }).waitFor({ state: 'visible' });
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();

    // That click is used once: signed in again, the menu stays closed until asked.
    await signInLink(page).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await signInThroughForm(page, account.email, account.password);
    await userMenu(page, 'Ilse Koster').waitFor({ state: 'visible' });
    await page.waitForTimeout(500);
    await expect(page.getByRole('menu').count()).resolves.toBe(0);

    // A signed-in page from the server: as soon as the page is interactive, a click opens the menu
    // (the browser loads the menu's code before it makes the page interactive).
    await page.goto(`${baseUrl()}/over-ons`);
    await waitForHydration(page, { untilIdle: false });
    await userMenu(page, 'Ilse Koster').click();
    await page.getByRole('menuitem', { name: 'Mijn account' }).waitFor({ state: 'visible', timeout: 5_000 });

    await finish(page, problems);
  });

  it('sends a signed-out visitor from /account/profile to /sign-in and back; edits the profile', async () => {
    const account = await createAccount(browser, {
      email: freshEmail('profile'),
      firstName: 'Bram',
      lastName: 'Jansen',
      acceptTerms: true,
    });
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);

    const response = await open(page, '/account/profile');
    expect(response?.status()).toBe(200);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/sign-in');
    expect(landed.searchParams.get('returnTo')).toBe('/account/profile');
    await expect(page.getByRole('heading', { name: 'Inloggen' }).count()).resolves.toBe(1);

    await signInThroughForm(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/account/profile');
    await page.getByRole('heading', { name: 'Mijn account' }).waitFor({ state: 'visible' });
    await userMenu(page, 'Bram Jansen').waitFor({ state: 'visible' });

    const firstName = field(page, 'Voornaam');
    await firstName.waitFor({ state: 'visible' });
    await expect(firstName.inputValue()).resolves.toBe('Bram');
    await firstName.fill('Bramwell');
    await field(page, 'Tussenvoegsel').fill('van');
    await page.getByRole('button', { name: 'Update' }).click();

    // The done notice, and the header follows the new name.
    const notice = page.getByRole('alert').filter({ hasText: 'Profiel opslaan' });
    await notice.waitFor({ state: 'visible' });
    await expect(visibleText(notice)).resolves.toContain('Gelukt.');
    await userMenu(page, 'Bramwell Jansen').waitFor({ state: 'visible' });

    // Stored: after a reload the form shows the saved values.
    await open(page, '/account/profile');
    await expect(field(page, 'Voornaam').inputValue()).resolves.toBe('Bramwell');
    await expect(field(page, 'Tussenvoegsel').inputValue()).resolves.toBe('van');

    await finish(page, problems);
  });

  it('changes the language to English in the preferences; the site follows', async () => {
    const account = await createAccount(browser, {
      email: freshEmail('language'),
      firstName: 'Cor',
      lastName: 'Bakker',
      acceptTerms: true,
    });
    const context = await newContext(browser);
    await signInByApi(context, account.email, account.password);
    const page = await context.newPage();
    const problems = watchProblems(page);

    await open(page, '/account/preferences');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('nl');
    await page.getByRole('tab', { name: 'Voorkeuren' }).waitFor({ state: 'visible' });
    await page.getByRole('combobox', { name: 'Taal' }).click();
    await page.getByRole('option', { name: 'Engels' }).click();
    await page.getByRole('button', { name: 'Update' }).click();

    await page.waitForURL((url) => url.searchParams.get('lang') === 'en');
    await page.getByRole('heading', { name: 'My account' }).waitFor({ state: 'visible' });
    await page.getByRole('tab', { name: 'Preferences' }).waitFor({ state: 'visible' });
    await expect(page.getByRole('combobox', { name: 'Language' }).inputValue()).resolves.toBe('English');
    await userMenu(page, 'Cor Bakker', 'user menu').waitFor({ state: 'visible' });

    // Remembered: the next page is English without ?lang=.
    await open(page, '/account/profile');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await page.getByRole('tab', { name: 'Profile' }).waitFor({ state: 'visible' });

    await finish(page, problems);
  });

  it('accepts an invitation an admin sent: signs up with it and lands on the account', async () => {
    const email = freshEmail('invited');
    const admin = await adminSession(browser);
    await admin.post('/api/userinvitations', { email, locale: 'nl' });
    await admin.close();
    const invitationPath = mailedPath(await newestMail(email), '/invitation/');

    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await open(page, invitationPath);
    await page.getByRole('heading', { name: 'Uitnodiging' }).waitFor({ state: 'visible' });
    const card = page.getByRole('main');
    await expect(visibleText(card)).resolves.toContain(`met het e-mailadres ${email}.`);
    await expect(visibleText(card)).resolves.toContain('Deze uitnodiging is geldig tot');
    await expect(field(page, 'E-mailadres').inputValue()).resolves.toBe(email);

    await field(page, 'Voornaam').fill('Dirk');
    await field(page, 'Achternaam').fill('Visser');
    await field(page, 'Nieuw wachtwoord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Maak account aan en accepteer' }).click();

    await page.waitForURL((url) => url.pathname === '/account/profile');
    await acceptTerms(page);
    await userMenu(page, 'Dirk Visser').waitFor({ state: 'visible' });
    await expect(field(page, 'Voornaam').inputValue()).resolves.toBe('Dirk');

    // The code works once: opening it again says so.
    await open(page, invitationPath);
    await page.getByRole('alert').filter({ hasText: 'Deze uitnodiging is al gebruikt.' }).waitFor();

    // Opening it again answers 409 (already accepted): Chromium logs that resource line itself.
    await finish(page, problems, [409]);
  });

  it('accepts an invitation for an existing account by signing in with it', async () => {
    const account = await createAccount(browser, {
      email: freshEmail('invited-existing'),
      firstName: 'Gijs',
      lastName: 'Mulder',
      acceptTerms: true,
    });
    const admin = await adminSession(browser);
    await admin.post('/api/userinvitations', { email: account.email, locale: 'nl' });
    await admin.close();
    const invitationPath = mailedPath(await newestMail(account.email), '/invitation/');

    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await open(page, invitationPath);
    await page.getByRole('heading', { name: 'Uitnodiging' }).waitFor({ state: 'visible' });
    await expect(field(page, 'E-mailadres').inputValue()).resolves.toBe(account.email);
    await field(page, 'Wachtwoord').fill(account.password);
    await page.getByRole('button', { name: 'Log in en accepteer' }).click();

    await page.waitForURL((url) => url.pathname === '/account/profile');
    await userMenu(page, 'Gijs Mulder').waitFor({ state: 'visible' });
    await expect(page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' }).count()).resolves.toBe(0);

    await finish(page, problems);
  });

  it('signs a deactivated user out; signed in again they get the inactive dialog, which only signs out', async () => {
    const account = await createAccount(browser, {
      email: freshEmail('inactive'),
      firstName: 'Eva',
      lastName: 'Smit',
      acceptTerms: true,
    });
    const context = await newContext(browser);
    await signInByApi(context, account.email, account.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await open(page, '/');
    await userMenu(page, 'Eva Smit').waitFor({ state: 'visible' });
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    const admin = await adminSession(browser);
    await admin.put(`/api/users/${account.guid}`, { isActive: false });
    await admin.close();

    // Deactivation ended the session: the next page is a visitor's.
    await open(page, '/over-ons');
    await signInLink(page).waitFor({ state: 'visible' });
    await signInByApi(context, account.email, account.password);
    await open(page, '/over-ons');
    const dialog = page.getByRole('dialog', { name: 'Account niet actief' });
    await dialog.waitFor({ state: 'visible' });
    await expect(visibleText(dialog)).resolves.toContain(
      'Je account is niet actief. Neem contact op met de beheerder. Je kunt alleen uitloggen.',
    );
    // No terms dialog on top of it, and no way to close it but signing out.
    await expect(page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);

    await dialog.getByRole('button', { name: 'Uitloggen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await signInLink(page).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');

    await finish(page, problems);
  });
});

describe('accounts (English, ?lang=en)', () => {
  it('signs up, accepts the terms, verifies the address, signs out and in again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const email = freshEmail('english');

    await open(page, '/sign-up?lang=en');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(page.getByRole('heading', { name: 'Sign up' }).count()).resolves.toBe(1);
    await signUpThroughForm(
      page,
      { firstName: 'Frank', lastName: 'Miller', email },
      {
        firstName: 'First name',
        lastName: 'Last name',
        email: 'E-mail address',
        password: 'New password',
        repeat: 'Repeat the password',
        submit: 'Create account',
      },
    );
    const terms = page.getByRole('dialog', { name: 'Terms of use' });
    await terms.waitFor({ state: 'visible' });
    await expect(visibleText(terms)).resolves.toContain(
      'To use this website you have to accept the terms of use.',
    );
    await acceptTerms(page, { title: 'Terms of use', accept: 'Accept' });
    await userMenu(page, 'Frank Miller', 'user menu').waitFor({ state: 'visible' });

    const verifyPath = mailedPath(await newestMail(email), '/verify-email/');
    await open(page, verifyPath);
    await page.getByRole('heading', { name: 'Confirm e-mail address' }).waitFor({ state: 'visible' });
    await page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }).waitFor();

    await signOutThroughMenu(page, 'Frank Miller', { menu: 'user menu', signOut: 'Sign out' });
    await signInLink(page, 'Sign in').waitFor({ state: 'visible' });
    await signInLink(page, 'Sign in').click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    const english = { email: 'E-mail address', password: 'Password', submit: 'Sign in' };
    await signInThroughForm(page, email, 'Wrong-password-123', english);
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'The e-mail address or password is incorrect.' })
      .waitFor({ state: 'visible' });
    await signInThroughForm(page, email, PASSWORD, english);
    await userMenu(page, 'Frank Miller', 'user menu').waitFor({ state: 'visible' });
    await expect(page.getByRole('dialog', { name: 'Terms of use' }).count()).resolves.toBe(0);

    await finish(page, problems, [401]);
  });
});
