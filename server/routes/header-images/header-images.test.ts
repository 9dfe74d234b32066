import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, buildUser, setUser, signInAs } from '../../../test/accounts.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, media } from '../../db/schema.ts';
import { createHeaderImage, createPage } from '../../seed/builders.ts';

describe('header images', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists header images with guid, imageGuid, title and text in the request language', async () => {
    const image = await createHeaderImage(test.database.db, {
      title: { nl: 'Welkom', en: 'Welcome' },
      text: { nl: 'Tekst' },
    });
    const list = await test.app.inject({ method: 'GET', url: '/api/headerimages?lang=en' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ guid: image.id, imageGuid: null, title: 'Welcome', text: 'Tekst' });

    const one = await test.app.inject({ method: 'GET', url: `/api/headerimages/${image.id}` });
    expect(one.json()).toEqual({ guid: image.id, imageGuid: null, title: 'Welkom', text: 'Tekst' });
  });

  it('answers 404 for an unknown guid and 400 for a malformed one', async () => {
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/api/headerimages/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const malformed = await test.app.inject({ method: 'GET', url: '/api/headerimages/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_failed');
  });
});

type AdminImage = {
  guid: string;
  imageGuid: string | null;
  title: string;
  titleTranslations: { nl: string; en: string };
  textTranslations: { nl: string; en: string };
  usedBy: { guid: string; name: string; title: string }[];
};

