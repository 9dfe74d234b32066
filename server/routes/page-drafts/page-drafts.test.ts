import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import type { DraftBlock, PageDocument } from '../../../common/page-drafts.ts';
import { type SearchResults, TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { EDITORS, MEMBERS } from '../../../test/actors.ts';
import { createTestApp, createTestDatabase, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { openDatabase, queryRows } from '../../db/client.ts';
import { auditEvents, media, menus, pageSchedules, pages, previewLinks, users } from '../../db/schema.ts';
import { mediaOwner } from '../../domains/media/queries.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { publishDueSchedules } from '../../jobs/scheduled-publishing.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';
import { seedDemoSite } from '../../seed/demo.ts';

type Draft = { version: number; revision: number | null; hasDraft: boolean; document: PageDocument };
type Revision = { number: number; changes: { kind: string; block?: string; position?: string }[] };

const text = (nl: string) => ({ nl: { doc: paragraphs(nl) } });

describe('page drafts, revisions and scheduled publishing', () => {
  let test: TestApp;
  let admin: Browser;
  let member: Browser;
  let counter = 0;
  let menuId = '';

  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    await buildUser(test.database.db, { email: 'lid@example.nl' });
    admin = await signInAs(test.app, 'beheer@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
    menuId = (await createMenu(test.database.db, TOP_LEVEL_MENU)).id;
  });
  afterAll(async () => {
    await test.close();
  });

  /** A published page with one text block in main, in the main menu (so search finds it). */
  async function publishedPage(words = 'Gepubliceerde tekst') {
    counter += 1;
    const page = await createPage(test.database.db, {
      name: `concept-${counter}`,
      title: `Concept ${counter}`,
      blocks: [{ name: 'text', content: text(words) }],
    });
    await createMenuItem(test.database.db, {
      menuId,
      urlSegment: `concept-${counter}`,
      name: `Concept ${counter}`,
      pageId: page.id,
    });
    return page;
  }
  const draftOf = async (id: string) => {
    const response = await admin.request({ method: 'GET', url: `/api/pages/${id}/draft` });
    expect(response.statusCode).toBe(200);
    return response.json() as Draft;
  };
  const save = (id: string, base: Pick<Draft, 'version' | 'revision'>, document: PageDocument) =>
    admin.request({
      method: 'PUT',
      url: `/api/pages/${id}/draft`,
      payload: { version: base.version, revision: base.revision, document },
    });
  const publish = (id: string, base: Pick<Draft, 'version' | 'revision'>) =>
    admin.request({
      method: 'POST',
      url: `/api/pages/${id}/draft:publish`,
      payload: { version: base.version, revision: base.revision },
    });
  const visitorSees = async (id: string) => {
    const response = await test.app.inject({ method: 'GET', url: `/api/pages/${id}` });
    expect(response.statusCode).toBe(200);
    return JSON.stringify(response.json());
  };
  const search = async (q: string) => {
    const response = await test.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as SearchResults).hits.length;
  };
  const withText = (document: PageDocument, words: string): PageDocument => ({
    ...document,
    blocks: document.blocks.map((block) =>
      block.name === 'text' ? { ...block, content: text(words) } : block,
    ),
  });

  it('starts from the published page; a saved draft is never what visitors, the cache or search get', async () => {
    const page = await publishedPage();
    const start = await draftOf(page.id);
    expect(start).toMatchObject({ version: 0, hasDraft: false, revision: null });
    expect(start.document.blocks).toHaveLength(1);

    const saved = await save(page.id, start, withText(start.document, 'Zonnebloemvelden in concept'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, hasDraft: true });
    expect(await visitorSees(page.id)).toContain('Gepubliceerde tekst');
    expect(await visitorSees(page.id)).not.toContain('Zonnebloemvelden');
    expect(await search('zonnebloemvelden')).toBe(0);
    // The editor's own read of the page is the published one too: the draft has its own call.
    const own = await admin.request({ method: 'GET', url: `/api/pages/${page.id}` });
    expect(own.body).not.toContain('Zonnebloemvelden');

    const published = await publish(page.id, { version: 1, revision: null });
    expect(published.statusCode).toBe(200);
    const revision = published.json() as Revision;
    expect(revision.number).toBe(1);
    expect(revision.changes).toEqual([
      expect.objectContaining({ kind: 'blockChanged', block: 'text', position: 'main' }),
    ]);
    expect(await visitorSees(page.id)).toContain('Zonnebloemvelden in concept');
    expect(await search('zonnebloemvelden')).toBe(1);
    expect(await draftOf(page.id)).toMatchObject({ version: 0, hasDraft: false, revision: 1 });
  });

  it('tells the editor what the published page got outside the draft, which publishing would undo', async () => {
    const page = await publishedPage('Begintekst');
    const start = await draftOf(page.id);
    const first = await save(page.id, start, withText(start.document, 'Eerste versie'));
    await publish(page.id, first.json() as Draft);
    // A new draft from that revision: the published page is as the revision has it.
    const again = await draftOf(page.id);
    const second = await save(page.id, again, withText(again.document, 'Tweede versie in concept'));
    expect(second.json()).toMatchObject({ hasDraft: true, publishedChanges: [] });

    // A SPEC 7 block call changes the published page at once; the draft says so, per block.
    const guid = again.document.blocks[0]?.guid;
    const live = await admin.request({
      method: 'PUT',
      url: `/api/buildingblockinstance/${guid}`,
      payload: { content: text('Via de API gewijzigd') },
    });
    expect(live.statusCode).toBe(200);
    const told = (await draftOf(page.id)) as Draft & { publishedChanges: unknown[] };
    expect(told.publishedChanges).toEqual([{ kind: 'blockChanged', guid, block: 'text', position: 'main' }]);
    // Publishing (the editor confirmed in the dialog) makes the draft the page; nothing is left to tell.
    await publish(page.id, told);
    expect(await visitorSees(page.id)).toContain('Tweede versie in concept');
    expect(await draftOf(page.id)).toMatchObject({ hasDraft: false, publishedChanges: [] });
  });

  it('refuses a stale save or publish with 409 draft_stale and keeps what was there', async () => {
    const page = await publishedPage();
    const start = await draftOf(page.id);
    expect((await save(page.id, start, withText(start.document, 'Eerste redacteur'))).statusCode).toBe(200);
    // A second editor who loaded the page before the first one's save.
    const second = await save(page.id, start, withText(start.document, 'Tweede redacteur'));
    const error = expectApiError(second, 409, 'draft_stale');
    expect(error.error.message).toMatch(/intussen/);
    expect(JSON.stringify((await draftOf(page.id)).document)).toContain('Eerste redacteur');
    expectApiError(await publish(page.id, { version: 0, revision: null }), 409, 'draft_stale');
    expect(await visitorSees(page.id)).toContain('Gepubliceerde tekst');

    // After a publish, a save that started before it (no draft, the old revision) is stale too.
    expect((await publish(page.id, { version: 1, revision: null })).statusCode).toBe(200);
    const late = await save(page.id, { version: 0, revision: null }, start.document);
    expectApiError(late, 409, 'draft_stale');
    expect((await save(page.id, { version: 0, revision: 1 }, start.document)).statusCode).toBe(200);
  });

  it('adds, moves and removes blocks by guid and describes each change of a revision', async () => {
    const page = await createPage(test.database.db, {
      name: 'kolommen',
      title: 'Kolommen',
      layout: '75-25',
      blocks: [
        { name: 'text', content: text('Blijft staan') },
        { name: 'text', content: text('Gaat naar rechts') },
        { name: 'text', content: text('Verdwijnt') },
      ],
    });
    const start = await draftOf(page.id);
    const added = randomUUID();
    const [stays, moves, goes] = start.document.blocks;
    if (!stays || !moves || !goes) throw new Error('three blocks expected');
    const document: PageDocument = {
      ...start.document,
      title: { nl: 'Kolommen', en: 'Columns' },
      blocks: [
        { guid: added, name: 'text', position: 'main', content: text('Nieuw bovenaan'), options: {} },
        stays,
        { ...moves, position: 'right' },
      ],
    };
    const saved = await save(page.id, start, document);
    expect(saved.statusCode).toBe(200);
    const revision = (await publish(page.id, { version: 1, revision: null })).json() as Revision;
    expect(revision.changes.map((change) => change.kind)).toEqual([
      'title',
      'blockAdded',
      'blockMoved',
      'blockRemoved',
    ]);
    const live = (await test.app.inject({ method: 'GET', url: `/api/pages/${page.id}` })).json() as {
      page: { buildingBlockInstances: { guid: string; layoutPosition: string; sortId: number }[] };
    };
    const placed = live.page.buildingBlockInstances.map((block) => [
      block.guid,
      block.layoutPosition,
      block.sortId,
    ]);
    expect(placed).toEqual(
      expect.arrayContaining([
        [added, 'main', 10],
        [stays.guid, 'main', 20],
        [moves.guid, 'right', 10],
      ]),
    );
    expect(placed).toHaveLength(3);
  });

  it('lists revisions, shows one, and restores one as a new draft', async () => {
    const page = await publishedPage('Versie een');
    let base = await draftOf(page.id);
    await save(page.id, base, withText(base.document, 'Versie twee'));
    await publish(page.id, { version: 1, revision: null });
    base = await draftOf(page.id);
    await save(page.id, base, withText(base.document, 'Versie drie'));
    await publish(page.id, { version: 1, revision: 1 });

    const list = await admin.request({ method: 'GET', url: `/api/pages/${page.id}/revisions` });
    expect((list.json() as Revision[]).map((revision) => revision.number)).toEqual([2, 1]);
    const first = await admin.request({ method: 'GET', url: `/api/pages/${page.id}/revisions/1` });
    expect(JSON.stringify(first.json())).toContain('Versie twee');
    expectApiError(
      await admin.request({ method: 'GET', url: `/api/pages/${page.id}/revisions/9` }),
      404,
      'not_found',
    );

    const restored = await admin.request({
      method: 'POST',
      url: `/api/pages/${page.id}/revisions/1/restore`,
      payload: { version: 0, revision: 2 },
    });
    expect(restored.statusCode).toBe(200);
    expect(JSON.stringify(restored.json())).toContain('Versie twee');
    expect(await visitorSees(page.id)).toContain('Versie drie');
    expect((await publish(page.id, { version: 1, revision: 2 })).statusCode).toBe(200);
    expect(await visitorSees(page.id)).toContain('Versie twee');
    const audit = await test.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, page.id));
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(['page.saveDraft', 'page.publish', 'page.restoreRevision']),
    );
  });

  it('lets an image be uploaded for a block only the draft has, unpublished until the block is', async () => {
    const page = await publishedPage();
    const start = await draftOf(page.id);
    const guid = randomUUID();
    expect(await mediaOwner(test.database.db, 'block', guid)).toBeUndefined();
    const image = {
      guid,
      name: 'image',
      position: 'main' as const,
      content: { nl: { alt: 'Een foto' } },
      options: {},
    };
    const saved = await save(page.id, start, {
      ...start.document,
      blocks: [...start.document.blocks, image],
    });
    expect(saved.statusCode).toBe(200);
    const owner = await mediaOwner(test.database.db, 'block', guid);
    expect(owner).toMatchObject({ purpose: 'block', ownerGuid: guid, page: { isPublished: false } });
    await publish(page.id, { version: 1, revision: null });
    expect(await mediaOwner(test.database.db, 'block', guid)).toMatchObject({ page: { isPublished: true } });
  });

  it('copies a block for a draft: a new guid, and an image block’s copy naming the same library asset', async () => {
    const { db } = test.database;
    const source = await publishedPage('Om te kopiëren');
    const imageBlock = randomUUID();
    const [upload] = await db
      .insert(media)
      .values({
        contentHash: randomBytes(32).toString('hex'),
        purpose: 'block',
        ownerGuid: imageBlock,
        fileName: 'foto.png',
        format: 'png',
        width: 800,
        height: 600,
        size: 1234,
      })
      .returning();
    const start = await draftOf(source.id);
    const image = {
      guid: imageBlock,
      name: 'image',
      position: 'main' as const,
      content: { nl: { alt: 'Een foto' } },
      options: { imageGuid: upload?.id },
    };
    expect(
      (await save(source.id, start, { ...start.document, blocks: [...start.document.blocks, image] }))
        .statusCode,
    ).toBe(200);

    const target = await publishedPage();
    const copied = await admin.request({
      method: 'POST',
      url: `/api/pages/${target.id}/blockcopies`,
      payload: { block: imageBlock },
    });
    expect(copied.statusCode).toBe(201);
    const copy = copied.json() as DraftBlock;
    expect(copy.guid).not.toBe(imageBlock);
    expect(copy).toMatchObject({ name: 'image', content: { nl: { alt: 'Een foto' } } });
    // The media library (issue 27): the copy names the same asset, described once for both.
    expect(copy.options.imageGuid).toBe(upload?.id);
    const targetDraft = await draftOf(target.id);
    const withCopy = { ...targetDraft.document, blocks: [...targetDraft.document.blocks, copy] };
    expect((await save(target.id, targetDraft, withCopy)).statusCode).toBe(200);

    // A duplicate on the same page: a text block, its content as it is.
    const text = (await draftOf(source.id)).document.blocks[0];
    const duplicate = await admin.request({
      method: 'POST',
      url: `/api/pages/${source.id}/blockcopies`,
      payload: { block: text?.guid },
    });
    expect(duplicate.json()).toMatchObject({ name: 'text', content: text?.content });
    expectApiError(
      await admin.request({
        method: 'POST',
        url: `/api/pages/${source.id}/blockcopies`,
        payload: { block: randomUUID() },
      }),
      404,
      'not_found',
    );
  });

  it('lists accessibility findings with the draft, and publishes them only when the editor confirms', async () => {
    const page = await publishedPage();
    const start = await draftOf(page.id);
    const vague = {
      nl: {
        doc: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'klik hier', marks: [{ type: 'link', attrs: { href: '/over-ons' } }] },
              ],
            },
          ],
        },
      },
    };
    const guid = start.document.blocks[0]?.guid;
    const document = {
      ...start.document,
      blocks: start.document.blocks.map((block) =>
        block.guid === guid ? { ...block, content: vague } : block,
      ),
    };
    const saved = (await save(page.id, start, document)).json() as Draft & {
      findings: { code: string; blockGuid: string }[];
    };
    expect(saved.findings).toEqual([expect.objectContaining({ code: 'vagueLinkText', blockGuid: guid })]);
    expectApiError(await publish(page.id, { version: 1, revision: null }), 409, 'accessibility_findings');
    expect(await visitorSees(page.id)).not.toContain('klik hier');
    const confirmed = await admin.request({
      method: 'POST',
      url: `/api/pages/${page.id}/draft:publish`,
      payload: { version: 1, revision: null, acceptFindings: true },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await visitorSees(page.id)).toContain('klik hier');
  });

  it('checks a draft as a block write is checked, and only for those who may edit the page', async () => {
    const page = await publishedPage();
    const start = await draftOf(page.id);
    const unknownType = await save(page.id, start, {
      ...start.document,
      blocks: [{ guid: randomUUID(), name: 'marquee', position: 'main', content: null, options: {} }],
    });
    expect(expectApiError(unknownType, 400, 'validation_failed').error.details?.[0]?.path).toBe(
      'document.blocks.0.name',
    );
    const badContent = await save(page.id, start, {
      ...start.document,
      blocks: [
        { guid: randomUUID(), name: 'text', position: 'main', content: { nl: { doc: 42 } }, options: {} },
      ],
    });
    expect(expectApiError(badContent, 400, 'validation_failed').error.details?.[0]?.path).toMatch(
      /^document\.blocks\.0\.content\.nl/,
    );
    // A block of another page cannot be taken over through a draft.
    const other = await publishedPage();
    const theirs = (await draftOf(other.id)).document.blocks[0];
    if (!theirs) throw new Error('a block expected');
    const stolen = await save(page.id, start, { ...start.document, blocks: [theirs] });
    expectApiError(stolen, 400, 'validation_failed');

    expectApiError(
      await test.app.inject({ method: 'GET', url: `/api/pages/${page.id}/draft` }),
      401,
      'unauthorized',
    );
    expectApiError(
      await member.request({ method: 'GET', url: `/api/pages/${page.id}/draft` }),
      403,
      'forbidden',
    );
    expectApiError(
      await member.request({
        method: 'PUT',
        url: `/api/pages/${page.id}/draft`,
        payload: { version: 0, revision: null, document: start.document },
      }),
      403,
      'forbidden',
    );
  });

  it('publishes at a scheduled moment exactly once, also when two nodes look at the same time', async () => {
    const page = await createPage(test.database.db, {
      name: 'later',
      title: 'Later',
      isPublished: false,
      blocks: [{ name: 'text', content: text('Nog niet') }],
    });
    const start = await draftOf(page.id);
    await save(page.id, start, withText(start.document, 'Komt om negen uur'));
    const at = new Date(Date.now() + 60_000);
    const scheduled = await admin.request({
      method: 'POST',
      url: `/api/pages/${page.id}/schedules`,
      payload: { action: 'publish', at: at.toISOString(), version: 1, revision: null },
    });
    expect(scheduled.statusCode).toBe(201);
    // Edits after scheduling are not part of it, and stay in the draft.
    const later = await draftOf(page.id);
    await save(page.id, later, withText(later.document, 'Na het plannen'));

    // Not yet due: nothing happens.
    expect(await publishDueSchedules(test.database.db, new Date())).toMatchObject({ published: 0 });
    expect((await test.app.inject({ method: 'GET', url: `/api/pages/${page.id}` })).statusCode).toBe(404);

    // Two nodes (on PostgreSQL: two connection pools) find it due at once: one publishes.
    const second = await openSecondHandle(test);
    const due = new Date(at.getTime() + 1_000);
    const runs = await Promise.all([
      publishDueSchedules(test.database.db, due, 'node-a'),
      publishDueSchedules(second?.db ?? test.database.db, due, 'node-b'),
    ]);
    await second?.close();
    expect(runs.reduce((sum, run) => sum + run.published, 0)).toBe(1);
    expect(await visitorSees(page.id)).toContain('Komt om negen uur');
    const [row] = await test.database.db
      .select()
      .from(pageSchedules)
      .where(eq(pageSchedules.pageId, page.id));
    expect(row).toMatchObject({ outcome: 'published' });
    expect(row?.claimedBy).toMatch(/^node-[ab]$/);
    // The edit made after scheduling is still the draft.
    expect(JSON.stringify((await draftOf(page.id)).document)).toContain('Na het plannen');
    const revisions = (
      await admin.request({ method: 'GET', url: `/api/pages/${page.id}/revisions` })
    ).json() as {
      source: string;
    }[];
    expect(revisions).toEqual([expect.objectContaining({ source: 'schedule' })]);
  });

  it('unpublishes at a moment, and refuses a moment in the past', async () => {
    const page = await publishedPage();
    const past = await admin.request({
      method: 'POST',
      url: `/api/pages/${page.id}/schedules`,
      payload: {
        action: 'unpublish',
        at: new Date(Date.now() - 60_000).toISOString(),
        version: 0,
        revision: null,
      },
    });
    expect(expectApiError(past, 400, 'validation_failed').error.details?.[0]).toMatchObject({ path: 'at' });
    const at = new Date(Date.now() + 120_000);
    const scheduled = await admin.request({
      method: 'POST',
      url: `/api/pages/${page.id}/schedules`,
      payload: { action: 'unpublish', at: at.toISOString(), version: 0, revision: null },
    });
    expect(scheduled.statusCode).toBe(201);
    expect((await draftOf(page.id)).document).toBeDefined();
    const pending = (await admin.request({ method: 'GET', url: `/api/pages/${page.id}/draft` })).json() as {
      schedules: { action: string }[];
    };
    expect(pending.schedules).toEqual([expect.objectContaining({ action: 'unpublish' })]);
    await publishDueSchedules(test.database.db, new Date(at.getTime() + 1_000));
    expect((await test.app.inject({ method: 'GET', url: `/api/pages/${page.id}` })).statusCode).toBe(404);
  });
});

