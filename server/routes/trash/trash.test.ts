import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, createTestDatabase, expectApiError, type TestApp } from '../../../test/helpers.ts';
import {
  auditEvents,
  buildingBlockInstances,
  formAnswerCounts,
  formSubmissions,
  forms,
  formVersions,
  jobRuns,
  listItemParents,
  listItems,
  menuItems,
  pageDrafts,
  pages,
  redirects,
  trashEntries,
  users,
} from '../../db/schema.ts';
import { trashedFileKeys } from '../../domains/trash/queries.ts';
import { runTrashPurge } from '../../jobs/trash-purge.ts';
import { createBlock, createListItem, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

type Entry = {
  guid: string;
  kind: string;
  targetGuid: string;
  title: string;
  deletedBy: { name: string } | null;
};

/** The trash (issue 26): delete → hidden everywhere, restore → back as it was, purge. */
describe('trash API', () => {
  let test: TestApp;
  let admin: Browser;
  let manager: Browser;
  let member: Browser;

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    await buildUser(db, { email: 'beheer@example.nl', isAdmin: true, firstName: 'Anna', lastName: 'Beheer' });
    await buildUser(db, { email: 'cm@example.nl', isContentManager: true });
    await buildUser(db, { email: 'lid@example.nl' });
    admin = await signInAs(test.app, 'beheer@example.nl');
    manager = await signInAs(test.app, 'cm@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
  });
  afterAll(async () => {
    await test.close();
  });

  const trash = async () => {
    const response = await admin.request({
      method: 'GET',
      url: '/api/trash?sortBy=deletedAt&sortDirection=desc',
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: Entry[] }).items;
  };
  const entryFor = async (targetGuid: string) => {
    const entry = (await trash()).find((row) => row.targetGuid === targetGuid);
    if (!entry) throw new Error(`no trash entry for ${targetGuid}`);
    return entry;
  };
  const visitor = (url: string) => test.app.inject({ method: 'GET', url });

  it('a deleted page with its lists leaves every visitor view, and comes back as it was', async () => {
    const db = test.database.db;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const page = await createPage(db, {
      name: 'zomerfeest',
      title: { nl: 'Zomerfeest', en: 'Summer party' },
      isPublished: true,
      blocks: [{ name: 'text', content: { nl: { html: '<p>Kampvuur en limonade</p>' } } }],
    });
    const list = await createBlock(db, {
      pageId: page.id,
      name: 'list',
      options: { title: 'Programma' },
      sortId: 10,
    });
    const first = await createListItem(db, { blockId: list.id, title: 'Speurtocht' });
    await createListItem(db, { blockId: list.id, title: 'Disco' });
    await db
      .insert(listItemParents)
      .values({ itemId: first.id, parentGuid: page.id, publishedOn: new Date() });
    const other = await createPage(db, { name: 'foto', title: 'Foto', isPublished: true });
    const parent = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'activiteiten',
      name: 'Activiteiten',
    });
    const item = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'zomerfeest',
      name: 'Zomerfeest',
      pageId: page.id,
      parentId: parent.id,
      sortId: 20,
    });
    const childItem = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'foto',
      name: 'Foto',
      pageId: other.id,
      parentId: item.id,
    });
    await db.insert(redirects).values([
      { fromPath: '/feest', toPath: '/activiteiten/zomerfeest' },
      { fromPath: '/fotos', toPath: '/activiteiten/zomerfeest/foto' },
      { fromPath: '/blijft', toPath: '/activiteiten' },
    ]);
    await db.insert(pageDrafts).values({
      pageId: page.id,
      version: 1,
      document: { title: { nl: 'Zomerfeest' }, layout: '100', blocks: [] } as never,
    } as never);

    expect((await visitor(`/api/pages/${page.id}`)).statusCode).toBe(200);
    expect((await visitor('/api/search?q=zomerfeest')).body).toContain('Zomerfeest');
    const before = {
      page: (await db.select().from(pages).where(eq(pages.id, page.id)))[0],
      blocks: await db
        .select()
        .from(buildingBlockInstances)
        .where(eq(buildingBlockInstances.pageId, page.id)),
      items: await db.select().from(listItems).where(eq(listItems.blockId, list.id)),
      menu: await db.select().from(menuItems).where(eq(menuItems.menuId, menu.id)),
    };

    expect((await admin.request({ method: 'DELETE', url: `/api/pages/${page.id}` })).statusCode).toBe(204);

    // Gone for visitors: the page, its list, its menu item, search, the redirects to its paths.
    expect((await visitor(`/api/pages/${page.id}`)).statusCode).toBe(404);
    expect((await visitor(`/api/listitem/list/${list.id}`)).statusCode).toBe(404);
    expect((await visitor(`/api/listitem/${first.id}`)).statusCode).toBe(404);
    const menuAfter = await visitor(`/api/menus:withName?name=${encodeURIComponent(TOP_LEVEL_MENU)}`);
    expect(menuAfter.body).not.toContain('Zomerfeest');
    const search = await visitor('/api/search?q=zomerfeest');
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain('Zomerfeest');
    const left = await db.select().from(redirects);
    expect(left.map((row) => row.fromPath)).toEqual(['/blijft']);
    // The child moved up while its parent's page is away.
    const [moved] = await db.select().from(menuItems).where(eq(menuItems.id, childItem.id));
    expect(moved).toMatchObject({ parentId: parent.id, sortId: 20 });

    const entry = await entryFor(page.id);
    expect(entry).toMatchObject({ kind: 'page', title: 'Zomerfeest', deletedBy: { name: 'Anna Beheer' } });
    const english = await admin.request({ method: 'GET', url: '/api/trash?lang=en&search=summer' });
    expect(JSON.stringify(english.json())).toContain('Summer party');

    const restored = await admin.request({ method: 'POST', url: `/api/trash/${entry.guid}/restore` });
    expect(restored.statusCode).toBe(204);
    expect((await db.select().from(pages).where(eq(pages.id, page.id)))[0]).toEqual(before.page);
    expect(
      await db.select().from(buildingBlockInstances).where(eq(buildingBlockInstances.pageId, page.id)),
    ).toEqual(expect.arrayContaining(before.blocks));
    expect(await db.select().from(listItems).where(eq(listItems.blockId, list.id))).toEqual(
      expect.arrayContaining(before.items),
    );
    expect(await db.select().from(listItemParents).where(eq(listItemParents.itemId, first.id))).toHaveLength(
      1,
    );
    expect(await db.select().from(pageDrafts).where(eq(pageDrafts.pageId, page.id))).toHaveLength(1);
    const menuRows = await db.select().from(menuItems).where(eq(menuItems.menuId, menu.id));
    expect(menuRows.map(({ updatedAt: _, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      before.menu.map(({ updatedAt: _, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((await db.select().from(redirects)).map((row) => row.fromPath).sort()).toEqual([
      '/blijft',
      '/feest',
      '/fotos',
    ]);
    expect((await visitor(`/api/pages/${page.id}`)).statusCode).toBe(200);
    expect((await visitor(`/api/listitem/${first.id}`)).statusCode).toBe(200);
    expect((await visitor('/api/search?q=zomerfeest')).body).toContain('Zomerfeest');
    expect(await trash()).toEqual([]);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.entityId, entry.guid));
    expect(events.map((event) => event.action)).toEqual(['trash.restore']);
  });

  it('a list item and a menu subtree go to the trash and come back; a taken place is refused with 409', async () => {
    const db = test.database.db;
    const page = await createPage(db, { name: 'nieuws', title: 'Nieuws', isPublished: true });
    const list = await createBlock(db, { pageId: page.id, name: 'list', options: { title: 'Nieuws' } });
    const item = await createListItem(db, { blockId: list.id, title: 'Nieuwe voorzitter' });
    expect((await admin.request({ method: 'DELETE', url: `/api/listitem/${item.id}` })).statusCode).toBe(204);
    expect((await visitor(`/api/listitem/${item.id}`)).statusCode).toBe(404);
    const itemEntry = await entryFor(item.id);
    expect(itemEntry).toMatchObject({ kind: 'listItem', title: 'Nieuwe voorzitter' });
    expect(
      (await admin.request({ method: 'POST', url: `/api/trash/${itemEntry.guid}/restore` })).statusCode,
    ).toBe(204);
    expect((await visitor(`/api/listitem/${item.id}`)).statusCode).toBe(200);

    const menu = await createMenu(db, 'Footer menu');
    const top = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'over',
      name: 'Over ons',
      sortId: 10,
    });
    const under = await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'team',
      name: 'Team',
      parentId: top.id,
    });
    expect((await admin.request({ method: 'DELETE', url: `/api/menuitems/${top.id}` })).statusCode).toBe(204);
    expect(await db.select().from(menuItems).where(eq(menuItems.menuId, menu.id))).toHaveLength(0);
    const menuEntry = await entryFor(top.id);
    expect(menuEntry).toMatchObject({ kind: 'menuItem', title: 'Over ons' });
    // Another item took the segment meanwhile: the restore is refused and the entry stays.
    const taker = await createMenuItem(db, { menuId: menu.id, urlSegment: 'over', name: 'Over' });
    const refused = await admin.request({ method: 'POST', url: `/api/trash/${menuEntry.guid}/restore` });
    expectApiError(refused, 409, 'conflict');
    expect(JSON.stringify(refused.json())).toContain('zijn plek is inmiddels bezet');
    expect(await entryFor(top.id)).toMatchObject({ guid: menuEntry.guid });
    await db.delete(menuItems).where(eq(menuItems.id, taker.id));
    expect(
      (await admin.request({ method: 'POST', url: `/api/trash/${menuEntry.guid}/restore` })).statusCode,
    ).toBe(204);
    const back = await db.select().from(menuItems).where(eq(menuItems.menuId, menu.id));
    expect(back.map((row) => [row.id, row.parentId, row.urlSegment, row.sortId]).sort()).toEqual(
      [
        [top.id, null, 'over', 10],
        [under.id, top.id, 'team', 0],
      ].sort(),
    );

    // An item whose page went to the trash after it cannot come back before its page.
    const lone = await createListItem(db, { blockId: list.id, title: 'Jaarvergadering' });
    await admin.request({ method: 'DELETE', url: `/api/listitem/${lone.id}` });
    await admin.request({ method: 'DELETE', url: `/api/pages/${page.id}` });
    expectApiError(
      await admin.request({ method: 'POST', url: `/api/trash/${(await entryFor(lone.id)).guid}/restore` }),
      409,
      'conflict',
    );
    await admin.request({ method: 'POST', url: `/api/trash/${(await entryFor(page.id)).guid}/restore` });
    await admin.request({ method: 'POST', url: `/api/trash/${(await entryFor(lone.id)).guid}/restore` });
    expect(await db.select().from(listItems).where(eq(listItems.blockId, list.id))).toHaveLength(2);
  });

  it('a form comes back with its versions and submissions; an erased submitter’s stay gone', async () => {
    const db = test.database.db;
    const created = await admin.request({
      method: 'POST',
      url: '/api/forms',
      payload: {
        title: 'Inschrijving',
        settings: { acceptsSubmissionsOffPage: true },
        draft: { fields: [{ key: 'naam', kind: 'shortText', label: { nl: 'Naam' }, required: true }] },
      },
    });
    expect(created.statusCode).toBe(201);
    const guid = (created.json() as { guid: string }).guid;
    expect((await admin.request({ method: 'POST', url: `/api/forms/${guid}/publish` })).statusCode).toBe(200);
    const submitter = await buildUser(db, { email: 'weg@example.nl' });
    const [kept] = await db
      .insert(formSubmissions)
      .values([
        { formId: guid, version: 1, answers: { naam: 'Bas' }, locale: 'nl', tally: ['=', 'naam='] },
        {
          formId: guid,
          version: 1,
          answers: { naam: 'Wim' },
          locale: 'nl',
          tally: ['='],
          userId: submitter.id,
        },
      ])
      .returning();
    await db.update(forms).set({ submissionCount: 2 }).where(eq(forms.id, guid));

    expect((await admin.request({ method: 'DELETE', url: `/api/forms/${guid}` })).statusCode).toBe(204);
    expect(await db.select().from(forms).where(eq(forms.id, guid))).toHaveLength(0);
    expect((await visitor(`/api/forms/${guid}/public`)).statusCode).toBe(404);
    await db.delete(users).where(eq(users.id, submitter.id));
    const entry = await entryFor(guid);
    expect(entry).toMatchObject({ kind: 'form', title: 'Inschrijving' });
    expect(
      (await admin.request({ method: 'POST', url: `/api/trash/${entry.guid}/restore` })).statusCode,
    ).toBe(204);
    expect(await db.select().from(formVersions).where(eq(formVersions.formId, guid))).toHaveLength(1);
    const submissions = await db.select().from(formSubmissions).where(eq(formSubmissions.formId, guid));
    expect(submissions.map((row) => row.id)).toEqual([kept?.id]);
    expect((await db.select().from(forms).where(eq(forms.id, guid)))[0]?.submissionCount).toBe(1);
    // The dashboard's counts come back with the submissions (their trigger counts them again).
    const counts = await db.select().from(formAnswerCounts).where(eq(formAnswerCounts.formId, guid));
    expect(counts.map((row) => [row.key, row.value, row.count]).sort()).toEqual([
      ['', '', 1],
      ['naam', '', 1],
    ]);
  });

  it('only admins see, restore and purge; purging deletes for good', async () => {
    const db = test.database.db;
    const page = await createPage(db, { name: 'tijdelijk', title: 'Tijdelijk' });
    await admin.request({ method: 'DELETE', url: `/api/pages/${page.id}` });
    const entry = await entryFor(page.id);
    for (const who of [manager, member]) {
      expectApiError(await who.request({ method: 'GET', url: '/api/trash' }), 403, 'forbidden');
      expectApiError(
        await who.request({ method: 'POST', url: `/api/trash/${entry.guid}/restore` }),
        403,
        'forbidden',
      );
      expectApiError(
        await who.request({ method: 'DELETE', url: `/api/trash/${entry.guid}` }),
        403,
        'forbidden',
      );
    }
    expectApiError(await test.app.inject({ method: 'GET', url: '/api/trash' }), 401, 'unauthorized');
    expect((await admin.request({ method: 'DELETE', url: `/api/trash/${entry.guid}` })).statusCode).toBe(204);
    expectApiError(
      await admin.request({ method: 'DELETE', url: `/api/trash/${entry.guid}` }),
      404,
      'not_found',
    );
    expectApiError(
      await admin.request({ method: 'POST', url: `/api/trash/${entry.guid}/restore` }),
      404,
      'not_found',
    );
    expect(await db.select().from(trashEntries).where(eq(trashEntries.targetId, page.id))).toHaveLength(0);
  });
});