describe('header images (admin)', () => {
  let test: TestApp;
  let admin: Browser;
  let member: Browser;
  let contentManager: Browser;
  let inactive: Browser;
  let adminId: string;
  let memberId: string;
  let publicImage: string;
  let profileImage: string;

  const addMedia = async (purpose: 'public' | 'profile', uploadedBy: string) => {
    const [row] = await test.database.db
      .insert(media)
      .values({
        contentHash: 'b'.repeat(64),
        purpose,
        ownerGuid: purpose === 'profile' ? uploadedBy : null,
        uploadedBy,
        fileName: 'kop.png',
        format: 'png',
        width: 1600,
        height: 400,
        size: 4321,
      })
      .returning();
    if (!row) throw new Error('media not created');
    return row.id;
  };

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    adminId = (await buildUser(db, { email: 'beheer@example.nl', isAdmin: true })).id;
    memberId = (await buildUser(db, { email: 'lid@example.nl' })).id;
    await buildUser(db, { email: 'redactie@example.nl', isContentManager: true });
    const inactiveId = (await buildUser(db, { email: 'oud@example.nl', isAdmin: true })).id;
    admin = await signInAs(test.app, 'beheer@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
    contentManager = await signInAs(test.app, 'redactie@example.nl');
    inactive = await signInAs(test.app, 'oud@example.nl');
    await setUser(db, inactiveId, { isActive: false });
    publicImage = await addMedia('public', adminId);
    profileImage = await addMedia('profile', memberId);
  });
  afterAll(async () => {
    await test.close();
  });

  const create = (browser: Browser, payload: unknown) =>
    browser.request({ method: 'POST', url: '/api/headerimages', payload });

  it('lets an admin create, change and list a header image with its translations, audited', async () => {
    const created = await create(admin, {
      title: { nl: 'Zomer', en: 'Summer' },
      text: { nl: 'Welkom op het plein' },
      imageGuid: publicImage,
    });
    expect(created.statusCode).toBe(201);
    const image = created.json() as AdminImage;
    expect(image).toMatchObject({
      imageGuid: publicImage,
      title: 'Zomer',
      titleTranslations: { nl: 'Zomer', en: 'Summer' },
      textTranslations: { nl: 'Welkom op het plein', en: '' },
      usedBy: [],
    });
    const changed = await admin.request({
      method: 'PUT',
      url: `/api/headerimages/${image.guid}`,
      payload: { title: { nl: 'Winter', en: 'Winter' }, text: { nl: 'Koud', en: 'Cold' }, imageGuid: null },
    });
    expect(changed.statusCode).toBe(200);
    const english = await test.app.inject({ method: 'GET', url: `/api/headerimages/${image.guid}?lang=en` });
    expect(english.json()).toEqual({ guid: image.guid, imageGuid: null, title: 'Winter', text: 'Cold' });
    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'headerImage'), eq(auditEvents.entityId, image.guid)));
    expect(events.map((event) => event.action).sort()).toEqual(['headerImage.create', 'headerImage.update']);
  });

  it('answers 400 per field: empty title, too long text, an image that is not a public upload', async () => {
    const cases: [unknown, string][] = [
      [{ title: { nl: '  ' } }, 'body/title/nl'],
      [{ title: { nl: 'A' }, text: { nl: 'x'.repeat(1001) } }, 'body/text/nl'],
      [{ title: { nl: 'A' }, imageGuid: 'javascript:alert(1)' }, 'body/imageGuid'],
      [{ title: { nl: 'A' }, imageGuid: profileImage }, 'body/imageGuid'],
      [{ title: { nl: 'A' }, imageGuid: '00000000-0000-4000-8000-000000000000' }, 'body/imageGuid'],
    ];
    for (const [payload, path] of cases) {
      const body = expectApiError(await create(admin, payload), 400, 'validation_failed');
      expect(body.error.details?.map((detail) => detail.path)).toContain(path);
    }
  });

  it('shows which pages show an image and refuses to delete it while they do (409 naming them)', async () => {
    const image = (await create(admin, { title: { nl: 'Gebruikt' } })).json() as AdminImage;
    const page = await createPage(test.database.db, {
      name: 'over-ons',
      title: { nl: 'Over ons' },
      options: { headerImage: image.guid },
    });
    const table = await admin.request({ method: 'GET', url: '/api/headerimages:table?search=gebruikt' });
    expect(table.statusCode).toBe(200);
    const { items, total } = table.json() as { items: AdminImage[]; total: number };
    expect(total).toBe(1);
    expect(items[0]?.usedBy).toEqual([{ guid: page.id, name: 'over-ons', title: 'Over ons' }]);

    const refused = await admin.request({ method: 'DELETE', url: `/api/headerimages/${image.guid}` });
    const body = expectApiError(refused, 409, 'conflict');
    expect(body.error.details?.[0]?.message).toBe('Pagina over-ons toont deze headerafbeelding.');

    const unused = (await create(admin, { title: { nl: 'Weg' } })).json() as AdminImage;
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/headerimages/${unused.guid}` })).statusCode,
    ).toBe(204);
    expectApiError(
      await admin.request({ method: 'DELETE', url: `/api/headerimages/${unused.guid}` }),
      404,
      'not_found',
    );
  });

  it('lets an admin API token create; refuses visitors, members, content managers, member tokens, inactive admins', async () => {
    const token = await test.app.inject({
      method: 'POST',
      url: '/api/headerimages',
      headers: await bearerFor(test.database.db, adminId),
      payload: { title: { nl: 'Via API' } },
    });
    expect(token.statusCode).toBe(201);
    const guid = (token.json() as AdminImage).guid;

    expectApiError(
      await test.app.inject({ method: 'GET', url: '/api/headerimages:table' }),
      401,
      'unauthorized',
    );
    expectApiError(
      await test.app.inject({ method: 'POST', url: '/api/headerimages', payload: { title: { nl: 'X' } } }),
      401,
      'unauthorized',
    );
    for (const browser of [member, contentManager]) {
      expectApiError(
        await browser.request({ method: 'GET', url: '/api/headerimages:table' }),
        403,
        'forbidden',
      );
      expectApiError(await create(browser, { title: { nl: 'X' } }), 403, 'forbidden');
      expectApiError(
        await browser.request({
          method: 'PUT',
          url: `/api/headerimages/${guid}`,
          payload: { title: { nl: 'X' } },
        }),
        403,
        'forbidden',
      );
      expectApiError(
        await browser.request({ method: 'DELETE', url: `/api/headerimages/${guid}` }),
        403,
        'forbidden',
      );
    }
    const memberToken = await test.app.inject({
      method: 'DELETE',
      url: `/api/headerimages/${guid}`,
      headers: await bearerFor(test.database.db, memberId),
    });
    expectApiError(memberToken, 403, 'forbidden');
    const old = await inactive.request({ method: 'DELETE', url: `/api/headerimages/${guid}` });
    expect([401, 403]).toContain(old.statusCode);
    const still = await test.app.inject({ method: 'GET', url: `/api/headerimages/${guid}` });
    expect(still.statusCode).toBe(200);
  });
});
