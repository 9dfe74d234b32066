import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../common/auth.ts';
import { buildUser, signInAs, TEST_PASSWORD } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { startTestSmtpServer } from '../test/smtp.ts';
import { hashToken } from './domains/accounts/secrets.ts';

type Smtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

describe('no password, hash, token or session id leaves the server', () => {
  let test: TestApp;
  let smtp: Smtp;
  const logLines: string[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    test = await createTestApp({
      config: { smtpUrl: smtp.url, logLevel: 'trace' },
      logStream: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  it('in response bodies, log lines and the OpenAPI document', async () => {
    const bodies: string[] = [];
    const secrets: string[] = [TEST_PASSWORD, 'nieuw-geheim-2026', '$argon2'];
    const record = <T extends { body: string }>(response: T): T => {
      bodies.push(response.body);
      return response;
    };

    await buildUser(test.database.db, { email: 'geheim@example.nl', isAdmin: true });
    const signIn = record(
      await test.app.inject({
        method: 'POST',
        url: '/api/auth:signIn',
        payload: { email: 'geheim@example.nl', password: TEST_PASSWORD },
      }),
    );
    const sessionToken = signIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
    secrets.push(sessionToken, hashToken(sessionToken));

    const browser = await signInAs(test.app, 'geheim@example.nl');
    record(await browser.request({ method: 'GET', url: '/api/profiles:loggedIn' }));
    record(await browser.request({ method: 'GET', url: '/api/sessions' }));
    record(await browser.request({ method: 'GET', url: '/api/users' }));
    const created = await browser.request({ method: 'POST', url: '/api/tokens', payload: { name: 'scan' } });
    // The token creation answer is the one place a token is shown, once, on purpose.
    const apiToken = (created.json() as { token: string }).token;
    secrets.push(apiToken, hashToken(apiToken));
    record(await browser.request({ method: 'GET', url: '/api/tokens' }));
    record(
      await test.app.inject({
        method: 'GET',
        url: '/api/profiles:loggedIn',
        headers: { authorization: `Bearer ${apiToken}` },
      }),
    );

    record(
      await test.app.inject({
        method: 'POST',
        url: '/api/auth:requestPasswordReset',
        payload: { email: 'geheim@example.nl' },
      }),
    );
    const mail = await smtp.waitFor('geheim@example.nl');
    const resetToken = mail.text.match(/\/reset-password\/([\w-]+)/)![1]!;
    secrets.push(resetToken, hashToken(resetToken));
    record(
      await test.app.inject({
        method: 'POST',
        url: '/api/auth:resetPassword',
        payload: { token: resetToken, password: 'nieuw-geheim-2026' },
      }),
    );
    record(
      await test.app.inject({
        method: 'POST',
        url: '/api/auth:signIn',
        payload: { email: 'geheim@example.nl', password: 'wrong-password-1' },
      }),
    );
    record(await test.app.inject({ method: 'GET', url: '/api/openapi.json' }));

    const everything = [...bodies, ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(everything, `leaked ${secret.slice(0, 12)}…`).not.toContain(secret);
  });
});
