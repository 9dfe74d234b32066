import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, setUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('sessions and personal API tokens', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists my sessions and ends another one, which then no longer signs in', async () => {
    await buildUser(test.database.db, { email: 'gijs@example.nl' });
    const laptop = await signInAs(test.app, 'gijs@example.nl');
    const phone = await signInAs(test.app, 'gijs@example.nl');
    const list = await laptop.request({ method: 'GET', url: '/api/sessions' });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { guid: string; isCurrent: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.isCurrent)).toHaveLength(1);
    const other = sessions.find((session) => !session.isCurrent)!;
    expect((await laptop.request({ method: 'DELETE', url: `/api/sessions/${other.guid}` })).statusCode).toBe(
      204,
    );
    expect((await phone.request({ method: 'GET', url: '/api/profiles:loggedIn' })).statusCode).toBe(401);
    expect((await laptop.request({ method: 'GET', url: '/api/profiles:loggedIn' })).statusCode).toBe(200);
  });

  it('creates a token shown once, accepts it as a bearer without XSRF, and refuses it once revoked', async () => {
    await buildUser(test.database.db, { email: 'hanna@example.nl' });
    const browser = await signInAs(test.app, 'hanna@example.nl');
    const created = await browser.request({
      method: 'POST',
      url: '/api/tokens',
      payload: { name: 'Koppeling' },
    });
    expect(created.statusCode).toBe(201);
    const { guid, token } = created.json() as { guid: string; token: string };
    const listed = await browser.request({ method: 'GET', url: '/api/tokens' });
    expect(listed.body).not.toContain(token);
    expect(listed.json()).toEqual([
      expect.objectContaining({ guid, name: 'Koppeling', prefix: token.slice(0, 10) }),
    ]);

    const bearer = { authorization: `Bearer ${token}` };
    const me = await test.app.inject({ method: 'GET', url: '/api/profiles:loggedIn', headers: bearer });
    expect(me.json()).toMatchObject({ email: 'hanna@example.nl' });
    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/profiles:loggedIn',
      headers: bearer,
      payload: { firstName: 'Hanna' },
    });
    expect(saved.statusCode).toBe(200);

    expect((await browser.request({ method: 'DELETE', url: `/api/tokens/${guid}` })).statusCode).toBe(204);
    const revoked = await test.app.inject({ method: 'GET', url: '/api/profiles:loggedIn', headers: bearer });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('unauthorized');
  });

  it('lets a deactivated user read their profile (for the inactive dialog) but nothing else', async () => {
    const user = await buildUser(test.database.db, { email: 'ivo@example.nl' });
    const browser = await signInAs(test.app, 'ivo@example.nl');
    await setUser(test.database.db, user.id, { isActive: false });
    const me = await browser.request({ method: 'GET', url: '/api/profiles:loggedIn' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ isActive: false });
    const tokens = await browser.request({ method: 'GET', url: '/api/tokens' });
    expect(tokens.statusCode).toBe(403);
    expect(tokens.json().error.code).toBe('account_inactive');
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/sessions', '/api/tokens', '/api/profiles:loggedIn', '/api/profiles:activity']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
    const bogus = await test.app.inject({
      method: 'GET',
      url: '/api/pages',
      headers: { authorization: 'Bearer bst_not-a-real-token-at-all' },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it('changes the password, ending the other sessions, and refuses a wrong current password', async () => {
    await buildUser(test.database.db, { email: 'jan@example.nl' });
    const here = await signInAs(test.app, 'jan@example.nl');
    const there = await signInAs(test.app, 'jan@example.nl');
    const wrong = await here.request({
      method: 'POST',
      url: '/api/auth:changePassword',
      payload: { currentPassword: 'fout-fout-fout', newPassword: 'nieuw-linde-2027' },
    });
    expect(wrong.json().error.code).toBe('wrong_password');
    const changed = await here.request({
      method: 'POST',
      url: '/api/auth:changePassword',
      payload: { currentPassword: 'lindeboom-2026', newPassword: 'nieuw-linde-2027' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await here.request({ method: 'GET', url: '/api/profiles:loggedIn' })).statusCode).toBe(200);
    expect((await there.request({ method: 'GET', url: '/api/profiles:loggedIn' })).statusCode).toBe(401);
  });

  it('shows my own activity and exports my data, then deletes my account after the password', async () => {
    await buildUser(test.database.db, { email: 'kim@example.nl' });
    const browser = await signInAs(test.app, 'kim@example.nl');
    await browser.request({ method: 'PUT', url: '/api/profiles:loggedIn', payload: { firstName: 'Kim' } });
    const activity = await browser.request({ method: 'GET', url: '/api/profiles:activity' });
    expect((activity.json() as { action: string }[]).map((event) => event.action)).toEqual(
      expect.arrayContaining(['user.signIn', 'user.updateProfile']),
    );
    const exported = await browser.request({ method: 'GET', url: '/api/profiles:export' });
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.json()).toMatchObject({ user: { email: 'kim@example.nl', firstName: 'Kim' } });

    const wrong = await browser.request({
      method: 'DELETE',
      url: '/api/profiles:loggedIn',
      payload: { password: 'niet-goed-123' },
    });
    expect(wrong.statusCode).toBe(400);
    const deleted = await browser.request({
      method: 'DELETE',
      url: '/api/profiles:loggedIn',
      payload: { password: 'lindeboom-2026' },
    });
    expect(deleted.statusCode).toBe(204);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/auth:signIn',
      payload: { email: 'kim@example.nl', password: 'lindeboom-2026' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
