import { sql } from 'drizzle-orm';
import { parseIsoDay } from '../../../common/dates.ts';
import {
  FEED_ITEMS,
  type FeedFormat,
  itemLanguagePaths,
  languagePaths,
  listFeedPath,
  localizedPath,
  NEWS_ITEM_TYPES,
  SITEMAP_INDEX_PATH,
  SITEMAP_MAX_URLS,
  siteFeedPath,
  withOrigin,
} from '../../../common/discovery.ts';
import type { ListItemView } from '../../../common/list-items.ts';
import { itemUrl } from '../../../common/list-items.ts';
import { type Locale, pickLocale } from '../../../common/localized-text.ts';
import { imageUrl, SITE_IMAGES } from '../../../common/media.ts';
import { isMediaGuid, securityContactUrl } from '../../../common/settings.ts';
import { isAllowedUrl } from '../../../common/urls.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { getListPage } from '../lists/index.ts';
import { type ListContext, requireVisibleList } from '../lists/lists.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import {
  atomFeed,
  type FeedChannel,
  type FeedEntry,
  robotsTxt,
  rssFeed,
  type SitemapDocument,
  securityTxt,
  sitemapIndex,
  urlSet,
} from './documents.ts';
import { indexableItems, indexableLists, indexablePages, newsListIds } from './queries.ts';

/**
 * Issue 30: the sitemaps, feeds, robots.txt, security.txt, favicon and web app manifest. Every
 * document is what an anonymous visitor may see, whoever asks (the routes cache one copy for all);
 * `origin` is the site's public base URL, for the absolute addresses these documents carry.
 */

/**
 * Documents per sitemap file: each is a `<url>` per language, so 10,000 URLs (about 4 MB), well
 * within the protocol's 50,000 URLs and 50 MB, and small enough for the visitors' cache to keep
 * (an entry may take an eighth of it) and to make again quickly after a change.
 */
export const DOCUMENTS_PER_SITEMAP = 5_000;
// The protocol's limit, in URLs: two per document.
if (DOCUMENTS_PER_SITEMAP * 2 > SITEMAP_MAX_URLS) throw new Error('sitemaps over the protocol limit');

type SitemapOptions = { now?: Date; documentsPerSitemap?: number };

const sitemapPath = (name: string) => `/sitemaps/${name}.xml`;
const chunks = (count: number, size: number) => Math.max(1, Math.ceil(count / size));

/** `/sitemap.xml`: the pages' sitemaps, then those of each list with items, split by size. */
export async function sitemapIndexDocument(
  db: Executor,
  origin: string,
  options: SitemapOptions = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const size = options.documentsPerSitemap ?? DOCUMENTS_PER_SITEMAP;
  const pages = await indexablePages(db);
  const lists = await indexableLists(
    db,
    pages.map((page) => page.id),
    now,
  );
  const pagesModified = pages.reduce<Date | null>(
    (latest, page) => (latest && latest > page.lastModified ? latest : page.lastModified),
    null,
  );
  const entries: { loc: string; lastModified: Date | null }[] = [];
  for (let part = 1; part <= chunks(pages.length, size); part += 1) {
    entries.push({ loc: `${origin}${sitemapPath(`pages-${part}`)}`, lastModified: pagesModified });
  }
  for (const list of lists) {
    if (list.items === 0) continue;
    for (let part = 1; part <= chunks(list.items, size); part += 1) {
      entries.push({
        loc: `${origin}${sitemapPath(`list-${list.blockId}-${part}`)}`,
        lastModified: list.lastModified,
      });
    }
  }
  return sitemapIndex(entries);
}

const SITEMAP_NAME =
  /^(?:pages-(\d{1,6})|list-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{1,6}))$/;

