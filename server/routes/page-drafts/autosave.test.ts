import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import type { PageDocument } from '../../../common/page-drafts.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { auditEvents } from '../../db/schema.ts';
import { createPage } from '../../seed/builders.ts';

type Draft = { version: number; revision: number | null; hasDraft: boolean; document: PageDocument };
type Version = { version: number; hasDraft: boolean; updatedAt: string; basedOn: number | null };

const text = (nl: string, en?: string) => ({
  nl: { doc: paragraphs(nl) },
  ...(en === undefined ? {} : { en: { doc: paragraphs(en) } }),
});

/** Autosave of one block's content while an editor types in place (issue 26). */
describe('autosave of a block in the draft', () => {
  let test: TestApp;
  let anna: Browser;
  let jan: Browser;
  let member: Browser;
  let counter = 0;

  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'anna@example.nl', isAdmin: true });
    await buildUser(test.database.db, { email: 'jan@example.nl', isAdmin: true });
    await buildUser(test.database.db, { email: 'lid@example.nl' });
    anna = await signInAs(test.app, 'anna@example.nl');
    jan = await signInAs(test.app, 'jan@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
  });
  afterAll(async () => {
    await test.close();
  });

  /** A published page with two text blocks. */
  async function publishedPage() {
    counter += 1;
    return createPage(test.database.db, {
      name: `autosave-${counter}`,
      title: `Autosave ${counter}`,
      blocks: [
        { name: 'text', content: text('Eerste blok gepubliceerd') },
        { name: 'text', content: text('Tweede blok gepubliceerd') },
      ],
    });
  }
  const draftOf = async (who: Browser, id: string) => {
    const response = await who.request({ method: 'GET', url: `/api/pages/${id}/draft` });
    expect(response.statusCode).toBe(200);
    return response.json() as Draft;
  };
  const autosave = (
    who: Browser,
    id: string,
    block: string,
    base: Pick<Draft, 'version' | 'revision'>,
    content: unknown,
  ) =>
    who.request({
      method: 'PUT',
      url: `/api/pages/${id}/draft/blocks/${block}/content`,
      payload: { version: base.version, revision: base.revision, content },
    });
  const visitorSees = async (id: string) =>
    JSON.stringify((await test.app.inject({ method: 'GET', url: `/api/pages/${id}` })).json());
  const blockText = (draft: Draft, index: number) => JSON.stringify(draft.document.blocks[index]?.content);

  it('saves one block’s content as the next draft version; visitors keep the published page', async () => {
    const page = await publishedPage();
    const start = await draftOf(anna, page.id);
    const [first, second] = start.document.blocks;
    if (!first || !second) throw new Error('two blocks expected');

    const saved = await autosave(anna, page.id, first.guid, start, text('Typen in de pagina'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, hasDraft: true, basedOn: null });
    expect(typeof (saved.json() as Version).updatedAt).toBe('string');
    // The answer is the version only: no document, findings or names to work out while typing.
    expect(saved.json()).not.toHaveProperty('document');

    const next = await autosave(
      anna,
      page.id,
      first.guid,
      { version: 1, revision: start.revision },
      text('Typen in de pagina, verder', 'Typing on the page'),
    );
    expect(next.json()).toMatchObject({ version: 2 });
    const draft = await draftOf(anna, page.id);
    expect(draft).toMatchObject({ version: 2, hasDraft: true });
    expect(blockText(draft, 0)).toContain('Typen in de pagina, verder');
    expect(blockText(draft, 0)).toContain('Typing on the page');
    // The other block, its guid and place are as they were.
    expect(draft.document.blocks.map((block) => block.guid)).toEqual([first.guid, second.guid]);
    expect(blockText(draft, 1)).toContain('Tweede blok gepubliceerd');
    expect(await visitorSees(page.id)).toContain('Eerste blok gepubliceerd');
    expect(await visitorSees(page.id)).not.toContain('Typen in de pagina');

    // Each save is one audited draft save naming the block.
    const events = await test.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, page.id));
    const saves = events.filter((event) => event.action === 'page.saveDraft');
    expect(saves).toHaveLength(2);
    expect(saves.map((event) => (event.data as { block?: string }).block)).toEqual([first.guid, first.guid]);
  });

  it('refuses a stale version with 409 draft_stale: two editors never overwrite each other', async () => {
    const page = await publishedPage();
    // Both editors open the page before either types.
    const annaStart = await draftOf(anna, page.id);
    const janStart = await draftOf(jan, page.id);
    const [first, second] = annaStart.document.blocks;
    if (!first || !second) throw new Error('two blocks expected');

    expect((await autosave(anna, page.id, first.guid, annaStart, text('Anna typt'))).statusCode).toBe(200);
    // Jan's autosave starts from the version before Anna's: refused, in the editor's language.
    const stale = await autosave(jan, page.id, second.guid, janStart, text('Jan typt'));
    expect(expectApiError(stale, 409, 'draft_stale').error.message).toMatch(/intussen/);
    const english = await jan.request({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft/blocks/${second.guid}/content?lang=en`,
      payload: { version: janStart.version, revision: janStart.revision, content: text('Jan typt') },
    });
    expect(expectApiError(english, 409, 'draft_stale', 'en').error.message).toMatch(/in the meantime/);
    let draft = await draftOf(anna, page.id);
    expect(draft.version).toBe(1);
    expect(blockText(draft, 0)).toContain('Anna typt');
    expect(blockText(draft, 1)).toContain('Tweede blok gepubliceerd');
    expect(JSON.stringify(draft.document)).not.toContain('Jan typt');

    // A whole-draft save from before the autosave is stale too.
    const whole = await jan.request({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft`,
      payload: { version: janStart.version, revision: janStart.revision, document: janStart.document },
    });
    expectApiError(whole, 409, 'draft_stale');

    // Jan retries on the newest version: his block changes, Anna's stays.
    const fresh = await draftOf(jan, page.id);
    expect((await autosave(jan, page.id, second.guid, fresh, text('Jan typt'))).statusCode).toBe(200);
    draft = await draftOf(anna, page.id);
    expect(blockText(draft, 0)).toContain('Anna typt');
    expect(blockText(draft, 1)).toContain('Jan typt');

    // A publish after the draft started makes a save on the old base stale.
    const published = await anna.request({
      method: 'POST',
      url: `/api/pages/${page.id}/draft:publish`,
      payload: { version: draft.version, revision: draft.revision },
    });
    expect(published.statusCode).toBe(200);
    expectApiError(await autosave(jan, page.id, second.guid, draft, text('Te laat')), 409, 'draft_stale');
    expect(await visitorSees(page.id)).not.toContain('Te laat');
  });

  it('lets exactly one of two saves from the same version through, at the same moment', async () => {
    const page = await publishedPage();
    const start = await draftOf(anna, page.id);
    const [first, second] = start.document.blocks;
    if (!first || !second) throw new Error('two blocks expected');
    // First the draft exists (version 1), then both editors save from it at once (on PostgreSQL:
    // two connections of the pool, the version check and the write racing).
    expect((await autosave(anna, page.id, first.guid, start, text('Begin'))).statusCode).toBe(200);
    const base = { version: 1, revision: start.revision };
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        autosave(anna, page.id, first.guid, base, text(`Anna ronde ${round}`)),
        autosave(jan, page.id, second.guid, base, text(`Jan ronde ${round}`)),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const draft = await draftOf(anna, page.id);
      expect(draft.version).toBe(base.version + 1);
      // Only the winner's text is in the draft; the loser's block is as it was.
      expect(JSON.stringify(draft.document)).toContain(
        winner === 0 ? `Anna ronde ${round}` : `Jan ronde ${round}`,
      );
      expect(JSON.stringify(draft.document)).not.toContain(
        winner === 0 ? `Jan ronde ${round}` : `Anna ronde ${round}`,
      );
      base.version = draft.version;
    }
  });

  it('checks the content as a block write does, and only for those who may edit the page', async () => {
    const page = await publishedPage();
    const start = await draftOf(anna, page.id);
    const first = start.document.blocks[0];
    if (!first) throw new Error('a block expected');

    const bad = await autosave(anna, page.id, first.guid, start, { nl: { doc: 42 } });
    expect(expectApiError(bad, 400, 'validation_failed').error.details?.[0]?.path).toMatch(
      /^document\.blocks\.0\.content\.nl/,
    );
    expectApiError(await autosave(anna, page.id, randomUUID(), start, text('Nergens')), 404, 'not_found');
    // A block of another page is not in this page's draft.
    const other = await publishedPage();
    const theirs = (await draftOf(anna, other.id)).document.blocks[0];
    if (!theirs) throw new Error('a block expected');
    expectApiError(await autosave(anna, page.id, theirs.guid, start, text('Overgenomen')), 404, 'not_found');
    const bogus = await anna.request({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft/blocks/niet-een-guid/content`,
      payload: { version: 0, revision: null, content: text('x') },
    });
    expectApiError(bogus, 400, 'validation_failed');

    const anonymous = await test.app.inject({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft/blocks/${first.guid}/content`,
      payload: { version: 0, revision: null, content: text('Bezoeker') },
    });
    expect(anonymous.statusCode).toBe(401);
    expectApiError(await autosave(member, page.id, first.guid, start, text('Lid')), 403, 'forbidden');
    // Nothing of it was saved.
    expect(await draftOf(anna, page.id)).toMatchObject({ version: 0, hasDraft: false });
  });
});