describe('trash purge job', () => {
  it('deletes what is older than 30 days, once per hour across two nodes', async () => {
    const database = await createTestDatabase();
    const nodes = [await createTestApp({ database }), await createTestApp({ database })];
    try {
      const db = database.db;
      const day = 86_400_000;
      await db.insert(trashEntries).values([
        {
          kind: 'page',
          targetId: crypto.randomUUID(),
          title: { nl: 'Oud' },
          snapshot: { rows: {} },
          deletedAt: new Date(Date.now() - 31 * day),
        },
        {
          kind: 'form',
          targetId: crypto.randomUUID(),
          title: { nl: 'Bijna' },
          snapshot: { rows: {} },
          deletedAt: new Date(Date.now() - 29 * day),
        },
      ]);
      const now = new Date();
      const results = await Promise.all(nodes.map((node) => runTrashPurge(node.app.database.db, now)));
      expect(results.filter((result) => result !== null)).toEqual([{ purged: 1 }]);
      expect((await db.select().from(trashEntries)).map((row) => row.title.nl)).toEqual(['Bijna']);
      const runs = await db.select().from(jobRuns).where(eq(jobRuns.job, 'trash.purge'));
      expect(runs).toHaveLength(1);
      expect(runs[0]?.finishedAt).not.toBeNull();
      // The next hour's run finds nothing more to do before the other entry is 30 days old.
      expect(await runTrashPurge(db, new Date(now.getTime() + 3_600_000))).toEqual({ purged: 0 });
      // While a trashed form's entry lasts, the form-file sweep keeps its files.
      await db.insert(trashEntries).values({
        kind: 'form',
        targetId: crypto.randomUUID(),
        title: { nl: 'Met bestanden' },
        snapshot: { rows: {} },
        fileKeys: ['a1', 'b2'],
      });
      expect([...(await trashedFileKeys(db, ['b2', 'c3']))]).toEqual(['b2']);
      expect(await runTrashPurge(db, new Date(now.getTime() + 2 * day))).toEqual({ purged: 1 });
    } finally {
      for (const node of nodes) await node.close();
      await database.close();
    }
  });
});