describe('the demo site through drafts', () => {
  it('saves and publishes every page and template, and a second time with nothing changed', async () => {
    const test = await createTestApp();
    try {
      const { db } = test.database;
      await seedDemoSite({ db });
      await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
      const admin = await signInAs(test.app, 'beheer@example.nl');
      const rows = await db.select({ id: pages.id, name: pages.name }).from(pages);
      expect(rows.length).toBeGreaterThan(5);
      const roundTrip = async (id: string, name: string) => {
        const before = (
          await admin.request({ method: 'GET', url: `/api/pages/${id}/draft` })
        ).json() as Draft;
        const saved = await admin.request({
          method: 'PUT',
          url: `/api/pages/${id}/draft`,
          payload: { version: 0, revision: before.revision, document: before.document },
        });
        expect(saved.statusCode, `${name}: ${saved.body}`).toBe(200);
        const published = await admin.request({
          method: 'POST',
          url: `/api/pages/${id}/draft:publish`,
          payload: { version: 1, revision: before.revision, acceptFindings: true },
        });
        expect(published.statusCode, `${name}: ${published.body}`).toBe(200);
        const after = (await admin.request({ method: 'GET', url: `/api/pages/${id}/draft` })).json() as Draft;
        return {
          before: before.document,
          after: after.document,
          changes: (published.json() as Revision).changes,
        };
      };
      for (const row of rows) {
        // The first publish may fill in option defaults the seed left out (as any block write does);
        // from then on a draft of the published page publishes as it is, with nothing listed.
        await roundTrip(row.id, row.name);
        const second = await roundTrip(row.id, row.name);
        expect(second.after, row.name).toEqual(second.before);
        expect(second.changes, row.name).toEqual([]);
        // A draft started from that revision finds the published page just as the revision has it.
        const current = (
          await admin.request({ method: 'GET', url: `/api/pages/${row.id}/draft` })
        ).json() as Draft;
        const fresh = await admin.request({
          method: 'PUT',
          url: `/api/pages/${row.id}/draft`,
          payload: { version: 0, revision: current.revision, document: current.document },
        });
        expect(fresh.json(), row.name).toMatchObject({ hasDraft: true, publishedChanges: [] });
      }
    } finally {
      await test.close();
    }
  });
});

