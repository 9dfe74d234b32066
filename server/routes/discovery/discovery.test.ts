import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_MAX_URLS } from '../../../common/discovery.ts';
import { itemUrl } from '../../../common/list-items.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { bearerFor, createTestApp, createTestDatabase, type TestApp } from '../../../test/helpers.ts';
import { pageMeta } from '../../../web/layouts/page-meta.ts';
import { pages, platformSettings } from '../../db/schema.ts';
import { sitemapDocument, sitemapIndexDocument } from '../../domains/discovery/index.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { type Actor, ANONYMOUS } from '../../policies/index.ts';
import { createListItem, createMenu, createMenuItem, createPage, createUser } from '../../seed/builders.ts';

const ORIGIN = 'https://www.example.nl';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** A title that tries to break out of every place it is written (control characters are not XML). */
const HOSTILE = `<script>alert("x")</script> & ]]> 'quote' \u0001\u0008 einde`;
const HOSTILE_AS_READ = `<script>alert("x")</script> & ]]> 'quote'  einde`;
const DAY = 86_400_000;

let site: TestApp;
let newsBlock: string;
let membersBlock: string;
let hiddenBlock: string;
const membersRole = randomUUID();
let admin: { authorization: string };
const items: Record<string, { id: string; shortId: string }> = {};

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name),
});

/** An Atom text construct as feedsmith reads it. */
const text = (value: unknown) =>
  typeof value === 'string' ? value : (value as { value?: string } | undefined)?.value;

async function get(url: string) {
  return site.app.inject({ method: 'GET', url });
}

/** A document read the way a consumer reads it: well-formed XML, then parsed. */
function parsedXml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return xmlParser.parse(body) as Record<string, unknown>;
}

type UrlEntry = {
  loc: string;
  lastmod: string;
  'xhtml:link': { '@rel': string; '@hreflang': string; '@href': string }[];
};

/** Every sitemap of the index, checked against the protocol; their URLs. */
async function allSitemapUrls(): Promise<UrlEntry[]> {
  const index = await get('/sitemap.xml');
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
  const parsed = parsedXml(index.body).sitemapindex as { '@xmlns': string; sitemap: { loc: string }[] };
  expect(parsed['@xmlns']).toBe(SITEMAP_NS);
  const urls: UrlEntry[] = [];
  for (const { loc } of parsed.sitemap) {
    expect(loc.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
    const response = await get(loc.slice(ORIGIN.length));
    expect(response.statusCode).toBe(200);
    const set = parsedXml(response.body).urlset as {
      '@xmlns': string;
      '@xmlns:xhtml': string;
      url?: UrlEntry[];
    };
    expect(set['@xmlns']).toBe(SITEMAP_NS);
    expect(set['@xmlns:xhtml']).toBe(XHTML_NS);
    expect(set.url?.length ?? 0).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(50 * 1024 * 1024);
    urls.push(...(set.url ?? []));
  }
  return urls;
}

beforeAll(async () => {
  const database = await createTestDatabase();
  const db = database.db;
  site = await createTestApp({
    database,
    web: true,
    config: { publicUrl: ORIGIN, buildDir: path.resolve('test/site-build') },
  });
  const user = await createUser(db, { email: 'beheer@example.nl', isAdmin: true });
  admin = await bearerFor(db, user.id);
  const home = await createPage(db, { name: 'home', title: 'Home' });
  const news = await createPage(db, {
    name: 'nieuws',
    title: { nl: 'Nieuws', en: 'News' },
    blocks: [{ name: 'list', content: { nl: { title: 'Berichten' }, en: { title: 'Posts' } } }],
  });
  newsBlock = news.blocks[0]?.id ?? '';
  const members = await createPage(db, {
    name: 'leden',
    title: 'Leden',
    blocks: [{ name: 'list', content: { nl: { title: 'Ledennieuws' } } }],
  });
  membersBlock = members.blocks[0]?.id ?? '';
  await db
    .update(pages)
    .set({ roleIds: [membersRole] })
    .where(eq(pages.id, members.id));
  const concept = await createPage(db, { name: 'concept', title: 'Concept', isPublished: false });
  const hidden = await createPage(db, {
    name: 'verborgen',
    title: 'Verborgen',
    options: { noindex: 'true' },
    blocks: [{ name: 'list', content: { nl: { title: 'Verborgen lijst' } } }],
  });
  hiddenBlock = hidden.blocks[0]?.id ?? '';
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  await createMenuItem(db, { menuId: menu.id, urlSegment: '', name: 'Home', pageId: home.id, sortId: 1 });
  await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'nieuws',
    name: 'Nieuws',
    pageId: news.id,
    sortId: 2,
  });
  await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'leden',
    name: 'Leden',
    pageId: members.id,
    sortId: 3,
  });
  await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'concept',
    name: 'Concept',
    pageId: concept.id,
    sortId: 4,
  });
  await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'verborgen',
    name: 'Verborgen',
    pageId: hidden.id,
    sortId: 5,
  });
  const now = Date.now();
  items.hostile = await createListItem(db, {
    blockId: newsBlock,
    title: { nl: HOSTILE, en: 'Hostile in English' },
    description: 'Beschrijving & meer',
    publishedOn: new Date(now - DAY),
    imageGuid: randomUUID(),
  });
  items.older = await createListItem(db, {
    blockId: newsBlock,
    title: 'Ouder bericht',
    publishedOn: new Date(now - 3 * DAY),
  });
  items.event = await createListItem(db, {
    blockId: newsBlock,
    type: 'evenement',
    title: 'Braderie',
    publishedOn: new Date(now - 2 * DAY),
    periodEnd: new Date(now + 5 * DAY),
  });
  items.draft = await createListItem(db, { blockId: newsBlock, title: 'Nog niet klaar', isPublished: false });
  items.scheduled = await createListItem(db, {
    blockId: newsBlock,
    title: 'Morgen pas',
    publishedOn: new Date(now + DAY),
  });
  items.expired = await createListItem(db, {
    blockId: newsBlock,
    title: 'Voorbij',
    publishedOn: new Date(now - 10 * DAY),
    periodEnd: new Date(now - DAY),
  });
  items.trashed = await createListItem(db, {
    blockId: newsBlock,
    title: 'Weggegooid',
    publishedOn: new Date(now - DAY),
  });
  items.members = await createListItem(db, { blockId: membersBlock, title: 'Alleen voor leden' });
  items.hidden = await createListItem(db, { blockId: hiddenBlock, title: 'Niet zoekbaar' });
  const removed = await site.app.inject({
    method: 'DELETE',
    url: `/api/listitem/${items.trashed.id}`,
    headers: admin,
  });
  expect(removed.statusCode).toBeLessThan(300);
});

