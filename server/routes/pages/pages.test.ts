import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createPage } from '../../seed/builders.ts';

describe('GET /api/pages/{id}', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('returns a published page with its blocks and a cache-token header', async () => {
    const page = await createPage(test.database.db, {
      name: 'welkom',
      title: { nl: 'Welkom', en: 'Welcome' },
      blocks: [{ name: 'divider', options: { variant: 'solid' } }],
    });
    const response = await test.app.inject({ method: 'GET', url: `/api/pages/${page.id}?lang=en` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-token']).toMatch(/^[\w-]{22}$/);
    const body = response.json();
    expect(body.page).toMatchObject({ guid: page.id, name: 'welkom', title: 'Welcome', isPublished: true });
    expect(body.page.buildingBlockInstances).toHaveLength(1);
    expect(body.listMetadata).toEqual({});
  });

  it('answers 404 to a visitor for an unpublished page', async () => {
    const page = await createPage(test.database.db, {
      name: 'concept',
      title: 'Concept',
      isPublished: false,
    });
    const response = await test.app.inject({ method: 'GET', url: `/api/pages/${page.id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('answers 400 with a stable code for a malformed id', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/pages/not-a-guid' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});
