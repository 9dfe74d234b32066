import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { actorWith } from '../../../test/actors.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { roles } from '../../db/schema.ts';
import { VersionedCache } from '../../domains/cache.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { type Actor, ANONYMOUS } from '../../policies/index.ts';
import { createListItem, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/** Who may view (roleIds, issue 10): a members-only page never shows to those without the role. */
describe('members-only pages', () => {
  let test: TestApp;
  let member: Browser;
  let outsider: Browser;
  let admin: Browser;
  let MEMBERS: string;
  let pageId: string;

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    const [role] = await db.insert(roles).values({ name: 'Leden' }).returning();
    MEMBERS = role?.id ?? '';
    await buildUser(db, { email: 'lid@example.nl', roleIds: [MEMBERS] });
    await buildUser(db, { email: 'buiten@example.nl' });
    await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
    member = await signInAs(test.app, 'lid@example.nl');
    outsider = await signInAs(test.app, 'buiten@example.nl');
    admin = await signInAs(test.app, 'beheer@example.nl');
    const page = await createPage(db, {
      name: 'ledennieuws',
      title: 'Ledennieuws',
      blocks: [
        {
          name: 'text',
          content: { nl: { doc: paragraphs('De kascommissie vergadert over de zwanenvijver.') } },
        },
        { name: 'list', content: { nl: { title: 'Berichten' } } },
      ],
    });
    pageId = page.id;
    await createListItem(db, { blockId: page.blocks[1]?.id ?? '', title: 'Zwanenvijver krijgt een hek' });
    const open = await createPage(db, { name: 'open', title: 'Open' });
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'open', name: 'Open', pageId: open.id });
    await createMenuItem(db, { menuId: menu.id, urlSegment: 'leden', name: 'Leden', pageId: page.id });
    const made = await admin.request({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { roleIds: [MEMBERS] },
    });
    expect(made.statusCode).toBe(200);
  });
  afterAll(async () => {
    await test.close();
  });

  const menuSegments = async (who: Browser | null) => {
    const url = `/api/menus:withName?name=${encodeURIComponent(TOP_LEVEL_MENU)}`;
    const response = who
      ? await who.request({ method: 'GET', url })
      : await test.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().menuItems as { urlSegment: string }[]).map((item) => item.urlSegment);
  };
  const searchTitles = async (who: Browser | null) => {
    const url = '/api/search?q=zwanenvijver';
    const response = who
      ? await who.request({ method: 'GET', url })
      : await test.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return (response.json().hits as { title: string }[]).map((hit) => hit.title).sort();
  };

  it('is in the menu only for members with the role and admins', async () => {
    expect(await menuSegments(null)).toEqual(['open']);
    expect(await menuSegments(outsider)).toEqual(['open']);
    expect(await menuSegments(member)).toEqual(['leden', 'open']);
    expect(await menuSegments(admin)).toEqual(['leden', 'open']);
  });

  it('is found by search (page and its list items) only by members with the role', async () => {
    expect(await searchTitles(null)).toEqual([]);
    expect(await searchTitles(outsider)).toEqual([]);
    expect(await searchTitles(member)).toEqual(['Ledennieuws', 'Zwanenvijver krijgt een hek']);
  });

  it('is read (with its lists) only by members with the role', async () => {
    expect((await test.app.inject({ method: 'GET', url: `/api/pages/${pageId}` })).statusCode).toBe(404);
    expect((await outsider.request({ method: 'GET', url: `/api/pages/${pageId}` })).statusCode).toBe(404);
    const seen = await member.request({ method: 'GET', url: `/api/pages/${pageId}` });
    expect(seen.statusCode).toBe(200);
    expect(Object.values(seen.json().listMetadata)).toEqual([{ totalNumberOfItems: 1 }]);
    const list = (await test.app.inject({ method: 'GET', url: '/api/pages' })).json() as { guid: string }[];
    expect(list.map((page) => page.guid)).not.toContain(pageId);
  });

  it('never lands in the visitors’ page cache, and a member’s view is never served to a visitor', async () => {
    const cache = new VersionedCache();
    const log = pino({ level: 'silent' });
    const site = (actor: Actor) => createSiteServices({ db: test.database.db, actor, log, cache });
    const memberActor = actorWith({ roleIds: [MEMBERS] });
    const asMember = await site(memberActor).getPageByPath({ path: '/leden', locale: 'nl' });
    expect(asMember?.title).toBe('Ledennieuws');
    expect(await site(ANONYMOUS).getPageByPath({ path: '/leden', locale: 'nl' })).toBeNull();
    expect(await site(ANONYMOUS).getPageByPath({ path: '/leden', locale: 'nl' })).toBeNull();
    const shell = await site(ANONYMOUS).getShell({ locale: 'nl' });
    expect(JSON.stringify(shell)).not.toContain('/leden');
    const memberShell = await site(memberActor).getShell({ locale: 'nl' });
    expect(JSON.stringify(memberShell)).toContain('/leden');
    // The visitor's cached shell is still the one without the page.
    expect(JSON.stringify(await site(ANONYMOUS).getShell({ locale: 'nl' }))).not.toContain('/leden');
  });

  it('gives admins a template as a page view for its edit mode, and no one else', async () => {
    const template = await createPage(test.database.db, {
      name: 'balk',
      kind: 'template',
      title: 'Mededeling',
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Let op: de markt is verplaatst.') } } }],
    });
    const log = pino({ level: 'silent' });
    const site = (actor: Actor) => createSiteServices({ db: test.database.db, actor, log });
    const view = await site(actorWith({ isAdmin: true })).getTemplateView({
      guid: template.id,
      locale: 'nl',
    });
    expect(view).toMatchObject({ title: 'Mededeling', abilities: { update: true } });
    expect(view?.blocks).toHaveLength(1);
    expect(await site(ANONYMOUS).getTemplateView({ guid: template.id, locale: 'nl' })).toBeNull();
    expect(
      await site(actorWith({ roleIds: [MEMBERS] })).getTemplateView({ guid: template.id, locale: 'nl' }),
    ).toBeNull();
    expect(
      await site(actorWith({ isAdmin: true })).getTemplateView({ guid: pageId, locale: 'nl' }),
    ).toBeNull();
  });

  it('tells the site a published members-only path apart from an unknown one (sign in or /unauthorized, not 404)', async () => {
    const site = createSiteServices({
      db: test.database.db,
      actor: ANONYMOUS,
      log: pino({ level: 'silent' }),
    });
    await expect(site.isMembersOnlyPath({ path: '/leden' })).resolves.toBe(true);
    await expect(site.isMembersOnlyPath({ path: '/open' })).resolves.toBe(false);
    await expect(site.isMembersOnlyPath({ path: '/bestaat-niet' })).resolves.toBe(false);
  });
});
