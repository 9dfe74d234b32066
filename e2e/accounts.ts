import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIResponse, Browser, BrowserContext } from 'playwright-core';
import PostalMime from 'postal-mime';
import { XSRF_COOKIE, XSRF_HEADER } from '../common/auth.ts';
import { TEST_ADMIN } from '../scripts/server-process.ts';
import { baseUrl, dataDir, newContext, type PageProblems } from './browser.ts';

export { TEST_ADMIN };

/** A password the sign-up rules accept (long enough, not a common one). */
export const PASSWORD = 'Zonnebloem-Veld-2026';

let counter = 0;

/** A fresh address for each test, so tests never share an account. */
export function freshEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
}

export type Mail = { subject: string; text: string; file: string };

function outbox(): string {
  return path.join(dataDir(), 'outbox');
}

/**
 * The newest mail to `to` in the server's outbox (DATA_DIR/outbox/*.eml, file names start with an
 * ISO time stamp, so they sort in sending order). Waits for it: the server writes the mail while it
 * answers the request, but a test should not depend on the exact moment.
 */
export async function newestMail(to: string, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = (await readdir(outbox())).filter((file) => file.endsWith('.eml')).sort();
    } catch {
      // no mail written yet: the outbox does not exist
    }
    for (const file of files.reverse()) {
      const raw = await readFile(path.join(outbox(), file));
      const mail = await PostalMime.parse(raw);
      const recipients = (mail.to ?? []).flatMap((address) =>
        'group' in address && address.group
          ? address.group.map((member) => member.address.toLowerCase())
          : [address.address?.toLowerCase()],
      );
      if (recipients.includes(to.toLowerCase())) {
        return { subject: mail.subject ?? '', text: mail.text ?? '', file };
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in ${outbox()} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in a mail's text whose path starts with `prefix` (e.g. /verify-email/), as a path. */
export function mailedPath(mail: Mail, prefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s/]+(${prefix}[^\\s)>\\]]+)`));
  if (!match?.[1]) throw new Error(`No ${prefix} link in the mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** The headers an unsafe API request with the context's session cookie needs (double-submit XSRF). */
export async function xsrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const cookie = (await context.cookies(baseUrl())).find((candidate) => candidate.name === XSRF_COOKIE);
  if (!cookie) throw new Error('No XSRF-TOKEN cookie: is the context signed in?');
  return { [XSRF_HEADER]: cookie.value };
}

async function expectOk(response: APIResponse, what: string): Promise<APIResponse> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response;
}

/** Signs the context in through the API (the session and XSRF cookies land in the context). */
export async function signInByApi(context: BrowserContext, email: string, password: string) {
  await expectOk(
    await context.request.post(`${baseUrl()}/api/auth:signIn`, { data: { email, password } }),
    `sign in as ${email}`,
  );
}

export type Account = { email: string; password: string; firstName: string; lastName: string };

/** The terms of use version in force (an admin may have raised it in an earlier test). */
export async function currentTermsVersion(context: BrowserContext): Promise<number> {
  const response = await expectOk(
    await context.request.get(`${baseUrl()}/api/platformsettingvalues?keys=termsOfUseVersion`),
    'read the terms of use version',
  );
  const settings = (await response.json()) as { key: string; value: string }[];
  return Number(settings.find((setting) => setting.key === 'termsOfUseVersion')?.value ?? '1');
}

/**
 * Creates an account through the API in a throw-away context (signed up, optionally with the
 * current terms of use accepted), for tests that are about something else than signing up.
 */
export async function createAccount(
  browser: Browser,
  account: Omit<Account, 'password'> & { acceptTerms?: boolean; locale?: 'nl' | 'en' },
): Promise<Account & { guid: string }> {
  const context = await newContext(browser);
  try {
    const response = await expectOk(
      await context.request.post(`${baseUrl()}/api/auth:signUp`, {
        data: {
          email: account.email,
          password: PASSWORD,
          firstName: account.firstName,
          lastName: account.lastName,
          locale: account.locale ?? 'nl',
        },
      }),
      `sign up ${account.email}`,
    );
    const user = (await response.json()) as { guid: string };
    if (account.acceptTerms) {
      await expectOk(
        await context.request.put(`${baseUrl()}/api/profiles:loggedIn`, {
          data: { termsOfUseVersionAccepted: await currentTermsVersion(context) },
          headers: await xsrfHeaders(context),
        }),
        'accept the terms of use',
      );
    }
    return { ...account, password: PASSWORD, guid: user.guid };
  } finally {
    await context.close();
  }
}

/** A context signed in as the demo admin, for the steps an administrator takes through the API. */
export async function adminSession(browser: Browser) {
  const context = await newContext(browser);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  const headers = await xsrfHeaders(context);
  return {
    async get(apiPath: string) {
      return expectOk(await context.request.get(`${baseUrl()}${apiPath}`, { headers }), apiPath);
    },
    async post(apiPath: string, data: unknown) {
      return expectOk(await context.request.post(`${baseUrl()}${apiPath}`, { data, headers }), apiPath);
    },
    async delete(apiPath: string) {
      return expectOk(await context.request.delete(`${baseUrl()}${apiPath}`, { headers }), apiPath);
    },
    async put(apiPath: string, data: unknown) {
      return expectOk(await context.request.put(`${baseUrl()}${apiPath}`, { data, headers }), apiPath);
    },
    close: () => context.close(),
  };
}

/**
 * The problems a test did not cause on purpose: Chromium's own "Failed to load resource" line for an
 * answer with one of the `expectedStatuses` (a wrong password on purpose: 401) is left out, every
 * other console error, page error or hydration warning stays.
 */
export function unexpectedProblems(problems: PageProblems, expectedStatuses: number[] = []): string[] {
  return problems.messages.filter((message) => {
    const status = message.match(/Failed to load resource: the server responded with a status of (\d{3})/);
    return !(status?.[1] && expectedStatuses.includes(Number(status[1])));
  });
}
