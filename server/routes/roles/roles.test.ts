import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, invitations, pages, users } from '../../db/schema.ts';
import { createPage } from '../../seed/builders.ts';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };

describe('roles: table with counts and pages, members, delete refused while in use or reassigned', () => {
  let test: TestApp;
  let admin: (call: Call) => Promise<LightMyRequestResponse>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    ids.admin = (await buildUser(db, { email: 'beheer@example.nl', isAdmin: true })).id;
    ids.anna = (await buildUser(db, { email: 'anna@example.nl', firstName: 'Anna', lastName: 'Appel' })).id;
    ids.bert = (await buildUser(db, { email: 'bert@example.nl', firstName: 'Bert', lastName: 'Boom' })).id;
    await buildUser(db, { email: 'redacteur@example.nl', isContentManager: true });
    await buildUser(db, { email: 'slapend@example.nl', isAdmin: true, isActive: false });
    const browser = await signInAs(test.app, 'beheer@example.nl');
    admin = (call) => browser.request(call);
  });
  afterAll(async () => {
    await test.close();
  });

  const create = async (name: string) => {
    const response = await admin({
      method: 'POST',
      url: '/api/roles',
      payload: { name, description: `${name}!` },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { guid: string }).guid;
  };

  it('lists roles paged with member counts and the pages each may edit', async () => {
    const redactie = await create('Redactie');
    const leden = await create('Leden');
    await create('Archief');
    await createPage(test.database.db, {
      name: 'nieuws',
      title: { nl: 'Nieuws', en: 'News' },
      editPermission: 'roles',
      editRoles: [redactie],
    });
    const members = await createPage(test.database.db, { name: 'leden', title: 'Ledenpagina' });
    await test.database.db
      .update(pages)
      .set({ roleIds: [leden] })
      .where(eq(pages.id, members.id));
    for (const user of [ids.anna!, ids.bert!]) {
      expect(
        (await admin({ method: 'POST', url: `/api/roles/${redactie}/members/${user}` })).statusCode,
      ).toBe(204);
    }
    // Adding twice changes nothing.
    expect(
      (await admin({ method: 'POST', url: `/api/roles/${redactie}/members/${ids.anna}` })).statusCode,
    ).toBe(204);
    const table = (
      await admin({ method: 'GET', url: '/api/roles?sortBy=members&sortDirection=desc' })
    ).json() as {
      items: { name: string; memberCount: number; editPages: { title: string }[]; viewPageCount: number }[];
      total: number;
    };
    expect(table.total).toBe(3);
    expect(table.items[0]).toMatchObject({
      name: 'Redactie',
      memberCount: 2,
      editPages: [{ title: 'Nieuws' }],
    });
    expect(table.items.find((role) => role.name === 'Leden')).toMatchObject({
      memberCount: 0,
      viewPageCount: 1,
    });
    const english = await test.app.inject({
      method: 'GET',
      url: '/api/roles?search=redac',
      headers: { ...(await bearerFor(test.database.db, ids.admin!)), 'accept-language': 'en' },
    });
    expect(english.json()).toMatchObject({ total: 1, items: [{ editPages: [{ title: 'News' }] }] });
    const byName = (await admin({ method: 'GET', url: '/api/roles?pageSize=10&page=1' })).json() as {
      items: { name: string }[];
    };
    expect(byName.items.map((role) => role.name)).toEqual(['Archief', 'Leden', 'Redactie']);
    const memberList = (
      await admin({ method: 'GET', url: `/api/roles/${redactie}/members?sortBy=name` })
    ).json() as {
      items: { email: string }[];
      total: number;
    };
    expect(memberList.items.map((user) => user.email)).toEqual(['anna@example.nl', 'bert@example.nl']);
    expect(memberList.total).toBe(2);
  });

  it('removes a member; a non-member or unknown account is not found', async () => {
    const role = await create('Tijdelijk');
    expect((await admin({ method: 'POST', url: `/api/roles/${role}/members/${ids.bert}` })).statusCode).toBe(
      204,
    );
    expect(
      (await admin({ method: 'DELETE', url: `/api/roles/${role}/members/${ids.bert}` })).statusCode,
    ).toBe(204);
    expectApiError(
      await admin({ method: 'DELETE', url: `/api/roles/${role}/members/${ids.bert}` }),
      404,
      'not_found',
    );
    expectApiError(
      await admin({ method: 'POST', url: `/api/roles/${role}/members/00000000-0000-4000-8000-000000000000` }),
      404,
      'not_found',
    );
    expectApiError(
      await admin({
        method: 'POST',
        url: `/api/roles/00000000-0000-4000-8000-000000000000/members/${ids.bert}`,
      }),
      404,
      'not_found',
    );
    const events = await test.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, role));
    expect(events.map((event) => event.action)).toEqual([
      'role.create',
      'role.addMember',
      'role.removeMember',
    ]);
  });

  it('refuses to delete a role in use, with the counts, until reassigned in one write', async () => {
    const db = test.database.db;
    const old = await create('Oud');
    const next = await create('Nieuw');
    await admin({ method: 'POST', url: `/api/roles/${old}/members/${ids.anna}` });
    await admin({ method: 'POST', url: `/api/roles/${next}/members/${ids.bert}` });
    const page = await createPage(db, {
      name: 'oud',
      title: 'Oude pagina',
      editPermission: 'roles',
      editRoles: [old],
    });
    await db
      .update(pages)
      .set({ roleIds: [old, next] })
      .where(eq(pages.id, page.id));

    const refused = expectApiError(
      await admin({ method: 'DELETE', url: `/api/roles/${old}` }),
      409,
      'conflict',
    );
    expect(refused.error.details?.[0]?.message).toBe(
      "Deze rol is in gebruik: 1 gebruiker(s) en 1 pagina('s). Kies een rol om ze aan toe te wijzen.",
    );
    expectApiError(
      await admin({ method: 'DELETE', url: `/api/roles/${old}?reassignTo=${old}` }),
      400,
      'bad_request',
    );
    expectApiError(
      await admin({
        method: 'DELETE',
        url: `/api/roles/${old}?reassignTo=00000000-0000-4000-8000-000000000000`,
      }),
      400,
      'bad_request',
    );
    expectApiError(
      await admin({ method: 'DELETE', url: `/api/roles/${old}?reassignTo=nope` }),
      400,
      'validation_failed',
    );

    const [invitation] = await db
      .insert(invitations)
      .values({
        codeHash: 'x',
        email: 'uitgenodigd@example.nl',
        roleIds: [old],
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();

    expect((await admin({ method: 'DELETE', url: `/api/roles/${old}?reassignTo=${next}` })).statusCode).toBe(
      204,
    );
    const [invited] = await db.select().from(invitations).where(eq(invitations.id, invitation!.id));
    expect(invited!.roleIds).toEqual([next]);
    const [anna] = await db.select().from(users).where(eq(users.id, ids.anna!));
    expect(anna!.roleIds).toContain(next);
    expect(anna!.roleIds).not.toContain(old);
    const [bert] = await db.select().from(users).where(eq(users.id, ids.bert!));
    expect(bert!.roleIds.filter((id) => id === next)).toHaveLength(1);
    const [moved] = await db.select().from(pages).where(eq(pages.id, page.id));
    expect(moved).toMatchObject({ editRoles: [next], roleIds: [next] });
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'role.delete'));
    expect(event).toMatchObject({ entityId: old, data: { reassignTo: next } });
    expectApiError(await admin({ method: 'DELETE', url: `/api/roles/${old}` }), 404, 'not_found');
  });

  it('answers admins only', async () => {
    const role = await create('Alleen beheer');
    const calls: Call[] = [
      { method: 'GET', url: '/api/roles' },
      { method: 'POST', url: '/api/roles', payload: { name: 'x' } },
      { method: 'PUT', url: `/api/roles/${role}`, payload: { name: 'y' } },
      { method: 'DELETE', url: `/api/roles/${role}` },
      { method: 'GET', url: `/api/roles/${role}/members` },
      { method: 'POST', url: `/api/roles/${role}/members/${ids.anna}` },
      { method: 'DELETE', url: `/api/roles/${role}/members/${ids.anna}` },
    ];
    const member = await signInAs(test.app, 'anna@example.nl');
    const manager = await signInAs(test.app, 'redacteur@example.nl');
    const inactive = await signInAs(test.app, 'slapend@example.nl');
    const token = await bearerFor(test.database.db, ids.admin!);
    for (const call of calls) {
      const payload = call.payload ? { payload: call.payload as object } : {};
      expectApiError(
        await test.app.inject({ method: call.method, url: call.url, ...payload }),
        401,
        'unauthorized',
      );
      expectApiError(await member.request(call), 403, 'forbidden');
      expectApiError(await manager.request(call), 403, 'forbidden');
      expectApiError(await inactive.request(call), 403, 'account_inactive');
    }
    const viaToken = await test.app.inject({
      method: 'GET',
      url: `/api/roles/${role}/members`,
      headers: token,
    });
    expect(viaToken.statusCode).toBe(200);
  });
});
