import type { MetaDescriptor } from 'react-router';
import {
  breadcrumbStructuredData,
  FEED_TYPES,
  homeStructuredData,
  languagePaths,
  listFeedPath,
  type SiteIdentity,
  structuredDataDocument,
  withOrigin,
} from '../../common/discovery';
import type { Locale } from '../../common/localized-text';
import { imageUrl, SITE_IMAGES } from '../../common/media';
import { isMediaGuid } from '../../common/settings';
import type { PageView } from '../../common/site';
import { mediaUrl } from '../components/media-url';

type RootData = {
  shell: {
    locale: Locale;
    settings: {
      platformName: string;
      platformDescription: string;
      headerLogo?: string;
      discourageSearchEngines?: string;
    };
  };
  origin: string;
};

const OG_LOCALES: Record<Locale, string> = { nl: 'nl_NL', en: 'en_GB' };

/** The root route's data, as every route's meta reads it. */
export function rootDataOf(matches: readonly ({ id: string } | undefined)[]): RootData | undefined {
  const rootMatch = matches.find((match) => match?.id === 'root') as
    | { loaderData?: unknown; data?: unknown }
    | undefined;
  return (rootMatch?.loaderData ?? rootMatch?.data) as RootData | undefined;
}

/** The shared-link image (`og:image`) of an uploaded image: its 1200×630 variant, absolute. */
export function socialImageUrl(origin: string, guid: string): string {
  return `${origin}${imageUrl(guid, SITE_IMAGES.social)}`;
}

/** The site's name, address and logo, for structured data. */
export function siteIdentity(root: RootData | undefined): SiteIdentity {
  const origin = root?.origin ?? '';
  const logo = mediaUrl(root?.shell.settings.headerLogo ?? '', { height: SITE_IMAGES.logoMaxHeight });
  return {
    origin,
    name: root?.shell.settings.platformName ?? 'Bouwsteen',
    description: root?.shell.settings.platformDescription ?? '',
    logoUrl: logo ? (logo.startsWith('/') ? `${origin}${logo}` : logo) : null,
    locale: root?.shell.locale ?? 'nl',
  };
}

/**
 * The site logo as a shared-link image: its 1200×630 variant when it is an upload, else the file
 * as it is, unless that is an SVG (link previews show none).
 */
function logoImage(root: RootData | undefined): string | null {
  const logo = root?.shell.settings.headerLogo?.trim() ?? '';
  if (isMediaGuid(logo)) return socialImageUrl(root?.origin ?? '', logo);
  const url = siteIdentity(root).logoUrl;
  return url && !/\.svg(?:[?#]|$)/i.test(url) ? url : null;
}

const HEADER_IMAGE_GUID = /^\/a\/([0-9a-f-]{36})(?:\?|$)/i;

/**
 * Title, description, canonical and hreflang alternates for a content page (issue 30: the
 * canonical link of each language version is its own, the same addresses the sitemaps give);
 * its shared-link card: `og:image` (the page's social image, else its header image, else the site
 * logo, as the 1200×630 variant), `og:description`, `twitter:card`; the feeds of its lists (when
 * a visitor can read them: `feedsPublic`);
 * structured data (`Organization` and `WebSite` on the home page, `BreadcrumbList` where
 * breadcrumbs show); `robots: noindex` when the page is hidden from search engines (issue 26) or the
 * site discourages them. Pages with their own path per language (legal pages: /…/{lang}; items:
 * their title's slug) pass them as `alternates`.
 */
export function pageMeta(
  page: PageView | undefined,
  matches: readonly ({ id: string } | undefined)[],
  alternates?: Record<Locale, string>,
): MetaDescriptor[] {
  const root = rootDataOf(matches);
  const siteName = root?.shell.settings.platformName ?? 'Bouwsteen';
  if (!page) return [{ title: siteName }];
  const origin = root?.origin ?? '';
  const locale = root?.shell.locale ?? 'nl';
  const urls = withOrigin(origin, alternates ?? languagePaths(page.path));
  const url = urls[locale];
  const description = page.description || root?.shell.settings.platformDescription || '';
  const headerImageGuid = HEADER_IMAGE_GUID.exec(page.headerImage?.imageUrl ?? '')?.[1];
  const image = page.settings.socialImage
    ? socialImageUrl(origin, page.settings.socialImage)
    : headerImageGuid
      ? socialImageUrl(origin, headerImageGuid)
      : logoImage(root);
  const isHidden = page.settings.noindex || root?.shell.settings.discourageSearchEngines === 'true';
  const site = siteIdentity(root);
  const structuredData = [
    ...(page.path === '/' ? homeStructuredData(site) : []),
    ...(page.settings.showBreadcrumbs && page.breadcrumbs.length > 0
      ? [breadcrumbStructuredData(origin, page.breadcrumbs)]
      : []),
  ];
  // Only feeds an anonymous visitor can read: none on members-only pages, drafts and previews.
  const feeds = page.blocks.flatMap((block) =>
    page.feedsPublic && block.name === 'list' && block.data && 'title' in block.data
      ? (['rss', 'atom'] as const).map((format) => ({
          tagName: 'link',
          rel: 'alternate',
          type: FEED_TYPES[format],
          title: `${(block.data as { title: string }).title || page.title} (${format === 'rss' ? 'RSS' : 'Atom'})`,
          href: `${origin}${listFeedPath(block.guid, format, locale)}`,
        }))
      : [],
  );
  return [
    { title: page.path === '/' ? siteName : `${page.title} | ${siteName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: OG_LOCALES[locale] },
    ...(image
      ? [
          { property: 'og:image', content: image },
          ...(image.includes('width=1200&height=630')
            ? [
                { property: 'og:image:width', content: String(SITE_IMAGES.social.width) },
                { property: 'og:image:height', content: String(SITE_IMAGES.social.height) },
              ]
            : []),
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { tagName: 'link', rel: 'canonical', href: url },
    { tagName: 'link', rel: 'alternate', hrefLang: 'nl', href: urls.nl },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: urls.en },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: urls.nl },
    ...feeds,
    ...(structuredData.length > 0 ? [{ 'script:ld+json': structuredDataDocument(structuredData) }] : []),
    ...(isHidden ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
