import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, userProperties } from '../../db/schema.ts';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
type Definition = {
  key: string;
  sortOrdinal: number;
  valueCount: number;
  isBuiltIn: boolean;
  category: string;
};

const phone = {
  key: 'telefoon',
  label: { nl: 'Telefoonnummer', en: 'Phone number' },
  category: 'profile',
  section: 'contact',
  inputType: 'text',
  visibleFor: 'user',
};

describe('profile property definitions (admins)', () => {
  let test: TestApp;
  let admin: (call: Call) => Promise<LightMyRequestResponse>;
  let operator: (call: Call) => Promise<LightMyRequestResponse>;
  let memberId: string;
  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
    await buildUser(db, { email: 'operator@example.nl', isAdmin: true, isMett: true });
    memberId = (await buildUser(db, { email: 'lid@example.nl' })).id;
    await buildUser(db, { email: 'slapend@example.nl', isAdmin: true, isActive: false });
    const a = await signInAs(test.app, 'beheer@example.nl');
    admin = (call) => a.request(call);
    const o = await signInAs(test.app, 'operator@example.nl');
    operator = (call) => o.request(call);
  });
  afterAll(async () => {
    await test.close();
  });

  it('creates a property that the account pages offer at once; a member fills it in', async () => {
    const created = await admin({ method: 'POST', url: '/api/profilepropertydefinitions', payload: phone });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      key: 'telefoon',
      isBuiltIn: false,
      valueCount: 0,
      isRequired: false,
    });
    const member = await signInAs(test.app, 'lid@example.nl');
    const offered = (await member.request({ method: 'GET', url: '/api/profileproperties' })).json() as {
      key: string;
      label: string;
    }[];
    expect(offered.find((definition) => definition.key === 'telefoon')).toMatchObject({
      label: 'Telefoonnummer',
    });
    const saved = await member.request({
      method: 'PUT',
      url: '/api/profiles:loggedIn',
      payload: { properties: [{ key: 'telefoon', value: '06 12345678' }] },
    });
    expect(saved.statusCode).toBe(200);
    const list = (
      await admin({ method: 'GET', url: '/api/profilepropertydefinitions' })
    ).json() as Definition[];
    expect(list.find((definition) => definition.key === 'telefoon')).toMatchObject({ valueCount: 1 });
    expect(list.filter((definition) => definition.isBuiltIn).map((definition) => definition.key)).toEqual(
      expect.arrayContaining(['accountEmail', 'alias', 'notificationClose', 'profielfoto']),
    );
    expectApiError(
      await admin({ method: 'POST', url: '/api/profilepropertydefinitions', payload: phone }),
      409,
      'conflict',
    );
    expectApiError(
      await admin({
        method: 'POST',
        url: '/api/profilepropertydefinitions',
        payload: { ...phone, key: 'alias' },
      }),
      409,
      'conflict',
    );
  });

  it('validates key, options and input type with messages in the request language', async () => {
    const bad = [
      { ...phone, key: '1telefoon' },
      { ...phone, key: 'tele foon' },
      { ...phone, key: 'tél' },
      { ...phone, key: 'a'.repeat(65) },
      { ...phone, key: 'keuze', inputType: 'select', options: [] },
      {
        ...phone,
        key: 'keuze',
        inputType: 'select',
        options: [
          { value: 'a', label: { nl: 'A' } },
          { value: 'a', label: { nl: 'B' } },
        ],
      },
      { ...phone, key: 'foto2', inputType: 'image' },
      { ...phone, key: 'x2', category: 'elders' },
      { ...phone, key: 'x3', label: { nl: '' } },
    ];
    for (const payload of bad) {
      const response = await admin({ method: 'POST', url: '/api/profilepropertydefinitions', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const message = expectApiError(
      await admin({
        method: 'POST',
        url: '/api/profilepropertydefinitions',
        payload: { ...phone, key: '_x' },
      }),
      400,
      'validation_failed',
    );
    expect(message.error.details?.[0]).toMatchObject({
      path: 'body/key',
      message: 'Gebruik 2 tot 64 letters, cijfers, _ of -, te beginnen met een letter.',
    });
  });

  it('edits and renames a site property (values move along); a built-in keeps its key and input type', async () => {
    await admin({
      method: 'POST',
      url: '/api/profilepropertydefinitions',
      payload: {
        ...phone,
        key: 'afdeling',
        inputType: 'select',
        options: [{ value: 'ict', label: { nl: 'ICT' } }],
      },
    });
    await test.database.db.insert(userProperties).values({ userId: memberId, key: 'afdeling', value: 'ict' });
    const renamed = await admin({
      method: 'PUT',
      url: '/api/profilepropertydefinitions/afdeling',
      payload: {
        ...phone,
        key: 'team',
        inputType: 'select',
        isRequired: true,
        options: [{ value: 'ict', label: { nl: 'ICT', en: 'IT' } }],
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ key: 'team', isRequired: true, valueCount: 1 });
    const values = await test.database.db
      .select()
      .from(userProperties)
      .where(eq(userProperties.userId, memberId));
    expect(values.map((value) => value.key)).toContain('team');
    expect(values.map((value) => value.key)).not.toContain('afdeling');

    const builtIn = await admin({
      method: 'PUT',
      url: '/api/profilepropertydefinitions/alias',
      payload: {
        key: 'alias',
        label: { nl: 'Bijnaam', en: 'Nickname' },
        category: 'profile',
        section: 'personal',
        inputType: 'date',
      },
    });
    expect(builtIn.json()).toMatchObject({
      key: 'alias',
      inputType: 'text',
      isBuiltIn: true,
      label: { nl: 'Bijnaam' },
    });
    const renameBuiltIn = expectApiError(
      await admin({
        method: 'PUT',
        url: '/api/profilepropertydefinitions/alias',
        payload: { key: 'bijnaam', label: { nl: 'Bijnaam' }, category: 'profile', inputType: 'text' },
      }),
      409,
      'conflict',
    );
    expect(renameBuiltIn.error.details?.[0]?.path).toBe('key');
    expectApiError(
      await admin({ method: 'DELETE', url: '/api/profilepropertydefinitions/alias' }),
      409,
      'conflict',
    );
    expectApiError(
      await admin({ method: 'DELETE', url: '/api/profilepropertydefinitions/accountEmail' }),
      409,
      'conflict',
    );
    expectApiError(
      await admin({ method: 'PUT', url: '/api/profilepropertydefinitions/bestaatniet', payload: phone }),
      404,
      'not_found',
    );
  });

  it('reorders, and deletes a site property with its values', async () => {
    await admin({
      method: 'POST',
      url: '/api/profilepropertydefinitions',
      payload: { ...phone, key: 'website' },
    });
    expect(
      (
        await admin({
          method: 'POST',
          url: '/api/profilepropertydefinitions:reorder',
          payload: { keys: ['website', 'telefoon', 'alias'] },
        })
      ).statusCode,
    ).toBe(204);
    const list = (
      await admin({ method: 'GET', url: '/api/profilepropertydefinitions' })
    ).json() as Definition[];
    const ordinal = (key: string) => list.find((definition) => definition.key === key)!.sortOrdinal;
    expect([ordinal('website'), ordinal('telefoon'), ordinal('alias')]).toEqual([10, 20, 30]);
    expectApiError(
      await admin({
        method: 'POST',
        url: '/api/profilepropertydefinitions:reorder',
        payload: { keys: ['onbekend'] },
      }),
      404,
      'not_found',
    );

    expect(
      (await admin({ method: 'DELETE', url: '/api/profilepropertydefinitions/telefoon' })).statusCode,
    ).toBe(204);
    const left = await test.database.db
      .select()
      .from(userProperties)
      .where(eq(userProperties.key, 'telefoon'));
    expect(left).toEqual([]);
    const [event] = await test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'propertyDefinition.delete'));
    expect(event).toMatchObject({ entityId: 'telefoon', data: { values: 1 } });
    expectApiError(
      await admin({ method: 'DELETE', url: '/api/profilepropertydefinitions/telefoon' }),
      404,
      'not_found',
    );
  });

  it('operator-only properties: only operators define, see or change them', async () => {
    const secret = { ...phone, key: 'klantnummer', isMettOnly: true };
    expectApiError(
      await admin({ method: 'POST', url: '/api/profilepropertydefinitions', payload: secret }),
      403,
      'forbidden',
    );
    expect(
      (await operator({ method: 'POST', url: '/api/profilepropertydefinitions', payload: secret }))
        .statusCode,
    ).toBe(201);
    const asAdmin = (
      await admin({ method: 'GET', url: '/api/profilepropertydefinitions' })
    ).json() as Definition[];
    expect(asAdmin.map((definition) => definition.key)).not.toContain('klantnummer');
    const asOperator = (
      await operator({ method: 'GET', url: '/api/profilepropertydefinitions' })
    ).json() as Definition[];
    expect(asOperator.map((definition) => definition.key)).toContain('klantnummer');
    expectApiError(
      await admin({ method: 'DELETE', url: '/api/profilepropertydefinitions/klantnummer' }),
      404,
      'not_found',
    );
    expectApiError(
      await admin({
        method: 'PUT',
        url: '/api/profilepropertydefinitions/telefoon2',
        payload: { ...phone, key: 'telefoon2' },
      }),
      404,
      'not_found',
    );
    // An admin cannot make a property operator-only either.
    await admin({
      method: 'POST',
      url: '/api/profilepropertydefinitions',
      payload: { ...phone, key: 'gewoon' },
    });
    expectApiError(
      await admin({
        method: 'PUT',
        url: '/api/profilepropertydefinitions/gewoon',
        payload: { ...phone, key: 'gewoon', isMettOnly: true },
      }),
      403,
      'forbidden',
    );
  });

  it('answers admins only', async () => {
    const calls: Call[] = [
      { method: 'GET', url: '/api/profilepropertydefinitions' },
      { method: 'POST', url: '/api/profilepropertydefinitions', payload: { ...phone, key: 'nieuw' } },
      {
        method: 'PUT',
        url: '/api/profilepropertydefinitions/website',
        payload: { ...phone, key: 'website' },
      },
      { method: 'DELETE', url: '/api/profilepropertydefinitions/website' },
      { method: 'POST', url: '/api/profilepropertydefinitions:reorder', payload: { keys: ['website'] } },
    ];
    const member = await signInAs(test.app, 'lid@example.nl');
    const inactive = await signInAs(test.app, 'slapend@example.nl');
    for (const call of calls) {
      const payload = call.payload ? { payload: call.payload as object } : {};
      expectApiError(
        await test.app.inject({ method: call.method, url: call.url, ...payload }),
        401,
        'unauthorized',
      );
      expectApiError(await member.request(call), 403, 'forbidden');
      expectApiError(await inactive.request(call), 403, 'account_inactive');
    }
    const [adminRow] = await test.database.db.query.users.findMany({
      where: (u, { eq: is }) => is(u.email, 'beheer@example.nl'),
    });
    const token = await bearerFor(test.database.db, adminRow!.id);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/profilepropertydefinitions', headers: token }))
        .statusCode,
    ).toBe(200);
  });
});
