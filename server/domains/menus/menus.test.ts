import { describe, expect, it } from 'vitest';
import type { MenuItemTree } from './queries.ts';
import { filterMenuForVisitor, resolveMenuPath } from './view.ts';

function item(urlSegment: string, overrides: Partial<MenuItemTree> = {}): MenuItemTree {
  return {
    guid: `guid-${urlSegment || 'home'}`,
    urlSegment,
    name: urlSegment || 'Home',
    pageGuid: `page-${urlSegment || 'home'}`,
    pageName: urlSegment || 'home',
    pageIsPublished: true,
    externalUrl: null,
    isVisible: true,
    sortId: 0,
    path: `/${urlSegment}`,
    relatedMenuItems: [],
    ...overrides,
  };
}

const tree: MenuItemTree[] = [
  item(''),
  item('over-ons', {
    relatedMenuItems: [
      item('bestuur', { relatedMenuItems: [item('vacatures')] }),
      item('verborgen', { isVisible: false }),
    ],
  }),
  item('concept', { pageIsPublished: false, relatedMenuItems: [item('kind')] }),
  item('groep', { pageGuid: null, pageName: null, pageIsPublished: false, relatedMenuItems: [item('lid')] }),
  item('extern', { externalUrl: 'https://example.org/', pageGuid: null, pageIsPublished: false }),
];
const segments = (chain: MenuItemTree[] | null) => chain?.map((entry) => entry.urlSegment) ?? null;

describe('resolveMenuPath', () => {
  it('resolves the empty path and / to the home item', () => {
    expect(segments(resolveMenuPath(tree, '/'))).toEqual(['']);
    expect(segments(resolveMenuPath(tree, ''))).toEqual(['']);
  });

  it('answers the chain from the top level down to the item', () => {
    expect(segments(resolveMenuPath(tree, '/over-ons/bestuur/vacatures'))).toEqual([
      'over-ons',
      'bestuur',
      'vacatures',
    ]);
  });

  it('resolves hidden items', () => {
    expect(segments(resolveMenuPath(tree, '/over-ons/verborgen'))).toEqual(['over-ons', 'verborgen']);
  });

  it.each(['/onbekend', '/over-ons/onbekend', '/vacatures', '/extern', '/over-ons/bestuur/vacatures/x'])(
    'answers null for %s',
    (path) => {
      expect(resolveMenuPath(tree, path)).toBeNull();
    },
  );

  it('answers null for / when the menu has no home item', () => {
    expect(resolveMenuPath([item('over-ons')], '/')).toBeNull();
  });
});

describe('filterMenuForVisitor', () => {
  it('drops items of unpublished pages with everything below them', () => {
    const filtered = filterMenuForVisitor(tree, false);
    expect(filtered.map((entry) => entry.urlSegment)).toEqual(['', 'over-ons', 'groep', 'extern']);
  });

  it('keeps hidden items, items without a page and external links', () => {
    const filtered = filterMenuForVisitor(tree, false);
    expect(filtered[1]?.relatedMenuItems.map((entry) => entry.urlSegment)).toEqual(['bestuur', 'verborgen']);
    expect(filtered[2]?.relatedMenuItems.map((entry) => entry.urlSegment)).toEqual(['lid']);
  });

  it('drops unpublished items at any depth', () => {
    const nested = [
      item('a', {
        relatedMenuItems: [item('b', { relatedMenuItems: [item('c', { pageIsPublished: false })] })],
      }),
    ];
    expect(filterMenuForVisitor(nested, false)[0]?.relatedMenuItems[0]?.relatedMenuItems).toEqual([]);
  });

  it('keeps everything for someone who sees unpublished pages', () => {
    expect(filterMenuForVisitor(tree, true)).toEqual(tree);
  });

  it.each([
    'javascript:alert(1)',
    'http://[::ffff:0:7f00:1]/',
    'http://169.254.169.254/latest/meta-data',
    '//evil.example',
  ])('drops an external item to %s with its subtree, for everyone', (externalUrl) => {
    const menu = [
      item('goed'),
      item('kwaad', { externalUrl, pageGuid: null, relatedMenuItems: [item('onder')] }),
    ];
    for (const seesUnpublished of [false, true]) {
      expect(filterMenuForVisitor(menu, seesUnpublished).map((entry) => entry.urlSegment)).toEqual(['goed']);
    }
  });
});
