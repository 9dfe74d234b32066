import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtpServer } from '../../../test/smtp.ts';
import { invitations, roles } from '../../db/schema.ts';

type Smtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

describe('invitations', () => {
  let test: TestApp;
  let smtp: Smtp;
  let roleId: string;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    test = await createTestApp({ config: { smtpUrl: smtp.url } });
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    await buildUser(test.database.db, { email: 'lid@example.nl' });
    const [role] = await test.database.db.insert(roles).values({ name: 'Redactie' }).returning();
    roleId = role!.id;
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  const invite = async (email: string, extra: Record<string, unknown> = {}) => {
    const admin = await signInAs(test.app, 'beheer@example.nl');
    const response = await admin.request({
      method: 'POST',
      url: '/api/userinvitations',
      payload: { email, roleIds: [roleId], ...extra },
    });
    expect(response.statusCode).toBe(201);
    const mail = await smtp.waitFor(email);
    const code = mail.text.match(/\/invitation\/([\w-]+)/)?.[1];
    if (!code) throw new Error('no invitation code in the mail');
    return { code, invitation: response.json() as { guid: string } };
  };

  it('lets only admins invite', async () => {
    const member = await signInAs(test.app, 'lid@example.nl');
    const response = await member.request({
      method: 'POST',
      url: '/api/userinvitations',
      payload: { email: 'x@example.nl' },
    });
    expect(response.statusCode).toBe(403);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/userinvitations',
      payload: { email: 'x@example.nl' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('mails a code; a new member signs up with it, gets the roles and a verified address; accepting twice fails', async () => {
    const { code } = await invite('nieuw@example.nl');
    const status = await test.app.inject({ method: 'GET', url: `/api/userinvitation:status/${code}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ result: 'Success', email: 'nieuw@example.nl', hasAccount: false });

    const withoutAccount = await test.app.inject({
      method: 'POST',
      url: '/api/userinvitation:accept',
      payload: { code },
    });
    expect(withoutAccount.statusCode).toBe(401);
    expect(withoutAccount.json()).toEqual({ result: 'Unauthorized' });

    const weak = await test.app.inject({
      method: 'POST',
      url: '/api/userinvitation:accept',
      payload: { code, signUp: { password: 'kort' } },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ result: 'BadRequest', error: { code: 'weak_password' } });

    const accepted = await test.app.inject({
      method: 'POST',
      url: '/api/userinvitation:accept',
      payload: { code, signUp: { password: 'welkom-in-de-linde', firstName: 'Nina' } },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      result: 'Success',
      user: { email: 'nieuw@example.nl', roleIds: [roleId], isEmailVerified: true },
    });
    expect(accepted.cookies.map((cookie) => cookie.name)).toContain('bs_session');

    const again = await test.app.inject({
      method: 'POST',
      url: '/api/userinvitation:accept',
      payload: { code, signUp: { password: 'welkom-in-de-linde' } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ result: 'Failed' });
    const statusAfter = await test.app.inject({ method: 'GET', url: `/api/userinvitation:status/${code}` });
    expect(statusAfter.json()).toEqual({ result: 'Failed' });
  });

  it('lets a signed-in member accept, adding the roles to theirs', async () => {
    const { code } = await invite('lid@example.nl', { isContentManager: true });
    const member = await signInAs(test.app, 'lid@example.nl');
    const accepted = await member.request({
      method: 'POST',
      url: '/api/userinvitation:accept',
      payload: { code },
    });
    expect(accepted.json()).toMatchObject({
      result: 'Success',
      user: { roleIds: [roleId], isContentManager: true },
    });
  });

  it('answers Expired after the expiry date and NotFound for an unknown or withdrawn code', async () => {
    const { code, invitation } = await invite('laat@example.nl');
    await test.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.guid));
    const status = await test.app.inject({ method: 'GET', url: `/api/userinvitation:status/${code}` });
    expect(status.statusCode).toBe(410);
    expect(status.json()).toEqual({ result: 'Expired' });
    const accept = await test.app.inject({
      method: 'POST',
      url: '/api/userinvitation:accept',
      payload: { code, signUp: { password: 'welkom-in-de-linde' } },
    });
    expect(accept.json()).toEqual({ result: 'Expired' });

    const unknown = await test.app.inject({
      method: 'GET',
      url: '/api/userinvitation:status/does-not-exist-at-all-123',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ result: 'NotFound' });

    const withdrawn = await invite('weg@example.nl');
    const admin = await signInAs(test.app, 'beheer@example.nl');
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/userinvitations/${withdrawn.invitation.guid}` }))
        .statusCode,
    ).toBe(204);
    const statusWithdrawn = await test.app.inject({
      method: 'GET',
      url: `/api/userinvitation:status/${withdrawn.code}`,
    });
    expect(statusWithdrawn.json()).toEqual({ result: 'NotFound' });
  });
});
