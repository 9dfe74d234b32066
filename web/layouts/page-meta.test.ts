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
  abilities: { update: false, changeRights: false },
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
    expect(find(meta, 'property', 'og:image')?.content).toBe(`https://www.example.nl/a/${image}?width=1200`);
    expect(find(pageMeta(page([]), [root]), 'property', 'og:image')).toBeUndefined();
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
});