/** One sitemap of the index (`pages-1`, `list-{guid}-2`), or null when there is no such part. */
export async function sitemapDocument(
  db: Executor,
  origin: string,
  name: string,
  options: SitemapOptions = {},
): Promise<string | null> {
  const match = SITEMAP_NAME.exec(name);
  if (!match) return null;
  const now = options.now ?? new Date();
  const size = options.documentsPerSitemap ?? DOCUMENTS_PER_SITEMAP;
  const pages = await indexablePages(db);
  if (match[1] !== undefined) {
    const part = Number(match[1]);
    if (part < 1 || part > chunks(pages.length, size)) return null;
    const documents: SitemapDocument[] = pages.slice((part - 1) * size, part * size).map((page) => ({
      urls: withOrigin(origin, languagePaths(page.paths.nl, page.paths.en)),
      lastModified: page.lastModified,
    }));
    return urlSet(documents);
  }
  const blockId = match[2] ?? '';
  const part = Number(match[3]);
  const [list] = (
    await indexableLists(
      db,
      pages.map((page) => page.id),
      now,
    )
  ).filter((candidate) => candidate.blockId === blockId);
  if (!list || list.items === 0 || part < 1 || part > chunks(list.items, size)) return null;
  const page = pages.find((candidate) => candidate.id === list.pageId);
  if (!page) return null;
  const items = await indexableItems(db, { blockId, offset: (part - 1) * size, limit: size, now });
  return urlSet(
    items.map((item) => ({
      urls: withOrigin(
        origin,
        itemLanguagePaths({
          nl: itemUrl(page.paths.nl, item.shortId, pickLocale(item.title, 'nl')),
          en: itemUrl(page.paths.en, item.shortId, pickLocale(item.title, 'en')),
        }),
      ),
      lastModified: item.lastModified,
    })),
  );
}

/** A list's items as a visitor sees them, newest first, with what the feed needs of each. */
async function feedEntries(
  db: Executor,
  origin: string,
  list: ListContext,
  locale: Locale,
  pagePaths: Map<string, string>,
): Promise<FeedEntry[]> {
  const page = await getListPage(db, {
    actor: ANONYMOUS,
    list,
    query: { pageNumber: 1, itemCount: FEED_ITEMS, sort_by: 'publishedOn_desc' },
    locale,
    pagePaths,
  });
  const modified = await modifiedTimes(
    db,
    page.items.map((item) => item.guid),
  );
  return page.items.flatMap((item) => (item.url ? [feedEntry(origin, item, locale, modified)] : []));
}

function feedEntry(
  origin: string,
  item: ListItemView,
  locale: Locale,
  modified: Map<string, Date>,
): FeedEntry {
  const publishedOn = new Date(item.publishedOn);
  return {
    id: `urn:uuid:${item.guid}`,
    title: item.title,
    url: `${origin}${localizedPath(item.url ?? '/', locale)}`,
    description: item.description,
    publishedOn,
    modifiedOn: modified.get(item.guid) ?? publishedOn,
    imageUrl: item.imageGuid ? `${origin}${imageUrl(item.imageGuid, SITE_IMAGES.social)}` : null,
    category: item.listItemTypeLabel,
  };
}

