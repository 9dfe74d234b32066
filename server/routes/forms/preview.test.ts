import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormBlockData } from '../../../common/blocks/form.ts';
import type { BlockView, PageView } from '../../../common/site.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { formSubmissions, users } from '../../db/schema.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/**
 * Issue 26: the form block shows the form itself in edit mode and through a preview link (marked
 * as a preview), and a form posted from a preview link is refused with a note in nl and en.
 */

const FIELDS = [
  { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true },
  { key: 'telefoon', kind: 'phone', label: { nl: 'Telefoonnummer', en: 'Phone number' } },
];

const formOf = (view: PageView | null) =>
  (view?.blocks.find((block) => block.name === 'form') as Extract<BlockView, { name: 'form' }> | undefined)
    ?.data as FormBlockData | undefined;

describe('forms in edit mode and preview links', () => {
  let test: TestApp;
  let admin: Browser;
  let pageId = '';
  let formGuid = '';
  let draftOnly = '';

  beforeAll(async () => {
    test = await createTestApp();
    const { db } = test.database;
    await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
    admin = await signInAs(test.app, 'beheer@example.nl');
    // Signed-in users only: a visitor would be asked to sign in, a preview shows the form all the same.
    const created = await admin.request({
      method: 'POST',
      url: '/api/forms',
      payload: { title: 'Aanmelden', settings: { audience: 'Users' }, draft: { fields: FIELDS } },
    });
    expect(created.statusCode, created.body).toBe(201);
    formGuid = (created.json() as { guid: string }).guid;
    expect((await admin.request({ method: 'POST', url: `/api/forms/${formGuid}/publish` })).statusCode).toBe(
      200,
    );
    const unpublished = await admin.request({
      method: 'POST',
      url: '/api/forms',
      payload: { title: 'Nog niet af', draft: { fields: FIELDS.slice(0, 1) } },
    });
    draftOnly = (unpublished.json() as { guid: string }).guid;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const page = await createPage(db, {
      name: 'aanmelden',
      title: 'Aanmelden',
      isPublished: false,
      blocks: [
        { name: 'form', content: { nl: { title: 'Meld je aan', intro: '' } }, options: { formGuid } },
        {
          name: 'form',
          content: { nl: { title: 'Binnenkort', intro: '' } },
          options: { formGuid: draftOnly },
        },
      ],
    });
    pageId = page.id;
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'aanmelden', name: 'Aanmelden', pageId });
  });
  afterAll(async () => {
    await test.close();
  });

  async function previewToken() {
    const made = await admin.request({ method: 'POST', url: `/api/pages/${pageId}/draft:preview` });
    expect(made.statusCode, made.body).toBe(200);
    return (
      new URL((made.json() as { url: string }).url, 'http://localhost').searchParams.get('preview') ?? ''
    );
  }

  it('shows the form in edit mode, marked as edit mode, whoever may not fill it in', async () => {
    const { db } = test.database;
    const [adminUser] = await db.select().from(users).where(eq(users.email, 'beheer@example.nl'));
    if (!adminUser) throw new Error('admin expected');
    const editor = createSiteServices({ db, actor: { user: adminUser }, user: adminUser, log: test.app.log });
    const view = await editor.getEditView({ path: '/aanmelden', locale: 'en' });
    const data = formOf(view);
    expect(data).toMatchObject({ mode: 'edit', form: { guid: formGuid, version: 1, barrier: null } });
    expect(data?.form?.definition.fields.map((field) => field.key)).toEqual(['naam', 'telefoon']);
    // A form never published shows its draft (version 0) to the editor.
    const second = view?.blocks.filter((block) => block.name === 'form')[1]?.data as FormBlockData;
    expect(second).toMatchObject({ mode: 'edit', form: { guid: draftOnly, version: 0 } });
  });

  it('shows the form through a preview link, marked as a preview, to a visitor', async () => {
    const visitor = createSiteServices({ db: test.database.db, actor: ANONYMOUS, log: test.app.log });
    const view = await visitor.getPreview({ path: '/aanmelden', token: await previewToken(), locale: 'nl' });
    // For signed-in users only, yet the preview's reader sees the questions (nothing can be sent from here).
    expect(formOf(view)).toMatchObject({ mode: 'preview', form: { guid: formGuid, barrier: null } });
    // The published page is not there for visitors at all.
    expect(await visitor.getPageByPath({ path: '/aanmelden', locale: 'nl' })).toBeNull();
  });

  it('refuses a form posted from a preview link, with a note in nl and en, and stores nothing', async () => {
    const { db } = test.database;
    const request = {
      mailer: test.app.mailer,
      client: { ip: '10.9.0.1', userAgent: 'test', sessionId: null, origin: 'http://localhost' },
      xsrfToken: null,
      formSurveyCookie: undefined,
      isSecure: false,
    };
    const [adminUser] = await db.select().from(users).where(eq(users.email, 'beheer@example.nl'));
    if (!adminUser) throw new Error('admin expected');
    // A member of the audience would be allowed on the published page; from a preview: refused.
    const site = createSiteServices({
      db,
      actor: { user: adminUser },
      user: adminUser,
      log: test.app.log,
      request,
    });
    const fields: [string, string][] = [
      ['_form', formGuid],
      ['_block', '3f9c2a4e-1b7d-4c8e-9a2f-5d6e7f8a9b0d'],
      ['_version', '1'],
      ['naam', 'Carla'],
    ];
    // Posted to the preview's URL (`?preview=`).
    expect(await site.submitForm({ fields, locale: 'nl', fromPreview: true })).toEqual({
      kind: 'refused',
      result: {
        blockGuid: '3f9c2a4e-1b7d-4c8e-9a2f-5d6e7f8a9b0d',
        values: { naam: 'Carla' },
        fieldErrors: {},
        formError:
          'Dit is een voorbeeld van de pagina: het formulier is niet verstuurd. Op de gepubliceerde pagina kun je het wel versturen.',
      },
    });
    // Or carrying the preview's own field, wherever it is posted.
    expect(await site.submitForm({ fields: [...fields, ['_preview', '1']], locale: 'en' })).toMatchObject({
      kind: 'refused',
      result: {
        values: { naam: 'Carla' },
        formError:
          'This is a preview of the page: the form was not sent. You can send it on the published page.',
      },
    });
    const stored = await db.select().from(formSubmissions).where(eq(formSubmissions.formId, formGuid));
    expect(stored).toHaveLength(0);
  });
});
