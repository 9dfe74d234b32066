import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { roles, sessions } from '../../db/schema.ts';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
type Caller = (
  call: Call,
) => Promise<{ statusCode: number; json(): unknown; headers: Record<string, unknown> }>;

describe('one account as an admin sees it: table, sessions, activity, verification, export, erase', () => {
  let test: TestApp;
  let callers: Record<string, Caller>;
  let adminId: string;
  let memberId: string;
  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    adminId = (
      await buildUser(db, { email: 'beheer@example.nl', firstName: 'Bea', lastName: 'Beheer', isAdmin: true })
    ).id;
    await buildUser(db, { email: 'operator@example.nl', isAdmin: true, isMett: true });
    memberId = (await buildUser(db, { email: 'lid@example.nl', firstName: 'Lies', lastName: 'Lid' })).id;
    await buildUser(db, { email: 'redacteur@example.nl', isContentManager: true });
    await buildUser(db, { email: 'slapend@example.nl', isAdmin: true, isActive: false });
    for (let index = 0; index < 12; index += 1) {
      await buildUser(db, {
        email: `veel${String(index).padStart(2, '0')}@example.nl`,
        lastName: `Veel ${index}`,
      });
    }
    const browser = (email: string): Promise<Caller> =>
      signInAs(test.app, email).then((signedIn) => (call: Call) => signedIn.request(call));
    const bearer = await bearerFor(db, adminId);
    callers = {
      visitor: (call) =>
        test.app.inject({
          method: call.method,
          url: call.url,
          ...(call.payload ? { payload: call.payload as object } : {}),
        }),
      member: await browser('lid@example.nl'),
      'content manager': await browser('redacteur@example.nl'),
      'inactive admin': await browser('slapend@example.nl'),
      admin: await browser('beheer@example.nl'),
      operator: await browser('operator@example.nl'),
      'admin token': (call) =>
        test.app.inject({
          method: call.method,
          url: call.url,
          headers: bearer,
          ...(call.payload ? { payload: call.payload as object } : {}),
        }),
    };
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers admins only: visitors 401, members and content managers 403, an inactive admin account_inactive', async () => {
    const calls: Call[] = [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: `/api/users/${memberId}/sessions` },
      { method: 'GET', url: `/api/users/${memberId}/activity` },
      { method: 'GET', url: `/api/users/${memberId}/export` },
      { method: 'POST', url: `/api/users/${memberId}/verification` },
      { method: 'DELETE', url: `/api/users/${memberId}/sessions` },
      { method: 'DELETE', url: `/api/users/${memberId}/sessions/00000000-0000-4000-8000-000000000000` },
      { method: 'DELETE', url: `/api/users/${memberId}` },
    ];
    for (const call of calls) {
      expectApiError(await callers.visitor!(call), 401, 'unauthorized');
      expectApiError(await callers.member!(call), 403, 'forbidden');
      expectApiError(await callers['content manager']!(call), 403, 'forbidden');
      expectApiError(await callers['inactive admin']!(call), 403, 'account_inactive');
    }
    for (const name of ['admin', 'operator', 'admin token']) {
      for (const call of calls.slice(0, 4)) {
        expect((await callers[name]!(call)).statusCode, `${name} ${call.url}`).toBe(200);
      }
    }
  });

  it('pages, sorts and searches the users table', async () => {
    const admin = callers.admin!;
    const first = (await admin({ method: 'GET', url: '/api/users?pageSize=10&sortBy=email' })).json() as {
      items: { email: string }[];
      total: number;
    };
    expect(first.total).toBe(17);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.email).toBe('beheer@example.nl');
    const second = (
      await admin({ method: 'GET', url: '/api/users?pageSize=10&page=2&sortBy=email' })
    ).json() as {
      items: { email: string }[];
    };
    expect(second.items).toHaveLength(7);
    expect(second.items.map((user) => user.email)).not.toContain(first.items[0]!.email);
    const desc = (
      (
        await admin({ method: 'GET', url: '/api/users?pageSize=all&sortBy=email&sortDirection=desc' })
      ).json() as {
        items: { email: string }[];
      }
    ).items.map((user) => user.email);
    expect(desc[0]).toBe('veel11@example.nl');
    const found = (await admin({ method: 'GET', url: '/api/users?search=Lies%20Lid' })).json() as {
      items: { guid: string; accountType: string }[];
      total: number;
    };
    expect(found).toMatchObject({ total: 1, items: [{ guid: memberId, accountType: 'Standard' }] });
    for (const query of ['sortBy=password', 'pageSize=7', 'page=0', 'search=%00']) {
      expect((await admin({ method: 'GET', url: `/api/users?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('pages, sorts and searches the invitations table (admins only)', async () => {
    const admin = callers.admin!;
    for (const name of ['cor', 'ada', 'bob']) {
      const invited = await admin({
        method: 'POST',
        url: '/api/userinvitations',
        payload: { email: `${name}@uitnodiging.nl` },
      });
      expect(invited.statusCode).toBe(201);
    }
    const page = (
      await admin({
        method: 'GET',
        url: '/api/userinvitations?search=uitnodiging&sortBy=email&pageSize=10',
      })
    ).json() as { items: { email: string }[]; total: number };
    expect(page.total).toBe(3);
    expect(page.items.map((invitation) => invitation.email)).toEqual([
      'ada@uitnodiging.nl',
      'bob@uitnodiging.nl',
      'cor@uitnodiging.nl',
    ]);
    const newest = (
      (
        await admin({
          method: 'GET',
          url: '/api/userinvitations?sortBy=createdAt&sortDirection=desc&pageSize=10&page=1',
        })
      ).json() as { items: { createdAt: string }[] }
    ).items.map((invitation) => invitation.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    expect((await admin({ method: 'GET', url: '/api/userinvitations?sortBy=code' })).statusCode).toBe(400);
    expectApiError(await callers.member!({ method: 'GET', url: '/api/userinvitations' }), 403, 'forbidden');
    expectApiError(
      await callers.visitor!({ method: 'GET', url: '/api/userinvitations' }),
      401,
      'unauthorized',
    );
  });

  it("lists and ends an account's sessions, one or all", async () => {
    await signInAs(test.app, 'lid@example.nl');
    await signInAs(test.app, 'lid@example.nl');
    const admin = callers.admin!;
    const list = async () =>
      (await admin({ method: 'GET', url: `/api/users/${memberId}/sessions` })).json() as { guid: string }[];
    const before = await list();
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(
      (await admin({ method: 'DELETE', url: `/api/users/${memberId}/sessions/${before[0]!.guid}` }))
        .statusCode,
    ).toBe(204);
    expect((await list()).length).toBe(before.length - 1);
    expectApiError(
      await admin({ method: 'DELETE', url: `/api/users/${memberId}/sessions/${before[0]!.guid}` }),
      404,
      'not_found',
    );
    expect((await admin({ method: 'DELETE', url: `/api/users/${memberId}/sessions` })).statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expectApiError(
      await callers.member!({ method: 'GET', url: '/api/profiles:loggedIn' }),
      401,
      'unauthorized',
    );
    callers.member = await signInAs(test.app, 'lid@example.nl').then((b) => (call: Call) => b.request(call));
    const activity = (
      await admin({ method: 'GET', url: `/api/users/${memberId}/activity?pageSize=10` })
    ).json() as {
      items: { action: string; actor: { name: string } | null }[];
      total: number;
    };
    expect(activity.items[0]).toMatchObject({ action: 'user.signIn' });
    expect(activity.items.find((event) => event.action === 'user.revokeSessions')).toMatchObject({
      actor: { name: 'Bea Beheer', isRemoved: false },
    });
    expect(activity.total).toBeGreaterThan(3);
    // The sessions table is checked directly: every session of the member before the last sign-in ended.
    const open = await test.database.db.select().from(sessions);
    expect(open.filter((row) => row.userId === memberId && row.revokedAt === null)).toHaveLength(1);
  });

  it('mails the verification link again and says the outcome; exports the account as JSON', async () => {
    const admin = callers.admin!;
    const sent = await admin({ method: 'POST', url: `/api/users/${memberId}/verification` });
    expect(sent.json()).toEqual({ outcome: 'Sent' });
    expect((await admin({ method: 'POST', url: `/api/users/${memberId}/verification` })).json()).toEqual({
      outcome: 'TooSoon',
    });
    const exported = await admin({ method: 'GET', url: `/api/users/${memberId}/export` });
    expect(String(exported.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(exported.json()).toMatchObject({ user: { guid: memberId, email: 'lid@example.nl' } });
    expectApiError(
      await admin({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000/export' }),
      404,
      'not_found',
    );
  });

  it("sets a user's profile properties with the rules of their own profile; operator-only ones only by an operator", async () => {
    const define = (payload: object) =>
      callers.operator!({ method: 'POST', url: '/api/profilepropertydefinitions', payload });
    for (const payload of [
      {
        key: 'afdeling',
        label: { nl: 'Afdeling' },
        category: 'profile',
        inputType: 'text',
        isRequired: true,
      },
      {
        key: 'team',
        label: { nl: 'Team' },
        category: 'profile',
        inputType: 'select',
        options: [
          { value: 'rood', label: { nl: 'Rood' } },
          { value: 'blauw', label: { nl: 'Blauw' } },
        ],
      },
      {
        key: 'contractnummer',
        label: { nl: 'Contractnummer' },
        category: 'profile',
        inputType: 'text',
        isMettOnly: true,
      },
    ]) {
      expect((await define(payload)).statusCode).toBe(201);
    }
    const put = (caller: string, properties: { key: string; value: string }[]) =>
      callers[caller]!({ method: 'PUT', url: `/api/users/${memberId}`, payload: { properties } });
    const valuesOf = (body: unknown) =>
      Object.fromEntries(
        (body as { properties: { key: string; value: string }[] }).properties.map((p) => [p.key, p.value]),
      );

    const saved = await put('admin', [
      { key: 'afdeling', value: 'Kantine' },
      { key: 'team', value: 'rood' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(valuesOf(saved.json())).toMatchObject({ afdeling: 'Kantine', team: 'rood' });

    // Wrong values: a message per field, and nothing of the request is saved.
    const wrong = await put('admin', [
      { key: 'afdeling', value: 'Keuken' },
      { key: 'team', value: 'paars' },
      { key: 'bestaatniet', value: 'x' },
    ]);
    const body = expectApiError(wrong, 400, 'validation_failed');
    expect(body.error.details?.map((detail) => detail.path)).toEqual([
      'properties/1/value',
      'properties/2/key',
    ]);
    expectApiError(await put('admin', [{ key: 'afdeling', value: ' ' }]), 400, 'validation_failed');
    // An admin who is no operator does not know the operator-only property.
    const hidden = expectApiError(
      await put('admin', [{ key: 'contractnummer', value: 'C-1' }]),
      400,
      'validation_failed',
    );
    expect(hidden.error.details?.[0]?.path).toBe('properties/0/key');
    expect((await put('operator', [{ key: 'contractnummer', value: 'C-1' }])).statusCode).toBe(200);

    // Others may not; the admin still sees their values, without the operator-only one.
    expectApiError(await put('visitor', [{ key: 'team', value: 'blauw' }]), 401, 'unauthorized');
    expectApiError(await put('member', [{ key: 'team', value: 'blauw' }]), 403, 'forbidden');
    expectApiError(await put('content manager', [{ key: 'team', value: 'blauw' }]), 403, 'forbidden');
    const asAdmin = valuesOf((await callers.admin!({ method: 'GET', url: `/api/users/${memberId}` })).json());
    expect(asAdmin).toEqual(expect.objectContaining({ afdeling: 'Kantine', team: 'rood' }));
    expect(asAdmin).not.toHaveProperty('contractnummer');
    const asOperator = valuesOf(
      (await callers.operator!({ method: 'GET', url: `/api/users/${memberId}` })).json(),
    );
    expect(asOperator).toMatchObject({ contractnummer: 'C-1' });

    // The user sees what the admin set on their own account.
    const own = valuesOf((await callers.member!({ method: 'GET', url: '/api/profiles:loggedIn' })).json());
    expect(own).toMatchObject({ afdeling: 'Kantine', team: 'rood' });

    // Clearing an optional one removes it; the change is in the account's activity.
    expect(valuesOf((await put('admin', [{ key: 'team', value: '' }])).json())).not.toHaveProperty('team');
    const activity = (
      await callers.admin!({ method: 'GET', url: `/api/users/${memberId}/activity` })
    ).json() as { items: { action: string }[] };
    expect(activity.items.map((item) => item.action)).toContain('user.update');
  });

  it('erases an account; what they did stays, attributed to "removed user"; never oneself', async () => {
    const db = test.database.db;
    const leaving = await buildUser(db, { email: 'vertrek@example.nl', firstName: 'Vera', isAdmin: true });
    const leaver = await signInAs(test.app, 'vertrek@example.nl');
    const made = await leaver.request({ method: 'POST', url: '/api/roles', payload: { name: 'Door Vera' } });
    expect(made.statusCode).toBe(201);
    expect(
      (
        await leaver.request({
          method: 'PUT',
          url: `/api/users/${memberId}`,
          payload: { firstName: 'Liesje' },
        })
      ).statusCode,
    ).toBe(200);

    const admin = callers.admin!;
    expectApiError(await admin({ method: 'DELETE', url: `/api/users/${adminId}` }), 409, 'conflict');
    expect((await admin({ method: 'DELETE', url: `/api/users/${leaving.id}` })).statusCode).toBe(204);
    expectApiError(await admin({ method: 'GET', url: `/api/users/${leaving.id}` }), 404, 'not_found');
    expectApiError(
      await leaver.request({ method: 'GET', url: '/api/profiles:loggedIn' }),
      401,
      'unauthorized',
    );
    // The role Vera made is still there.
    expect((await db.select().from(roles)).map((role) => role.name)).toContain('Door Vera');
    // What Vera did to the member's account now names a removed user, in the request's language.
    const nl = (
      await admin({ method: 'GET', url: `/api/users/${memberId}/activity?pageSize=100` })
    ).json() as {
      items: { action: string; actor: { name: string; isRemoved: boolean; guid: string | null } | null }[];
    };
    const change = nl.items.find((event) => event.action === 'user.update');
    expect(change?.actor).toEqual({ guid: null, name: 'verwijderde gebruiker', isRemoved: true });
    const en = await test.app.inject({
      method: 'GET',
      url: `/api/users/${memberId}/activity?pageSize=100`,
      headers: { ...(await bearerFor(db, adminId)), 'accept-language': 'en' },
    });
    expect((en.json() as typeof nl).items.find((event) => event.action === 'user.update')?.actor?.name).toBe(
      'removed user',
    );
  });
});
