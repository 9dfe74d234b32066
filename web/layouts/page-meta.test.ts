import { describe, expect, it } from 'vitest';
import { readPageSettings } from '../../common/pages';
import type { PageView } from '../../common/site';
import { pageMeta } from './page-meta';

const root = {
  id: 'root',
  loaderData: {
    shell: { locale: 'nl', settings: { platformName: 'Bouwsteen', platformDescription: 'De site' } },
    origin: 'https://www.example.nl',
  },
};

const page = (options: { name: string; value: string }[], description = ''): PageView => ({
  guid: '5b0f4c6e-0a53-4d0e-9d47-1f4c2b7a9e11',
  name: 'nieuws',
  title: 'Nieuws',
  description,
  layout: '100',
  settings: readPageSettings(options),
  blocks: [],
  breadcrumbs: [],
  subMenu: [],
  headerImage: null,
  headerBlocks: [],
  footerBlocks: [],
  path: '/nieuws',
  contentLocale: 'nl',
  feedsPublic: true,
  abilities: { update: false, changeRights: false, chooseSocialImage: false },
});

const find = (meta: ReturnType<typeof pageMeta>, key: 'name' | 'property', value: string) =>
  meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as
    | Record<string, string>
    | undefined;

describe('pageMeta (issue 26)', () => {
  it('renders the page’s own description, else the site’s', () => {
    expect(find(pageMeta(page([], 'Het laatste nieuws'), [root]), 'name', 'description')?.content).toBe(
      'Het laatste nieuws',
    );
    expect(find(pageMeta(page([]), [root]), 'name', 'description')?.content).toBe('De site');
  });

  it('renders the social image as an absolute og:image of a site size', () => {
    const image = 'a3c1e0f2-1b2c-4d5e-8f90-123456789abc';
    const meta = pageMeta(page([{ name: 'socialImage', value: image }]), [root]);
    expect(find(meta, 'property', 'og:image')?.content).toBe(
      `https://www.example.nl/a/${image}?width=1200&height=630&fit=cover&format=jpeg`,
    );
    expect(find(meta, 'name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(find(pageMeta(page([]), [root]), 'property', 'og:image')).toBeUndefined();
    expect(find(pageMeta(page([]), [root]), 'name', 'twitter:card')?.content).toBe('summary');
  });

  it('hides the page from search engines only when asked', () => {
    expect(find(pageMeta(page([{ name: 'noindex', value: 'true' }]), [root]), 'name', 'robots')).toEqual({
      name: 'robots',
      content: 'noindex',
    });
    expect(
      find(pageMeta(page([{ name: 'noindex', value: 'false' }]), [root]), 'name', 'robots'),
    ).toBeUndefined();
  });

  it('falls back to the header image, then the logo, as the 1200×630 variant (issue 30)', () => {
    const header = '0d9c2b1a-1b2c-4d5e-8f90-123456789abc';
    const withHeader = {
      ...page([]),
      headerImage: { guid: 'x', imageUrl: `/a/${header}`, title: '', text: '' },
    };
    expect(find(pageMeta(withHeader, [root]), 'property', 'og:image')?.content).toBe(
      `https://www.example.nl/a/${header}?width=1200&height=630&fit=cover&format=jpeg`,
    );
    const logo = 'f1e2d3c4-1b2c-4d5e-8f90-123456789abc';
    const withLogo = {
      ...root,
      loaderData: {
        ...root.loaderData,
        shell: {
          ...root.loaderData.shell,
          settings: { ...root.loaderData.shell.settings, headerLogo: logo },
        },
      },
    };
    expect(find(pageMeta(page([]), [withLogo]), 'property', 'og:image')?.content).toBe(
      `https://www.example.nl/a/${logo}?width=1200&height=630&fit=cover&format=jpeg`,
    );
  });

  it('links each language version as its own canonical, and the lists’ feeds (issue 30)', () => {
    const english = {
      ...root,
      loaderData: { ...root.loaderData, shell: { ...root.loaderData.shell, locale: 'en' } },
    };
    const links = (meta: ReturnType<typeof pageMeta>) =>
      meta.filter((entry) => 'tagName' in entry) as unknown as Record<string, string>[];
    expect(links(pageMeta(page([]), [root])).find((link) => link.rel === 'canonical')?.href).toBe(
      'https://www.example.nl/nieuws',
    );
    const enLinks = links(pageMeta(page([]), [english]));
    expect(enLinks.find((link) => link.rel === 'canonical')?.href).toBe(
      'https://www.example.nl/nieuws?lang=en',
    );
    expect(enLinks.filter((link) => link.hrefLang).map((link) => `${link.hrefLang} ${link.href}`)).toEqual([
      'nl https://www.example.nl/nieuws',
      'en https://www.example.nl/nieuws?lang=en',
      'x-default https://www.example.nl/nieuws',
    ]);
    const guid = '11111111-2222-4333-8444-555555555555';
    const withList = {
      ...page([]),
      blocks: [
        { guid, name: 'list', position: 'main', sortId: 1, options: {}, data: { title: 'Berichten' } },
      ],
    } as unknown as PageView;
    const feeds = links(pageMeta(withList, [english])).filter((link) => link.type);
    expect(feeds).toEqual([
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/rss+xml',
        title: 'Berichten (RSS)',
        href: `https://www.example.nl/feeds/${guid}.rss?lang=en`,
      },
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/atom+xml',
        title: 'Berichten (Atom)',
        href: `https://www.example.nl/feeds/${guid}.atom?lang=en`,
      },
    ]);
    // A members-only page, a draft or a preview: its lists' feeds answer 404 to a visitor.
    const membersOnly = { ...withList, feedsPublic: false };
    expect(links(pageMeta(membersOnly, [english])).filter((link) => link.type)).toEqual([]);
  });

  it('says noindex on every page of a site that discourages search engines (issue 30)', () => {
    const discouraging = {
      ...root,
      loaderData: {
        ...root.loaderData,
        shell: {
          ...root.loaderData.shell,
          settings: { ...root.loaderData.shell.settings, discourageSearchEngines: 'true' },
        },
      },
    };
    expect(find(pageMeta(page([]), [discouraging]), 'name', 'robots')?.content).toBe('noindex');
  });
});
