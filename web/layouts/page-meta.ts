import type { MetaDescriptor } from 'react-router';
import type { Locale } from '../../common/localized-text';
import { imageUrl, SITE_IMAGES } from '../../common/media';
import type { PageView } from '../../common/site';

type RootData = {
  shell: { locale: Locale; settings: { platformName: string; platformDescription: string } };
  origin: string;
};

const OG_LOCALES: Record<Locale, string> = { nl: 'nl_NL', en: 'en_GB' };

/** The social image's width (`og:image`): the widest item image, a size the site's own pages use. */
const SOCIAL_IMAGE_WIDTH = SITE_IMAGES.itemWidths[SITE_IMAGES.itemWidths.length - 1];

/**
 * Title, description, canonical and hreflang alternates for a content page; its social image
 * (`og:image`) and "hide from search engines" (`robots: noindex`) from its options (issue 26). Alternates are the same
 * path with ?lang=, unless the page has its own URL per language (legal pages: /…/{lang}).
 */
export function pageMeta(
  page: PageView | undefined,
  matches: readonly ({ id: string } | undefined)[],
  alternates?: Record<Locale, string>,
): MetaDescriptor[] {
  const rootMatch = matches.find((match) => match?.id === 'root') as
    | { loaderData?: unknown; data?: unknown }
    | undefined;
  const root = (rootMatch?.loaderData ?? rootMatch?.data) as RootData | undefined;
  const siteName = root?.shell.settings.platformName ?? 'Bouwsteen';
  if (!page) return [{ title: siteName }];
  const origin = root?.origin ?? '';
  const url = `${origin}${page.path}`;
  const description = page.description || root?.shell.settings.platformDescription || '';
  const alternate = (locale: Locale) =>
    alternates ? `${origin}${alternates[locale]}` : `${url}?lang=${locale}`;
  return [
    { title: page.path === '/' ? siteName : `${page.title} | ${siteName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: OG_LOCALES[root?.shell.locale ?? 'nl'] },
    { tagName: 'link', rel: 'canonical', href: url },
    { tagName: 'link', rel: 'alternate', hrefLang: 'nl', href: alternate('nl') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: alternate('en') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: alternates ? alternate('nl') : url },
    ...(page.settings.socialImage
      ? [
          {
            property: 'og:image',
            content: `${origin}${imageUrl(page.settings.socialImage, { width: SOCIAL_IMAGE_WIDTH })}`,
          },
        ]
      : []),
    ...(page.settings.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
