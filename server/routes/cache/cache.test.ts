import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { contentVersion } from '../../domains/cache.ts';

describe('DELETE /cache_invalidate', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'beheer@example.org', isAdmin: true });
    await buildUser(test.database.db, { email: 'lid@example.org' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('bumps the content version for an admin, so every node drops its cached public views', async () => {
    const admin = await signInAs(test.app, 'beheer@example.org');
    const before = Number(await contentVersion(test.database.db));
    for (const index of ['site.example|abc123|public', 'site.example|abc123|private']) {
      const response = await admin.request({
        method: 'DELETE',
        url: '/cache_invalidate',
        payload: { index },
      });
      expect(response.statusCode).toBe(204);
    }
    expect(Number(await contentVersion(test.database.db))).toBe(before + 2);
  });

  it('refuses visitors (401), members (403) and a missing index (400)', async () => {
    const anonymous = await test.app.inject({
      method: 'DELETE',
      url: '/cache_invalidate',
      payload: { index: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const member = await signInAs(test.app, 'lid@example.org');
    const forbidden = await member.request({
      method: 'DELETE',
      url: '/cache_invalidate',
      payload: { index: 'x' },
    });
    expect(forbidden.statusCode).toBe(403);
    const admin = await signInAs(test.app, 'beheer@example.org');
    const invalid = await admin.request({ method: 'DELETE', url: '/cache_invalidate', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('validation_failed');
  });
});
