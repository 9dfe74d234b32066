import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { buildingBlockInstances, formSubmissions, pages, roles } from '../../db/schema.ts';
import type { Ctx } from '../../domains/context.ts';
import { submitFromPage } from '../../domains/forms/site.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { createListItem } from '../../seed/builders.ts';

/**
 * Issue 34: a form's results belong to the form's own rights (its owner, admins, and the content
 * managers of the roles its settings name), never to where a form block points. A content manager
 * who may edit one page cannot reach another form's submissions by placing it, before or after.
 * And a form on no published page takes submissions only when its settings say so.
 */

const FIELDS = [
  { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true },
  { key: 'email', kind: 'email', label: { nl: 'E-mail', en: 'E-mail' } },
];

type Draft = { version: number; revision: number | null; document: { blocks: Record<string, unknown>[] } };

describe('form rights', () => {
  let test: TestApp;
  let admin: Browser;
  let editor: Browser;
  let member: Browser;
  let editorRole = '';
  let editorPage = '';
  let adminPage = '';
  let address = 0;
  const visitor = () => ({ 'x-forwarded-for': `10.7.${Math.floor(address / 250)}.${(address++ % 250) + 1}` });

  beforeAll(async () => {
    // One proxy in front: each visitor names its own address, so the per-address limit stays out.
    test = await createTestApp({ config: { trustProxy: 1 } });
    const db = test.app.database.db;
    const [role] = await db.insert(roles).values({ name: 'Wijkredactie' }).returning();
    editorRole = role!.id;
    await buildUser(db, { email: 'beheer@example.org', isAdmin: true });
    await buildUser(db, { email: 'wijk@example.org', isContentManager: true, roleIds: [editorRole] });
    await buildUser(db, { email: 'lid@example.org' });
    admin = await signInAs(test.app, 'beheer@example.org');
    editor = await signInAs(test.app, 'wijk@example.org');
    member = await signInAs(test.app, 'lid@example.org');
    const [own] = await db
      .insert(pages)
      .values({
        name: 'wijknieuws',
        title: { nl: 'Wijknieuws' },
        isPublished: true,
        editPermission: 'roles',
        editRoles: [editorRole],
      })
      .returning();
    editorPage = own!.id;
    const [other] = await db
      .insert(pages)
      .values({ name: 'vrijwilligers', title: { nl: 'Vrijwilligers' }, isPublished: true })
      .returning();
    adminPage = other!.id;
  });
  afterAll(async () => {
    await test.close();
  });

  async function newForm(title: string, settings: Record<string, unknown> = {}) {
    const created = await admin.request({
      method: 'POST',
      url: '/api/forms',
      payload: { title, settings, draft: { fields: FIELDS } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const guid = (created.json() as { guid: string }).guid;
    const published = await admin.request({ method: 'POST', url: `/api/forms/${guid}/publish` });
    expect(published.statusCode, published.body).toBe(200);
    return guid;
  }

  const formBlock = (formGuid: string) => ({
    buildingBlockName: 'form',
    layoutPosition: 'main' as const,
    content: { nl: { title: 'Meld je aan', intro: '' } },
    options: { formGuid },
  });

  /** Every call on a form's results and settings, as the content manager makes it: the statuses. */
  async function resultCalls(formGuid: string, submissionGuid: string, memberSubmission: string) {
    const form = await admin.request({ method: 'GET', url: `/api/forms/${formGuid}` });
    const settings = (form.json() as { settings: Record<string, unknown> }).settings;
    const calls = {
      form: { method: 'GET', url: `/api/forms/${formGuid}` },
      version: { method: 'GET', url: `/api/forms/${formGuid}/versions/1` },
      submissions: { method: 'GET', url: `/api/forms/${formGuid}/submissions` },
      submission: { method: 'GET', url: `/api/forms/${formGuid}/submissions/${submissionGuid}` },
      export: { method: 'GET', url: `/api/forms/${formGuid}/versions/1/export` },
      dashboard: { method: 'GET', url: `/api/forms/${formGuid}/versions/1/dashboard` },
      receipt: { method: 'GET', url: `/api/submissions/${memberSubmission}` },
      notify: {
        method: 'PUT',
        url: `/api/forms/${formGuid}`,
        payload: {
          settings: { ...settings, actions: ['Save', 'Notify'], notifyEmails: ['wijk@example.org'] },
        },
      },
      handle: {
        method: 'POST',
        url: `/api/forms/${formGuid}/submissions/handle`,
        payload: { guids: [submissionGuid], handled: true },
      },
    } as const;
    const statuses: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) {
      statuses[name] = (await editor.request(call as Parameters<Browser['request']>[0])).statusCode;
    }
    return statuses;
  }

  /** The deletes, last: the submissions list delete and the receipt delete (each refused or done). */
  async function deleteCalls(formGuid: string, submissionGuid: string, memberSubmission: string) {
    const list = await editor.request({
      method: 'POST',
      url: `/api/forms/${formGuid}/submissions/delete`,
      payload: { guids: [submissionGuid] },
    });
    const receipt = await editor.request({ method: 'DELETE', url: `/api/submissions/${memberSubmission}` });
    return { delete: list.statusCode, deleteReceipt: receipt.statusCode };
  }

  const refused = (statuses: Record<string, number>) =>
    Object.entries(statuses).filter(([, status]) => status !== 403 && status !== 404);

  it("keeps another form's results from a content manager who places it on their page", async () => {
    const db = test.app.database.db;
    const formGuid = await newForm('Vrijwilligers');
    // The admin placed the form on a page of their own: visitors fill it in there.
    await db.insert(buildingBlockInstances).values({ pageId: adminPage, ...formBlock(formGuid) });
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/forms/${formGuid}/submissions`,
      payload: { version: 1, answers: { naam: 'Anna', email: 'anna@example.org' } },
      headers: visitor(),
    });
    expect(anonymous.statusCode, anonymous.body).toBe(201);
    const submissionGuid = (anonymous.json() as { guid: string }).guid;
    const own = await member.request({
      method: 'POST',
      url: `/api/forms/${formGuid}/submissions`,
      payload: { version: 1, answers: { naam: 'Bram', email: 'bram@example.org' } },
    });
    expect(own.statusCode, own.body).toBe(201);
    const memberSubmission = (own.json() as { guid: string }).guid;

    // Before: nothing of the form reaches the content manager.
    expect(refused(await resultCalls(formGuid, submissionGuid, memberSubmission))).toEqual([]);
    expect(refused(await deleteCalls(formGuid, submissionGuid, memberSubmission))).toEqual([]);
    const listed = await editor.request({ method: 'GET', url: '/api/forms?pageSize=100' });
    expect((listed.json() as { items: unknown[] }).items).toEqual([]);

    // The block naming it is refused, as if the form did not exist (a new block, a draft, an
    // existing block of theirs changed to point at it).
    const added = await editor.request({
      method: 'POST',
      url: `/api/pages/${editorPage}/buildingblockinstances`,
      payload: formBlock(formGuid),
    });
    const problem = expectApiError(added, 400, 'validation_failed');
    expect(problem.error.details).toEqual([
      expect.objectContaining({
        path: 'body/options/formGuid',
        message: 'Dit formulier bestaat niet (meer). Kies een ander.',
      }),
    ]);
    const empty = await editor.request({
      method: 'POST',
      url: `/api/pages/${editorPage}/buildingblockinstances`,
      payload: { ...formBlock(formGuid), options: { formGuid: null } },
    });
    expect(empty.statusCode, empty.body).toBe(201);
    const emptyGuid = (empty.json() as { guid: string }).guid;
    const pointed = await editor.request({
      method: 'PUT',
      url: `/api/buildingblockinstance/${emptyGuid}`,
      payload: { options: { formGuid } },
    });
    expectApiError(pointed, 400, 'validation_failed');
    const draft = (
      await editor.request({ method: 'GET', url: `/api/pages/${editorPage}/draft` })
    ).json() as Draft;
    const saved = await editor.request({
      method: 'PUT',
      url: `/api/pages/${editorPage}/draft`,
      payload: {
        version: draft.version,
        revision: draft.revision,
        document: {
          ...draft.document,
          blocks: [
            ...draft.document.blocks,
            {
              guid: '3f9c2a4e-1b7d-4c8e-9a2f-5d6e7f8a9b0c',
              name: 'form',
              position: 'main',
              content: { nl: { title: '', intro: '' } },
              options: { formGuid },
            },
          ],
        },
      },
    });
    expectApiError(saved, 400, 'validation_failed');

    // After a block names it anyway (an admin placed it on the editor's page): still nothing.
    await db.insert(buildingBlockInstances).values({ pageId: editorPage, ...formBlock(formGuid) });
    expect(refused(await resultCalls(formGuid, submissionGuid, memberSubmission))).toEqual([]);
    expect(refused(await deleteCalls(formGuid, submissionGuid, memberSubmission))).toEqual([]);
    const [stillThere] = await db
      .select({ handledAt: formSubmissions.handledAt })
      .from(formSubmissions)
      .where(eq(formSubmissions.id, submissionGuid));
    expect(stillThere).toEqual({ handledAt: null });
    const form = (await admin.request({ method: 'GET', url: `/api/forms/${formGuid}` })).json() as {
      settings: { notifyEmails: string[] };
      submissionCount: number;
    };
    expect(form.settings.notifyEmails).toEqual([]);
    expect(form.submissionCount).toBe(2);
    // The editor may still change the texts of that block on their page: it names the form already.
    const blocks = await db
      .select({ id: buildingBlockInstances.id, options: buildingBlockInstances.options })
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.pageId, editorPage));
    const named = blocks.find((block) => block.options.formGuid === formGuid);
    const retitled = await editor.request({
      method: 'PUT',
      url: `/api/buildingblockinstance/${named!.id}`,
      payload: { content: { nl: { title: 'Doe mee', intro: '' } }, options: { formGuid } },
    });
    expect(retitled.statusCode, retitled.body).toBe(200);

    // An admin gives the form the editor's role: now every call works for them.
    const settings = (
      (await admin.request({ method: 'GET', url: `/api/forms/${formGuid}` })).json() as {
        settings: Record<string, unknown>;
      }
    ).settings;
    const given = await admin.request({
      method: 'PUT',
      url: `/api/forms/${formGuid}`,
      payload: { settings: { ...settings, editorRoleIds: [editorRole] } },
    });
    expect(given.statusCode, given.body).toBe(200);
    const statuses = await resultCalls(formGuid, submissionGuid, memberSubmission);
    expect(statuses).toEqual({
      form: 200,
      version: 200,
      submissions: 200,
      submission: 200,
      export: 200,
      dashboard: 200,
      receipt: 200,
      notify: 200,
      handle: 200,
    });
    const mine = await editor.request({ method: 'GET', url: '/api/forms?pageSize=100' });
    expect((mine.json() as { items: { guid: string }[] }).items.map((row) => row.guid)).toEqual([formGuid]);
    const placedNow = await editor.request({
      method: 'POST',
      url: `/api/pages/${editorPage}/buildingblockinstances`,
      payload: formBlock(formGuid),
    });
    expect(placedNow.statusCode, placedNow.body).toBe(201);
    expect(await deleteCalls(formGuid, submissionGuid, memberSubmission)).toEqual({
      delete: 200,
      deleteReceipt: 204,
    });
  });

  it("refuses an item's form block naming a form its editor does not work on, keeping one that did", async () => {
    const db = test.app.database.db;
    const formGuid = await newForm('Wijkavond');
    const [list] = await db
      .insert(buildingBlockInstances)
      .values({ pageId: editorPage, buildingBlockName: 'list', content: { nl: { title: 'Wijkberichten' } } })
      .returning();
    const placedBlock = randomUUID();
    const formItemBlock = (guid: string) => ({
      guid,
      buildingBlockName: 'form',
      content: { nl: { title: '', intro: '' } },
      options: { formGuid },
      sortId: 0,
    });
    // An admin's item with the form among its own blocks.
    const adminItem = await createListItem(db, {
      blockId: list!.id,
      title: 'Wijkavond',
      content: [formItemBlock(placedBlock)],
    });
    const item = (blocks: unknown[], title = 'Van de wijk') => ({
      title: { nl: title },
      listItemTypeName: 'nieuws',
      contentBuildingBlockInstances: blocks,
    });
    const add = (blocks: unknown[]) =>
      editor.request({ method: 'POST', url: `/api/listitem/list/${list!.id}`, payload: [item(blocks)] });
    expectApiError(await add([formItemBlock(randomUUID())]), 400, 'validation_failed');
    // Naming the admin's block by its guid does not help: a block keeps a form only in its own item.
    expectApiError(await add([formItemBlock(placedBlock)]), 400, 'validation_failed');
    const own = await add([]);
    expect(own.statusCode, own.body).toBe(201);
    const ownGuid = (own.json() as { guid: string }[])[0]!.guid;
    expectApiError(
      await editor.request({
        method: 'PUT',
        url: `/api/listitem/${ownGuid}`,
        payload: item([formItemBlock(placedBlock)]),
      }),
      400,
      'validation_failed',
    );
    // The admin's item, retitled by the editor, keeps its form block.
    const retitled = await editor.request({
      method: 'PUT',
      url: `/api/listitem/${adminItem.id}`,
      payload: item([formItemBlock(placedBlock)], 'Wijkavond in het dorpshuis'),
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    // The published item on a published page puts the form where visitors come across it.
    const sent = await test.app.inject({
      method: 'POST',
      url: `/api/forms/${formGuid}/submissions`,
      payload: { version: 1, answers: { naam: 'Eva' } },
      headers: visitor(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('takes submissions for a form on no published page only when its settings say so', async () => {
    const db = test.app.database.db;
    const formGuid = await newForm('Nergens');
    const send = (locale: 'nl' | 'en' = 'nl') =>
      test.app.inject({
        method: 'POST',
        url: `/api/forms/${formGuid}/submissions`,
        payload: { version: 1, answers: { naam: 'Carla' } },
        headers: { ...visitor(), 'accept-language': locale },
      });
    const nowhere = expectApiError(await send(), 409, 'form_not_on_page');
    expect(nowhere.error.message).toBe(
      'Dit formulier staat op geen gepubliceerde pagina en neemt daarom geen inzendingen aan.',
    );
    expect(expectApiError(await send('en'), 409, 'form_not_on_page', 'en').error.message).toBe(
      'This form is not on any published page, so it takes no submissions.',
    );

    // The page's own form post (with or without JavaScript) is refused the same way, with the message.
    const ctx = {
      db,
      actor: ANONYMOUS,
      user: null,
      locale: 'nl',
      log: test.app.log,
      mailer: test.app.mailer,
      client: { ip: '10.9.0.1', userAgent: 'test', sessionId: null, origin: 'http://localhost' },
    } satisfies Ctx;
    const posted = await submitFromPage(ctx, {
      fields: [
        ['_form', formGuid],
        ['_block', '3f9c2a4e-1b7d-4c8e-9a2f-5d6e7f8a9b0d'],
        ['_version', '1'],
        ['naam', 'Carla'],
      ],
      browserCookie: undefined,
      sessionXsrf: null,
      isSecure: false,
    });
    expect(posted).toMatchObject({
      kind: 'refused',
      result: {
        formError: 'Dit formulier staat op geen gepubliceerde pagina en neemt daarom geen inzendingen aan.',
      },
    });

    // On an unpublished page: still none. Once that page is published: taken.
    const [draft] = await db
      .insert(pages)
      .values({ name: 'binnenkort', title: { nl: 'Binnenkort' }, isPublished: false })
      .returning();
    await db.insert(buildingBlockInstances).values({ pageId: draft!.id, ...formBlock(formGuid) });
    expectApiError(await send(), 409, 'form_not_on_page');
    await db.update(pages).set({ isPublished: true }).where(eq(pages.id, draft!.id));
    expect((await send()).statusCode).toBe(201);

    // Off every page again, but the admin lets it take submissions from elsewhere.
    await db.delete(pages).where(eq(pages.id, draft!.id));
    expectApiError(await send(), 409, 'form_not_on_page');
    const form = (await admin.request({ method: 'GET', url: `/api/forms/${formGuid}` })).json() as {
      settings: Record<string, unknown>;
    };
    expect(form.settings.acceptsSubmissionsOffPage).toBe(false);
    const allowed = await admin.request({
      method: 'PUT',
      url: `/api/forms/${formGuid}`,
      payload: { settings: { ...form.settings, acceptsSubmissionsOffPage: true } },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await send()).statusCode).toBe(201);
  });

  it('lets a form be taken in a header or footer template, which pages show', async () => {
    const db = test.app.database.db;
    const formGuid = await newForm('Nieuwsbrief');
    const [footer] = await db
      .insert(pages)
      .values({
        name: 'footer-nieuwsbrief',
        title: { nl: 'Voettekst' },
        kind: 'template',
        templateKind: 'footer',
      })
      .returning();
    await db.insert(buildingBlockInstances).values({ pageId: footer!.id, ...formBlock(formGuid) });
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/forms/${formGuid}/submissions`,
      payload: { version: 1, answers: { naam: 'Dirk' } },
      headers: visitor(),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
