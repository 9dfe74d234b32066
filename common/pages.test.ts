import { describe, expect, it } from 'vitest';
import { LAYOUT_COLUMNS, PAGE_LAYOUTS, readPageSettings, SIDE_COLUMN_SPAN } from './pages.ts';

describe('readPageSettings', () => {
  it('shows everything and names no templates by default', () => {
    expect(readPageSettings([])).toEqual({
      showSubMenu: true,
      showHeader: true,
      showBreadcrumbs: true,
      showFooter: true,
      showMainMenu: true,
      headerImage: null,
      footerGuid: null,
      templateHeader: null,
      templateFooter: null,
      socialImage: null,
      noindex: false,
    });
  });

  it('reads the social image and hides from search engines only with "true" (issue 26)', () => {
    expect(
      readPageSettings([
        { name: 'socialImage', value: 'd' },
        { name: 'noindex', value: 'true' },
      ]),
    ).toMatchObject({ socialImage: 'd', noindex: true });
    expect(readPageSettings([{ name: 'noindex', value: 'yes' }]).noindex).toBe(false);
    expect(readPageSettings([{ name: 'socialImage', value: '' }]).socialImage).toBeNull();
  });

  it('turns a flag off only with the value "false"', () => {
    const settings = readPageSettings([
      { name: 'showSubMenu', value: 'false' },
      { name: 'showHeader', value: 'true' },
      { name: 'showBreadcrumbs', value: '0' },
      { name: 'showFooter', value: '' },
      { name: 'showMainMenu', value: 'false' },
    ]);
    expect(settings).toMatchObject({
      showSubMenu: false,
      showHeader: true,
      showBreadcrumbs: true,
      showFooter: true,
      showMainMenu: false,
    });
  });

  it('reads template and header image guids, an empty value as none', () => {
    const settings = readPageSettings([
      { name: 'headerImage', value: 'a' },
      { name: 'footerGuid', value: 'b' },
      { name: 'templateHeader', value: 'c' },
      { name: 'templateFooter', value: '' },
    ]);
    expect(settings).toMatchObject({
      headerImage: 'a',
      footerGuid: 'b',
      templateHeader: 'c',
      templateFooter: null,
    });
  });

  it('ignores unknown options, and a later value wins', () => {
    const settings = readPageSettings([
      { name: 'unknown', value: 'x' },
      { name: '__proto__', value: 'x' },
      { name: 'showFooter', value: 'false' },
      { name: 'showFooter', value: 'true' },
    ]);
    expect(settings.showFooter).toBe(true);
    expect(settings).not.toHaveProperty('unknown');
    expect(Object.getPrototypeOf(settings)).toBe(Object.prototype);
  });
});

describe('layouts', () => {
  it('fill the 12 grid columns with main and side columns (SPEC 2)', () => {
    for (const layout of PAGE_LAYOUTS) {
      const { left, right, main } = LAYOUT_COLUMNS[layout];
      expect(main + (left ? SIDE_COLUMN_SPAN : 0) + (right ? SIDE_COLUMN_SPAN : 0), layout).toBe(12);
    }
    expect(LAYOUT_COLUMNS['25-50-25']).toEqual({ left: true, right: true, main: 6 });
    expect(LAYOUT_COLUMNS['25-75']).toEqual({ left: true, right: false, main: 9 });
    expect(LAYOUT_COLUMNS['75-25']).toEqual({ left: false, right: true, main: 9 });
  });
});
