import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../common/blocks/rich-text.ts';
import type { FormDefinition } from '../../common/forms/index.ts';
import type { FormSettings } from '../../common/forms/settings.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { auditEvents, formSubmissions, forms, formVersions, pageSchedules } from '../db/schema.ts';
import { createPage } from '../seed/builders.ts';
import { runFormRetention } from './form-retention.ts';
import { publishDueSchedules } from './scheduled-publishing.ts';

/**
 * Issue 28: the jobs that change data do it as commands of the system actor, so the audit trail
 * (and the activity screens) say what the system did: no write without its event.
 */
describe('jobs write through runCommand as the system actor', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('the retention job forgets address hashes older than a day, with one audit event', async () => {
    const { db } = test.database;
    const [form] = await db
      .insert(forms)
      .values({
        title: 'Aanmelden',
        settings: {} as FormSettings,
        draft: { questions: [] } as unknown as FormDefinition,
      })
      .returning();
    await db
      .insert(formVersions)
      .values({ formId: form!.id, version: 1, definition: { questions: [] } as unknown as FormDefinition });
    const now = new Date('2030-01-10T12:00:00Z');
    const [old, recent] = await db
      .insert(formSubmissions)
      .values([
        {
          formId: form!.id,
          version: 1,
          answers: {},
          locale: 'nl' as const,
          clientHash: 'oud',
          createdAt: new Date(now.getTime() - 25 * 3_600_000),
        },
        {
          formId: form!.id,
          version: 1,
          answers: {},
          locale: 'nl' as const,
          clientHash: 'nieuw',
          createdAt: new Date(now.getTime() - 3_600_000),
        },
      ])
      .returning();

    const result = await runFormRetention(db, now);
    expect(result).toMatchObject({ addressesForgotten: 1 });
    const rows = await db
      .select({ id: formSubmissions.id, clientHash: formSubmissions.clientHash })
      .from(formSubmissions)
      .where(inArray(formSubmissions.id, [old!.id, recent!.id]));
    expect(new Map(rows.map((row) => [row.id, row.clientHash]))).toEqual(
      new Map([
        [old!.id, null],
        [recent!.id, 'nieuw'],
      ]),
    );
    const events = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'formSubmission.forgetAddresses'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: null, entityType: 'formSubmission', entityId: null });
    expect(events[0]?.data).toMatchObject({ count: 1, before: '2030-01-09T12:00:00.000Z' });

    // The next hour nothing is left to forget: no event for nothing.
    const later = await runFormRetention(db, new Date(now.getTime() + 3_600_000));
    expect(later).toMatchObject({ addressesForgotten: 0 });
    expect(
      await db.select().from(auditEvents).where(eq(auditEvents.action, 'formSubmission.forgetAddresses')),
    ).toHaveLength(1);
  });

  it('a schedule that cannot be carried out is marked failed, audited as the system', async () => {
    const { db } = test.database;
    const page = await createPage(db, {
      name: 'kapot-gepland',
      title: 'Kapot gepland',
      isPublished: false,
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Tekst') } } }],
    });
    // A document no publish accepts (a block of a type that does not exist).
    const runAt = new Date(Date.now() - 1_000);
    const [schedule] = await db
      .insert(pageSchedules)
      .values({
        pageId: page.id,
        action: 'publish',
        runAt,
        document: { blocks: [{ guid: 'x', name: 'no-such-block' }] } as never,
        draftVersion: 1,
      })
      .returning();

    const run = await publishDueSchedules(db, new Date(), 'node-test');
    expect(run).toMatchObject({ failed: 1, published: 0 });
    const [row] = await db.select().from(pageSchedules).where(eq(pageSchedules.id, schedule!.id));
    expect(row).toMatchObject({ outcome: 'failed', claimedBy: 'node-test' });
    expect(row?.finishedAt).not.toBeNull();
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'page.scheduleFailed'), eq(auditEvents.entityId, page.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: null, entityType: 'page' });
    expect(events[0]?.data).toMatchObject({ schedule: schedule!.id, action: 'publish' });

    // Not tried again: the next check finds nothing due and writes nothing.
    expect(await publishDueSchedules(db, new Date(), 'node-test')).toMatchObject({ failed: 0 });
    expect(
      await db.select().from(auditEvents).where(eq(auditEvents.action, 'page.scheduleFailed')),
    ).toHaveLength(1);
  });
});
