import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../common/forms/index.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { forms, formVersions } from '../../db/schema.ts';
import { getPublicForm } from '../../domains/forms/index.ts';
import { ANONYMOUS } from '../../policies/index.ts';

/**
 * Issue 26: placeholder choices ("Optie 1", "Option 2") never reach visitors. Publishing refuses
 * them with a message naming the choice and its question; an English text left empty falls back to
 * the Dutch one, and a version published with an English placeholder shows the Dutch text.
 */

const choices = (labels: { nl: string; en?: string }[]): FormDefinition => ({
  fields: [
    {
      key: 'maat',
      kind: 'singleChoice',
      label: { nl: 'Maat', en: 'Size' },
      required: true,
      options: labels.map((label, index) => ({ value: `maat_${index + 1}`, label })),
    },
  ],
});

describe('placeholder choice labels', () => {
  let test: TestApp;
  let admin: Browser;

  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    admin = await signInAs(test.app, 'beheer@example.nl');
  });
  afterAll(async () => {
    await test.close();
  });

  async function formWith(draft: FormDefinition) {
    const created = await admin.request({
      method: 'POST',
      url: '/api/forms',
      payload: { title: 'Shirts', draft },
    });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { guid: string }).guid;
  }
  const publish = (guid: string, locale = 'nl') =>
    test.app.inject({
      method: 'POST',
      url: `/api/forms/${guid}/publish`,
      headers: { cookie: admin.cookie, 'x-xsrf-token': admin.xsrf, 'accept-language': locale },
    });

  it('refuses to publish placeholder choices, naming the choice and its question in nl and en', async () => {
    const guid = await formWith(choices([{ nl: 'Optie 1', en: 'Option 1' }, { nl: 'Groot' }]));
    const refused = expectApiError(await publish(guid), 400, 'validation_failed');
    expect(refused.error.details).toEqual([
      {
        path: 'body/draft/fields/0/options/0/label/nl',
        message:
          'Keuze 1 van “Maat” heeft nog een voorbeeldtekst: geef hem een eigen tekst voordat je publiceert.',
      },
      {
        path: 'body/draft/fields/0/options/0/label/en',
        message:
          'De Engelse tekst van keuze 1 van “Maat” is nog een voorbeeldtekst: vul een eigen tekst in of maak hem leeg (dan zien bezoekers de Nederlandse tekst).',
      },
    ]);
    const english = expectApiError(await publish(guid, 'en'), 400, 'validation_failed', 'en');
    expect(english.error.details?.[0]?.message).toBe(
      'Choice 1 of “Size” still has a placeholder text: give it a text of its own before you publish.',
    );
    const [row] = await test.database.db.select().from(forms).where(eq(forms.id, guid));
    expect(row?.currentVersion).toBeNull();
  });

  it('publishes once the choices have texts of their own, English left empty falling back to Dutch', async () => {
    const guid = await formWith(choices([{ nl: 'Klein', en: 'Option 1' }, { nl: 'Groot' }]));
    const refused = expectApiError(await publish(guid), 400, 'validation_failed');
    expect(refused.error.details?.map((detail) => detail.path)).toEqual([
      'body/draft/fields/0/options/0/label/en',
    ]);
    const fixed = await admin.request({
      method: 'PUT',
      url: `/api/forms/${guid}`,
      payload: { draft: choices([{ nl: 'Klein', en: '' }, { nl: 'Groot' }]) },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await publish(guid)).statusCode).toBe(200);
    const shown = await getPublicForm({ db: test.database.db, actor: ANONYMOUS, locale: 'en' }, guid);
    const labels = shown?.definition.fields[0]?.options?.map((option) => option.label);
    expect(labels).toEqual([{ nl: 'Klein', en: '' }, { nl: 'Groot' }]);
  });

  it('shows English visitors the Dutch text of a version published with "Option 1" before', async () => {
    const guid = await formWith(choices([{ nl: 'Klein' }, { nl: 'Groot' }]));
    // A version stored before the check existed, as the old builder made them (versions never change).
    const { db } = test.database;
    await db.insert(formVersions).values({
      formId: guid,
      version: 1,
      definition: choices([
        { nl: 'Klein', en: 'Option 1' },
        { nl: 'Groot', en: 'Large' },
      ]),
    });
    await db.update(forms).set({ currentVersion: 1 }).where(eq(forms.id, guid));
    const shown = await getPublicForm({ db: test.database.db, actor: ANONYMOUS, locale: 'en' }, guid);
    expect(shown?.definition.fields[0]?.options?.map((option) => option.label)).toEqual([
      { nl: 'Klein' },
      { nl: 'Groot', en: 'Large' },
    ]);
  });
});
