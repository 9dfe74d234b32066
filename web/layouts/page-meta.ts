import type { MetaDescriptor } from 'react-router';
import type { PageView } from '../../common/site';

type RootData = {
  shell: { settings: { platformName: string; platformDescription: string } };
  origin: string;
};

/** Title, description, canonical and hreflang alternates for a content page. */
export function pageMeta(
  page: PageView | undefined,
  matches: readonly ({ id: string } | undefined)[],
): MetaDescriptor[] {
  const rootMatch = matches.find((match) => match?.id === 'root') as
    | { loaderData?: unknown; data?: unknown }
    | undefined;
  const root = (rootMatch?.loaderData ?? rootMatch?.data) as RootData | undefined;
  const siteName = root?.shell.settings.platformName ?? 'Bouwsteen';
  if (!page) return [{ title: siteName }];
  const origin = root?.origin ?? '';
  const url = `${origin}${page.path}`;
  return [
    { title: page.path === '/' ? siteName : `${page.title} | ${siteName}` },
    { name: 'description', content: page.description || root?.shell.settings.platformDescription || '' },
    { property: 'og:title', content: page.title },
    { tagName: 'link', rel: 'canonical', href: url },
    { tagName: 'link', rel: 'alternate', hrefLang: 'nl', href: `${url}?lang=nl` },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: `${url}?lang=en` },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url },
  ];
}
