import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createHeaderImage } from '../../seed/builders.ts';

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
