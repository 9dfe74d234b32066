import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../common/list-items.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, buildingBlockInstances, formSubmissions, listItems, roles } from '../../db/schema.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

const FIELDS = [
  {
    key: 'naam',
    kind: 'shortText',
    label: { nl: 'Naam van je idee', en: 'Name of your idea' },
    required: true,
  },
  { key: 'uitleg', kind: 'longText', label: { nl: 'Uitleg' } },
  {
    key: 'wijk',
    kind: 'singleChoice',
    label: { nl: 'Wijk' },
    options: [
      { value: 'noord', label: { nl: 'Noord' } },
      { value: 'zuid', label: { nl: 'Zuid' } },
    ],
  },
];

describe('forms: a submission becomes a list item', () => {
  let test: TestApp;
  let admin: Browser;
  let ideas: string;
  let otherList: string;
  let widget: string;
  let editorPage: string;
  let editorRole: string;
  let address = 0;
  /** Each anonymous request from its own address, so the per-address limit does not mix in. */
  const visitor = (headers: Record<string, string> = {}) => ({
    'x-forwarded-for': `10.2.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
    ...headers,
  });

  beforeAll(async () => {
    test = await createTestApp({ config: { trustProxy: 1 } });
    const db = test.app.database.db;
    await buildUser(db, { email: 'beheer@example.org', isAdmin: true });
    admin = await signInAs(test.app, 'beheer@example.org');
    const [role] = await db.insert(roles).values({ name: 'Wijkredactie' }).returning();
    editorRole = role!.id;
    const page = await createPage(db, {
      name: 'ideeen',
      title: 'Ideeën',
      blocks: [
        { name: 'list', content: { nl: { title: 'Ideeën uit de wijk' } } },
        { name: 'widget', content: { nl: { title: 'Nieuwste ideeën' } } },
      ],
    });
    ideas = page.blocks[0]!.id;
    widget = page.blocks[1]!.id;
    const own = await createPage(db, {
      name: 'wijk',
      title: 'Wijk',
      editPermission: 'roles',
      editRoles: [editorRole],
      blocks: [{ name: 'list', content: { nl: { title: 'Wijkberichten' } } }],
    });
    otherList = own.blocks[0]!.id;
    editorPage = own.id;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'ideeen',
      name: 'Ideeën',
      pageId: page.id,
      sortId: 1,
    });
  });
  afterAll(async () => {
    await test.close();
  });

  const listItemSetting = (overrides: Record<string, unknown> = {}) => ({
    blockGuid: ideas,
    listItemTypeName: 'idee',
    titleField: 'naam',
    descriptionField: 'uitleg',
    ...overrides,
  });

  async function newForm(settings: Record<string, unknown>, fields: unknown[] = FIELDS) {
    const created = await admin.request({
      method: 'POST',
      url: '/api/forms',
      payload: { title: 'Ideeënbus', settings, draft: { fields } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const guid = (created.json() as { guid: string }).guid;
    const published = await admin.request({ method: 'POST', url: `/api/forms/${guid}/publish` });
    expect(published.statusCode, published.body).toBe(200);
    return guid;
  }

  const submit = (guid: string, answers: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: `/api/forms/${guid}/submissions`,
      payload: { version: 1, answers },
      headers: visitor(),
    });

  const visitorList = async (block = ideas) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/listitem/list/${block}`,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as ListPage).items.map((item) => item.guid);
  };

  async function submissionOf(guid: string) {
    const [row] = await test.app.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, guid));
    return row!;
  }

  it('refuses a list item setting that does not fit, naming each field in the request language', async () => {
    const guid = await newForm({});
    const put = (listItem: unknown, headers: Record<string, string> = {}) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/forms/${guid}`,
        payload: { settings: { actions: ['Save'], listItem } },
        headers: { cookie: admin.cookie, 'x-xsrf-token': admin.xsrf, ...headers },
      });

    // A widget is no list; a choice question is no title; a missing question describes nothing.
    const wrong = await put(
      listItemSetting({ blockGuid: widget, titleField: 'wijk', descriptionField: 'bestaat_niet' }),
      { 'accept-language': 'en' },
    );
    const body = expectApiError(wrong, 400, 'validation_failed', 'en');
    expect(body.error.details).toEqual([
      { path: 'body/settings/listItem/blockGuid', message: 'Choose a list on a page you may edit.' },
      { path: 'body/settings/listItem/titleField', message: 'Choose a short text question from the draft.' },
      {
        path: 'body/settings/listItem/descriptionField',
        message: 'Choose a short or long text question from the draft.',
      },
    ]);
    const dutch = expectApiError(await put(listItemSetting({ blockGuid: widget })), 400, 'validation_failed');
    expect(dutch.error.details).toEqual([
      {
        path: 'body/settings/listItem/blockGuid',
        message: 'Kies een lijst op een pagina die je mag bewerken.',
      },
    ]);

    // The schema: a list guid, an item type name, question keys.
    const shape = expectApiError(
      await put({ blockGuid: '', listItemTypeName: 'Geen Type', titleField: '' }),
      400,
      'validation_failed',
    );
    expect(shape.error.details?.map((detail) => detail.path)).toEqual([
      'body/settings/listItem/blockGuid',
      'body/settings/listItem/listItemTypeName',
      'body/settings/listItem/titleField',
    ]);

    // No action at all only when the submission becomes a list item instead.
    const nothing = await admin.request({
      method: 'PUT',
      url: `/api/forms/${guid}`,
      payload: { settings: { actions: [] } },
    });
    expect(expectApiError(nothing, 400, 'validation_failed').error.details).toEqual([
      {
        path: 'body/settings/actions',
        message: 'Kies minstens één actie, of laat elke inzending een lijstitem maken.',
      },
    ]);
    const fits = await admin.request({
      method: 'PUT',
      url: `/api/forms/${guid}`,
      payload: { settings: { actions: [], listItem: listItemSetting() } },
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect((fits.json() as { settings: unknown }).settings).toMatchObject({
      actions: [],
      listItem: listItemSetting(),
    });

    // Publishing keeps the questions that fill the item.
    await admin.request({
      method: 'PUT',
      url: `/api/forms/${guid}`,
      payload: { draft: { fields: FIELDS.filter((field) => field.key !== 'naam') } },
    });
    const publish = await admin.request({ method: 'POST', url: `/api/forms/${guid}/publish` });
    const refused = expectApiError(publish, 400, 'validation_failed');
    expect(refused.error.details?.[0]?.path).toBe('body/draft');
    expect(refused.error.details?.[0]?.message).toContain('“naam”');
  });

  it('lets a content manager choose only a list on a page they may edit', async () => {
    const db = test.app.database.db;
    await buildUser(db, {
      email: 'wijkredacteur@example.org',
      isContentManager: true,
      roleIds: [editorRole],
    });
    const editor = await signInAs(test.app, 'wijkredacteur@example.org');
    const guid = await newForm({});
    // The form is theirs to build: it stands on their page.
    await db.insert(buildingBlockInstances).values({
      pageId: editorPage,
      buildingBlockName: 'form',
      options: { formGuid: guid },
      content: { nl: { title: '' } },
    });
    const choose = (blockGuid: string) =>
      editor.request({
        method: 'PUT',
        url: `/api/forms/${guid}`,
        payload: { settings: { listItem: listItemSetting({ blockGuid }) } },
      });
    const theirs = expectApiError(await choose(ideas), 400, 'validation_failed');
    expect(theirs.error.details?.map((detail) => detail.path)).toEqual(['body/settings/listItem/blockGuid']);
    expect((await choose(otherList)).statusCode).toBe(200);
  });

  it('turns a submission into an unpublished item that visitors see once an editor publishes it', async () => {
    const guid = await newForm({ listItem: listItemSetting() });
    const before = await visitorList();

    const response = await submit(guid, {
      naam: '  Bankje bij de vijver ',
      uitleg: 'Om uit te rusten.',
      wijk: 'noord',
    });
    expect(response.statusCode, response.body).toBe(201);
    const submissionGuid = (response.json() as { guid: string }).guid;
    const submission = await submissionOf(submissionGuid);
    expect(submission.listItemId).toEqual(expect.any(String));
    const itemGuid = submission.listItemId!;

    const db = test.app.database.db;
    const [item] = await db.select().from(listItems).where(eq(listItems.id, itemGuid));
    expect(item).toMatchObject({
      blockId: ideas,
      listItemTypeName: 'idee',
      title: { nl: 'Bankje bij de vijver' },
      description: { nl: 'Om uit te rusten.' },
      isPublished: false,
      imageGuid: null,
    });
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.entityId, itemGuid));
    expect(event).toMatchObject({
      action: 'listItem.create',
      actorId: null,
      data: { blockGuid: ideas, formGuid: guid, formSubmissionGuid: submissionGuid },
    });

    // Visitors see neither the item nor a trace of it; the list's editors do.
    expect(await visitorList()).toEqual(before);
    expectApiError(
      await test.app.inject({ method: 'GET', url: `/api/listitem/${itemGuid}` }),
      404,
      'not_found',
    );
    const editorsList = await admin.request({
      method: 'POST',
      url: `/api/listitem/list/${ideas}`,
      payload: {},
    });
    expect((editorsList.json() as ListPage).items.map((entry) => entry.guid)).toContain(itemGuid);

    // The submission links to its item for those who read the results (not on the receipt).
    const read = await admin.request({
      method: 'GET',
      url: `/api/forms/${guid}/submissions/${submissionGuid}`,
    });
    expect(read.json()).toMatchObject({
      listItem: {
        guid: itemGuid,
        title: 'Bankje bij de vijver',
        isPublished: false,
        url: expect.stringMatching(/^\/ideeen\/i\//),
      },
    });
    const receipt = await test.app.inject({ method: 'GET', url: `/api/submissions/${submissionGuid}` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).not.toHaveProperty('listItem');

    // An editor approves it the normal way: publishing the item.
    const approved = await admin.request({
      method: 'PUT',
      url: `/api/listitem/${itemGuid}`,
      payload: {
        title: { nl: 'Bankje bij de vijver' },
        listItemTypeName: 'idee',
        metadata: { description: { nl: 'Om uit te rusten.' } },
        isPublished: true,
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await visitorList()).toContain(itemGuid);
    expect((await test.app.inject({ method: 'GET', url: `/api/listitem/${itemGuid}` })).statusCode).toBe(200);
    const after = await admin.request({
      method: 'GET',
      url: `/api/forms/${guid}/submissions/${submissionGuid}`,
    });
    expect(after.json()).toMatchObject({ listItem: { guid: itemGuid, isPublished: true } });
  });

  it('makes the item instead of Save, names an untitled one after the form, and keeps the submission when the list is gone', async () => {
    const optional = FIELDS.map((field) => (field.key === 'naam' ? { ...field, required: false } : field));
    const guid = await newForm(
      { actions: [], listItem: listItemSetting({ descriptionField: null }) },
      optional,
    );

    const first = await submit(guid, { naam: '', uitleg: 'Geen naam bedacht' });
    expect(first.statusCode, first.body).toBe(201);
    const firstGuid = (first.json() as { guid: string }).guid;
    // Without Save the submission is still kept: the receipt, the limits and the link to the item need it.
    expect((await test.app.inject({ method: 'GET', url: `/api/submissions/${firstGuid}` })).statusCode).toBe(
      200,
    );
    const firstItem = (await submissionOf(firstGuid)).listItemId!;
    const db = test.app.database.db;
    const [untitled] = await db.select().from(listItems).where(eq(listItems.id, firstItem));
    expect(untitled).toMatchObject({
      title: { nl: 'Ideeënbus' },
      description: { nl: '' },
      isPublished: false,
    });

    // The list is deleted (its items with it): submissions are still taken, without an item.
    const [gone] = await db
      .insert(buildingBlockInstances)
      .values({ pageId: editorPage, buildingBlockName: 'list', content: { nl: { title: 'Tijdelijk' } } })
      .returning();
    const put = await admin.request({
      method: 'PUT',
      url: `/api/forms/${guid}`,
      payload: { settings: { actions: [], listItem: listItemSetting({ blockGuid: gone!.id }) } },
    });
    expect(put.statusCode, put.body).toBe(200);
    await db.delete(buildingBlockInstances).where(eq(buildingBlockInstances.id, gone!.id));
    const second = await submit(guid, { naam: 'Speeltuin' });
    expect(second.statusCode, second.body).toBe(201);
    const secondRow = await submissionOf((second.json() as { guid: string }).guid);
    expect(secondRow.listItemId).toBeNull();
    expect(await db.select().from(listItems).where(eq(listItems.blockId, gone!.id))).toEqual([]);

    // An item deleted by an editor leaves the submission, without a link.
    const removed = await admin.request({ method: 'DELETE', url: `/api/listitem/${firstItem}` });
    expect(removed.statusCode).toBe(204);
    expect((await submissionOf(firstGuid)).listItemId).toBeNull();
    const read = await admin.request({ method: 'GET', url: `/api/forms/${guid}/submissions/${firstGuid}` });
    expect(read.json()).toMatchObject({ listItem: null });
  });
});
