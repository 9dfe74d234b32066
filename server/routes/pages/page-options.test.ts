import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import type { PageDocument } from '../../../common/page-drafts.ts';
import { LEGAL_PAGES, TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { media, users } from '../../db/schema.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

type Draft = { version: number; revision: number | null; document: PageDocument };

/**
 * Issue 26: page options are the known names only (refused, named, on every API that takes them);
 * a page's description, social image and "hide from search engines"; every page editable by its
 * guid (`/edit?page=`), whether a menu serves it or not; the legal texts per language.
 */
describe('page options, settings and the edit URL (issue 26)', () => {
  let test: TestApp;
  let admin: Browser;
  const EDITORS = '5b0f4c6e-0a53-4d0e-9d47-1f4c2b7a9e11';
  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    await buildUser(test.database.db, { email: 'redactie@example.nl', roleIds: [EDITORS] });
    await buildUser(test.database.db, { email: 'lid@example.nl' });
    admin = await signInAs(test.app, 'beheer@example.nl');
  });
  afterAll(async () => {
    await test.close();
  });

  const draftOf = async (id: string) =>
    (await admin.request({ method: 'GET', url: `/api/pages/${id}/draft` })).json() as Draft;

  const servicesOf = async (email: string | null) => {
    if (!email) return createSiteServices({ db: test.database.db, actor: ANONYMOUS, log: test.app.log });
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`${email} expected`);
    return createSiteServices({ db: test.database.db, actor: { user }, user, log: test.app.log });
  };

  it('refuses an unknown option name with 400 naming it, on create, settings and draft', async () => {
    const page = await createPage(test.database.db, { name: 'opties', title: 'Opties' });
    const bogus = [{ name: 'bogus', value: 'x' }];
    const created = await admin.request({
      method: 'POST',
      url: '/api/pages',
      payload: { title: { nl: 'Nieuw' }, layout: '100', options: bogus },
    });
    const updated = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { options: bogus },
    });
    const base = await draftOf(page.id);
    const drafted = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft`,
      payload: {
        version: base.version,
        revision: base.revision,
        document: { ...base.document, options: bogus },
      },
    });
    for (const response of [created, updated, drafted]) {
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json() as { error: { code: string; details: { message: string }[] } };
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((detail) => detail.message).join(' ')).toContain(
        'Onbekende pagina-optie: bogus',
      );
    }
    const english = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}?lang=en`,
      payload: { options: bogus },
    });
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain('Unknown page option: bogus');
    // The known names are taken.
    const known = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: {
        options: [
          { name: 'showSubMenu', value: 'false' },
          { name: 'noindex', value: 'true' },
        ],
      },
    });
    expect(known.statusCode, known.body).toBe(200);
  });

  it('stores the description per language and the social image and noindex options, and renders them', async () => {
    const [image] = await test.database.db
      .insert(media)
      .values({
        contentHash: 'a'.repeat(64),
        purpose: 'public',
        ownerGuid: null,
        uploadedBy: null,
        fileName: 'deel.jpg',
        format: 'jpeg',
        width: 1200,
        height: 630,
        size: 1000,
      })
      .returning({ id: media.id });
    const [profilePhoto] = await test.database.db
      .insert(media)
      .values({
        contentHash: 'b'.repeat(64),
        purpose: 'profile',
        ownerGuid: null,
        uploadedBy: null,
        fileName: 'ik.jpg',
        format: 'jpeg',
        width: 100,
        height: 100,
        size: 1000,
      })
      .returning({ id: media.id });
    if (!image || !profilePhoto) throw new Error('images expected');
    const created = await admin.request({
      method: 'POST',
      url: '/api/pages',
      payload: {
        title: { nl: 'Zoekbaar', en: 'Findable' },
        description: { nl: 'Een omschrijving', en: 'A description' },
        layout: '100',
        isPublished: true,
        options: [
          { name: 'socialImage', value: image.id },
          { name: 'noindex', value: 'true' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const guid = (created.json() as { guid: string }).guid;
    const got = (await admin.request({ method: 'GET', url: `/api/pages/${guid}` })).json() as {
      page: { description: string; descriptionTranslations: unknown; abilities: unknown };
    };
    expect(got.page).toMatchObject({
      description: 'Een omschrijving',
      descriptionTranslations: { nl: 'Een omschrijving', en: 'A description' },
      abilities: { update: true, changeRights: true, chooseSocialImage: true },
    });
    const view = await (await servicesOf('beheer@example.nl')).getEditViewOf({ guid, locale: 'en' });
    expect(view).toMatchObject({
      description: 'A description',
      settings: { socialImage: image.id, noindex: true },
      path: '',
    });

    // A profile photo, an unknown image and a noindex that is not true or false are refused.
    for (const options of [
      [{ name: 'socialImage', value: profilePhoto.id }],
      [{ name: 'socialImage', value: '5b0f4c6e-0a53-4d0e-9d47-1f4c2b7a9e99' }],
      [{ name: 'noindex', value: 'ja' }],
    ]) {
      const refused = await admin.request({ method: 'PUT', url: `/api/pages/${guid}`, payload: { options } });
      expect(refused.statusCode, JSON.stringify(options)).toBe(400);
    }
    // An empty description in both languages is none.
    const cleared = await admin.request({
      method: 'PUT',
      url: `/api/pages/${guid}`,
      payload: { description: { nl: '', en: '' } },
    });
    expect(cleared.json()).toMatchObject({ description: '', descriptionTranslations: null });
  });

  it('opens a page no menu serves by its guid, for those who may edit it only', async () => {
    const page = await createPage(test.database.db, {
      name: 'los',
      title: 'Losse pagina',
      isPublished: false,
      editPermission: 'roles',
      editRoles: [EDITORS],
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Nog niet in een menu') } } }],
    });
    const editor = await servicesOf('redactie@example.nl');
    expect(await editor.getEditViewOf({ guid: page.id, locale: 'nl' })).toMatchObject({
      guid: page.id,
      title: 'Losse pagina',
      path: '',
      abilities: { update: true, changeRights: false, chooseSocialImage: false },
    });
    expect(
      await (await servicesOf('lid@example.nl')).getEditViewOf({ guid: page.id, locale: 'nl' }),
    ).toBeNull();
    expect(await (await servicesOf(null)).getEditViewOf({ guid: page.id, locale: 'nl' })).toBeNull();
    expect(await editor.getEditViewOf({ guid: 'geen-guid', locale: 'nl' })).toBeNull();

    // Once a menu serves it, its edit view has that path (and edit mode closes to it); an editor
    // for whom the menu does not list it (unpublished) keeps the edit view without a path.
    const { id: menuId } = await createMenu(test.database.db, TOP_LEVEL_MENU);
    await createMenuItem(test.database.db, { menuId, urlSegment: 'los', name: 'Los', pageId: page.id });
    const adminSite = await servicesOf('beheer@example.nl');
    expect(await adminSite.getEditViewOf({ guid: page.id, locale: 'nl' })).toMatchObject({ path: '/los' });
    expect(await editor.getEditViewOf({ guid: page.id, locale: 'nl' })).toMatchObject({ path: '' });
  });

  it('lets an editor change a legal text per language, which visitors then read in that language', async () => {
    const terms = await createPage(test.database.db, {
      name: LEGAL_PAGES.termsOfUse.name,
      title: { nl: 'Gebruiksvoorwaarden', en: 'Terms of use' },
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Oude voorwaarden') } } }],
    });
    const view = await (await servicesOf('beheer@example.nl')).getEditViewOf({
      guid: terms.id,
      locale: 'en',
    });
    expect(view).toMatchObject({ path: '/legal/terms-of-use/en' });
    const base = await draftOf(terms.id);
    const [block] = base.document.blocks;
    if (!block) throw new Error('a text block expected');
    const document = {
      ...base.document,
      blocks: [
        {
          ...block,
          content: { nl: { doc: paragraphs('Nieuwe voorwaarden') }, en: { doc: paragraphs('New terms') } },
        },
      ],
    };
    const saved = await admin.request({
      method: 'PUT',
      url: `/api/pages/${terms.id}/draft`,
      payload: { version: base.version, revision: base.revision, document },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = await draftOf(terms.id);
    const published = await admin.request({
      method: 'POST',
      url: `/api/pages/${terms.id}/draft:publish`,
      payload: { version: draft.version, revision: draft.revision, acceptFindings: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    const visitor = await servicesOf(null);
    const textIn = async (locale: 'nl' | 'en') =>
      JSON.stringify(await visitor.getPageByName({ name: LEGAL_PAGES.termsOfUse.name, locale }));
    expect(await textIn('nl')).toContain('Nieuwe voorwaarden');
    expect(await textIn('en')).toContain('New terms');
    expect(await textIn('en')).not.toContain('Nieuwe voorwaarden');
  });
  it("lets a page's content manager choose its social image from the library, and nobody else who edits it", async () => {
    const manager = await buildUser(test.database.db, {
      email: 'inhoud@example.nl',
      isContentManager: true,
      roleIds: [EDITORS],
    });
    const page = await createPage(test.database.db, {
      name: 'gedeeld',
      title: 'Gedeeld',
      isPublished: true,
      editPermission: 'roles',
      editRoles: [EDITORS],
    });
    const [asset] = await test.database.db
      .insert(media)
      .values({
        contentHash: 'c'.repeat(64),
        purpose: 'library',
        ownerGuid: null,
        uploadedBy: manager.id,
        fileName: 'kaart.jpg',
        format: 'jpeg',
        width: 1200,
        height: 630,
        size: 1000,
      })
      .returning({ id: media.id });
    if (!asset) throw new Error('asset expected');
    const options = [{ name: 'socialImage', value: asset.id }];

    const contentManager = await signInAs(test.app, 'inhoud@example.nl');
    const own = (await contentManager.request({ method: 'GET', url: `/api/pages/${page.id}` })).json() as {
      page: { abilities: unknown };
    };
    expect(own.page.abilities).toEqual({ update: true, changeRights: false, chooseSocialImage: true });
    const base = (
      await contentManager.request({ method: 'GET', url: `/api/pages/${page.id}/draft` })
    ).json() as Draft;
    const saved = await contentManager.request({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft`,
      payload: { version: base.version, revision: base.revision, document: { ...base.document, options } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // An editor of the page who is no content manager may not use the library: the option is refused.
    const editor = await signInAs(test.app, 'redactie@example.nl');
    const theirs = (await editor.request({ method: 'GET', url: `/api/pages/${page.id}` })).json() as {
      page: { abilities: unknown };
    };
    expect(theirs.page.abilities).toEqual({ update: true, changeRights: false, chooseSocialImage: false });
    const draft = (
      await editor.request({ method: 'GET', url: `/api/pages/${page.id}/draft` })
    ).json() as Draft;
    const refused = await editor.request({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft`,
      payload: {
        version: draft.version,
        revision: draft.revision,
        document: { ...draft.document, options: [{ name: 'noindex', value: 'true' }, ...options] },
      },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('options.1.value');
  });
});