afterAll(async () => {
  await site.close();
});

describe('sitemaps', () => {
  it('list the public pages and items in both languages, hreflang both ways, nothing hidden', async () => {
    const urls = await allSitemapUrls();
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/?lang=en`);
    expect(locs).toContain(`${ORIGIN}/nieuws`);
    expect(locs).toContain(`${ORIGIN}/nieuws?lang=en`);
    expect(locs).toContain(`${ORIGIN}/nieuws/i/${items.older?.shortId}/ouder-bericht`);
    expect(locs).toContain(`${ORIGIN}/nieuws/i/${items.hostile?.shortId}/hostile-in-english?lang=en`);
    expect(locs.some((loc) => loc.includes(`/i/${items.event?.shortId}/`))).toBe(true);
    for (const absent of ['draft', 'scheduled', 'expired', 'trashed', 'members', 'hidden']) {
      expect(
        locs.some((loc) => loc.includes(`/i/${items[absent]?.shortId}`)),
        absent,
      ).toBe(false);
    }
    for (const path of ['/leden', '/concept', '/verborgen']) {
      expect(
        locs.some((loc) => loc.startsWith(`${ORIGIN}${path}`)),
        path,
      ).toBe(false);
    }
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    for (const url of urls) {
      expect(url.loc.startsWith(`${ORIGIN}/`)).toBe(true);
      expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
      const links = url['xhtml:link'];
      expect(links.map((link) => link['@hreflang']).sort()).toEqual(['en', 'nl', 'x-default']);
      // Each alternate is listed itself and names this URL back under this URL's language.
      const own = links.find((link) => link['@href'] === url.loc);
      expect(own, url.loc).toBeDefined();
      for (const link of links) {
        const other = byLoc.get(link['@href']);
        expect(other, link['@href']).toBeDefined();
        expect(
          other?.['xhtml:link'].some(
            (back) => back['@href'] === url.loc && back['@hreflang'] === own?.['@hreflang'],
          ),
        ).toBe(true);
      }
    }
  });

  it('splits a list before the protocol limit, and unknown parts are a small 404', async () => {
    const db = site.database.db;
    const index = await sitemapIndexDocument(db, ORIGIN, { documentsPerSitemap: 2 });
    const listParts = [...index.matchAll(new RegExp(`/sitemaps/(list-${newsBlock}-\\d+)\\.xml`, 'g'))].map(
      (m) => m[1],
    );
    // Three visible items at two per file.
    expect(listParts).toEqual([`list-${newsBlock}-1`, `list-${newsBlock}-2`]);
    const second = await sitemapDocument(db, ORIGIN, `list-${newsBlock}-2`, { documentsPerSitemap: 2 });
    expect(second?.match(/<url>/g)?.length).toBe(2);
    expect(await sitemapDocument(db, ORIGIN, `list-${newsBlock}-3`, { documentsPerSitemap: 2 })).toBeNull();
    for (const url of [
      `/sitemaps/list-${newsBlock}-9.xml`,
      `/sitemaps/list-${membersBlock}-1.xml`,
      `/sitemaps/list-${hiddenBlock}-1.xml`,
      '/sitemaps/nothing.xml',
      '/sitemaps/..%2Fetc.xml',
      '/nothing-here.xml',
      '/old/robots.txt',
      '/apple-touch-icon.ico',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/plain; charset=utf-8');
      expect(response.body.length, url).toBeLessThan(100);
    }
  });

  it('comes from the cache until the content changes', async () => {
    const first = await get('/sitemap.xml');
    const again = await get('/sitemap.xml');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    const page = await get(`/sitemaps/list-${newsBlock}-1.xml`);
    expect(page.body).not.toContain('nieuw-vandaag');
    await createListItem(site.database.db, {
      blockId: newsBlock,
      title: 'Nieuw vandaag',
      publishedOn: new Date(Date.now() - 1000),
    });
    const changed = await get(`/sitemaps/list-${newsBlock}-1.xml`);
    expect(changed.headers['x-cache']).toBeUndefined();
    expect(changed.body).toContain('nieuw-vandaag');
  });
});

describe('feeds', () => {
  it('publish a list as RSS 2.0 and Atom, newest first, escaped, with the image', async () => {
    const rss = await get(`/feeds/${newsBlock}.rss`);
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(rss.body)).toBe(true);
    const channel = parseRssFeed(rss.body);
    expect(channel.title).toBe('Berichten | Bouwsteen');
    expect(channel.link).toBe(`${ORIGIN}/nieuws`);
    const titles = channel.items?.map((item) => item.title) ?? [];
    expect(titles.slice(0, 4)).toEqual(['Nieuw vandaag', HOSTILE_AS_READ, 'Braderie', 'Ouder bericht']);
    for (const absent of ['Nog niet klaar', 'Morgen pas', 'Weggegooid', 'Alleen voor leden']) {
      expect(titles).not.toContain(absent);
    }
    const hostile = channel.items?.find((item) => item.title === HOSTILE_AS_READ);
    expect(hostile?.link).toBe(`${ORIGIN}${itemUrl('/nieuws', items.hostile?.shortId ?? '', HOSTILE)}`);
    expect(hostile?.description).toBe('Beschrijving & meer');
    expect(hostile?.enclosures?.[0]?.url).toMatch(
      new RegExp(`^${ORIGIN}/a/[0-9a-f-]{36}\\?width=1200&height=630&fit=cover&format=jpeg$`),
    );
    expect(hostile?.enclosures?.[0]?.type).toBe('image/jpeg');

    const atom = await get(`/feeds/${newsBlock}.atom?lang=en`);
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(atom.body)).toBe(true);
    const feed = parseAtomFeed(atom.body);
    expect(text(feed.title)).toBe('Posts | Bouwsteen');
    const english = feed.entries?.find((entry) => text(entry.title) === 'Hostile in English');
    expect(english?.links?.find((link) => link.rel === 'alternate')?.href).toBe(
      `${ORIGIN}/nieuws/i/${items.hostile?.shortId}/hostile-in-english?lang=en`,
    );
    expect(english?.links?.find((link) => link.rel === 'enclosure')?.type).toBe('image/jpeg');
    expect(feed.entries?.every((entry) => entry.updated && entry.id?.startsWith('urn:uuid:'))).toBe(true);
  });

  it('has a site-wide feed of the news lists and none for lists a visitor cannot see', async () => {
    const feed = parseAtomFeed((await get('/feed.atom')).body);
    const titles = feed.entries?.map((entry) => text(entry.title));
    expect(titles).toContain('Ouder bericht');
    expect(titles).not.toContain('Alleen voor leden');
    const rss = parseRssFeed((await get('/feed.rss?lang=en')).body);
    expect(rss.items?.map((item) => item.title)).toContain('Hostile in English');
    for (const url of [`/feeds/${membersBlock}.rss`, `/feeds/${randomUUID()}.atom`, '/feeds/nothing.rss']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });

  it('are announced in a head only where a visitor can read them: never on a members-only page', async () => {
    const person = (isAdmin: boolean, roleIds: string[]): Actor => ({
      user: {
        id: randomUUID(),
        isAdmin,
        isContentManager: false,
        isMett: false,
        isDeveloper: false,
        isActive: true,
        roleIds,
      },
    });
    const root = {
      id: 'root',
      loaderData: {
        shell: { locale: 'nl', settings: { platformName: 'Site', platformDescription: '' } },
        origin: ORIGIN,
      },
    };
    const announced = async (actor: Actor, path: string) => {
      const services = createSiteServices({ db: site.database.db, actor, log: pino({ level: 'silent' }) });
      const view = await services.getPageByPath({ path, locale: 'nl' });
      expect(view, path).not.toBeNull();
      return pageMeta(view ?? undefined, [root]).flatMap((entry) =>
        'type' in entry && typeof entry.href === 'string' ? [entry.href] : [],
      );
    };
    const onNews = await announced(ANONYMOUS, '/nieuws');
    expect(onNews).toEqual([`${ORIGIN}/feeds/${newsBlock}.rss`, `${ORIGIN}/feeds/${newsBlock}.atom`]);
    // A member and an admin see the members' page with its list, but a visitor cannot read its feed.
    expect(await announced(person(false, [membersRole]), '/leden')).toEqual([]);
    expect(await announced(person(true, []), '/leden')).toEqual([]);
    expect(await announced(person(true, []), '/nieuws')).toEqual(onNews);
    for (const url of onNews) expect((await get(url.slice(ORIGIN.length))).statusCode, url).toBe(200);
  });
});

describe('robots, security.txt, favicon and manifest', () => {
  const setSetting = async (key: string, value: string) => {
    await site.database.db
      .insert(platformSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value } });
  };

  it('robots.txt names the sitemap, keeps crawlers out of private screens, or out of everything', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const line of [
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /api/',
      'Disallow: /edit',
    ]) {
      expect(robots.body.split('\n')).toContain(line);
    }
    await setSetting('discourageSearchEngines', 'true');
    expect((await get('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    await setSetting('discourageSearchEngines', 'false');
  });

  it('security.txt only with a contact, favicon.ico only with a favicon', async () => {
    expect((await get('/.well-known/security.txt')).statusCode).toBe(404);
    expect((await get('/favicon.ico')).statusCode).toBe(404);
    await setSetting('securityContact', 'security@example.nl');
    await setSetting('securityExpires', '2031-05-01');
    const security = await get('/.well-known/security.txt');
    expect(security.statusCode).toBe(200);
    expect(security.body).toBe(
      `Contact: mailto:security@example.nl\nExpires: 2031-05-01T23:59:59Z\nPreferred-Languages: nl, en\nCanonical: ${ORIGIN}/.well-known/security.txt\n`,
    );
    const guid = randomUUID();
    await setSetting('favicon', guid);
    const favicon = await get('/favicon.ico');
    expect(favicon.statusCode).toBe(302);
    expect(favicon.headers.location).toBe(`/a/${guid}?width=64&height=64&format=png`);
    const manifest = (await get('/manifest.webmanifest')).json() as {
      name: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toBe('Bouwsteen');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
  });

  it('refuses settings that do not fit', async () => {
    const response = await site.app.inject({
      method: 'PUT',
      url: '/api/platformsettingvalues',
      headers: admin,
      payload: [
        { key: 'securityContact', value: 'javascript:alert(1)' },
        { key: 'securityExpires', value: '2031-02-30' },
      ],
    });
    expect(response.statusCode).toBe(400);
  });
});
