import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorWith } from '../../test/actors.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { auditEvents, pages } from '../db/schema.ts';
import { createPage, createUser } from '../seed/builders.ts';
import { contentVersion } from './cache.ts';
import { runCommand } from './write.ts';

describe('runCommand: the one write path', () => {
  let database: DatabaseHandle;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    userId = (await createUser(database.db, { email: 'schrijver@example.org' })).id;
  });
  afterAll(async () => {
    await database.close();
  });

  const ctx = () => ({ db: database.db, actor: actorWith({ id: userId, isAdmin: true }) });
  const lastEvent = async () =>
    (await database.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0];

  it('writes the change and one audit event naming the changed record, in one transaction', async () => {
    const page = await createPage(database.db, { name: 'schrijfpad', title: 'Eerst' });
    const saved = await runCommand(
      ctx(),
      { action: 'page.update', scope: 'public', target: page.id, data: { fields: ['title'] } },
      async (tx) =>
        (
          await tx
            .update(pages)
            .set({ title: { nl: 'Daarna' } })
            .where(eq(pages.id, page.id))
            .returning()
        )[0],
    );
    expect(saved?.title).toEqual({ nl: 'Daarna' });
    expect(await lastEvent()).toMatchObject({
      action: 'page.update',
      entityType: 'page',
      entityId: page.id,
      actorId: userId,
      data: { fields: ['title'] },
    });
  });

  it('keeps nothing, the audit event included, when the work fails', async () => {
    const page = await createPage(database.db, { name: 'mislukt', title: 'Blijft' });
    const before = await lastEvent();
    await expect(
      runCommand(ctx(), { action: 'page.update', scope: 'public', target: page.id }, async (tx) => {
        await tx
          .update(pages)
          .set({ title: { nl: 'Weg' } })
          .where(eq(pages.id, page.id));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [row] = await database.db.select().from(pages).where(eq(pages.id, page.id));
    expect(row?.title).toEqual({ nl: 'Blijft' });
    expect((await lastEvent())?.id).toBe(before?.id);
  });

  it('names every record of a batch, each in its own event', async () => {
    const first = await createPage(database.db, { name: 'batch-een', title: 'Een' });
    const second = await createPage(database.db, { name: 'batch-twee', title: 'Twee' });
    await runCommand(
      ctx(),
      { action: 'page.update', scope: 'public', target: () => [first.id, second.id] },
      async () => undefined,
    );
    const events = await database.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(2);
    expect(events.map((event) => event.entityId).sort()).toEqual([first.id, second.id].sort());
  });

  it('moves the content version once for a public write, however many statements it runs', async () => {
    const page = await createPage(database.db, { name: 'publiek', title: 'Publiek' });
    const before = BigInt(await contentVersion(database.db));
    await runCommand(ctx(), { action: 'page.update', scope: 'public', target: page.id }, async (tx) => {
      for (const title of ['a', 'b', 'c']) {
        await tx
          .update(pages)
          .set({ title: { nl: title } })
          .where(eq(pages.id, page.id));
      }
    });
    expect(BigInt(await contentVersion(database.db))).toBe(before + 1n);
  });

  it('leaves the content version alone for a private write, and the next public write moves it again', async () => {
    const page = await createPage(database.db, { name: 'concept', title: 'Concept', isPublished: false });
    const before = await contentVersion(database.db);
    await runCommand(ctx(), { action: 'page.update', scope: 'private', target: page.id }, async (tx) => {
      await tx
        .update(pages)
        .set({ title: { nl: 'Nog een concept' } })
        .where(eq(pages.id, page.id));
    });
    expect(await contentVersion(database.db)).toBe(before);
    await runCommand(ctx(), { action: 'page.update', scope: 'public', target: page.id }, async (tx) => {
      await tx.update(pages).set({ isPublished: true }).where(eq(pages.id, page.id));
    });
    expect(await contentVersion(database.db)).not.toBe(before);
  });

  it('still moves the version for a write outside any command (seed, SQL by hand)', async () => {
    const before = await contentVersion(database.db);
    await createPage(database.db, { name: 'met-de-hand', title: 'Met de hand' });
    expect(await contentVersion(database.db)).not.toBe(before);
  });
});
