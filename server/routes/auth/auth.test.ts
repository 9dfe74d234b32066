import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../../common/auth.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtpServer } from '../../../test/smtp.ts';
import { auditEvents, signInAttempts, users } from '../../db/schema.ts';

type Smtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

/** The cookies a response set, as a Cookie header value and by name. */
function cookiesOf(response: LightMyRequestResponse) {
  const byName = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
  return { byName, header: response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
}

describe('sign-up, sign-in, XSRF and sign-out', () => {
  let test: TestApp;
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    test = await createTestApp({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  const signUp = (email: string, password = 'lindeboom-2026') =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth:signUp',
      payload: { email, password, firstName: 'Anna' },
    });

  it('signs up, sets HttpOnly SameSite=Lax session and XSRF cookies, and mails a verification link', async () => {
    const response = await signUp('anna@example.nl');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'anna@example.nl',
      firstName: 'Anna',
      isAdmin: false,
      isEmailVerified: false,
      roles: ['User'],
    });
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.httpOnly).toBeFalsy();
    const mail = await smtp.waitFor('anna@example.nl');
    expect(mail.subject).toContain('Bevestig je e-mailadres');
    const token = mail.text.match(/\/verify-email\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const verified = await test.app.inject({
      method: 'POST',
      url: '/api/auth:verifyEmail',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().roles).toContain('VerifiedUser');
    const reused = await test.app.inject({
      method: 'POST',
      url: '/api/auth:verifyEmail',
      payload: { token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('token_invalid');
  });

  it('refuses a second account with the same address (any case) and a weak password', async () => {
    await signUp('bert@example.nl');
    const duplicate = await signUp('BERT@example.nl');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('email_taken');
    const weak = await signUp('carla@example.nl', 'wachtwoord');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
  });

  it('records a failed sign-in (it counts towards the limit and is audited) and answers 401', async () => {
    await test.app.inject({
      method: 'POST',
      url: '/api/auth:signUp',
      payload: { email: 'mislukt@example.nl', password: 'Lange-Zin-Met-Woorden-9' },
    });
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signIn',
      remoteAddress: '192.0.2.44',
      payload: { email: 'Mislukt@example.nl', password: 'niet-het-wachtwoord' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const [user] = await test.database.db.select().from(users).where(eq(users.email, 'mislukt@example.nl'));
    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.signInFailed'), eq(auditEvents.entityId, user!.id)));
    expect(events).toEqual([expect.objectContaining({ actorId: null, data: { ip: '192.0.2.44' } })]);
    const attempts = await test.database.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.email, 'mislukt@example.nl'));
    expect(attempts).toEqual([expect.objectContaining({ isSuccess: false, ip: '192.0.2.44' })]);
  });

  it('signs in, reads the profile, needs the XSRF header to save, and signs out', async () => {
    await signUp('dirk@example.nl');
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signIn',
      payload: { email: 'dirk@example.nl', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({
      code: 'invalid_credentials',
      message: 'Het e-mailadres of wachtwoord is onjuist.',
    });

    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signIn',
      payload: { email: 'Dirk@Example.nl', password: 'lindeboom-2026' },
    });
    expect(signIn.statusCode).toBe(200);
    const cookies = cookiesOf(signIn);
    expect(signIn.body).not.toContain(cookies.byName[SESSION_COOKIE]);

    const me = await test.app.inject({
      method: 'GET',
      url: '/api/profiles:loggedIn',
      headers: { cookie: cookies.header },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'dirk@example.nl', termsOfUseVersionAccepted: null });

    const withoutXsrf = await test.app.inject({
      method: 'PUT',
      url: '/api/profiles:loggedIn',
      headers: { cookie: cookies.header },
      payload: { lastName: 'Jansen' },
    });
    expect(withoutXsrf.statusCode).toBe(403);
    expect(withoutXsrf.json().error.code).toBe('xsrf_failed');

    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/profiles:loggedIn',
      headers: { cookie: cookies.header, 'x-xsrf-token': cookies.byName[XSRF_COOKIE] ?? '' },
      payload: {
        lastName: 'Jansen',
        termsOfUseVersionAccepted: 1,
        properties: [{ key: 'notificationClose', value: '5' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      lastName: 'Jansen',
      termsOfUseVersionAccepted: 1,
      properties: [{ key: 'notificationClose', value: '5' }],
    });

    const badValue = await test.app.inject({
      method: 'PUT',
      url: '/api/profiles:loggedIn',
      headers: { cookie: cookies.header, 'x-xsrf-token': cookies.byName[XSRF_COOKIE] ?? '' },
      payload: { properties: [{ key: 'notificationClose', value: '-1' }] },
    });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().error.code).toBe('validation_failed');

    const signOut = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signOut',
      headers: { cookie: cookies.header, 'x-xsrf-token': cookies.byName[XSRF_COOKIE] ?? '' },
    });
    expect(signOut.statusCode).toBe(204);
    const after = await test.app.inject({
      method: 'GET',
      url: '/api/profiles:loggedIn',
      headers: { cookie: cookies.header },
    });
    expect(after.statusCode).toBe(401);
  });

  it('limits failed sign-ins per account with a clear message', async () => {
    await signUp('eva@example.nl');
    for (let attempt = 0; attempt < 5; attempt++) {
      await test.app.inject({
        method: 'POST',
        url: '/api/auth:signIn',
        payload: { email: 'eva@example.nl', password: 'wrong-password' },
      });
    }
    const limited = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signIn',
      payload: { email: 'eva@example.nl', password: 'lindeboom-2026' },
      headers: { 'accept-language': 'en' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('resets a forgotten password with the mailed link, once', async () => {
    await signUp('femke@example.nl');
    await smtp.waitFor('femke@example.nl');
    const request = await test.app.inject({
      method: 'POST',
      url: '/api/auth:requestPasswordReset',
      payload: { email: 'femke@example.nl' },
    });
    expect(request.statusCode).toBe(202);
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/auth:requestPasswordReset',
      payload: { email: 'nobody@example.nl' },
    });
    expect(unknown.statusCode).toBe(202);
    const mail = await smtp.waitFor('femke@example.nl');
    const token = mail.text.match(/\/reset-password\/([\w-]+)/)?.[1];
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/auth:resetPassword',
      payload: { token, password: 'nieuwe-linde-2026' },
    });
    expect(reset.statusCode).toBe(204);
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/auth:resetPassword',
      payload: { token, password: 'nog-een-linde-2026' },
    });
    expect(again.json().error.code).toBe('token_invalid');
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signIn',
      payload: { email: 'femke@example.nl', password: 'nieuwe-linde-2026' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('the per-address limit of the sign-in routes (AUTH_RATE_LIMIT_PER_MINUTE)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ config: { authRateLimitPerMinute: 3 } });
  });
  afterAll(async () => {
    await test.close();
  });

  const attempt = (remoteAddress: string, language = 'nl') =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth:signIn',
      remoteAddress,
      headers: { 'accept-language': language },
      payload: { email: `nobody-${remoteAddress}@example.nl`, password: 'lindeboom-2026' },
    });

  it('refuses an address past the setting with 429 and a message in its language; others go on', async () => {
    for (let index = 0; index < 3; index += 1) expect((await attempt('192.0.2.10')).statusCode).toBe(401);
    const refused = await attempt('192.0.2.10', 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please try again in a moment.' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('192.0.2.11')).statusCode).toBe(401);
  });
});
