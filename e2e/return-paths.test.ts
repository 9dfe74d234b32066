import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../common/auth.ts';
import { safeReturnPath } from '../common/urls.ts';
import { HOSTILE_RETURN_PATHS } from '../test/return-paths.ts';
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
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Issue 33: hostile return paths, against the production server. Over HTTP, every flow that takes a
 * return path (or a path it sends someone back to) answers each value of the corpus with a page or
 * a redirect to a path on this site, never 5xx. In Chromium, a signed-in user who opens a hostile
 * `/sign-in?returnTo=…`, and a visitor who signs in, signs up or accepts an invitation through a
 * hostile link, ends on this site, and no request leaves for another host.
 */

/** The issue's own spellings: two open redirects and two 500s before the fix. */
const ISSUE_SPELLINGS = [
  '/\t\\evil.example/phish',
  '/\t/evil.example',
  '/\n/evil.example',
  '/。/evil.example',
];

let browser: Browser;
let admin: Awaited<ReturnType<typeof adminSession>>;
/** The session cookie of a signed-in user (terms accepted), for the requests over HTTP. */
let userCookie = '';
let account: Awaited<ReturnType<typeof createAccount>>;
const redirectGuids: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
  account = await createAccount(browser, {
    email: freshEmail('return'),
    firstName: 'Rita',
    lastName: 'Terug',
    acceptTerms: true,
  });
  const context = await newContext(browser);
  await signInByApi(context, account.email, account.password);
  const session = (await context.cookies(baseUrl())).find((cookie) => cookie.name === SESSION_COOKIE);
  if (!session) throw new Error('no session cookie after signing in');
  userCookie = `${SESSION_COOKIE}=${session.value}`;
  await context.close();
  // Old paths that moved (to the home page and to a page): their 301 keeps the rest of the request.
  for (const [fromPath, toPath] of [
    ['/oud-terug', '/'],
    ['/oud-terug-pagina', '/over-ons'],
  ]) {
    const created = (await (await admin.post('/api/redirects', { fromPath, toPath })).json()) as {
      guid: string;
    };
    redirectGuids.push(created.guid);
  }
});

afterAll(async () => {
  for (const guid of redirectGuids) await admin.delete(`/api/redirects/${guid}`);
  await admin?.close();
  await browser?.close();
});

const ORIGIN = () => new URL(baseUrl()).origin;

/** A location the server may answer with: a path on this site (ASCII, one leading slash). */
function expectLocalLocation(location: string | null, what: string): URL {
  expect(location, what).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
  const target = new URL(location ?? '', baseUrl());
  expect(target.origin, what).toBe(ORIGIN());
  expect(target.pathname.startsWith('//'), what).toBe(false);
  return target;
}

type Flow = {
  name: string;
  path(encoded: string): string;
  signedIn: boolean;
  /** The statuses this flow answers with; a redirect is checked for where it goes. */
  statuses: number[];
  /** What a redirect's location must be, when it is fixed. */
  location?: (target: URL, status: number) => void;
};

const query = (encoded: string) => `returnTo=${encoded}`;

const FLOWS: Flow[] = [
  { name: 'sign-in, signed out', path: (e) => `/sign-in?${query(e)}`, signedIn: false, statuses: [200] },
  {
    name: 'sign-in, signed in',
    path: (e) => `/sign-in?${query(e)}`,
    signedIn: true,
    statuses: [302],
    location: (target) => expect(target.pathname + target.search).toBe('/'),
  },
  { name: 'sign-up, signed out', path: (e) => `/sign-up?${query(e)}`, signedIn: false, statuses: [200] },
  {
    name: 'sign-up, signed in',
    path: (e) => `/sign-up?${query(e)}`,
    signedIn: true,
    statuses: [302],
    location: (target) => expect(target.pathname).toBe('/account/profile'),
  },
  { name: 'forgot password', path: (e) => `/forgot-password?${query(e)}`, signedIn: false, statuses: [200] },
  {
    name: 'reset password',
    path: (e) => `/reset-password/x1y2?${query(e)}`,
    signedIn: false,
    statuses: [200],
  },
  { name: 'verify e-mail', path: (e) => `/verify-email/x1y2?${query(e)}`, signedIn: true, statuses: [200] },
  {
    name: 'invitation, signed out',
    path: (e) => `/invitation/x1y2?${query(e)}`,
    signedIn: false,
    statuses: [200],
  },
  {
    name: 'invitation, signed in',
    path: (e) => `/invitation/x1y2?${query(e)}`,
    signedIn: true,
    statuses: [200],
  },
  {
    // The guard of a signed-in screen sends a visitor to sign in, with a return path the rule takes.
    name: 'a signed-in screen, signed out',
    path: (e) => `/account/profile?${query(e)}`,
    signedIn: false,
    statuses: [302],
    location: expectSignInWithSafeReturn,
  },
  {
    name: 'edit mode, signed out',
    path: (e) => `/nieuws/edit?${query(e)}`,
    signedIn: false,
    statuses: [302],
    location: expectSignInWithSafeReturn,
  },
  {
    // The hostile value as the page's path: edit mode of it (404, or the sign-in with a safe return;
    // the empty value makes `//edit`, which answers 301 with `/edit`).
    name: 'edit mode of a hostile path, signed out',
    path: (e) => `/${e}/edit`,
    signedIn: false,
    statuses: [301, 302, 404],
    location: (target, status) =>
      status === 301 ? expect(target.pathname).toBe('/edit') : expectSignInWithSafeReturn(target),
  },
  { name: '/home (query kept)', path: (e) => `/home?${query(e)}`, signedIn: false, statuses: [301] },
  {
    name: 'a moved page, edit mode',
    path: (e) => `/oud-terug/edit?${query(e)}`,
    signedIn: false,
    statuses: [301],
  },
  {
    // The rest of a moved item URL comes from the request's decoded path.
    // (React Router matches no route for a path with a newline or an encoded slash in a segment: 404.)
    name: 'a moved item URL (to the home page)',
    path: (e) => `/oud-terug/i/${e}/titel`,
    signedIn: false,
    statuses: [301, 404],
  },
  {
    name: 'a moved item URL (to a page)',
    path: (e) => `/oud-terug-pagina/i/x1y2/${e}`,
    signedIn: false,
    statuses: [301, 404],
  },
];

