import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, buildUser, setUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, listItemTypes } from '../../db/schema.ts';
import { createBlock, createListItem, createPage } from '../../seed/builders.ts';

type ItemType = {
  name: string;
  label: string;
  labelTranslations: { nl: string; en: string };
  itemCount: number;
};

describe('item types (admin)', () => {
  let test: TestApp;
  let admin: Browser;
  let member: Browser;
  let contentManager: Browser;
  let inactive: Browser;
  let adminId: string;
  let memberId: string;
  let blockId: string;
  let itemId: string;

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    adminId = (await buildUser(db, { email: 'beheer@example.nl', isAdmin: true })).id;
    memberId = (await buildUser(db, { email: 'lid@example.nl' })).id;
    await buildUser(db, { email: 'redactie@example.nl', isContentManager: true, roleIds: ['x'] });
    const inactiveId = (await buildUser(db, { email: 'oud@example.nl', isAdmin: true })).id;
    admin = await signInAs(test.app, 'beheer@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
    contentManager = await signInAs(test.app, 'redactie@example.nl');
    inactive = await signInAs(test.app, 'oud@example.nl');
    await setUser(db, inactiveId, { isActive: false });
    const page = await createPage(db, { name: 'nieuws', title: 'Nieuws' });
    const block = await createBlock(db, { pageId: page.id, name: 'list' });
    blockId = block.id;
    itemId = (await createListItem(db, { blockId: block.id, title: 'Eerste', type: 'nieuws' })).id;
    await createListItem(db, { blockId: block.id, title: 'Tweede', type: 'nieuws' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('lets an admin create a type with labels in nl and en, audited, shown in the public list', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/listitemtypes',
      payload: { name: 'open_dag', label: { nl: 'Open dag', en: 'Open day' } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      name: 'open_dag',
      label: 'Open dag',
      labelTranslations: { nl: 'Open dag', en: 'Open day' },
      itemCount: 0,
    });
    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'itemType'), eq(auditEvents.entityId, 'open_dag')));
    expect(events.map((event) => event.action)).toEqual(['itemType.create']);

    const english = await test.app.inject({ method: 'GET', url: '/api/listitemtypes?lang=en' });
    expect(english.json()).toContainEqual({
      name: 'open_dag',
      label: 'Open day',
      labelTranslations: { nl: 'Open dag', en: 'Open day' },
    });
  });

  it('refuses a second type with the same name (409) and names that break the slug rule (400 on name)', async () => {
    const again = await admin.request({
      method: 'POST',
      url: '/api/listitemtypes',
      payload: { name: 'open_dag', label: { nl: 'Nog een' } },
    });
    expectApiError(again, 409, 'conflict');
    for (const name of ['Open Dag', '', '-x', 'a b', 'x'.repeat(65), '../etc', 'nieuws\u0000', 'ë']) {
      const response = await admin.request({
        method: 'POST',
        url: '/api/listitemtypes',
        payload: { name, label: { nl: 'Iets' } },
      });
      const body = expectApiError(response, 400, 'validation_failed');
      expect(body.error.details?.map((detail) => detail.path)).toContain('body/name');
    }
    const noLabel = await admin.request({
      method: 'POST',
      url: '/api/listitemtypes',
      payload: { name: 'leeg', label: { nl: '   ' } },
    });
    const body = expectApiError(noLabel, 400, 'validation_failed');
    expect(body.error.details?.map((detail) => detail.path)).toContain('body/label/nl');
  });

  it('pages the admin table with item counts, sorted and searched', async () => {
    const response = await admin.request({
      method: 'GET',
      url: '/api/listitemtypes:table?sortBy=itemCount&sortDirection=desc&pageSize=10',
    });
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json() as { items: ItemType[]; total: number };
    expect(total).toBe(2);
    expect(items.map((item) => [item.name, item.itemCount])).toEqual([
      ['nieuws', 2],
      ['open_dag', 0],
    ]);
    const searched = await admin.request({
      method: 'GET',
      url: '/api/listitemtypes:table?search=open%20DAG',
    });
    expect((searched.json() as { items: ItemType[] }).items.map((item) => item.name)).toEqual(['open_dag']);
    const badSort = await admin.request({ method: 'GET', url: '/api/listitemtypes:table?sortBy=password' });
    expectApiError(badSort, 400, 'validation_failed');
  });

  it('changes only the labels; the name stays', async () => {
    const response = await admin.request({
      method: 'PUT',
      url: '/api/listitemtypes/nieuws',
      payload: { label: { nl: 'Nieuwsbericht', en: 'News item' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'nieuws', label: 'Nieuwsbericht', itemCount: 2 });
    const [row] = await test.database.db.select().from(listItemTypes).where(eq(listItemTypes.name, 'nieuws'));
    expect(row?.label).toEqual({ nl: 'Nieuwsbericht', en: 'News item' });
    const unknown = await admin.request({
      method: 'PUT',
      url: '/api/listitemtypes/bestaat-niet',
      payload: { label: { nl: 'X' } },
    });
    expectApiError(unknown, 404, 'not_found');
  });

  it('shows the changed label (never the raw name) in list answers and on the item, per language', async () => {
    const list = async (lang: string) => {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/listitem/list/${blockId}?lang=${lang}`,
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { items: { listItemTypeName: string; listItemTypeLabel: string }[] }).items;
    };
    expect((await list('nl')).map((item) => item.listItemTypeLabel)).toEqual([
      'Nieuwsbericht',
      'Nieuwsbericht',
    ]);
    expect((await list('en'))[0]).toMatchObject({
      listItemTypeName: 'nieuws',
      listItemTypeLabel: 'News item',
    });
    const item = await test.app.inject({ method: 'GET', url: `/api/listitem/${itemId}?lang=en` });
    expect(item.json()).toMatchObject({ listItemTypeLabel: 'News item' });
  });

  it('refuses to delete a type items use (409, how many) and deletes an unused one', async () => {
    const used = await admin.request({ method: 'DELETE', url: '/api/listitemtypes/nieuws' });
    const body = expectApiError(used, 409, 'conflict');
    expect(body.error.details?.[0]?.message).toBe('2 items hebben dit type.');
    const unused = await admin.request({ method: 'DELETE', url: '/api/listitemtypes/open_dag' });
    expect(unused.statusCode).toBe(204);
    const gone = await admin.request({ method: 'DELETE', url: '/api/listitemtypes/open_dag' });
    expectApiError(gone, 404, 'not_found');
  });

  it('lets an admin API token manage types', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/listitemtypes',
      headers: await bearerFor(test.database.db, adminId),
      payload: { name: 'vacature', label: { nl: 'Vacature', en: 'Vacancy' } },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses visitors (401), members, content managers and member tokens (403), inactive admins', async () => {
    const visitor = await test.app.inject({ method: 'GET', url: '/api/listitemtypes:table' });
    expectApiError(visitor, 401, 'unauthorized');
    const visitorWrite = await test.app.inject({
      method: 'POST',
      url: '/api/listitemtypes',
      payload: { name: 'spam', label: { nl: 'Spam' } },
    });
    expectApiError(visitorWrite, 401, 'unauthorized');
    for (const browser of [member, contentManager]) {
      expectApiError(
        await browser.request({ method: 'GET', url: '/api/listitemtypes:table' }),
        403,
        'forbidden',
      );
      expectApiError(
        await browser.request({
          method: 'PUT',
          url: '/api/listitemtypes/nieuws',
          payload: { label: { nl: 'X' } },
        }),
        403,
        'forbidden',
      );
      expectApiError(
        await browser.request({ method: 'DELETE', url: '/api/listitemtypes/vacature' }),
        403,
        'forbidden',
      );
    }
    const token = await test.app.inject({
      method: 'POST',
      url: '/api/listitemtypes',
      headers: await bearerFor(test.database.db, memberId),
      payload: { name: 'spam', label: { nl: 'Spam' } },
    });
    expectApiError(token, 403, 'forbidden');
    const old = await inactive.request({ method: 'DELETE', url: '/api/listitemtypes/vacature' });
    expect([401, 403]).toContain(old.statusCode);
    const [kept] = await test.database.db
      .select()
      .from(listItemTypes)
      .where(eq(listItemTypes.name, 'vacature'));
    expect(kept?.label).toEqual({ nl: 'Vacature', en: 'Vacancy' });
    const [spam] = await test.database.db.select().from(listItemTypes).where(eq(listItemTypes.name, 'spam'));
    expect(spam).toBeUndefined();
  });
});
