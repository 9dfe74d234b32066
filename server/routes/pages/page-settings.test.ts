import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createPage } from '../../seed/builders.ts';

describe('PUT /api/pages/{id}', () => {
  let test: TestApp;
  const EDITORS = '5b0f4c6e-0a53-4d0e-9d47-1f4c2b7a9e11';
  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    await buildUser(test.database.db, { email: 'redactie@example.nl', roleIds: [EDITORS] });
    await buildUser(test.database.db, { email: 'lid@example.nl' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('lets the page’s content manager change title, publication and layout', async () => {
    const page = await createPage(test.database.db, {
      name: 'instellingen',
      title: 'Oud',
      editPermission: 'roles',
      editRoles: [EDITORS],
    });
    const editor = await signInAs(test.app, 'redactie@example.nl');
    const response = await editor.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { titleTranslations: { nl: 'Nieuw', en: 'New' }, isPublished: false, layout: '25-75' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Nieuw',
      isPublished: false,
      layout: '25-75',
      abilities: { update: true },
    });
    const visitor = await test.app.inject({ method: 'GET', url: `/api/pages/${page.id}` });
    expect(visitor.statusCode).toBe(404);
  });

  it('answers 403 to a member who sees the page but may not edit it, 404 when they cannot see it, 401 signed out', async () => {
    const page = await createPage(test.database.db, { name: 'alleen-beheer', title: 'Beheer' });
    const member = await signInAs(test.app, 'lid@example.nl');
    expect(
      (await member.request({ method: 'PUT', url: `/api/pages/${page.id}`, payload: { isPublished: false } }))
        .statusCode,
    ).toBe(403);
    const draft = await createPage(test.database.db, {
      name: 'verborgen',
      title: 'Verborgen',
      isPublished: false,
    });
    expect(
      (await member.request({ method: 'PUT', url: `/api/pages/${draft.id}`, payload: { isPublished: true } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'PUT',
          url: `/api/pages/${page.id}`,
          payload: { isPublished: false },
        })
      ).statusCode,
    ).toBe(401);
    const admin = await signInAs(test.app, 'beheer@example.nl');
    const bad = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { layout: '33-33-33' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });

  it('moves the blocks of side columns a new layout hides, when asked, in one change', async () => {
    const page = await createPage(test.database.db, {
      name: 'kolommen',
      title: 'Kolommen',
      layout: '25-50-25',
      blocks: [
        { name: 'divider', position: 'main' },
        { name: 'divider', position: 'left' },
        { name: 'divider', position: 'right' },
      ],
    });
    const [main, left, right] = page.blocks;
    const admin = await signInAs(test.app, 'beheer@example.nl');
    const response = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { layout: '100', moveHiddenBlocksTo: 'main' },
    });
    expect(response.statusCode).toBe(200);
    const blocks = response.json().buildingBlockInstances as { guid: string; layoutPosition: string }[];
    expect(blocks.map((block) => [block.guid, block.layoutPosition])).toEqual([
      [main!.id, 'main'],
      [left!.id, 'main'],
      [right!.id, 'main'],
    ]);
  });

  it('keeps the hidden blocks where they are without moveHiddenBlocksTo, and refuses a position the layout hides', async () => {
    const page = await createPage(test.database.db, {
      name: 'links',
      title: 'Links',
      layout: '25-75',
      blocks: [{ name: 'divider', position: 'left' }],
    });
    const admin = await signInAs(test.app, 'beheer@example.nl');
    const refused = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { layout: '100', moveHiddenBlocksTo: 'left' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([
      { path: 'moveHiddenBlocksTo', message: expect.any(String) },
    ]);
    const kept = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { layout: '100' },
    });
    expect(kept.json().buildingBlockInstances).toEqual([expect.objectContaining({ layoutPosition: 'left' })]);
  });
});
