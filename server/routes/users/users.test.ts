import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('users and roles (admins)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'admin@example.nl', isAdmin: true });
    await buildUser(test.database.db, { email: 'operator@example.nl', isAdmin: true, isMett: true });
    await buildUser(test.database.db, { email: 'lid@example.nl' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('creates, renames and deletes a role; a role deleted is gone from users', async () => {
    const admin = await signInAs(test.app, 'admin@example.nl');
    const created = await admin.request({ method: 'POST', url: '/api/roles', payload: { name: 'Bestuur' } });
    expect(created.statusCode).toBe(201);
    const role = created.json() as { guid: string };
    const duplicate = await admin.request({
      method: 'POST',
      url: '/api/roles',
      payload: { name: 'bestuur' },
    });
    expect(duplicate.statusCode).toBe(409);

    const users = (await admin.request({ method: 'GET', url: '/api/users?search=lid' })).json() as {
      guid: string;
    }[];
    expect(users).toHaveLength(1);
    const member = users[0]!;
    const granted = await admin.request({
      method: 'PUT',
      url: `/api/users/${member.guid}`,
      payload: { roleIds: [role.guid] },
    });
    expect(granted.json()).toMatchObject({ roleIds: [role.guid] });

    expect(
      (
        await admin.request({
          method: 'PUT',
          url: `/api/roles/${role.guid}`,
          payload: { name: 'Het bestuur' },
        })
      ).json(),
    ).toMatchObject({ name: 'Het bestuur' });
    expect((await admin.request({ method: 'DELETE', url: `/api/roles/${role.guid}` })).statusCode).toBe(204);
    const after = await admin.request({ method: 'GET', url: `/api/users/${member.guid}` });
    expect(after.json()).toMatchObject({ roleIds: [] });
  });

  it('refuses members, and refuses the operator flag to a plain admin', async () => {
    const member = await signInAs(test.app, 'lid@example.nl');
    expect((await member.request({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect(
      (await member.request({ method: 'POST', url: '/api/roles', payload: { name: 'x' } })).statusCode,
    ).toBe(403);

    const admin = await signInAs(test.app, 'admin@example.nl');
    const users = (await admin.request({ method: 'GET', url: '/api/users?search=lid' })).json() as {
      guid: string;
    }[];
    const promote = await admin.request({
      method: 'PUT',
      url: `/api/users/${users[0]!.guid}`,
      payload: { isMett: true },
    });
    expect(promote.statusCode).toBe(403);
    const operator = await signInAs(test.app, 'operator@example.nl');
    const promoted = await operator.request({
      method: 'PUT',
      url: `/api/users/${users[0]!.guid}`,
      payload: { isMett: true },
    });
    expect(promoted.json()).toMatchObject({ isMett: true, roles: expect.arrayContaining(['Mett']) });
  });

  it('deactivates a member, who then gets the inactive state and no member features', async () => {
    const admin = await signInAs(test.app, 'admin@example.nl');
    await buildUser(test.database.db, { email: 'weg@example.nl' });
    const target = (
      (await admin.request({ method: 'GET', url: '/api/users?search=weg' })).json() as { guid: string }[]
    )[0]!;
    const member = await signInAs(test.app, 'weg@example.nl');
    expect(
      (await admin.request({ method: 'PUT', url: `/api/users/${target.guid}`, payload: { isActive: false } }))
        .statusCode,
    ).toBe(200);
    expect((await member.request({ method: 'GET', url: '/api/profiles:loggedIn' })).json()).toMatchObject({
      isActive: false,
    });
    expect(
      (await member.request({ method: 'POST', url: '/api/tokens', payload: { name: 'x' } })).statusCode,
    ).toBe(403);
  });

  it('does not let an admin deactivate themselves', async () => {
    const admin = await signInAs(test.app, 'admin@example.nl');
    const me = (await admin.request({ method: 'GET', url: '/api/profiles:loggedIn' })).json() as {
      guid: string;
    };
    const response = await admin.request({
      method: 'PUT',
      url: `/api/users/${me.guid}`,
      payload: { isActive: false },
    });
    expect(response.statusCode).toBe(409);
  });
});