describe('scheduled publishing across a restart', () => {
  it('publishes at start-up what came due while no server ran', async () => {
    const database = await createTestDatabase();
    const first = await createTestApp({ database });
    try {
      await buildUser(database.db, { email: 'beheer@example.nl', isAdmin: true });
      const admin = await signInAs(first.app, 'beheer@example.nl');
      const page = await createPage(database.db, {
        name: 'na-herstart',
        title: 'Na herstart',
        isPublished: false,
        blocks: [{ name: 'text', content: text('Verschijnt na de herstart') }],
      });
      const scheduled = await admin.request({
        method: 'POST',
        url: `/api/pages/${page.id}/schedules`,
        payload: {
          action: 'publish',
          at: new Date(Date.now() + 1_000).toISOString(),
          version: 0,
          revision: null,
        },
      });
      expect(scheduled.statusCode).toBe(201);
    } finally {
      // The server stops before the moment comes…
      await first.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // …and a server that starts afterwards (jobs on, as outside tests) publishes it at once.
    const second = await createTestApp({ database, config: { env: 'production' } });
    try {
      await expect
        .poll(
          async () =>
            (await second.app.inject({ method: 'GET', url: '/api/pages:withName?name=na-herstart' }))
              .statusCode,
          {
            timeout: 5_000,
            interval: 100,
          },
        )
        .toBe(200);
    } finally {
      await second.close();
      await database.close();
    }
  });
});

describe('preview links', () => {
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

  it('shows the draft at the page’s path to whoever has the link, until it expires', async () => {
    const { db } = test.database;
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    const page = await createPage(db, {
      name: 'nog-geheim',
      title: 'Nog geheim',
      isPublished: false,
      blocks: [{ name: 'text', content: text('Oude tekst') }],
    });
    const other = await createPage(db, { name: 'ander', title: 'Ander' });
    await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'nog-geheim',
      name: 'Nog geheim',
      pageId: page.id,
    });
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'ander', name: 'Ander', pageId: other.id });
    const start = (
      await admin.request({ method: 'GET', url: `/api/pages/${page.id}/draft` })
    ).json() as Draft;
    await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft`,
      payload: { version: 0, revision: null, document: { ...start.document, title: { nl: 'Concepttitel' } } },
    });

    const made = await admin.request({
      method: 'POST',
      url: `/api/pages/${page.id}/draft:preview`,
      payload: { hours: 2 },
    });
    expect(made.statusCode).toBe(200);
    const link = made.json() as { url: string; expiresAt: string; createdBy: { name: string } };
    expect(link.url).toMatch(/^\/nog-geheim\?preview=/);
    expect(link.createdBy).toMatchObject({ name: 'beheer@example.nl', isRemoved: false });
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(7_100_000);
    const token = new URL(link.url, 'http://localhost').searchParams.get('preview') ?? '';

    const visitor = createSiteServices({ db, actor: ANONYMOUS, log: test.app.log });
    const shown = await visitor.getPreview({ path: '/nog-geheim', token, locale: 'nl' });
    expect(shown).toMatchObject({ title: 'Concepttitel', path: '/nog-geheim', abilities: { update: false } });
    // Not for another page's path, nor with a changed token; and the page itself stays unpublished.
    expect(await visitor.getPreview({ path: '/ander', token, locale: 'nl' })).toBeNull();
    expect(await visitor.getPreview({ path: '/nog-geheim', token: `${token}x`, locale: 'nl' })).toBeNull();
    expect(await visitor.getPageByPath({ path: '/nog-geheim', locale: 'nl' })).toBeNull();

    // Edit mode shows the draft to those who may edit the page, and to no one else.
    const [adminUser] = await db.select().from(users).where(eq(users.email, 'beheer@example.nl'));
    if (!adminUser) throw new Error('admin expected');
    const editor = createSiteServices({ db, actor: { user: adminUser }, user: adminUser, log: test.app.log });
    expect(await editor.getEditView({ path: '/nog-geheim', locale: 'nl' })).toMatchObject({
      title: 'Concepttitel',
    });
    expect(await visitor.getEditView({ path: '/nog-geheim', locale: 'nl' })).toBeNull();

    const tooLong = await admin.request({
      method: 'POST',
      url: `/api/pages/${page.id}/draft:preview`,
      payload: { hours: 10_000 },
    });
    expectApiError(tooLong, 400, 'validation_failed');
    const template = await createPage(db, { name: 'kop', title: 'Kop', kind: 'template' });
    expectApiError(
      await admin.request({ method: 'POST', url: `/api/pages/${template.id}/draft:preview` }),
      404,
      'not_found',
    );
  });

  /** A page in the menu that editors of the role may edit, with a draft, and a link to it by the admin. */
  async function sharedPage(name: string) {
    const { db } = test.database;
    const menu = (await db.select().from(menus).where(eq(menus.name, TOP_LEVEL_MENU)))[0];
    const page = await createPage(db, {
      name,
      title: name,
      blocks: [{ name: 'text', content: text('Gepubliceerd') }],
      editPermission: 'roles',
      editRoles: [EDITORS],
    });
    await createMenuItem(db, { menuId: menu!.id, urlSegment: name, name, pageId: page.id });
    const start = (
      await admin.request({ method: 'GET', url: `/api/pages/${page.id}/draft` })
    ).json() as Draft;
    await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft`,
      payload: {
        version: 0,
        revision: null,
        document: { ...start.document, title: { nl: `Concept van ${name}` } },
      },
    });
    return page;
  }
  type Link = {
    guid: string;
    url: string;
    createdAt: string;
    expiresAt: string;
    createdBy: { guid: string; name: string | null; isRemoved: boolean } | null;
  };
  const makeLink = async (who: Browser, pageId: string, hours = 24) => {
    const response = await who.request({
      method: 'POST',
      url: `/api/pages/${pageId}/draft:preview`,
      payload: { hours },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Link;
  };
  const tokenOf = (link: Link) => new URL(link.url, 'http://localhost').searchParams.get('preview') ?? '';
  const visitor = () => createSiteServices({ db: test.database.db, actor: ANONYMOUS, log: test.app.log });

  it('lists the links that work (newest first, with when, until when and by whom), and a revoked one shows the published page', async () => {
    const { db } = test.database;
    const page = await sharedPage('gedeeld');
    const editor = await buildUser(db, {
      email: 'redactie-preview@example.nl',
      firstName: 'Rian',
      lastName: 'Redactie',
      isContentManager: true,
      roleIds: [EDITORS],
    });
    const editorBrowser = await signInAs(test.app, editor.email);
    const first = await makeLink(admin, page.id, 1);
    const second = await makeLink(editorBrowser, page.id, 48);
    // An expired link is neither listed nor working.
    const [expired] = await db
      .insert(previewLinks)
      .values({ pageId: page.id, expiresAt: new Date(Date.now() - 1000), createdBy: editor.id })
      .returning();

    const listed = await admin.request({ method: 'GET', url: `/api/pages/${page.id}/previewlinks` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { ...second, createdBy: { guid: editor.id, name: 'Rian Redactie', isRemoved: false } },
      first,
    ]);
    expect(new Date(second.expiresAt).getTime() - new Date(second.createdAt).getTime()).toBe(48 * 3_600_000);
    expect(
      await visitor().getPreview({ path: '/gedeeld', token: tokenOf(first), locale: 'nl' }),
    ).toMatchObject({
      title: 'Concept van gedeeld',
    });

    // Revoked: the link no longer shows the draft (the page shows as published), the other still works.
    const revoked = await editorBrowser.request({
      method: 'DELETE',
      url: `/api/pages/${page.id}/previewlinks/${first.guid}`,
    });
    expect(revoked.statusCode).toBe(204);
    expect(await visitor().getPreview({ path: '/gedeeld', token: tokenOf(first), locale: 'nl' })).toBeNull();
    expect(await visitor().getPageByPath({ path: '/gedeeld', locale: 'nl' })).toMatchObject({
      title: 'gedeeld',
    });
    expect(
      await visitor().getPreview({ path: '/gedeeld', token: tokenOf(second), locale: 'nl' }),
    ).toMatchObject({
      title: 'Concept van gedeeld',
    });
    const after = (
      await admin.request({ method: 'GET', url: `/api/pages/${page.id}/previewlinks` })
    ).json() as Link[];
    expect(after.map((link) => link.guid)).toEqual([second.guid]);
    expect(after.map((link) => link.guid)).not.toContain(expired?.id);
    // Gone is gone: again 404, as is a link that never was.
    expectApiError(
      await admin.request({ method: 'DELETE', url: `/api/pages/${page.id}/previewlinks/${first.guid}` }),
      404,
      'not_found',
    );
    expectApiError(
      await admin.request({ method: 'DELETE', url: `/api/pages/${page.id}/previewlinks/${randomUUID()}` }),
      404,
      'not_found',
    );
    // Each is recorded, with who did it.
    const events = await db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, page.id));
    expect(events).toEqual(
      expect.arrayContaining([
        { action: 'page.createPreviewLink', actorId: editor.id },
        { action: 'page.revokePreviewLink', actorId: editor.id },
      ]),
    );
  });

  it('lets only those who may edit the page list and revoke its links', async () => {
    const { db } = test.database;
    const page = await sharedPage('alleen-redactie');
    const other = await sharedPage('andere-pagina');
    const link = await makeLink(admin, page.id);
    const otherLink = await makeLink(admin, other.id);
    await buildUser(db, { email: 'lid-preview@example.nl', roleIds: [MEMBERS] });
    await buildUser(db, {
      email: 'andere-redactie@example.nl',
      isContentManager: true,
      roleIds: ['role-andere'],
    });
    const member = await signInAs(test.app, 'lid-preview@example.nl');
    const otherEditor = await signInAs(test.app, 'andere-redactie@example.nl');
    const paths = [
      { method: 'GET' as const, url: `/api/pages/${page.id}/previewlinks` },
      { method: 'DELETE' as const, url: `/api/pages/${page.id}/previewlinks/${link.guid}` },
    ];
    for (const request of paths) {
      const anonymous = await test.app.inject(request);
      expect(anonymous.statusCode, `${request.method} anonymous`).toBe(401);
      for (const who of [member, otherEditor]) {
        expect([403, 404], `${request.method} ${request.url}`).toContain(
          (await who.request(request)).statusCode,
        );
      }
    }
    // A link of another page cannot be revoked through this page.
    expectApiError(
      await admin.request({ method: 'DELETE', url: `/api/pages/${page.id}/previewlinks/${otherLink.guid}` }),
      404,
      'not_found',
    );
    // Nothing was revoked by any of them.
    const listed = (
      await admin.request({ method: 'GET', url: `/api/pages/${page.id}/previewlinks` })
    ).json() as Link[];
    expect(listed.map((item) => item.guid)).toEqual([link.guid]);
    expect(
      await visitor().getPreview({ path: '/alleen-redactie', token: tokenOf(link), locale: 'nl' }),
    ).not.toBeNull();
  });
});

/** Another connection pool on the same PostgreSQL database: a second node. */
async function openSecondHandle(test: TestApp) {
  const server = inject('postgresUrl');
  if (!server) return null;
  const [row] = await queryRows<{ name: string }>(test.database.db, sql`SELECT current_database() AS name`);
  const url = new URL(server);
  url.pathname = `/${row?.name ?? ''}`;
  return openDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
}