function expectSignInWithSafeReturn(target: URL) {
  expect(target.pathname).toBe('/sign-in');
  const returnTo = target.searchParams.get('returnTo') ?? '';
  expect(safeReturnPath(returnTo, '(refused)')).toBe(returnTo);
}

/** Runs the tasks `parallel` at a time (the server and the test share two cores with others). */
async function inBatches<T>(items: T[], parallel: number, task: (item: T) => Promise<void>) {
  for (let index = 0; index < items.length; index += parallel) {
    await Promise.all(items.slice(index, index + parallel).map(task));
  }
}

describe('every flow over HTTP, with the hostile corpus', () => {
  it('has the issue’s spellings in the corpus', () => {
    for (const spelling of ISSUE_SPELLINGS) expect(HOSTILE_RETURN_PATHS).toContain(spelling);
  });

  for (const flow of FLOWS) {
    it(`${flow.name}: a page or a redirect to a path on this site, never 5xx`, async () => {
      const failures: string[] = [];
      await inBatches(HOSTILE_RETURN_PATHS, 4, async (value) => {
        const requestPath = flow.path(encodeURIComponent(value));
        const response = await fetch(`${baseUrl()}${requestPath}`, {
          redirect: 'manual',
          headers: flow.signedIn ? { cookie: userCookie } : {},
        });
        await response.arrayBuffer();
        const what = `${flow.name}: ${JSON.stringify(value)} (${requestPath.slice(0, 120)})`;
        if (!flow.statuses.includes(response.status)) {
          failures.push(`${what} answered ${response.status}`);
          return;
        }
        if (response.status >= 300 && response.status < 400) {
          const target = expectLocalLocation(response.headers.get('location'), what);
          flow.location?.(target, response.status);
        }
      });
      expect(failures).toEqual([]);
    });
  }
});

describe('paths with doubled slashes', () => {
  it('answer 301 with one slash per separator: their own links would start with //', async () => {
    for (const [path, location] of [
      ['//nieuws', '/nieuws'],
      ['///nieuws?pagina=2', '/nieuws?pagina=2'],
      ['/nieuws//', '/nieuws/'],
      ['//nieuws/edit', '/nieuws/edit'],
      ['//evil.example/nieuws', '/evil.example/nieuws'],
      ['//nieuws?returnTo=%0A', '/nieuws'],
    ] as const) {
      const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      expect(response.status, path).toBe(301);
      expectLocalLocation(response.headers.get('location'), path);
      expect(response.headers.get('location'), path).toBe(location);
    }
  });
});

/** Every request a page makes, to tell whether one left for another host. */
function watchHosts(context: BrowserContext): string[] {
  const foreign: string[] = [];
  const host = new URL(baseUrl()).host;
  context.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host !== host)
      foreign.push(request.url());
  });
  return foreign;
}

