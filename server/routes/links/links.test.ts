import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../common/page-drafts.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { EDITORS } from '../../../test/actors.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { listItems, pages } from '../../db/schema.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { createListItem, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

type Candidate = { kind: string; guid: string; value: string; title: { nl: string }; path: string | null };
type Draft = {
  version: number;
  revision: number | null;
  document: PageDocument;
  findings: { code: string; details: Record<string, unknown> }[];
};

/** A paragraph whose `words` link to `href`, as the editor's link mark stores it. */
const linked = (words: string, href: string) => ({
  doc: {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Lees over ' },
          { type: 'text', text: words, marks: [{ type: 'link', attrs: { href } }] },
        ],
      },
    ],
  },
});

describe('links to pages and items by reference (issue 26)', () => {
  let test: TestApp;
  let admin: Browser;
  let member: Browser;
  let menuId = '';
  let target: { id: string; blocks: { id: string }[] };
  let targetItem = '';
  let hidden: { id: string };
  let source: { id: string };

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
    await buildUser(db, { email: 'lid@example.nl' });
    admin = await signInAs(test.app, 'beheer@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
    menuId = (await createMenu(db, TOP_LEVEL_MENU)).id;
    target = await createPage(db, {
      name: 'verenigingsgeschiedenis',
      title: { nl: 'Verenigingsgeschiedenis', en: 'Club history' },
      blocks: [{ name: 'list', content: { nl: { title: 'Mijlpalen' } } }],
    });
    await createMenuItem(db, { menuId, urlSegment: 'geschiedenis', name: 'Geschiedenis', pageId: target.id });
    const listBlock = target.blocks[0]!;
    targetItem = (await createListItem(db, { blockId: listBlock.id, title: 'Oprichting in 1921' })).id;
    hidden = await createPage(db, {
      name: 'geheime-geschiedenis',
      title: 'Geheime geschiedenis',
      isPublished: false,
      editPermission: 'roles',
      editRoles: [EDITORS],
    });
    source = await createPage(db, {
      name: 'welkom',
      title: 'Welkom',
      blocks: [
        { name: 'text', content: { nl: linked('onze geschiedenis', `page:${target.id}`) } },
        { name: 'text', content: { nl: linked('de oprichting', `item:${targetItem}`) } },
        {
          name: 'buttons',
          content: {
            nl: {
              buttons: [{ label: 'Naar de geschiedenis', href: `page:${target.id}`, variant: 'filled' }],
            },
          },
        },
      ],
    });
    await createMenuItem(db, { menuId, urlSegment: 'welkom', name: 'Welkom', pageId: source.id });
  });
  afterAll(async () => {
    await test.close();
  });

  /** The page at `path` as the site renders it for a visitor (its blocks prepared). */
  const visitorSees = async (path: string) => {
    const site = createSiteServices({
      db: test.database.db,
      actor: ANONYMOUS,
      log: pino({ level: 'silent' }),
    });
    const view = await site.getPageByPath({ path, locale: 'nl' });
    expect(view).not.toBeNull();
    return JSON.stringify(view?.blocks);
  };
  const search = async (browser: Browser, q: string) => {
    const response = await browser.request({
      method: 'GET',
      url: `/api/links:search?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: Candidate[] }).results;
  };

  describe('the picker search', () => {
    it('is for signed-in users only', async () => {
      expectApiError(
        await test.app.inject({ method: 'GET', url: '/api/links:search?q=geschiedenis' }),
        401,
        'unauthorized',
      );
    });

    it('finds pages and items by part of their Dutch or English title, with the value to store and their path', async () => {
      const byDutch = await search(admin, 'geschied');
      expect(byDutch).toContainEqual(
        expect.objectContaining({
          kind: 'page',
          guid: target.id,
          value: `page:${target.id}`,
          path: '/geschiedenis',
        }),
      );
      const byEnglish = await search(admin, 'CLUB HIST');
      expect(byEnglish.map((candidate) => candidate.guid)).toEqual([target.id]);
      const items = await search(admin, 'oprichting');
      expect(items).toEqual([
        expect.objectContaining({
          kind: 'item',
          value: `item:${targetItem}`,
          path: expect.stringMatching(/^\/geschiedenis\/i\/[^/]+\/oprichting-in-1921$/),
        }),
      ]);
    });

    it('shows an unpublished page only to those who may edit it', async () => {
      expect((await search(admin, 'geheime')).map((candidate) => candidate.guid)).toEqual([hidden.id]);
      expect(await search(member, 'geheime')).toEqual([]);
    });

    it('takes the words literally: % and _ match nothing but themselves, an empty search finds nothing', async () => {
      expect(await search(admin, '%')).toEqual([]);
      expect(await search(admin, '_')).toEqual([]);
      expect(await search(admin, '   ')).toEqual([]);
      expect(await search(admin, "'; DROP TABLE pages; --")).toEqual([]);
    });
  });

  describe('rendering', () => {
    it('resolves references to the current path, and follows a moved page and a retitled item', async () => {
      const before = await visitorSees('/welkom');
      expect(before).toContain('href=\\"/geschiedenis\\"');
      expect(before).toContain('"href":"/geschiedenis"');
      expect(before).toMatch(/href=\\"\/geschiedenis\/i\/[^/]+\/oprichting-in-1921\\"/);
      expect(before).not.toContain('page:');
      expect(before).not.toContain('item:');

      const menu = await admin.request({ method: 'GET', url: `/api/menus/${menuId}` });
      const item = (menu.json() as { menuItems: { guid: string; urlSegment: string }[] }).menuItems.find(
        (entry) => entry.urlSegment === 'geschiedenis',
      );
      const moved = await admin.request({
        method: 'PUT',
        url: `/api/menuitems/${item?.guid}`,
        payload: { name: { nl: 'Geschiedenis' }, urlSegment: 'ons-verleden', pageGuid: target.id },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await test.database.db
        .update(listItems)
        .set({ title: { nl: 'Oprichting van de club' } })
        .where(eq(listItems.id, targetItem));

      const after = await visitorSees('/welkom');
      expect(after).toContain('href=\\"/ons-verleden\\"');
      expect(after).toContain('"href":"/ons-verleden"');
      expect(after).toMatch(/href=\\"\/ons-verleden\/i\/[^/]+\/oprichting-van-de-club\\"/);
      expect(after).not.toContain('/geschiedenis');
    });

    it('keeps hand-typed paths as they are', async () => {
      const page = await createPage(test.database.db, {
        name: 'handmatig',
        title: 'Handmatig',
        blocks: [{ name: 'text', content: { nl: linked('contact', '/contact') } }],
      });
      await createMenuItem(test.database.db, {
        menuId,
        urlSegment: 'handmatig',
        name: 'Handmatig',
        pageId: page.id,
      });
      expect(await visitorSees('/handmatig')).toContain('href=\\"/contact\\"');
    });

    it('renders a link to an unpublished or deleted target harmlessly: text without a link, a button to #', async () => {
      const db = test.database.db;
      const gone = await createPage(db, { name: 'verdwijnt', title: 'Verdwijnt' });
      const page = await createPage(db, {
        name: 'verwijzer',
        title: 'Verwijzer',
        blocks: [
          { name: 'text', content: { nl: linked('de verborgen pagina', `page:${hidden.id}`) } },
          { name: 'text', content: { nl: linked('de verdwenen pagina', `page:${gone.id}`) } },
          {
            name: 'buttons',
            content: { nl: { buttons: [{ label: 'Weg', href: `page:${gone.id}`, variant: 'filled' }] } },
          },
        ],
      });
      await createMenuItem(db, { menuId, urlSegment: 'verwijzer', name: 'Verwijzer', pageId: page.id });
      await db.delete(pages).where(eq(pages.id, gone.id));
      const seen = await visitorSees('/verwijzer');
      expect(seen).toContain('Lees over de verborgen pagina');
      expect(seen).toContain('Lees over de verdwenen pagina');
      expect(seen).not.toContain('<a');
      expect(seen).toContain('"href":"#"');
      expect(seen).not.toContain('page:');
    });
  });

  describe('the accessibility check and the link rule', () => {
    const draftOf = async (id: string) =>
      (await admin.request({ method: 'GET', url: `/api/pages/${id}/draft` })).json() as Draft;

    it('names links to deleted, unpublished and unlisted targets, and the draft keeps the reference', async () => {
      const db = test.database.db;
      const removed = await createPage(db, { name: 'weg-pagina', title: 'Weg' });
      const unlisted = await createPage(db, { name: 'los', title: 'Los' });
      await db.delete(pages).where(eq(pages.id, removed.id));
      const page = await createPage(db, {
        name: 'controle',
        title: 'Controle',
        blocks: [{ name: 'text', content: { nl: { doc: { type: 'doc', content: [] } } } }],
      });
      const start = await draftOf(page.id);
      const doc = (href: string, words: string) => linked(words, href).doc.content[0]!;
      const document: PageDocument = {
        ...start.document,
        blocks: start.document.blocks.map((block) => ({
          ...block,
          content: {
            nl: {
              doc: {
                type: 'doc',
                content: [
                  doc(`page:${removed.id}`, 'het archief'),
                  doc(`page:${hidden.id}`, 'de verborgen pagina'),
                  doc(`page:${unlisted.id}`, 'de losse pagina'),
                  doc(`page:${target.id}`, 'onze geschiedenis'),
                ],
              },
            },
            en: { doc: { type: 'doc', content: [doc(`page:${removed.id}`, 'the archive')] } },
          },
        })),
      };
      const saved = await admin.request({
        method: 'PUT',
        url: `/api/pages/${page.id}/draft`,
        payload: { version: start.version, revision: start.revision, document },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const broken = (saved.json() as Draft).findings.filter((finding) => finding.code === 'brokenLink');
      expect(broken.map((finding) => finding.details)).toEqual([
        { reason: 'gone', text: 'het archief', href: `page:${removed.id}` },
        { reason: 'unpublished', text: 'de verborgen pagina', href: `page:${hidden.id}` },
        { reason: 'unreachable', text: 'de losse pagina', href: `page:${unlisted.id}` },
        { reason: 'gone', text: 'the archive', href: `page:${removed.id}` },
      ]);
      expect(JSON.stringify((await draftOf(page.id)).document)).toContain(`page:${target.id}`);
    });

    it('refuses references that are not exactly a page or item guid', async () => {
      const page = await createPage(test.database.db, {
        name: 'vijandig',
        title: 'Vijandig',
        blocks: [{ name: 'text', content: { nl: { doc: { type: 'doc', content: [] } } } }],
      });
      const start = await draftOf(page.id);
      for (const href of [
        `page:${target.id.toUpperCase()}`,
        `page:${target.id}/x`,
        `page: ${target.id}`,
        `form:${target.id}`,
        'page:javascript:alert(1)',
        `page:${target.id}#x`,
      ]) {
        const document = {
          ...start.document,
          blocks: start.document.blocks.map((block) => ({ ...block, content: { nl: linked('iets', href) } })),
        };
        const saved = await admin.request({
          method: 'PUT',
          url: `/api/pages/${page.id}/draft`,
          payload: { version: start.version, revision: start.revision, document },
        });
        expectApiError(saved, 400, 'validation_failed');
      }
    });
  });
});
