import { EVENT_ITEM_TYPES } from './list-items.ts';
import type { Locale } from './localized-text.ts';

/**
 * What a site publishes for machines (issue 30): the addresses of its sitemaps and feeds, the URL of
 * a page in each language, and its structured data (schema.org JSON-LD). The server writes the
 * documents (server/domains/discovery), the pages' heads link to them (web/layouts/page-meta.ts).
 */

export const SITEMAP_INDEX_PATH = '/sitemap.xml';
/** The sitemap protocol's limits per file: 50,000 URLs and 50 MB (uncompressed). */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** How many items a feed carries: the newest. */
export const FEED_ITEMS = 50;
export const FEED_FORMATS = ['rss', 'atom'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
};

/** Item types of news: their items are `NewsArticle`s, and their lists make the site-wide feed. */
export const NEWS_ITEM_TYPES: readonly string[] = ['nieuws', 'news'];

/** The address of a page in a language: Dutch is the site's own, English adds `?lang=en`. */
export function localizedPath(path: string, locale: Locale): string {
  return locale === 'nl' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;
}

/**
 * The path of each language version: a page with one path gets `?lang=en` for English, a page with
 * a path per language (most legal pages) its own. Absolute (`withOrigin`), these are the hreflang
 * alternates of the pages' heads and of the sitemaps, and the canonical link of each version.
 */
export function languagePaths(nlPath: string, enPath: string = nlPath): Record<Locale, string> {
  return { nl: nlPath, en: enPath === nlPath ? localizedPath(enPath, 'en') : enPath };
}

/**
 * An item's path in each language: the slug is its title's in that language, and the English one
 * carries `?lang=en` even when the slugs differ (without it the Dutch title's slug is canonical).
 */
export function itemLanguagePaths(paths: Record<Locale, string>): Record<Locale, string> {
  return { nl: paths.nl, en: localizedPath(paths.en, 'en') };
}

export function withOrigin(origin: string, paths: Record<Locale, string>): Record<Locale, string> {
  return { nl: `${origin}${paths.nl}`, en: `${origin}${paths.en}` };
}

/** A list block's feed (`/feeds/{guid}.rss`), in a language. */
export function listFeedPath(blockGuid: string, format: FeedFormat, locale: Locale): string {
  return localizedPath(`/feeds/${blockGuid}.${format}`, locale);
}

/** The site-wide feed of the news lists (`/feed.rss`), in a language. */
export function siteFeedPath(format: FeedFormat, locale: Locale): string {
  return localizedPath(`/feed.${format}`, locale);
}

/** The schema.org type of an item, as its item type says. */
export function itemSchemaType(listItemTypeName: string): 'NewsArticle' | 'Event' | 'Article' {
  if (NEWS_ITEM_TYPES.includes(listItemTypeName)) return 'NewsArticle';
  if (EVENT_ITEM_TYPES.includes(listItemTypeName)) return 'Event';
  return 'Article';
}

export type JsonLdNode = Record<string, unknown>;

export type SiteIdentity = {
  origin: string;
  name: string;
  description: string;
  /** Absolute URL of the logo, if the site has one. */
  logoUrl: string | null;
  locale: Locale;
};

const organizationId = (origin: string) => `${origin}/#organization`;

function organization(site: SiteIdentity): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': organizationId(site.origin),
    name: site.name,
    url: `${site.origin}/`,
    ...(site.logoUrl ? { logo: site.logoUrl } : {}),
  };
}

/** The home page's `Organization` and `WebSite`, with a `SearchAction` for the site search. */
export function homeStructuredData(site: SiteIdentity): JsonLdNode[] {
  return [
    organization(site),
    {
      '@type': 'WebSite',
      '@id': `${site.origin}/#website`,
      name: site.name,
      ...(site.description ? { description: site.description } : {}),
      url: `${site.origin}/`,
      inLanguage: site.locale,
      publisher: { '@id': organizationId(site.origin) },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** A `BreadcrumbList` of the breadcrumbs a page shows (absolute URLs). */
export function breadcrumbStructuredData(
  origin: string,
  breadcrumbs: readonly { name: string; url: string }[],
): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url.startsWith('/') ? `${origin}${crumb.url}` : crumb.url,
    })),
  };
}

/** A `Place` (an event's `location`): its name, else its address, and the address line. */
function placeNode(place: { name: string; address: string }): JsonLdNode {
  return {
    '@type': 'Place',
    name: place.name || place.address,
    ...(place.address ? { address: place.address } : {}),
  };
}

/** An item's page: a `NewsArticle`, an `Event` or an `Article`, as its item type says. */
export function itemStructuredData(
  site: SiteIdentity,
  item: {
    title: string;
    description: string;
    url: string;
    listItemTypeName: string;
    publishedOn: string;
    modifiedOn: string;
    periodEnd: string | null;
    /** Where it takes place, in the page's language (an `Event`'s `location`). */
    place: { name: string; address: string } | null;
    imageUrl: string | null;
  },
): JsonLdNode {
  const type = itemSchemaType(item.listItemTypeName);
  const common = {
    name: item.title,
    url: item.url,
    ...(item.description ? { description: item.description } : {}),
    ...(item.imageUrl ? { image: [item.imageUrl] } : {}),
    inLanguage: site.locale,
  };
  if (type === 'Event') {
    // The day an event takes place is the end of its period (common/list-items.ts itemDisplayDate);
    // an event without one is announced from its publication.
    const day = item.periodEnd ?? item.publishedOn;
    return {
      '@type': 'Event',
      ...common,
      startDate: day,
      endDate: day,
      eventStatus: 'https://schema.org/EventScheduled',
      ...(item.place
        ? {
            eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
            location: placeNode(item.place),
          }
        : {}),
      organizer: { '@id': organizationId(site.origin) },
    };
  }
  return {
    '@type': type,
    ...common,
    headline: item.title.slice(0, 110),
    mainEntityOfPage: item.url,
    datePublished: item.publishedOn,
    dateModified: item.modifiedOn,
    author: { '@id': organizationId(site.origin) },
    publisher: organization(site),
  };
}

/** One JSON-LD document of the nodes (the page head's `script:ld+json`). */
export function structuredDataDocument(nodes: JsonLdNode[]): JsonLdNode {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/**
 * JSON-LD as the text of a `<script type="application/ld+json">` in the page's body (the contact
 * block): `<`, `>` and `&` escaped as `\u003c`…, so no value can close the script or open a comment,
 * and U+2028/U+2029 too, as React Router does for the head's.
 */
export function jsonLdScriptText(value: JsonLdNode): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
