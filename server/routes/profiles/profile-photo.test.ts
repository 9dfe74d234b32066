import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { media } from '../../db/schema.ts';
import { validationText } from '../../errors.ts';

describe('the profile photo (profielfoto) property', () => {
  let test: TestApp;
  let anna: Browser;
  let annaId: string;
  let bramId: string;

  const addMedia = async (purpose: 'public' | 'profile', uploadedBy: string) => {
    const [row] = await test.database.db
      .insert(media)
      .values({
        contentHash: 'b'.repeat(64),
        purpose,
        ownerGuid: purpose === 'profile' ? uploadedBy : null,
        uploadedBy,
        fileName: 'foto.png',
        format: 'png',
        width: 200,
        height: 200,
        size: 999,
      })
      .returning();
    if (!row) throw new Error('media not created');
    return row.id;
  };

  const savePhoto = (value: string) =>
    anna.request({
      method: 'PUT',
      url: '/api/profiles:loggedIn',
      payload: { properties: [{ key: 'profielfoto', value }] },
    });

  beforeAll(async () => {
    test = await createTestApp();
    annaId = (await buildUser(test.database.db, { email: 'anna@example.nl', firstName: 'Anna' })).id;
    bramId = (await buildUser(test.database.db, { email: 'bram@example.nl', firstName: 'Bram' })).id;
    anna = await signInAs(test.app, 'anna@example.nl');
  });
  afterAll(async () => {
    await test.close();
  });

  it('stores a profile upload of the user as the photo, and clears it again', async () => {
    const photo = await addMedia('profile', annaId);
    const saved = await savePhoto(photo);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as { properties: { key: string; value: string }[] }).properties).toContainEqual(
      expect.objectContaining({ key: 'profielfoto', value: photo }),
    );
    const cleared = await savePhoto('');
    expect(cleared.statusCode).toBe(200);
    const properties = (cleared.json() as { properties: { key: string; value: string }[] }).properties;
    expect(properties.find((property) => property.key === 'profielfoto')?.value ?? '').toBe('');
  });

  it.each([
    ['someone else’s profile photo', async () => addMedia('profile', bramId)],
    ['the user’s own upload for another purpose', async () => addMedia('public', annaId)],
    ['a guid no upload has', async () => '00000000-0000-4000-8000-000000000000'],
    ['a value that only looks like a guid', async () => '-'.repeat(36)],
  ])('refuses %s', async (_case, value) => {
    const body = expectApiError(await savePhoto(await value()), 400, 'validation_failed');
    expect(body.error.details).toEqual([
      { path: 'properties/0/value', message: validationText('validation.image', 'nl') },
    ]);
  });
});
