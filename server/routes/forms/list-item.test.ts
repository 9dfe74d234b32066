import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormListItemSettings } from '../../../common/forms/settings.ts';
import type { ListPage } from '../../../common/list-items.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import {
  auditEvents,
  buildingBlockInstances,
  formSubmissionFiles,
  formSubmissions,
  forms,
  listItems,
  media,
  roles,
} from '../../db/schema.ts';
import { createFormFileStorage, createMediaStorage } from '../../media/storage.ts';
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

const BOUNDARY = '----bouwsteen-list-item';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A multipart submission (as server/routes/forms/files.test.ts sends one): the JSON body, then the files. */
function multipart(body: unknown, files: { field: string; name: string; type: string; data: Buffer }[]) {
  return Readable.from(
    (async function* () {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="submission"\r\n\r\n${JSON.stringify(body)}\r\n`,
      );
      for (const file of files) {
        yield Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        );
        yield file.data;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${BOUNDARY}--\r\n`);
    })(),
  );
}

describe('forms: a submission becomes a list item', () => {
  let test: TestApp;
  let dataDir: string;
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
    // Its own data directory: the item images' originals are looked for in its media storage.
    dataDir = await mkdtemp(path.join(tmpdir(), 'form-list-item-'));
    test = await createTestApp({ config: { trustProxy: 1, dataDir } });
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
    await rm(dataDir, { recursive: true, force: true });
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
      // Filled in through the API, on no page (issue 34).
      payload: {
        title: 'Ideeënbus',
        settings: { acceptsSubmissionsOffPage: true, ...settings },
        draft: { fields },
      },
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
    // The form is theirs to build: an admin gave it their role (issue 34).
    const guid = await newForm({ editorRoleIds: [editorRole] });
    const choose = (blockGuid: string) =>
      editor.request({
        method: 'PUT',
        url: `/api/forms/${guid}`,
        // The settings as a whole; the roles that work on the form as they are (only admins change them).
        payload: { settings: { listItem: listItemSetting({ blockGuid }), editorRoleIds: [editorRole] } },
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
      payload: {
        settings: {
          actions: [],
          listItem: listItemSetting({ blockGuid: gone!.id }),
          acceptsSubmissionsOffPage: true,
        },
      },
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

  it('gives the item the image a file question sent (a copy, the submission keeps its file), never a PDF', async () => {
    const fields = [
      ...FIELDS,
      { key: 'foto', kind: 'file', label: { nl: 'Foto' } },
      { key: 'bijlage', kind: 'file', label: { nl: 'Bijlage' }, fileTypes: ['pdf'] },
    ];
    const guid = await newForm({ listItem: listItemSetting({ imageField: 'foto' }) }, fields);
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const send = (file: { name: string; type: string; data: Buffer }) =>
      test.app.inject({
        method: 'POST',
        url: `/api/forms/${guid}/submissions`,
        headers: visitor({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }),
        payload: multipart({ version: 1, answers: { naam: 'Bankje met foto' } }, [
          { field: 'foto', ...file },
        ]),
      });
    const db = test.app.database.db;

    const response = await send({ name: 'bankje.png', type: 'image/png', data: png });
    expect(response.statusCode, response.body).toBe(201);
    const submissionGuid = (response.json() as { guid: string }).guid;
    const itemGuid = (await submissionOf(submissionGuid)).listItemId!;
    const [item] = await db.select().from(listItems).where(eq(listItems.id, itemGuid));
    expect(item).toMatchObject({ title: { nl: 'Bankje met foto' }, isPublished: false });
    expect(item!.imageGuid).toEqual(expect.any(String));
    const contentHash = createHash('sha256').update(png).digest('hex');
    const [image] = await db.select().from(media).where(eq(media.id, item!.imageGuid!));
    expect(image).toMatchObject({
      purpose: 'item',
      ownerGuid: itemGuid,
      uploadedBy: null,
      contentHash,
      fileName: 'bankje.png',
      format: 'png',
      width: 4,
      height: 3,
      size: png.length,
    });
    const config = { dataDir, mediaStorage: 'fs' as const };
    expect(await createMediaStorage(config).has(contentHash)).toBe(true);
    // The submission keeps its own, private file.
    const [file] = await db
      .select()
      .from(formSubmissionFiles)
      .where(eq(formSubmissionFiles.submissionId, submissionGuid));
    expect(await createFormFileStorage(config).has(file!.storageKey)).toBe(true);
    // Written through the commands: the upload and the item's image are audited.
    const events = await db.select().from(auditEvents).where(eq(auditEvents.entityId, itemGuid));
    expect(events.map((event) => event.action).sort()).toEqual(['listItem.create', 'listItem.update']);
    // The list's editors see the image with the item.
    const shown = await admin.request({ method: 'GET', url: `/a/${image!.id}` });
    expect(shown.statusCode).toBe(200);
    // Visitors do not, until an editor publishes the item.
    const visitorImage = () => test.app.inject({ method: 'GET', url: `/a/${image!.id}` });
    expect((await visitorImage()).statusCode).toBe(404);
    const approved = await admin.request({
      method: 'PUT',
      url: `/api/listitem/${itemGuid}`,
      payload: {
        title: { nl: 'Bankje met foto' },
        listItemTypeName: 'idee',
        imageGuid: image!.id,
        isPublished: true,
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await visitorImage()).statusCode).toBe(200);

    // A PDF gives no image; the item is made all the same.
    const pdf = await send({ name: 'bankje.pdf', type: 'application/pdf', data: PDF });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const pdfItem = (await submissionOf((pdf.json() as { guid: string }).guid)).listItemId!;
    const [withoutImage] = await db.select().from(listItems).where(eq(listItems.id, pdfItem));
    expect(withoutImage).toMatchObject({ title: { nl: 'Bankje met foto' }, imageGuid: null });
    expect(await db.select().from(media).where(eq(media.ownerGuid, pdfItem))).toEqual([]);

    // No file: no image either.
    const none = await submit(guid, { naam: 'Zonder foto' });
    expect(none.statusCode, none.body).toBe(201);
    const noneItem = (await submissionOf((none.json() as { guid: string }).guid)).listItemId!;
    const [plain] = await db.select().from(listItems).where(eq(listItems.id, noneItem));
    expect(plain).toMatchObject({ title: { nl: 'Zonder foto' }, imageGuid: null });

    // A setting stored before the image existed has no imageField: no image, and the builder reads it as none.
    const [stored] = await db.select().from(forms).where(eq(forms.id, guid));
    const { imageField: _dropped, ...older } = stored!.settings.listItem!;
    await db
      .update(forms)
      .set({ settings: { ...stored!.settings, listItem: older as FormListItemSettings } })
      .where(eq(forms.id, guid));
    const olderResponse = await send({ name: 'bankje.png', type: 'image/png', data: png });
    expect(olderResponse.statusCode, olderResponse.body).toBe(201);
    const olderItem = (await submissionOf((olderResponse.json() as { guid: string }).guid)).listItemId!;
    const [noImage] = await db.select().from(listItems).where(eq(listItems.id, olderItem));
    expect(noImage).toMatchObject({ imageGuid: null });
    const builder = await admin.request({ method: 'GET', url: `/api/forms/${guid}` });
    expect(builder.statusCode, builder.body).toBe(200);
    expect((builder.json() as { settings: { listItem: unknown } }).settings.listItem).toMatchObject({
      titleField: 'naam',
      imageField: null,
    });

    // Only a file question that takes images fills the image, in the request's language.
    const put = (imageField: string, headers: Record<string, string> = {}) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/forms/${guid}`,
        payload: { settings: { listItem: listItemSetting({ imageField }) } },
        headers: { cookie: admin.cookie, 'x-xsrf-token': admin.xsrf, ...headers },
      });
    expect(expectApiError(await put('naam'), 400, 'validation_failed').error.details).toEqual([
      {
        path: 'body/settings/listItem/imageField',
        message: 'Kies een bestandsvraag die afbeeldingen aanneemt uit het concept.',
      },
    ]);
    const english = expectApiError(
      await put('bijlage', { 'accept-language': 'en' }),
      400,
      'validation_failed',
      'en',
    );
    expect(english.error.details).toEqual([
      {
        path: 'body/settings/listItem/imageField',
        message: 'Choose a file question that accepts images from the draft.',
      },
    ]);
  });
});