async function modifiedTimes(db: Executor, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; updated_at: Date | string }>(
    db,
    sql`SELECT id, updated_at FROM list_items WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, new Date(row.updated_at)]));
}

/** The latest change of the entries, or `fallback` for an empty feed. */
function newest(entries: readonly FeedEntry[], fallback: Date): Date {
  let latest: Date | null = null;
  for (const entry of entries) if (!latest || entry.modifiedOn > latest) latest = entry.modifiedOn;
  return latest ?? fallback;
}

const render = (format: FeedFormat, channel: FeedChannel) =>
  format === 'rss' ? rssFeed(channel) : atomFeed(channel);

/** A visible list block (not a widget) on a page with a path; null for anything else. */
async function visibleList(db: Executor, blockGuid: string): Promise<ListContext | null> {
  try {
    return await requireVisibleList(db, ANONYMOUS, blockGuid, ['list']);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/** The feed of one list block, or null when a visitor does not see that list. */
export async function listFeedDocument(
  db: Executor,
  input: { origin: string; blockGuid: string; format: FeedFormat; locale: Locale },
): Promise<string | null> {
  const { origin, locale } = input;
  const list = await visibleList(db, input.blockGuid);
  const pagePaths = await loadPagePaths(db, locale);
  const pagePath = list?.page ? pagePaths.get(list.page.id) : undefined;
  if (!list?.page || pagePath === undefined) return null;
  const settings = await getPlatformSettings(db);
  const entries = await feedEntries(db, origin, list, locale, pagePaths);
  const content = list.block.content as { nl: { title?: unknown } } | null;
  const blockTitle = content ? pickLocale(content, locale)?.title : '';
  const title =
    typeof blockTitle === 'string' && blockTitle.trim() ? blockTitle : pickLocale(list.page.title, locale);
  return render(input.format, {
    title: `${title} | ${settings.platformName}`,
    description: list.page.description
      ? pickLocale(list.page.description, locale)
      : settings.platformDescription,
    siteUrl: `${origin}${localizedPath(pagePath, locale)}`,
    feedUrl: `${origin}${listFeedPath(input.blockGuid, input.format, locale)}`,
    locale,
    updated: newest(entries, list.page.updatedAt),
    entries,
  });
}

/** The site-wide feed: the newest items of every list that holds news. */
export async function siteFeedDocument(
  db: Executor,
  input: { origin: string; format: FeedFormat; locale: Locale },
): Promise<string> {
  const { origin, locale } = input;
  const [settings, pagePaths, listIds] = await Promise.all([
    getPlatformSettings(db),
    loadPagePaths(db, locale),
    newsListIds(db, NEWS_ITEM_TYPES),
  ]);
  const entries: FeedEntry[] = [];
  for (const id of listIds) {
    const list = await visibleList(db, id);
    if (!list?.page || !pagePaths.has(list.page.id)) continue;
    entries.push(...(await feedEntries(db, origin, list, locale, pagePaths)));
  }
  entries.sort((a, b) => b.publishedOn.getTime() - a.publishedOn.getTime() || a.id.localeCompare(b.id));
  const newestEntries = entries.slice(0, FEED_ITEMS);
  return render(input.format, {
    title: settings.platformName,
    description: settings.platformDescription,
    siteUrl: `${origin}${localizedPath('/', locale)}`,
    feedUrl: `${origin}${siteFeedPath(input.format, locale)}`,
    locale,
    updated: newest(newestEntries, new Date(0)),
    entries: newestEntries,
  });
}

export async function robotsDocument(db: Executor, origin: string): Promise<string> {
  const settings = await getPlatformSettings(db);
  return robotsTxt({
    discourage: settings.discourageSearchEngines === 'true',
    sitemapUrl: `${origin}${SITEMAP_INDEX_PATH}`,
  });
}

const YEAR_MS = 365 * 86_400_000;

/** `/.well-known/security.txt`, or null when the site names no contact. */
export async function securityDocument(
  db: Executor,
  origin: string,
  now = new Date(),
): Promise<string | null> {
  const settings = await getPlatformSettings(db);
  const contact = securityContactUrl(settings.securityContact);
  if (!contact) return null;
  const day = parseIsoDay(settings.securityExpires);
  const expires = day
    ? new Date(`${day}T23:59:59Z`)
    : new Date(Math.floor((now.getTime() + YEAR_MS) / 86_400_000) * 86_400_000);
  return securityTxt({ contact, expires, canonicalUrl: `${origin}/.well-known/security.txt` });
}

/** Where `/favicon.ico` leads: the favicon setting's image as the site's pages link it, or null. */
export async function faviconLocation(db: Executor): Promise<string | null> {
  const { favicon } = await getPlatformSettings(db);
  if (isMediaGuid(favicon)) return imageUrl(favicon.trim(), SITE_IMAGES.favicon);
  return favicon !== '' && isAllowedUrl(favicon, 'asset') ? favicon : null;
}

/** The web app manifest, from the site's name, description, colours and favicon. */
export async function manifestDocument(db: Executor): Promise<Record<string, unknown>> {
  const settings = await getPlatformSettings(db);
  const favicon = settings.favicon.trim();
  const icons = isMediaGuid(favicon)
    ? SITE_IMAGES.appIcons.map((icon) => ({
        src: imageUrl(favicon, icon),
        sizes: `${icon.width}x${icon.height}`,
        type: 'image/png',
      }))
    : favicon !== '' && isAllowedUrl(favicon, 'asset')
      ? [{ src: favicon, sizes: 'any' }]
      : [];
  return {
    name: settings.platformName,
    short_name: settings.platformName.slice(0, 30),
    ...(settings.platformDescription ? { description: settings.platformDescription } : {}),
    lang: 'nl',
    start_url: '/',
    scope: '/',
    display: 'minimal-ui',
    theme_color: settings.browserColor,
    background_color: '#ffffff',
    icons,
  };
}
