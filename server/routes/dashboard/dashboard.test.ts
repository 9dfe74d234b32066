import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import {
  auditEvents,
  formSubmissions,
  forms,
  formVersions,
  pageDrafts,
  pageSchedules,
  roles,
  trashEntries,
} from '../../db/schema.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

type Dashboard = {
  drafts: { page: { guid: string; title: { nl: string }; path: string | null }; savedAt: string }[];
  scheduled: { page: { guid: string }; action: string; by: { name: string } | null }[];
  recentPages: { page: { guid: string; title: { nl: string } }; by: { name: string } | null }[];
  forms: {
    guid: string;
    title: string;
    newSubmissions: number;
    submissions: number;
    abilities: { viewResults: boolean };
  }[];
  lists: { blockGuid: string; title: string; page: { guid: string; path: string | null } }[];
  can: { createPage: boolean; createForm: boolean; administerPages: boolean };
};

type ActivityEvent = {
  action: string;
  entityId: string | null;
  sentence: string;
  parts: { text: string; href: string | null }[];
};

const DAY = 24 * 60 * 60 * 1000;

describe('dashboard (issue 26)', () => {
  let test: TestApp;
  let admin: Browser;
  let editor: Browser;
  let member: Browser;
  let adminId: string;
  let editorId: string;
  const ids = {} as Record<
    'news' | 'board' | 'about' | 'newsList' | 'boardList' | 'aboutList' | 'wijkForm' | 'otherForm',
    string
  >;

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.app.database.db;
    const [role] = await db.insert(roles).values({ name: 'Wijkredactie' }).returning();
    const editorRole = role?.id ?? '';
    adminId = (
      await buildUser(db, { email: 'anna@example.org', firstName: 'Anna', lastName: 'Admin', isAdmin: true })
    ).id;
    editorId = (
      await buildUser(db, {
        email: 'wies@example.org',
        firstName: 'Wies',
        lastName: 'Wijk',
        isContentManager: true,
        roleIds: [editorRole],
      })
    ).id;
    await buildUser(db, { email: 'lid@example.org', firstName: 'Lid' });

    // Nieuws: the content manager's page (roles mode), with a list only editors add to.
    const news = await createPage(db, {
      name: 'nieuws',
      title: { nl: 'Nieuws', en: 'News' },
      editPermission: 'roles',
      editRoles: [editorRole],
      blocks: [{ name: 'list', content: { nl: { title: 'Wijknieuws' } } }],
    });
    // Prikbord: an admin's page whose list every signed-in user may add to.
    const board = await createPage(db, {
      name: 'prikbord',
      title: 'Prikbord',
      blocks: [{ name: 'list', options: { permissions: { addPermission: 'users', addRoles: [] } } }],
    });
    // Over ons: admins only, in no menu.
    const about = await createPage(db, { name: 'over-ons', title: 'Over ons', blocks: [{ name: 'list' }] });
    Object.assign(ids, {
      news: news.id,
      board: board.id,
      about: about.id,
      newsList: news.blocks[0]?.id,
      boardList: board.blocks[0]?.id,
      aboutList: about.blocks[0]?.id,
    });
    const top = await createMenu(db, 'Top level menu');
    await createMenuItem(db, { menuId: top.id, urlSegment: 'nieuws', name: 'Nieuws', pageId: news.id });
    await createMenuItem(db, {
      menuId: top.id,
      urlSegment: 'prikbord',
      name: 'Prikbord',
      pageId: board.id,
      sortId: 1,
    });

    // Drafts: the content manager's on Nieuws, the admin's on Over ons.
    await db.insert(pageDrafts).values([
      { pageId: news.id, version: 1, document: {} as never, updatedBy: editorId },
      { pageId: about.id, version: 1, document: {} as never, updatedBy: adminId },
    ]);
    // Schedules: a publish of Nieuws tomorrow, of Over ons the day after; a finished one is not waiting.
    await db.insert(pageSchedules).values([
      { pageId: news.id, action: 'publish', runAt: new Date(Date.now() + DAY), createdBy: editorId },
      { pageId: about.id, action: 'unpublish', runAt: new Date(Date.now() + 2 * DAY), createdBy: adminId },
      {
        pageId: news.id,
        action: 'publish',
        runAt: new Date(Date.now() - DAY),
        createdBy: editorId,
        finishedAt: new Date(),
        outcome: 'done',
      },
    ]);

    // Forms: one the Wijkredactie works on, one only admins do.
    const settings = { editorRoleIds: [editorRole] } as never;
    const [wijkForm] = await db
      .insert(forms)
      .values({
        title: 'Aanmelding buurtfeest',
        settings,
        draft: { fields: [] } as never,
        currentVersion: 1,
        createdBy: adminId,
      })
      .returning();
    const [otherForm] = await db
      .insert(forms)
      .values({
        title: 'Vacatures',
        settings: {} as never,
        draft: { fields: [] } as never,
        currentVersion: 1,
        createdBy: adminId,
      })
      .returning();
    ids.wijkForm = wijkForm?.id ?? '';
    ids.otherForm = otherForm?.id ?? '';
    await db.insert(formVersions).values([
      { formId: ids.wijkForm, version: 1, definition: { fields: [] } as never },
      { formId: ids.otherForm, version: 1, definition: { fields: [] } as never },
    ]);
    // Two new submissions and one of a month ago.
    await db.insert(formSubmissions).values([
      { formId: ids.wijkForm, version: 1, answers: {}, locale: 'nl' },
      { formId: ids.wijkForm, version: 1, answers: {}, locale: 'nl' },
      {
        formId: ids.wijkForm,
        version: 1,
        answers: {},
        locale: 'nl',
        createdAt: new Date(Date.now() - 30 * DAY),
      },
      {
        formId: ids.otherForm,
        version: 1,
        answers: {},
        locale: 'nl',
        createdAt: new Date(Date.now() - 30 * DAY),
      },
    ]);

    admin = await signInAs(test.app, 'anna@example.org');
    editor = await signInAs(test.app, 'wies@example.org');
    member = await signInAs(test.app, 'lid@example.org');
  });
  afterAll(async () => {
    await test.close();
  });

  const dashboardOf = async (browser: Browser) => {
    const response = await browser.request({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(200);
    return response.json() as Dashboard;
  };

  it('asks a visitor to sign in', async () => {
    expectApiError(await test.app.inject({ method: 'GET', url: '/api/dashboard' }), 401, 'unauthorized');
  });

  it('shows an admin the whole site: their own drafts, every schedule, page, form and list', async () => {
    const dashboard = await dashboardOf(admin);
    expect(dashboard.drafts.map((row) => row.page.guid)).toEqual([ids.about]);
    expect(dashboard.drafts[0]?.page.path).toBeNull();
    expect(dashboard.scheduled.map((row) => [row.page.guid, row.action, row.by?.name])).toEqual([
      [ids.news, 'publish', 'Wies Wijk'],
      [ids.about, 'unpublish', 'Anna Admin'],
    ]);
    expect(dashboard.recentPages.map((row) => row.page.guid).sort()).toEqual(
      [ids.news, ids.board, ids.about].sort(),
    );
    // The latest change of Nieuws is the content manager's draft.
    expect(dashboard.recentPages.find((row) => row.page.guid === ids.news)?.by?.name).toBe('Wies Wijk');
    expect(dashboard.forms.map((row) => [row.title, row.newSubmissions, row.submissions])).toEqual([
      ['Aanmelding buurtfeest', 2, 0],
      ['Vacatures', 0, 0],
    ]);
    expect(dashboard.lists.map((row) => row.blockGuid).sort()).toEqual(
      [ids.newsList, ids.boardList, ids.aboutList].sort(),
    );
    expect(dashboard.can).toEqual({ createPage: true, createForm: true, administerPages: true });
  });

  it('shows a content manager exactly the pages, forms and lists the policies give her', async () => {
    const dashboard = await dashboardOf(editor);
    expect(dashboard.drafts.map((row) => [row.page.guid, row.page.path])).toEqual([[ids.news, '/nieuws']]);
    expect(dashboard.scheduled.map((row) => row.page.guid)).toEqual([ids.news]);
    expect(dashboard.recentPages.map((row) => row.page.title.nl)).toEqual(['Nieuws']);
    expect(dashboard.forms.map((row) => [row.guid, row.newSubmissions, row.abilities.viewResults])).toEqual([
      [ids.wijkForm, 2, true],
    ]);
    // Her own list (by its title) and the list open to every signed-in user.
    expect(dashboard.lists.map((row) => [row.blockGuid, row.title, row.page.path]).sort()).toEqual(
      [
        [ids.newsList, 'Wijknieuws', '/nieuws'],
        [ids.boardList, 'Prikbord', '/prikbord'],
      ].sort(),
    );
    expect(dashboard.can).toEqual({ createPage: false, createForm: false, administerPages: false });
  });

  it('shows a plain user only the lists open to them', async () => {
    const dashboard = await dashboardOf(member);
    expect(dashboard.drafts).toEqual([]);
    expect(dashboard.scheduled).toEqual([]);
    expect(dashboard.recentPages).toEqual([]);
    expect(dashboard.forms).toEqual([]);
    expect(dashboard.lists.map((row) => row.blockGuid)).toEqual([ids.boardList]);
    expect(dashboard.can).toEqual({ createPage: false, createForm: false, administerPages: false });
  });

  it('tells activity as sentences in the reader’s language, with links where the reader may go', async () => {
    const db = test.app.database.db;
    await db.insert(auditEvents).values([
      { actorId: adminId, action: 'page.saveDraft', entityType: 'page', entityId: ids.news },
      { actorId: adminId, action: 'form.update', entityType: 'form', entityId: ids.wijkForm },
      { actorId: adminId, action: 'user.update', entityType: 'user', entityId: editorId },
      {
        actorId: adminId,
        action: 'page.delete',
        entityType: 'page',
        entityId: crypto.randomUUID(),
        data: { name: 'oud' },
      },
    ]);
    // A page in the trash is named by its entry and found in the trash.
    const trashed = crypto.randomUUID();
    await db.insert(trashEntries).values({
      kind: 'page',
      targetId: trashed,
      title: { nl: 'Oude agenda', en: 'Old agenda' },
      deletedBy: adminId,
      snapshot: {},
    });
    await db
      .insert(auditEvents)
      .values({ actorId: adminId, action: 'page.delete', entityType: 'page', entityId: trashed });
    const trail = await admin.request({ method: 'GET', url: `/api/users/${adminId}/activity?pageSize=25` });
    expect(trail.statusCode).toBe(200);
    const events = (trail.json() as { items: ActivityEvent[] }).items;
    const sentences = events.map((event) => event.sentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Anna Admin wijzigde de pagina Nieuws',
        'Anna Admin wijzigde het formulier Aanmelding buurtfeest',
        'Anna Admin wijzigde het account van Wies Wijk',
        'Anna Admin verwijderde de pagina oud',
        'Anna Admin meldde zich aan',
      ]),
    );
    const page = events.find((event) => event.action === 'page.saveDraft');
    expect(page?.parts).toEqual([
      { text: 'Anna Admin', href: `/admin/users/${adminId}/profile` },
      { text: ' wijzigde de pagina ', href: null },
      { text: 'Nieuws', href: '/nieuws' },
    ]);
    const inTrash = events.find((event) => event.entityId === trashed);
    expect(inTrash?.sentence).toBe('Anna Admin verwijderde de pagina Oude agenda');
    expect(inTrash?.parts.at(-1)?.href).toBe('/admin/trash');
    expect(events.find((event) => event.action === 'form.update')?.parts.at(-1)?.href).toBe(
      `/admin/forms/view/${ids.wijkForm}`,
    );

    const english = await admin.request({ method: 'GET', url: `/api/users/${adminId}/activity?lang=en` });
    expect((english.json() as { items: ActivityEvent[] }).items.map((event) => event.sentence)).toEqual(
      expect.arrayContaining(['Anna Admin changed the page News', "Anna Admin changed Wies Wijk's account"]),
    );
  });

  it('tells a user their own activity as sentences, linking only where they may go', async () => {
    const own = await editor.request({ method: 'GET', url: '/api/profiles:activity' });
    expect(own.statusCode).toBe(200);
    const events = own.json() as ActivityEvent[];
    const signIn = events.find((event) => event.action === 'user.signIn');
    expect(signIn?.sentence).toBe('Wies Wijk meldde zich aan');
    // No admin screens for a content manager.
    expect(signIn?.parts.every((part) => !part.href?.startsWith('/admin'))).toBe(true);
  });
});
