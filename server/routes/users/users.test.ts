import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { profilePropertyDefinitions, userProperties } from '../../db/schema.ts';

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

    const users = (
      (await admin.request({ method: 'GET', url: '/api/users?search=lid' })).json() as {
        items: { guid: string }[];
      }
    ).items;
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
    // In use: refused with the counts, until the admin takes the role from its member.
    const refused = await admin.request({ method: 'DELETE', url: `/api/roles/${role.guid}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'conflict', details: [{ path: 'reassignTo' }] } });
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/roles/${role.guid}/members/${member.guid}` }))
        .statusCode,
    ).toBe(204);
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
    const users = (
      (await admin.request({ method: 'GET', url: '/api/users?search=lid' })).json() as {
        items: { guid: string }[];
      }
    ).items;
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

  it('deactivates a member: their sessions and API tokens end; signed in again they get the inactive state and no member features', async () => {
    const admin = await signInAs(test.app, 'admin@example.nl');
    const weg = await buildUser(test.database.db, { email: 'weg@example.nl' });
    const target = (
      (await admin.request({ method: 'GET', url: '/api/users?search=weg' })).json() as {
        items: { guid: string }[];
      }
    ).items[0]!;
    const member = await signInAs(test.app, 'weg@example.nl');
    const bearer = await bearerFor(test.database.db, weg.id);
    const profileWith = (headers: Record<string, string>) =>
      test.app.inject({ method: 'GET', url: '/api/profiles:loggedIn', headers });
    expect((await profileWith(bearer)).statusCode).toBe(200);
    expect(
      (await admin.request({ method: 'PUT', url: `/api/users/${target.guid}`, payload: { isActive: false } }))
        .statusCode,
    ).toBe(200);

    expectApiError(
      await member.request({ method: 'GET', url: '/api/profiles:loggedIn' }),
      401,
      'unauthorized',
    );
    expectApiError(await profileWith(bearer), 401, 'unauthorized');

    const again = await signInAs(test.app, 'weg@example.nl');
    expect((await again.request({ method: 'GET', url: '/api/profiles:loggedIn' })).json()).toMatchObject({
      isActive: false,
    });
    expect(
      (await again.request({ method: 'POST', url: '/api/tokens', payload: { name: 'x' } })).statusCode,
    ).toBe(403);
  });

  it('shows operator-only properties to operators only', async () => {
    const noted = await buildUser(test.database.db, { email: 'notitie@example.nl' });
    await test.database.db
      .insert(profilePropertyDefinitions)
      .values({ key: 'operatorNote', label: { nl: 'Notitie', en: 'Note' }, isMettOnly: true });
    await test.database.db.insert(userProperties).values([
      { userId: noted.id, key: 'operatorNote', value: 'alleen voor de beheerder van het platform' },
      { userId: noted.id, key: 'alias', value: 'Noor' },
    ]);
    const keysAs = async (email: string) => {
      const browser = await signInAs(test.app, email);
      const one = (await browser.request({ method: 'GET', url: `/api/users/${noted.id}` })).json() as {
        properties: { key: string }[];
      };
      return one.properties.map((p) => p.key);
    };
    expect(await keysAs('admin@example.nl')).toEqual(['alias']);
    expect(await keysAs('operator@example.nl')).toEqual(['alias', 'operatorNote']);
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