/** Where the page is once the navigation it started has settled. */
async function settledUrl(page: Page): Promise<URL> {
  await page.waitForLoadState('load');
  await waitForHydration(page);
  return new URL(page.url());
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

describe('in Chromium', () => {
  it('sends a signed-in user who opens each hostile /sign-in?returnTo=… to the home page', async () => {
    const context = await newContext(browser);
    await signInByApi(context, account.email, account.password);
    const foreign = watchHosts(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    for (const value of HOSTILE_RETURN_PATHS) {
      // The server answers the sign-in with a redirect; the browser follows it to the home page.
      const response = await page.goto(`${baseUrl()}/sign-in?returnTo=${encodeURIComponent(value)}`);
      expect(response?.status(), JSON.stringify(value)).toBe(200);
      const landed = new URL(page.url());
      expect(landed.origin, JSON.stringify(value)).toBe(ORIGIN());
      expect(landed.pathname, JSON.stringify(value)).toBe('/');
    }
    // The last one hydrated and quiet: the app did not move on from there either.
    const landed = await settledUrl(page);
    expect(landed.href).toBe(`${ORIGIN()}/`);
    expect(foreign).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  }, 300_000);

  it.each(ISSUE_SPELLINGS.map((value) => [value]))(
    'signs a visitor in through the form of a link with returnTo=%j and lands on this site',
    async (value) => {
      const context = await newContext(browser);
      const foreign = watchHosts(context);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${baseUrl()}/sign-in?returnTo=${encodeURIComponent(value)}`);
      await waitForHydration(page);
      // The link to sign up carries the return path the rule made of it, not the hostile one.
      const signUp = page.getByRole('main').getByRole('link', { name: 'Registreren' });
      const href = new URL((await signUp.getAttribute('href')) ?? '', baseUrl());
      expect(href.searchParams.get('returnTo')).toBe('/');
      await field(page, 'E-mailadres').fill(account.email);
      await field(page, 'Wachtwoord').fill(account.password);
      await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Rita Terug (gebruikersmenu)' }).waitFor();
      const landed = await settledUrl(page);
      expect(landed.origin).toBe(ORIGIN());
      expect(landed.pathname).toBe('/');
      expect(foreign).toEqual([]);
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    },
  );

  it('signs a visitor up through the form of a hostile link and keeps them on this site', async () => {
    const context = await newContext(browser);
    const foreign = watchHosts(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/sign-up?returnTo=${encodeURIComponent('/\t\\evil.example/phish')}`);
    await waitForHydration(page);
    await field(page, 'Voornaam').fill('Sanne');
    await field(page, 'Achternaam').fill('Terug');
    await field(page, 'E-mailadres').fill(freshEmail('return-signup'));
    await field(page, 'Nieuw wachtwoord').fill(PASSWORD);
    await field(page, 'Herhaal het wachtwoord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Maak account aan' }).click();
    // Signed in right away: the terms of use come first, on this site's home page.
    await page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' }).waitFor({ state: 'visible' });
    const landed = await settledUrl(page);
    expect(landed.origin).toBe(ORIGIN());
    expect(landed.pathname).toBe('/');
    expect(foreign).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('accepts an invitation opened with a hostile returnTo and lands on the account', async () => {
    const email = freshEmail('return-invite');
    await admin.post('/api/userinvitations', { email, locale: 'nl' });
    const invitationPath = mailedPath(await newestMail(email), '/invitation/');
    const context = await newContext(browser);
    const foreign = watchHosts(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${invitationPath}?returnTo=${encodeURIComponent('/%2F/evil.example')}`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Uitnodiging' }).waitFor({ state: 'visible' });
    await field(page, 'Nieuw wachtwoord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Maak account aan en accepteer' }).click();
    await page.waitForURL((url) => url.pathname === '/account/profile');
    const landed = await settledUrl(page);
    expect(landed.origin).toBe(ORIGIN());
    expect(foreign).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('takes a visitor who opens //nieuws to /nieuws, whose list links stay on this site', async () => {
    const context = await newContext(browser);
    const foreign = watchHosts(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}//nieuws`);
    const landed = await settledUrl(page);
    expect(landed.href).toBe(`${ORIGIN()}/nieuws`);
    const hrefs = await page
      .getByRole('main')
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(new URL(href).origin, href).toBe(ORIGIN());
    expect(foreign).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('sends a visitor from a moved page with a hostile rest of the path to this site', async () => {
    const context = await newContext(browser);
    const foreign = watchHosts(context);
    const page = await context.newPage();
    // Segments of an item URL: the suffix the 301 keeps comes from the decoded path.
    for (const segment of ['\t\\evil.example', '..\\..\\evil.example', '。', '\u0000', 'x1y2']) {
      const response = await page.goto(`${baseUrl()}/oud-terug/i/${encodeURIComponent(segment)}/titel`);
      expect(response?.status(), JSON.stringify(segment)).toBeLessThan(500);
      const landed = await settledUrl(page);
      expect(landed.origin, JSON.stringify(segment)).toBe(ORIGIN());
      expect(landed.pathname, JSON.stringify(segment)).toBe(segment === 'x1y2' ? '/i/x1y2/titel' : '/');
    }
    expect(foreign).toEqual([]);
    await context.close();
  });
});
