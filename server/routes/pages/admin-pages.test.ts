import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import {
  auditEvents,
  buildingBlockInstances,
  listItems,
  menuItems,
  pages,
  roles,
  users,
} from '../../db/schema.ts';
import { setPlatformSettings } from '../../domains/settings/commands.ts';
import { createBlock, createListItem, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/** Admin pages (issue 10): every endpoint, as each kind of actor. */
describe('admin pages API', () => {
  let test: TestApp;
  let admin: Browser;
  let editor: Browser;
  let member: Browser;
  let manager: Browser;
  let inactive: Browser;
  let token: { authorization: string };
  let memberToken: { authorization: string };
  let EDITORS: string;
  let MEMBERS: string;

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    const [editors, members] = await db
      .insert(roles)
      .values([{ name: 'Redactie' }, { name: 'Leden' }])
      .returning();
    EDITORS = editors?.id ?? '';
    MEMBERS = members?.id ?? '';
    const adminUser = await buildUser(db, {
      email: 'beheer@example.nl',
      isAdmin: true,
      firstName: 'Anna',
      lastName: 'Beheer',
    });
    await buildUser(db, { email: 'redactie@example.nl', isContentManager: true, roleIds: [EDITORS] });
    const memberUser = await buildUser(db, { email: 'lid@example.nl', roleIds: [MEMBERS] });
    await buildUser(db, { email: 'cm@example.nl', isContentManager: true });
    await buildUser(db, { email: 'slaper@example.nl', isAdmin: true });
    admin = await signInAs(test.app, 'beheer@example.nl');
    editor = await signInAs(test.app, 'redactie@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
    manager = await signInAs(test.app, 'cm@example.nl');
    inactive = await signInAs(test.app, 'slaper@example.nl');
    await db.update(users).set({ isActive: false }).where(eq(users.email, 'slaper@example.nl'));
    token = await bearerFor(db, adminUser.id);
    memberToken = await bearerFor(db, memberUser.id);
  });
  afterAll(async () => {
    await test.close();
  });

  const create = (who: Browser, payload: unknown) =>
    who.request({ method: 'POST', url: '/api/pages', payload });

  it('creates pages in each layout, with options, rights and who may view; unpublished by default', async () => {
    const response = await create(admin, {
      title: { nl: 'Over ons', en: 'About us' },
      layout: '25-75',
      options: [{ name: 'showBreadcrumbs', value: 'false' }],
      editPermission: 'roles',
      editRoles: [EDITORS],
      roleIds: [MEMBERS],
    });
    expect(response.statusCode).toBe(201);
    const page = response.json();
    expect(page).toMatchObject({
      title: 'Over ons',
      titleTranslations: { nl: 'Over ons', en: 'About us' },
      layout: '25-75',
      isPublished: false,
      editPermission: 'roles',
      editRoles: [EDITORS],
      roleIds: [MEMBERS],
      options: [{ name: 'showBreadcrumbs', value: 'false' }],
    });
    expect(page.guid).toMatch(/^[0-9a-f-]{36}$/);
    for (const layout of ['100', '75-25', '25-50-25']) {
      expect(
        (await create(admin, { title: { nl: `Indeling ${layout}` }, layout, isPublished: true })).statusCode,
      ).toBe(201);
    }
    const [event] = await test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, page.guid));
    expect(event).toMatchObject({ action: 'page.create', entityType: 'page' });
    // Same title twice: both exist (the internal name is made unique).
    expect((await create(admin, { title: { nl: 'Over ons' }, layout: '100' })).statusCode).toBe(201);
  });

  it('answers 401, 403 and 400 for create as the policy matrix says', async () => {
    const body = { title: { nl: 'Nee' }, layout: '100' };
    expectApiError(
      await test.app.inject({ method: 'POST', url: '/api/pages', payload: body }),
      401,
      'unauthorized',
    );
    expectApiError(await create(member, body), 403, 'forbidden');
    expectApiError(await create(editor, body), 403, 'forbidden');
    expectApiError(await create(manager, body), 403, 'forbidden');
    expectApiError(await create(inactive, body), 403, 'account_inactive');
    expectApiError(
      await test.app.inject({ method: 'POST', url: '/api/pages', payload: body, headers: memberToken }),
      403,
      'forbidden',
    );
    const viaToken = await test.app.inject({
      method: 'POST',
      url: '/api/pages',
      payload: body,
      headers: token,
    });
    expect(viaToken.statusCode).toBe(201);
    expectApiError(await create(admin, { title: { nl: '' }, layout: '100' }), 400, 'validation_failed');
    expectApiError(await create(admin, { title: { nl: 'X' }, layout: '33-33' }), 400, 'validation_failed');
    expectApiError(
      await create(admin, { title: { nl: 'X' }, layout: '100', roleIds: ['nee'] }),
      400,
      'validation_failed',
    );
    const badTemplate = await create(admin, {
      title: { nl: 'X' },
      layout: '100',
      options: [{ name: 'templateHeader', value: '5b0f4c6e-0a53-4d0e-9d47-1f4c2b7a9e11' }],
    });
    expectApiError(badTemplate, 400, 'validation_failed');
  });

  it('lists pages server-paged with path, last change and named rights; sorts and searches', async () => {
    const db = test.database.db;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const home = await createPage(db, { name: 'lijst-home', title: { nl: 'Aaa thuis', en: 'Aaa home' } });
    const sub = await createPage(db, {
      name: 'lijst-sub',
      title: 'Aab onder',
      editPermission: 'roles',
      editRoles: [EDITORS],
    });
    const homeItem = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: '',
      name: 'Home',
      pageId: home.id,
    });
    await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'onder',
      name: 'Onder',
      pageId: sub.id,
      parentId: homeItem.id,
    });

    const first = await admin.request({ method: 'GET', url: '/api/pages/admin?pageSize=10&sortBy=title' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBeGreaterThanOrEqual(8);
    expect(body.items).toHaveLength(Math.min(10, body.total));
    expect(body.items[0]).toMatchObject({
      guid: home.id,
      path: '/',
      title: { nl: 'Aaa thuis', en: 'Aaa home' },
    });
    expect(body.items[1]).toMatchObject({
      guid: sub.id,
      path: '/onder',
      editPermission: 'roles',
      editRoles: [{ guid: EDITORS, name: 'Redactie' }],
    });
    const created = body.items.find((row: { title: { nl: string } }) => row.title.nl === 'Indeling 100');
    expect(created).toMatchObject({
      path: null,
      isPublished: true,
      updatedBy: { name: 'Anna Beheer', isRemoved: false },
    });

    const searched = await admin.request({ method: 'GET', url: '/api/pages/admin?search=onder' });
    expect(searched.json()).toMatchObject({ total: 1, items: [{ guid: sub.id }] });
    const byEnglish = await admin.request({ method: 'GET', url: '/api/pages/admin?search=home' });
    expect(byEnglish.json().items.map((row: { guid: string }) => row.guid)).toEqual([home.id]);
    const byPath = await admin.request({
      method: 'GET',
      url: '/api/pages/admin?sortBy=path&sortDirection=asc',
    });
    expect(
      byPath
        .json()
        .items.slice(0, 2)
        .map((row: { path: string }) => row.path),
    ).toEqual(['/', '/onder']);
    const past = await admin.request({ method: 'GET', url: '/api/pages/admin?page=500' });
    expect(past.json()).toMatchObject({ items: [], total: body.total });
    const wildcard = await admin.request({ method: 'GET', url: '/api/pages/admin?search=%25' });
    expect(wildcard.json().total).toBe(0);

    expectApiError(
      await admin.request({ method: 'GET', url: '/api/pages/admin?sortBy=name' }),
      400,
      'validation_failed',
    );
    expectApiError(
      await admin.request({ method: 'GET', url: '/api/pages/admin?pageSize=7' }),
      400,
      'validation_failed',
    );
    expectApiError(await test.app.inject({ method: 'GET', url: '/api/pages/admin' }), 401, 'unauthorized');
    expectApiError(await editor.request({ method: 'GET', url: '/api/pages/admin' }), 403, 'forbidden');
    expectApiError(
      await inactive.request({ method: 'GET', url: '/api/pages/admin' }),
      403,
      'account_inactive',
    );
    // The existing list for the web app is unchanged: an array.
    expect(Array.isArray((await test.app.inject({ method: 'GET', url: '/api/pages' })).json())).toBe(true);
  });

  it("names a legal page as one, with its own route in the caller's language (issue 26)", async () => {
    const db = test.database.db;
    const terms = await createPage(db, { name: 'legal-terms-of-use', title: 'Gebruiksvoorwaarden tabel' });
    const privacy = await createPage(db, { name: 'legal-privacy', title: 'Privacyverklaring tabel' });
    const other = await createPage(db, { name: 'gewoon-tabel', title: 'Gewone pagina tabel' });
    const rows = async (language: 'nl' | 'en') =>
      (
        await admin.request({
          method: 'GET',
          url: `/api/pages/admin?search=tabel&pageSize=10&lang=${language}`,
        })
      ).json().items as { guid: string; path: string | null; legalPage: unknown }[];
    const dutch = await rows('nl');
    expect(dutch.find((row) => row.guid === terms.id)).toMatchObject({
      path: null,
      legalPage: { key: 'termsOfUse', path: '/legal/terms-of-use/nl' },
    });
    expect(dutch.find((row) => row.guid === privacy.id)?.legalPage).toEqual({
      key: 'privacy',
      path: '/legal/privacy',
    });
    expect(dutch.find((row) => row.guid === other.id)).toMatchObject({ path: null, legalPage: null });
    expect((await rows('en')).find((row) => row.guid === terms.id)?.legalPage).toEqual({
      key: 'termsOfUse',
      path: '/legal/terms-of-use/en',
    });
  });

  it('duplicates a page with its blocks, titled (kopie)/(copy), unpublished, without list items', async () => {
    const db = test.database.db;
    const page = await createPage(db, {
      name: 'origineel',
      title: { nl: 'Nieuws', en: 'News' },
      layout: '25-75',
      blocks: [{ name: 'text', position: 'left', content: { nl: { html: '<p>hoi</p>' } } }],
    });
    const list = await createBlock(db, { pageId: page.id, name: 'list', options: { title: 'Berichten' } });
    await createListItem(db, { blockId: list.id, title: 'Eerste' });
    const response = await admin.request({ method: 'POST', url: `/api/pages/${page.id}/duplicate` });
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({
      titleTranslations: { nl: 'Nieuws (kopie)', en: 'News (copy)' },
      isPublished: false,
      layout: '25-75',
    });
    expect(copy.guid).not.toBe(page.id);
    expect(
      copy.buildingBlockInstances.map((block: { buildingBlockName: string; layoutPosition: string }) => [
        block.buildingBlockName,
        block.layoutPosition,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['text', 'left'],
        ['list', 'main'],
      ]),
    );
    const copiedList = copy.buildingBlockInstances.find(
      (block: { buildingBlockName: string }) => block.buildingBlockName === 'list',
    );
    expect(await db.select().from(listItems).where(eq(listItems.blockId, copiedList.guid))).toHaveLength(0);
    expectApiError(
      await editor.request({ method: 'POST', url: `/api/pages/${page.id}/duplicate` }),
      403,
      'forbidden',
    );
    expectApiError(
      await test.app.inject({ method: 'POST', url: `/api/pages/${page.id}/duplicate` }),
      401,
      'unauthorized',
    );
    expectApiError(
      await admin.request({
        method: 'POST',
        url: '/api/pages/5b0f4c6e-0a53-4d0e-9d47-1f4c2b7a9e11/duplicate',
      }),
      404,
      'not_found',
    );
  });

  it('publishes, unpublishes and changes options, rights and who may view; rights are for admins only', async () => {
    const page = await createPage(test.database.db, {
      name: 'rechten',
      title: 'Rechten',
      editPermission: 'roles',
      editRoles: [EDITORS],
    });
    const options = [
      { name: 'showSubMenu', value: 'false' },
      { name: 'showHeader', value: 'false' },
      { name: 'showBreadcrumbs', value: 'false' },
      { name: 'showFooter', value: 'false' },
      { name: 'showMainMenu', value: 'false' },
    ];
    const saved = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { isPublished: false, options, roleIds: [MEMBERS], editRoles: [EDITORS, MEMBERS] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      isPublished: false,
      options,
      roleIds: [MEMBERS],
      editRoles: [EDITORS, MEMBERS],
    });
    // The page's editor may publish it, not change who may edit or view it.
    expect(
      (await editor.request({ method: 'PUT', url: `/api/pages/${page.id}`, payload: { isPublished: true } }))
        .statusCode,
    ).toBe(200);
    expectApiError(
      await editor.request({ method: 'PUT', url: `/api/pages/${page.id}`, payload: { roleIds: [] } }),
      403,
      'forbidden',
    );
    const [row] = await test.database.db.select().from(pages).where(eq(pages.id, page.id));
    expect(row?.roleIds).toEqual([MEMBERS]);
  });

  it('tells what deleting breaks, then deletes the page, its blocks, list items and menu items (children move up)', async () => {
    const db = test.database.db;
    const menu = await createMenu(db, 'Footer menu');
    const page = await createPage(db, {
      name: 'weg',
      title: 'Weg',
      blocks: [{ name: 'text', content: { nl: { html: '<p>x</p>' } } }],
    });
    const child = await createPage(db, { name: 'blijft', title: 'Blijft' });
    const list = await createBlock(db, { pageId: page.id, name: 'list', options: { title: 'Agenda' } });
    await createListItem(db, { blockId: list.id, title: 'Een' });
    await createListItem(db, { blockId: list.id, title: 'Twee' });
    const parent = await createMenuItem(db, { menuId: menu.id, urlSegment: 'info', name: 'Info' });
    const item = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'weg',
      name: 'Weg',
      pageId: page.id,
      parentId: parent.id,
      sortId: 20,
    });
    const childItem = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'blijft',
      name: 'Blijft',
      pageId: child.id,
      parentId: item.id,
    });
    // A sibling at the level the child moves to already has its segment.
    await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'blijft',
      name: 'Ander',
      parentId: parent.id,
      sortId: 30,
    });

    const dependents = await admin.request({ method: 'GET', url: `/api/pages/${page.id}/dependents` });
    expect(dependents.statusCode).toBe(200);
    expect(dependents.json()).toEqual({
      menuItems: [{ guid: item.id, menuName: 'Footer menu', name: 'Weg' }],
      lists: [{ guid: list.id, title: 'Agenda', itemCount: 2 }],
    });
    expectApiError(
      await editor.request({ method: 'GET', url: `/api/pages/${page.id}/dependents` }),
      403,
      'forbidden',
    );
    expectApiError(
      await editor.request({ method: 'DELETE', url: `/api/pages/${page.id}` }),
      403,
      'forbidden',
    );
    expectApiError(
      await test.app.inject({ method: 'DELETE', url: `/api/pages/${page.id}` }),
      401,
      'unauthorized',
    );
    expectApiError(
      await inactive.request({ method: 'DELETE', url: `/api/pages/${page.id}` }),
      403,
      'account_inactive',
    );

    const deleted = await admin.request({ method: 'DELETE', url: `/api/pages/${page.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await db.select().from(pages).where(eq(pages.id, page.id))).toHaveLength(0);
    expect(
      await db.select().from(buildingBlockInstances).where(eq(buildingBlockInstances.pageId, page.id)),
    ).toHaveLength(0);
    expect(await db.select().from(listItems).where(eq(listItems.blockId, list.id))).toHaveLength(0);
    expect(await db.select().from(menuItems).where(eq(menuItems.id, item.id))).toHaveLength(0);
    const [moved] = await db.select().from(menuItems).where(eq(menuItems.id, childItem.id));
    expect(moved).toMatchObject({
      parentId: parent.id,
      urlSegment: 'blijft-2',
      sortId: 20,
      pageId: child.id,
    });
    const events = await db.select().from(auditEvents).where(eq(auditEvents.entityId, page.id));
    expect(events.map((event) => event.action)).toEqual(['page.delete']);
    expectApiError(await admin.request({ method: 'DELETE', url: `/api/pages/${page.id}` }), 404, 'not_found');
  });

  it('manages header and footer templates; delete refused with 409 while a page uses one', async () => {
    const made = await admin.request({
      method: 'POST',
      url: '/api/pagetemplates',
      payload: { title: { nl: 'Mededeling', en: 'Announcement' }, templateKind: 'header' },
    });
    expect(made.statusCode).toBe(201);
    const template = made.json();
    expect(template).toMatchObject({
      templateKind: 'header',
      title: { nl: 'Mededeling', en: 'Announcement' },
    });
    const footer = (
      await admin.request({
        method: 'POST',
        url: '/api/pagetemplates',
        payload: { title: { nl: 'Voet' }, templateKind: 'footer', layout: '25-50-25' },
      })
    ).json();
    const list = await admin.request({ method: 'GET', url: '/api/pagetemplates' });
    expect(list.json().map((entry: { guid: string }) => entry.guid)).toEqual(
      expect.arrayContaining([template.guid, footer.guid]),
    );
    // The existing template read still works for it.
    expect(
      (await admin.request({ method: 'GET', url: `/api/pagetemplates/${template.guid}` })).statusCode,
    ).toBe(200);

    const renamed = await admin.request({
      method: 'PUT',
      url: `/api/pagetemplates/${template.guid}`,
      payload: { title: { nl: 'Melding' } },
    });
    expect(renamed.json()).toMatchObject({ title: { nl: 'Melding' }, templateKind: 'header' });

    const page = await create(admin, {
      title: { nl: 'Met sjabloon' },
      layout: '100',
      options: [{ name: 'templateHeader', value: template.guid }],
    });
    expect(page.statusCode).toBe(201);
    const refused = expectApiError(
      await admin.request({ method: 'DELETE', url: `/api/pagetemplates/${template.guid}` }),
      409,
      'conflict',
    );
    expect(refused.error.details?.[0]?.message).toBe('Dit sjabloon is in gebruik: Met sjabloon.');

    await setPlatformSettings(test.database.db, { defaultFooterGuid: footer.guid });
    expectApiError(
      await admin.request({ method: 'DELETE', url: `/api/pagetemplates/${footer.guid}` }),
      409,
      'conflict',
    );

    for (const who of [editor, member, manager]) {
      expectApiError(await who.request({ method: 'GET', url: '/api/pagetemplates' }), 403, 'forbidden');
      expectApiError(
        await who.request({
          method: 'POST',
          url: '/api/pagetemplates',
          payload: { title: { nl: 'X' }, templateKind: 'header' },
        }),
        403,
        'forbidden',
      );
      expectApiError(
        await who.request({ method: 'DELETE', url: `/api/pagetemplates/${template.guid}` }),
        403,
        'forbidden',
      );
    }
    expectApiError(await test.app.inject({ method: 'GET', url: '/api/pagetemplates' }), 401, 'unauthorized');
    expectApiError(
      await inactive.request({ method: 'PUT', url: `/api/pagetemplates/${template.guid}`, payload: {} }),
      403,
      'account_inactive',
    );

    const other = (
      await admin.request({
        method: 'POST',
        url: '/api/pagetemplates',
        payload: { title: { nl: 'Los' }, templateKind: 'header' },
      })
    ).json();
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/pagetemplates/${other.guid}` })).statusCode,
    ).toBe(204);
    expectApiError(
      await admin.request({ method: 'GET', url: `/api/pagetemplates/${other.guid}` }),
      404,
      'not_found',
    );
  });
});
