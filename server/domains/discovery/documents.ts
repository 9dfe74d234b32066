import type { Locale } from '../../../common/localized-text.ts';

/**
 * The documents a site publishes for machines (issue 30), written as text: pure functions, no I/O.
 * Every value goes through `xml()`: escaped, and characters XML 1.0 cannot carry (control
 * characters, lone surrogates) left out, so no title makes a document a parser refuses.
 */

// XML 1.0 Char: tab, newline, carriage return, U+0020–U+D7FF, U+E000–U+FFFD and the astral planes
// as surrogate pairs; everything else (other control characters, lone surrogates, U+FFFE/U+FFFF) goes.
const NOT_XML_CHAR =
  /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\uD800-\uDBFF\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xml(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** The W3C date-time of a moment, to the second (what sitemaps and Atom take). */
const w3c = (moment: Date) => `${moment.toISOString().slice(0, 19)}Z`;

export function sitemapIndex(entries: readonly { loc: string; lastModified: Date | null }[]): string {
  const lines = entries.map(
    (entry) =>
      `<sitemap><loc>${xml(entry.loc)}</loc>${entry.lastModified ? `<lastmod>${w3c(entry.lastModified)}</lastmod>` : ''}</sitemap>`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

/** One document of the site in every language: a `<url>` per language, each naming all of them. */
export type SitemapDocument = { urls: Record<Locale, string>; lastModified: Date };

export function urlSet(documents: readonly SitemapDocument[]): string {
  const lines: string[] = [];
  for (const document of documents) {
    const alternates = (['nl', 'en'] as const)
      .map(
        (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${xml(document.urls[locale])}"/>`,
      )
      .concat(`<xhtml:link rel="alternate" hreflang="x-default" href="${xml(document.urls.nl)}"/>`)
      .join('');
    for (const locale of ['nl', 'en'] as const) {
      lines.push(
        `<url><loc>${xml(document.urls[locale])}</loc><lastmod>${w3c(document.lastModified)}</lastmod>${alternates}</url>`,
      );
    }
  }
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n${lines.join('\n')}\n</urlset>\n`;
}

export type FeedEntry = {
  id: string;
  title: string;
  url: string;
  description: string;
  publishedOn: Date;
  modifiedOn: Date;
  /** The item's image at the social size, absolute. */
  imageUrl: string | null;
  category: string;
};

export type FeedChannel = {
  title: string;
  description: string;
  /** The page that shows the list (or the site's home page), absolute. */
  siteUrl: string;
  /** The feed's own address, absolute. */
  feedUrl: string;
  locale: Locale;
  updated: Date;
  entries: readonly FeedEntry[];
};

const IMAGE_TYPE = 'image/jpeg';

/** RSS 2.0, with the item's image as enclosure and as Media RSS content. */
export function rssFeed(channel: FeedChannel): string {
  const items = channel.entries.map((entry) =>
    [
      '<item>',
      `<title>${xml(entry.title)}</title>`,
      `<link>${xml(entry.url)}</link>`,
      `<guid isPermaLink="false">${xml(entry.id)}</guid>`,
      `<pubDate>${entry.publishedOn.toUTCString()}</pubDate>`,
      entry.description ? `<description>${xml(entry.description)}</description>` : '',
      entry.category ? `<category>${xml(entry.category)}</category>` : '',
      entry.imageUrl
        ? `<enclosure url="${xml(entry.imageUrl)}" length="0" type="${IMAGE_TYPE}"/><media:content url="${xml(entry.imageUrl)}" medium="image" type="${IMAGE_TYPE}" width="1200" height="630"/>`
        : '',
      '</item>',
    ].join(''),
  );
  return `${XML_DECLARATION}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
<title>${xml(channel.title)}</title>
<link>${xml(channel.siteUrl)}</link>
<description>${xml(channel.description || channel.title)}</description>
<language>${channel.locale}</language>
<lastBuildDate>${channel.updated.toUTCString()}</lastBuildDate>
<atom:link href="${xml(channel.feedUrl)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
</channel>
</rss>
`;
}

/** Atom (RFC 4287), with the item's image as an enclosure link. */
export function atomFeed(channel: FeedChannel): string {
  const entries = channel.entries.map((entry) =>
    [
      '<entry>',
      `<id>${xml(entry.id)}</id>`,
      `<title type="text">${xml(entry.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${xml(entry.url)}"/>`,
      `<published>${w3c(entry.publishedOn)}</published>`,
      `<updated>${w3c(entry.modifiedOn)}</updated>`,
      entry.description ? `<summary type="text">${xml(entry.description)}</summary>` : '',
      entry.category ? `<category term="${xml(entry.category)}"/>` : '',
      entry.imageUrl ? `<link rel="enclosure" type="${IMAGE_TYPE}" href="${xml(entry.imageUrl)}"/>` : '',
      '</entry>',
    ].join(''),
  );
  return `${XML_DECLARATION}<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${channel.locale}">
<id>${xml(channel.feedUrl)}</id>
<title type="text">${xml(channel.title)}</title>
${channel.description ? `<subtitle type="text">${xml(channel.description)}</subtitle>\n` : ''}<updated>${w3c(channel.updated)}</updated>
<author><name>${xml(channel.title)}</name></author>
<link rel="self" type="application/atom+xml" href="${xml(channel.feedUrl)}"/>
<link rel="alternate" type="text/html" href="${xml(channel.siteUrl)}"/>
${entries.join('\n')}
</feed>
`;
}

/** The paths no search engine has business with: sign-in and account screens, admin, edit mode, previews, the API. */
export const PRIVATE_PATHS = [
  '/admin',
  '/account',
  '/api/',
  '/edit',
  '/*/edit',
  '/*?preview=',
  '/sign-in',
  '/sign-up',
  '/submission/',
];

export function robotsTxt(input: { discourage: boolean; sitemapUrl: string }): string {
  if (input.discourage) return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${input.sitemapUrl}`,
    '',
  ].join('\n');
}

/** RFC 9116: Contact, Expires, and where the file lives (Canonical) and which languages it reads. */
export function securityTxt(input: { contact: string; expires: Date; canonicalUrl: string }): string {
  return [
    `Contact: ${input.contact}`,
    `Expires: ${input.expires.toISOString().slice(0, 19)}Z`,
    'Preferred-Languages: nl, en',
    `Canonical: ${input.canonicalUrl}`,
    '',
  ].join('\n');
}
