import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOOTER_MENU, TOP_LEVEL_MENU } from '../../../common/site.ts';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { HOSTILE_RETURN_PATHS } from '../../../test/return-paths.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { validationText } from '../../errors.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { createMenu, createPage, createUser } from '../../seed/builders.ts';

type Item = {
  guid: string;
  urlSegment: string;
  name: { nl: string; en?: string };
  path: string | null;
  relatedMenuItems: Item[];
};
type AdminMenu = { guid: string; name: string; isTopLevel: boolean; menuItems: Item[] };
type Headers = Record<string, string>;

/** Hostile links a menu item's externalUrl must refuse (a sample of common/urls.test.ts's corpus). */
const HOSTILE = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/nieuws',
  '//evil.example',
  '/\\evil.example',
  'mailto:a@b.nl',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://localhost/',
  'http://foo.localhost/',
  'http://localhost./',
  'http://user:pass@example.com/',
  'https://www.gemeente.nl@evil.example/',
  'http://0.0.0.0/',
  'http://169.254.169.254/latest/meta-data',
  'http://[fc00::1]/',
  'http://[fe80::1]/',
  'http://10.0.0.1/',
  'http://192.168.1.1/',
];

describe('menus and redirects (admin API)', () => {
  let test: TestApp;
  let admin: Headers;
  let member: Headers;
  let inactiveAdmin: Headers;
  let top: AdminMenu;
  const pageIds: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestApp();
    const { db } = test.database;
    admin = await bearerFor(db, (await createUser(db, { email: 'admin@menu.test', isAdmin: true })).id);
    member = await bearerFor(db, (await createUser(db, { email: 'lid@menu.test' })).id);
    const manager = await createUser(db, { email: 'cm@menu.test', isContentManager: true, roleIds: ['x'] });
    inactiveAdmin = await bearerFor(
      db,
      (await createUser(db, { email: 'oud@menu.test', isAdmin: true, isActive: false })).id,
    );
    for (const name of ['home', 'over-ons', 'bestuur', 'vacatures', 'nieuws']) {
      pageIds[name] = (await createPage(db, { name, title: { nl: name, en: name }, isPublished: true })).id;
    }
    await createMenu(db, TOP_LEVEL_MENU);
    const menus = (await request('GET', '/api/menus')).json() as AdminMenu[];
    top = menus.find((menu) => menu.isTopLevel)!;
    pageIds.manager = manager.id;
  });
  afterAll(async () => {
    await test.close();
  });

  async function request(method: string, url: string, payload?: unknown, headers: Headers | null = admin) {
    return test.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: headers ?? {},
    });
  }

  async function addItem(body: Record<string, unknown>, menuGuid = top.guid) {
    const response = await request('POST', `/api/menus/${menuGuid}/items`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { guid: string; menu: AdminMenu };
  }

  describe('who may', () => {
    it.each([
      ['GET', '/api/menus'],
      ['POST', '/api/menus'],
      ['GET', '/api/redirects'],
      ['POST', '/api/redirects'],
    ])('%s %s: visitor 401, member 403, inactive admin 403, admin (API token) 2xx', async (method, url) => {
      const body =
        method === 'POST'
          ? url.includes('redirect')
            ? { fromPath: '/x1', toPath: '/' }
            : { name: 'Matrix' }
          : undefined;
      expectApiError(await request(method, url, body, null), 401, 'unauthorized');
      expectApiError(await request(method, url, body, member), 403, 'forbidden');
      expectApiError(await request(method, url, body, inactiveAdmin), 403, 'account_inactive');
      const allowed = await request(method, url, body);
      expect(allowed.statusCode, allowed.body).toBeLessThan(300);
    });

    it('lets a member change no item (403) and a visitor none (401)', async () => {
      const { guid } = await addItem({ name: { nl: 'Rechten' }, urlSegment: 'rechten' });
      const body = { name: { nl: 'X' }, urlSegment: 'x' };
      expectApiError(await request('PUT', `/api/menuitems/${guid}`, body, member), 403, 'forbidden');
      expectApiError(await request('DELETE', `/api/menuitems/${guid}`, undefined, null), 401, 'unauthorized');
      expectApiError(
        await request('POST', `/api/menuitems/${guid}/move`, { parentGuid: null, position: 0 }, member),
        403,
        'forbidden',
      );
      expect((await request('DELETE', `/api/menuitems/${guid}`)).statusCode).toBe(204);
    });
  });

  describe('the URL rule through the API', () => {
    it.each(HOSTILE)('refuses the external URL %j with 400 and a translated message', async (externalUrl) => {
      const body = { name: { nl: 'Extern' }, urlSegment: 'extern', externalUrl };
      const nl = expectApiError(
        await request('POST', `/api/menus/${top.guid}/items`, body),
        400,
        'validation_failed',
      );
      expect(nl.error.details).toEqual([
        { path: 'body/externalUrl', message: validationText('validation.externalUrl', 'nl') },
      ]);
      const en = expectApiError(
        await request('POST', `/api/menus/${top.guid}/items`, body, { ...admin, 'accept-language': 'en' }),
        400,
        'validation_failed',
        'en',
      );
      expect(en.error.details?.[0]?.message).toBe(validationText('validation.externalUrl', 'en'));
    });

    it('keeps a public external URL', async () => {
      const { guid, menu } = await addItem({
        name: { nl: 'Rijksoverheid' },
        urlSegment: 'rijksoverheid',
        externalUrl: 'https://www.rijksoverheid.nl/',
      });
      expect(menu.menuItems.find((item) => item.guid === guid)).toMatchObject({ path: null });
      expect((await request('DELETE', `/api/menuitems/${guid}`)).statusCode).toBe(204);
    });

    it.each(['javascript:alert(1)', 'http://[::ffff:7f00:1]/', '//evil.example'])(
      'refuses a button and a rich-text link to %j (400, validation.link)',
      async (href) => {
        const blocks = `/api/pages/${pageIds.nieuws}/buildingblockinstances`;
        const button = expectApiError(
          await request('POST', blocks, {
            buildingBlockName: 'buttons',
            layoutPosition: 'main',
            content: { nl: { buttons: [{ label: 'x', href }] } },
          }),
          400,
          'validation_failed',
        );
        expect(button.error.details?.[0]?.message).toBe(validationText('validation.link', 'nl'));
        const doc = {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }],
            },
          ],
        };
        const text = expectApiError(
          await request('POST', blocks, {
            buildingBlockName: 'text',
            layoutPosition: 'main',
            content: { nl: { doc } },
          }),
          400,
          'validation_failed',
        );
        expect(text.error.details?.[0]?.message).toBe(validationText('validation.link', 'nl'));
      },
    );

    it.each(['Over ons', 'a/b', '..', 'Nieuws'])('refuses the urlSegment %j', async (urlSegment) => {
      const body = expectApiError(
        await request('POST', `/api/menus/${top.guid}/items`, { name: { nl: 'x' }, urlSegment }),
        400,
        'validation_failed',
      );
      expect(body.error.details?.[0]?.path).toBe('body/urlSegment');
    });
  });

  describe('items, siblings, moves and redirects', () => {
    let about: string;
    let board: string;
    let vacancies: string;

    beforeAll(async () => {
      await addItem({ name: { nl: 'Start', en: 'Home' }, urlSegment: '', pageGuid: pageIds.home });
      about = (
        await addItem({
          name: { nl: 'Over ons', en: 'About' },
          urlSegment: 'over-ons',
          pageGuid: pageIds['over-ons'],
        })
      ).guid;
      board = (
        await addItem({
          name: { nl: 'Bestuur' },
          urlSegment: 'bestuur',
          pageGuid: pageIds.bestuur,
          parentGuid: about,
        })
      ).guid;
      vacancies = (
        await addItem({
          name: { nl: 'Vacatures' },
          urlSegment: 'vacatures',
          pageGuid: pageIds.vacatures,
          parentGuid: board,
        })
      ).guid;
    });

    it('answers the tree with paths', async () => {
      const menu = (await request('GET', `/api/menus/${top.guid}`)).json() as AdminMenu;
      const aboutItem = menu.menuItems.find((item) => item.guid === about)!;
      expect(aboutItem.path).toBe('/over-ons');
      expect(aboutItem.relatedMenuItems[0]?.relatedMenuItems[0]?.path).toBe('/over-ons/bestuur/vacatures');
    });

    it('refuses a segment a sibling has (409, clear message), and allows it elsewhere', async () => {
      const body = expectApiError(
        await request('POST', `/api/menus/${top.guid}/items`, {
          name: { nl: 'Dubbel' },
          urlSegment: 'over-ons',
        }),
        409,
        'conflict',
      );
      expect(body.error.details).toEqual([
        { path: 'body/urlSegment', message: validationText('validation.segmentTaken', 'nl') },
      ]);
      const nested = await addItem({ name: { nl: 'Nog eens' }, urlSegment: 'over-ons', parentGuid: board });
      expect((await request('DELETE', `/api/menuitems/${nested.guid}`)).statusCode).toBe(204);
    });

    it('refuses the empty segment below the top level', async () => {
      const body = expectApiError(
        await request('POST', `/api/menus/${top.guid}/items`, {
          name: { nl: 'Leeg' },
          urlSegment: '',
          parentGuid: about,
        }),
        400,
        'validation_failed',
      );
      expect(body.error.details?.[0]?.path).toBe('body/urlSegment');
    });

    it('refuses to move an item under itself or its own sub-item (a cycle)', async () => {
      for (const parentGuid of [about, vacancies]) {
        const body = expectApiError(
          await request('POST', `/api/menuitems/${about}/move`, { parentGuid, position: 0 }),
          400,
          'validation_failed',
        );
        expect(body.error.details?.[0]?.message).toBe(validationText('validation.menuCycle', 'nl'));
      }
    });

    it('renames a segment: the old paths of the item and its sub-items answer 301 (through the site)', async () => {
      const response = await request('PUT', `/api/menuitems/${about}`, {
        name: { nl: 'Over ons', en: 'About' },
        urlSegment: 'wie-we-zijn',
        pageGuid: pageIds['over-ons'],
      });
      expect(response.statusCode, response.body).toBe(200);
      const site = createSiteServices({
        db: test.database.db,
        actor: ANONYMOUS,
        log: pino({ level: 'silent' }),
      });
      expect(await site.findRedirect({ path: '/over-ons', search: '' })).toBe('/wie-we-zijn');
      expect(await site.findRedirect({ path: '/over-ons/bestuur/vacatures', search: '?a=1' })).toBe(
        '/wie-we-zijn/bestuur/vacatures?a=1',
      );
      expect(await site.findRedirect({ path: '/over-ons/bestuur/edit', search: '' })).toBe(
        '/wie-we-zijn/bestuur/edit',
      );
      expect(await site.findRedirect({ path: '/over-ons/i/abc123/titel', search: '' })).toBe(
        '/wie-we-zijn/i/abc123/titel',
      );
      expect(await site.findRedirect({ path: '/onbekend', search: '' })).toBeNull();
      // Issue 33: whatever the rest of the request's (decoded) path or its query holds, the lookup
      // does not fail (a NUL byte reached the database) and the location is a path on this site
      // that a Location header takes.
      for (const value of HOSTILE_RETURN_PATHS) {
        for (const [path, search] of [
          [`/over-ons/i/${value}`, ''],
          [`/over-ons/i/abc123${value}`, ''],
          [`/over-ons${value}`, ''],
          ['/over-ons/edit', `?returnTo=${encodeURIComponent(value)}`],
        ] as const) {
          const location = await site.findRedirect({ path, search });
          if (location === null) continue;
          expect(location, JSON.stringify(path)).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
          expect(new URL(location, 'https://site.example').pathname.startsWith('/wie-we-zijn')).toBe(true);
        }
      }
      expect(await site.getPageByPath({ path: '/wie-we-zijn/bestuur', locale: 'nl' })).toMatchObject({
        guid: pageIds.bestuur,
      });
    });

    it('moves an item: redirects follow, chains collapse, and a path served again loses its redirect', async () => {
      // /wie-we-zijn/bestuur → /bestuur (top level, first)
      const moved = await request('POST', `/api/menuitems/${board}/move`, { parentGuid: null, position: 0 });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((moved.json() as { redirected: number }).redirected).toBe(2);
      const list = (await request('GET', '/api/redirects?pageSize=all&sortBy=fromPath')).json() as {
        items: { guid: string; fromPath: string; toPath: string }[];
        total: number;
      };
      const map = Object.fromEntries(list.items.map((entry) => [entry.fromPath, entry.toPath]));
      expect(map['/over-ons/bestuur']).toBe('/bestuur');
      expect(map['/over-ons/bestuur/vacatures']).toBe('/bestuur/vacatures');
      expect(map['/wie-we-zijn/bestuur']).toBe('/bestuur');
      expect(map['/over-ons']).toBe('/wie-we-zijn');
      // Back to the old name: /over-ons is served again, so its redirect goes, and no loop remains.
      await request('PUT', `/api/menuitems/${about}`, {
        name: { nl: 'Over ons' },
        urlSegment: 'over-ons',
        pageGuid: pageIds['over-ons'],
      });
      const after = (await request('GET', '/api/redirects?pageSize=all')).json() as {
        items: { fromPath: string; toPath: string }[];
      };
      expect(after.items.map((entry) => entry.fromPath)).not.toContain('/over-ons');
      expect(after.items.find((entry) => entry.fromPath === '/wie-we-zijn')?.toPath).toBe('/over-ons');
      expect(after.items.every((entry) => entry.fromPath !== entry.toPath)).toBe(true);
    });

    it('moves within siblings by position (keyboard and drag and drop use the same call)', async () => {
      const response = await request('POST', `/api/menuitems/${about}/move`, {
        parentGuid: null,
        position: 0,
      });
      const menu = (response.json() as { menu: AdminMenu }).menu;
      expect(menu.menuItems[0]?.guid).toBe(about);
    });

    it('deletes an item with the items under it', async () => {
      const parent = await addItem({ name: { nl: 'Tijdelijk' }, urlSegment: 'tijdelijk' });
      const child = await addItem({ name: { nl: 'Kind' }, urlSegment: 'kind', parentGuid: parent.guid });
      expect((await request('DELETE', `/api/menuitems/${parent.guid}`)).statusCode).toBe(204);
      expectApiError(await request('DELETE', `/api/menuitems/${child.guid}`), 404, 'not_found');
    });
  });

  describe('named menus', () => {
    it('creates, renames and deletes a footer menu; the top level menu keeps its name', async () => {
      const created = await request('POST', '/api/menus', { name: FOOTER_MENU });
      expect(created.statusCode).toBe(201);
      const footer = created.json() as AdminMenu;
      expectApiError(await request('POST', '/api/menus', { name: FOOTER_MENU }), 409, 'conflict');
      await addItem({ name: { nl: 'Nieuws' }, urlSegment: 'nieuws', pageGuid: pageIds.nieuws }, footer.guid);
      const renamed = await request('PUT', `/api/menus/${footer.guid}`, { name: 'Voet' });
      expect(renamed.json()).toMatchObject({ name: 'Voet', isTopLevel: false });
      const locked = expectApiError(
        await request('PUT', `/api/menus/${top.guid}`, { name: 'Ander' }),
        409,
        'conflict',
      );
      expect(locked.error.details?.[0]?.message).toBe(validationText('validation.topLevelMenu', 'nl'));
      expectApiError(await request('DELETE', `/api/menus/${top.guid}`), 409, 'conflict');
      expect((await request('DELETE', `/api/menus/${footer.guid}`)).statusCode).toBe(204);
    });

    it('shows the footer menu in the site shell with the pages’ paths', async () => {
      const footer = (await request('POST', '/api/menus', { name: FOOTER_MENU })).json() as AdminMenu;
      await addItem({ name: { nl: 'Start' }, urlSegment: 'start', pageGuid: pageIds.home }, footer.guid);
      await addItem(
        { name: { nl: 'Nergens' }, urlSegment: 'nergens', pageGuid: pageIds.manager ?? null },
        footer.guid,
      ).catch(() => undefined);
      const site = createSiteServices({
        db: test.database.db,
        actor: ANONYMOUS,
        log: pino({ level: 'silent' }),
      });
      const shell = await site.getShell({ locale: 'nl' });
      expect(shell.footerMenu.map((node) => [node.name, node.url])).toEqual([['Start', '/']]);
    });
  });

  describe('redirects by hand', () => {
    it('creates, lists (paged, searched, sorted), changes and deletes a redirect', async () => {
      const created = await request('POST', '/api/redirects', {
        fromPath: '/actie/',
        toPath: 'https://www.rijksoverheid.nl/',
      });
      expect(created.statusCode, created.body).toBe(201);
      const redirect = created.json() as { guid: string; fromPath: string; createdBy: string | null };
      expect(redirect.fromPath).toBe('/actie');
      const page = (
        await request('GET', '/api/redirects?search=actie&pageSize=10&sortBy=createdAt&sortDirection=desc')
      ).json() as {
        items: { guid: string }[];
        total: number;
      };
      expect(page.total).toBe(1);
      expect(page.items[0]?.guid).toBe(redirect.guid);
      const changed = await request('PUT', `/api/redirects/${redirect.guid}`, {
        fromPath: '/actie',
        toPath: '/nieuws',
      });
      expect(changed.json()).toMatchObject({ toPath: '/nieuws' });
      expect((await request('DELETE', `/api/redirects/${redirect.guid}`)).statusCode).toBe(204);
      expectApiError(await request('DELETE', `/api/redirects/${redirect.guid}`), 404, 'not_found');
    });

    it.each([
      ['a hostile target', { fromPath: '/a', toPath: 'http://127.1/' }, 400, 'toPath'],
      ['a protocol-relative source', { fromPath: '//evil.example', toPath: '/' }, 400, 'fromPath'],
      ['a served path', { fromPath: '/over-ons', toPath: '/' }, 409, 'fromPath'],
      ['a loop', { fromPath: '/lus', toPath: '/lus' }, 400, 'toPath'],
    ])('refuses %s', async (_label, body, status, path) => {
      const response = await request('POST', '/api/redirects', body);
      expect(response.statusCode, response.body).toBe(status);
      expect((response.json() as { error: { details: { path: string }[] } }).error.details[0]?.path).toBe(
        `body/${path}`,
      );
    });

    it('refuses an unknown sort key and page size', async () => {
      expectApiError(await request('GET', '/api/redirects?sortBy=hits'), 400, 'validation_failed');
      expectApiError(await request('GET', '/api/redirects?pageSize=7'), 400, 'validation_failed');
    });
  });
});
